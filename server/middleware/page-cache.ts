import { chooseEncoding } from '#app/.server/accept-encoding.ts';
import { gzipTemplate, renderGzip, type GzipTemplate } from '../delivery/gzip-splice.ts';
import { SESSION_COOKIE, XSRF_COOKIE } from './request-context.ts';

/**
 * The store of rendered pages (server/pages.ts decides what goes in and under which key). A page is
 * rendered with placeholders for what differs per response (the CSP nonce, the CSRF token, the
 * visitor's snapshot) and each response gets its own values put in their place: as text, or for a
 * browser that accepts gzip spliced into a gzip stream compressed once (server/delivery/gzip-splice.ts),
 * so a hit costs no compression.
 */
export const NONCE_PLACEHOLDER = 'nonceplaceholder0000000';
export const CSRF_PLACEHOLDER = 'csrfplaceholder0000000000000.0000000000000000000000000000000000000000000';
/** Stands where the visitor's snapshot goes (a script element's JSON): letters only, as JSON never writes them bare. */
export const VISITOR_PLACEHOLDER = 'visitorplaceholder000000000000000';

const PLACEHOLDERS = [NONCE_PLACEHOLDER, CSRF_PLACEHOLDER, VISITOR_PLACEHOLDER];
const OWN_COOKIES = new Set([SESSION_COOKIE, XSRF_COOKIE]);
/** Never replayed from the store: cookies, the CSP with its nonce, the request's id. */
const PER_RESPONSE_HEADERS = new Set(['set-cookie', 'content-security-policy', 'x-request-id', 'content-length']);

/** What each response puts in the placeholders' places. */
export interface ResponseValues { nonce: string; csrfToken: string; visitorJson: string }

export interface StoredPage { body: string; status: number; headers: [string, string][]; expires: number; gzip?: GzipTemplate }

export interface PageStore {
  get(key: string): StoredPage | null;
  /**
   * Keeps a rendered page if it may be kept (200, HTML, no cookie of its own, no `private` or
   * `no-store`) and returns it either way; only such a page's body is ever read as text.
   */
  put(key: string, res: Response): Promise<StoredPage | null>;
  clear(): void;
}

export function createPageStore({ ttlMs, maxEntries = 500 }: { ttlMs: number; maxEntries?: number }): PageStore {
  const entries = new Map<string, StoredPage>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return null;
      if (hit.expires > Date.now()) return hit;
      entries.delete(key);
      return null;
    },
    async put(key, res) {
      if (!storable(res)) return null;
      const page: StoredPage = {
        body: await res.text(),
        status: res.status,
        headers: [...res.headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name)),
        expires: Date.now() + ttlMs,
      };
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.delete(key);
      entries.set(key, page);
      return page;
    },
    clear: () => entries.clear(),
  };
}

function storable(res: Response): boolean {
  // Our own session and XSRF cookies belong to this visitor and are added to every response
  // outside the store; a page that sets any other cookie is personal and never kept.
  const foreignCookie = res.headers.getSetCookie().some((line) => !OWN_COOKIES.has(line.slice(0, line.indexOf('='))));
  return res.status === 200 && !foreignCookie && (res.headers.get('content-type') ?? '').startsWith('text/html')
    && !/no-store|private/.test(res.headers.get('cache-control') ?? '');
}

/** The stored page as this response: its own values in place, gzip when the browser takes it. */
export function respondWith(page: StoredPage, values: ResponseValues, state: 'hit' | 'miss', acceptEncoding: string | undefined): Response {
  const headers = new Headers(page.headers);
  headers.set('X-Page-Cache', state);
  // The page carries the visitor's CSRF token and snapshot: never kept by a shared cache.
  headers.set('Cache-Control', 'private, no-cache');
  headers.set('Vary', 'Cookie');
  const fill: Record<string, string> = { [NONCE_PLACEHOLDER]: values.nonce, [CSRF_PLACEHOLDER]: values.csrfToken, [VISITOR_PLACEHOLDER]: values.visitorJson };
  if (chooseEncoding(acceptEncoding, ['gzip'])) {
    page.gzip ??= gzipTemplate(page.body, PLACEHOLDERS);
    const body = renderGzip(page.gzip, fill);
    headers.set('Content-Encoding', 'gzip');
    headers.set('Vary', 'Cookie, Accept-Encoding');
    headers.set('Content-Length', String(body.length));
    return new Response(new Uint8Array(body), { status: page.status, headers });
  }
  let body = page.body;
  for (const placeholder of PLACEHOLDERS) body = body.replaceAll(placeholder, fill[placeholder]!);
  return new Response(body, { status: page.status, headers });
}
