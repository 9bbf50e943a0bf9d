import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '#app/.server/config.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';

const CAPTCHA_ORIGIN = 'https://smartcaptcha.yandexcloud.net';

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
  // Built once: only the nonce changes per response.
  const rest = [
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${tiles}`.trim(),
    "font-src 'self'",
    `connect-src 'self'${dev ? ' ws:' : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    // The captcha widget of the real provider (Yandex SmartCaptcha) runs in its own frame.
    `frame-src ${CAPTCHA_ORIGIN}`,
  ].join('; ');
  const scripts = (nonce: string) => dev ? "'self' 'unsafe-inline'" : nonce ? `'self' 'nonce-${nonce}' ${CAPTCHA_ORIGIN}` : "'self'";
  const policy = (nonce: string) => `default-src 'self'; script-src ${scripts(nonce)}; ${rest}`;
  return async (c, next) => {
    await next();
    // Only pages run inline scripts and need a nonce; other answers get the policy without one.
    // (The context is absent when an earlier middleware answered: health check, static file.)
    const isPage = (c.res.headers.get('content-type') ?? '').startsWith('text/html');
    const ctx = c.var.ctx as HonoEnv['Variables']['ctx'] | undefined;
    const headers = mutableHeaders(c);
    headers.set('Content-Security-Policy', isPage && ctx ? policy(ctx.nonce) : policy(''));
    // A personal page (a client's offer, whose link is its key) sends no referrer at all: kept.
    if (headers.get('Referrer-Policy') !== 'no-referrer') headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=()');
    if (config.isProduction) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}

/**
 * The response's own headers, to set after it was made. Not `c.header`: once a response exists,
 * Hono makes a new Response around its body for every header set that way, copying its headers
 * each time: six Responses per request here (ADR 058). A response whose headers cannot change (a
 * redirect made by `Response.redirect`, one fetched from elsewhere) is copied once.
 */
function mutableHeaders(c: Context<HonoEnv>): Headers {
  const res = c.res;
  try {
    // The first header set here tells whether they can change: immutable ones throw.
    res.headers.set('X-Content-Type-Options', 'nosniff');
    return res.headers;
  } catch {
    c.res = undefined;
    c.res = new Response(res.body, res);
    return c.res.headers;
  }
}
