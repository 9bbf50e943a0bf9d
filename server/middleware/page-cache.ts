import type { MiddlewareHandler } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { chooseEncoding } from '#app/.server/accept-encoding.ts';
import { wantsCompleteDocument } from '#app/.server/defer-hydration.ts';
import { gzipTemplate, renderGzip, type GzipTemplate } from '../delivery/gzip-splice.ts';
import { SESSION_COOKIE, XSRF_COOKIE } from './request-context.ts';

const OWN_COOKIES = new Set([SESSION_COOKIE, XSRF_COOKIE]);
const PER_RESPONSE_HEADERS = new Set(['set-cookie', 'content-security-policy', 'x-request-id']);

/**
 * A short-lived cache of rendered pages for visitors without an account: the same page for the
 * same region is rendered once per TTL instead of once per request (what a shop's reverse proxy or
 * "composite" mode does, kept inside the app so every deployment gets it).
 *
 * Per-response values never come from the cache: the page is rendered with placeholders for the CSP
 * nonce and the CSRF token, and each response gets the visitor's own values substituted. Anything
 * else that differs per visitor must be part of the key, or the request must bypass the cache
 * (signed-in users, non-GET, data requests, query strings other than the page's own). A route opts
 * out with a Cache-Control of no-store or private.
 *
 * Browsers ask for compression: a stored page is compressed once (server/delivery/gzip-splice.ts)
 * and each response splices its own values into the gzip stream, so a hit costs no compression.
 */
export const NONCE_PLACEHOLDER = 'nonceplaceholder0000000';
export const CSRF_PLACEHOLDER = 'csrfplaceholder0000000000000.0000000000000000000000000000000000000000000';

interface Entry { body: string; status: number; headers: [string, string][]; expires: number; gzip?: GzipTemplate }

export interface PageCacheOptions { ttlMs: number; maxEntries?: number }

export function pageCache({ ttlMs, maxEntries = 500 }: PageCacheOptions): MiddlewareHandler<HonoEnv> & { clear(): void } {
  const entries = new Map<string, Entry>();
  const handler: MiddlewareHandler<HonoEnv> = async (c, next) => {
    const ctx = c.get('ctx');
    const key = ttlMs > 0 ? cacheKey(c.req.method, c.req.url, ctx, c.req.header('user-agent')) : null;
    if (!key) return next();

    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      // c.body() keeps the headers and cookies earlier middleware prepared for this response.
      const { body, status, headers } = personalise(hit, ctx.nonce, ctx.csrfToken, 'hit', c.req.header('accept-encoding'));
      c.res = c.body(body, status as 200, Object.fromEntries(headers));
      return;
    }

    const real = { nonce: ctx.nonce, csrf: ctx.csrfToken };
    ctx.nonce = NONCE_PLACEHOLDER;
    ctx.csrfToken = CSRF_PLACEHOLDER;
    try {
      await next();
    } finally {
      ctx.nonce = real.nonce;
      ctx.csrfToken = real.csrf;
    }
    const res = c.res;
    // Only a page is read as text, to be stored or given its values: any other body (a download
    // above all) leaves as it came, streamed and byte for byte. Decoded as UTF-8 and sent under its
    // old Content-Length, a binary file's surplus bytes became the connection's next response.
    if (!isHtml(res)) return;
    // Our own session and XSRF cookies belong to this visitor and are added to every response
    // outside the cache; a page that sets any other cookie is personal and never stored.
    const foreignCookie = res.headers.getSetCookie().some((line) => !OWN_COOKIES.has(line.slice(0, line.indexOf('='))));
    const cacheable = res.status === 200 && !foreignCookie
      && !/no-store|private/.test(res.headers.get('cache-control') ?? '');
    // Per-response headers are never replayed: cookies, the CSP with its nonce, the request's id.
    const stored = [...res.headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name));
    const entry: Entry = { body: await res.text(), status: res.status, headers: stored, expires: Date.now() + ttlMs };
    if (cacheable) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.delete(key);
      entries.set(key, entry);
    }
    const { body, status, headers } = personalise(entry, real.nonce, real.csrf, cacheable ? 'miss' : 'bypass', cacheable ? c.req.header('accept-encoding') : undefined);
    // Assigning c.res carries this request's cookies over from the rendered response.
    c.res = new Response(body, { status, headers });
  };
  return Object.assign(handler, { clear: () => entries.clear() });
}

function isHtml(res: Response): boolean {
  return /^text\/html\s*(?:;|$)/i.test(res.headers.get('content-type') ?? '');
}

function cacheKey(method: string, rawUrl: string, ctx: HonoEnv['Variables']['ctx'], userAgent: string | undefined): string | null {
  if (method !== 'GET') return null;
  if (ctx.session?.userId != null) return null;
  const url = new URL(rawUrl);
  // React Router's data requests and anything with a query other than region_id/to_print render per request.
  if (url.pathname.endsWith('.data') || url.pathname.startsWith('/api/')) return null;
  for (const name of url.searchParams.keys()) if (name !== 'region_id' && name !== 'to_print') return null;
  const area = ctx.regionIdParam ?? ctx.session?.areaId ?? 'default';
  const confirmed = ctx.regionIdParam !== null || Boolean(ctx.session?.areaConfirmed);
  // Crawlers get another document than browsers (entry.server.tsx, ADR 019): never each other's.
  const reader = wantsCompleteDocument(userAgent) ? 'crawler' : 'browser';
  return `${area}|${confirmed ? 1 : 0}|${reader}|${url.pathname}${url.search}`;
}

function personalise(entry: Entry, nonce: string, csrf: string, state: 'hit' | 'miss' | 'bypass', acceptEncoding?: string) {
  const headers = new Headers(entry.headers);
  headers.delete('content-length');
  headers.set('X-Page-Cache', state);
  // The page carries the visitor's CSRF token: never stored by shared caches.
  headers.set('Cache-Control', 'private, no-cache');
  if (chooseEncoding(acceptEncoding, ['gzip'])) {
    entry.gzip ??= gzipTemplate(entry.body, [NONCE_PLACEHOLDER, CSRF_PLACEHOLDER]);
    const body = renderGzip(entry.gzip, { [NONCE_PLACEHOLDER]: nonce, [CSRF_PLACEHOLDER]: csrf });
    headers.set('Content-Encoding', 'gzip');
    headers.set('Vary', 'Accept-Encoding');
    headers.set('Content-Length', String(body.length));
    return { body: new Uint8Array(body), status: entry.status, headers };
  }
  const body = entry.body.replaceAll(NONCE_PLACEHOLDER, nonce).replaceAll(CSRF_PLACEHOLDER, csrf);
  return { body, status: entry.status, headers };
}
