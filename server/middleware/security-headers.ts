import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '#app/.server/config.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';

/** A fresh CSP nonce per response; React Router's inline scripts carry it. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

function tileOrigin(template: string): string {
  try {
    const url = new URL(template.replace(/\{[a-z]\}/gi, 'a'));
    return `${url.protocol}//${url.host.replace(/^a\./, '*.')}`;
  } catch {
    return '';
  }
}

/**
 * Content-Security-Policy with a nonce for scripts, and the usual hardening headers.
 * Development relaxes script-src for Vite's HMR client; production adds HSTS.
 */
export function securityHeaders(config: Config): MiddlewareHandler<HonoEnv> {
  const tiles = tileOrigin(config.MAP_TILE_URL);
  const dev = config.NODE_ENV === 'development';
  return async (c, next) => {
    await next();
    // The context is absent when an earlier middleware answered (health check, static file).
    const nonce = (c.var.ctx as HonoEnv['Variables']['ctx'] | undefined)?.nonce ?? '';
    const scriptSrc = dev ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
    c.header('Content-Security-Policy', [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: ${tiles}`.trim(),
      "font-src 'self'",
      `connect-src 'self'${dev ? ' ws:' : ''}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '));
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('X-Frame-Options', 'DENY');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=()');
    if (config.isProduction) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
