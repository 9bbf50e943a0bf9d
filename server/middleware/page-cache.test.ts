import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import type { RequestContext, SessionState } from '#app/.server/context.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { pageCache } from './page-cache.ts';

let renders = 0;
let counter = 0;

/** A page handler that prints the per-response values the way the root layout does. */
function app(options: { session?: SessionState | null; headers?: Record<string, string>; cookie?: string } = {}) {
  const hono = new Hono<HonoEnv>();
  hono.use(async (c, next) => {
    counter += 1;
    c.set('ctx', {
      nonce: `nonce${counter}`, csrfToken: `token${counter}.sig`, session: options.session ?? null, regionIdParam: null,
    } as unknown as RequestContext);
    setCookie(c, 'XSRF-TOKEN', `token${counter}.sig`);
    await next();
  });
  hono.get('*', pageCache({ ttlMs: 60_000 }), (c) => {
    renders += 1;
    const ctx = c.get('ctx');
    if (options.cookie) setCookie(c, options.cookie, 'x');
    return c.html(`<meta name="csrf-token" content="${ctx.csrfToken}"><script nonce="${ctx.nonce}">{"nonce":"${ctx.nonce}"}</script>`, 200, options.headers);
  });
  return hono;
}

describe('page cache', () => {
  it('renders once and gives every response its own nonce, token and cookie', async () => {
    const a = app();
    renders = 0;
    const first = await a.request('/servis');
    const second = await a.request('/servis');
    expect(renders).toBe(1);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    expect(second.headers.get('x-page-cache')).toBe('hit');
    const [html1, html2] = [await first.text(), await second.text()];
    expect(html1).not.toBe(html2);
    for (const [res, html] of [[first, html1], [second, html2]] as const) {
      const token = html.match(/content="([^"]+)"/)![1]!;
      const nonces = [...html.matchAll(/nonce(\d+)/g)].map((m) => m[1]);
      expect(new Set(nonces).size).toBe(1);
      expect(res.headers.getSetCookie()).toEqual([expect.stringContaining(`XSRF-TOKEN=${token}`)]);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it('keeps the crawlers\' complete documents apart from the browsers\' pages', async () => {
    renders = 0;
    const a = app();
    const chrome = { 'user-agent': 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36' };
    const crawler = { 'user-agent': 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)' };
    expect((await a.request('/c', { headers: crawler })).headers.get('x-page-cache')).toBe('miss');
    expect((await a.request('/c', { headers: chrome })).headers.get('x-page-cache')).toBe('miss');
    expect((await a.request('/c', { headers: chrome })).headers.get('x-page-cache')).toBe('hit');
    expect((await a.request('/c', { headers: crawler })).headers.get('x-page-cache')).toBe('hit');
    expect(renders).toBe(2);
  });

  it('keys by path and region, and bypasses signed-in users, other queries and opted-out pages', async () => {
    renders = 0;
    const a = app();
    await a.request('/a'); await a.request('/b'); await a.request('/a?region_id=5001'); await a.request('/a?utm=1'); await a.request('/a?utm=1');
      // /a, /b and /a?region_id render once each; /a?utm renders every time.
    expect(renders).toBe(5);

    renders = 0;
    const signedIn = app({ session: { id: 's', userId: 7, areaId: null, areaConfirmed: false } });
    await signedIn.request('/a'); await signedIn.request('/a');
    expect(renders).toBe(2);

    renders = 0;
    const optedOut = app({ headers: { 'Cache-Control': 'no-store' } });
    await optedOut.request('/a'); await optedOut.request('/a');
    expect(renders).toBe(2);
  });

  it('never stores a page that sets a cookie of its own', async () => {
    renders = 0;
    const personal = app({ cookie: 'cart' });
    const first = await personal.request('/a');
    await personal.request('/a');
    expect(renders).toBe(2);
    expect(first.headers.get('x-page-cache')).toBe('bypass');
  });
});

describe('page cache with compression', () => {
  it('answers gzip spliced with each visitor’s own values when the browser accepts it', async () => {
    const { gunzipSync } = await import('node:zlib');
    const a = app();
    renders = 0;
    const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const responses = [await a.request('/akcii', { headers }), await a.request('/akcii', { headers })];
    expect(renders).toBe(1);
    const pages = await Promise.all(responses.map(async (r) => {
      expect(r.headers.get('content-encoding')).toBe('gzip');
      expect(r.headers.get('vary')).toContain('Accept-Encoding');
      const raw = Buffer.from(await r.arrayBuffer());
      expect(Number(r.headers.get('content-length'))).toBe(raw.length);
      return gunzipSync(raw).toString('utf8');
    }));
    expect(pages[0]).not.toBe(pages[1]);
    for (const page of pages) {
      expect(page).not.toContain('placeholder');
      expect(page).toMatch(/<meta name="csrf-token" content="token\d+\.sig"><script nonce="nonce\d+">\{"nonce":"nonce\d+"\}<\/script>/);
    }
  });
});

describe('page cache and per-response headers', () => {
  it('never replays the first request’s id', async () => {
    const hono = new Hono<HonoEnv>();
    let n = 0;
    hono.use(async (c, next) => {
      n += 1;
      c.set('ctx', { nonce: 'n', csrfToken: 't', session: null, regionIdParam: null } as unknown as RequestContext);
      await next();
      if (!c.res.headers.has('x-request-id')) c.header('X-Request-Id', `req-${n}`);
    });
    hono.get('*', pageCache({ ttlMs: 60_000 }), (c) => { c.header('X-Request-Id', `req-${n}`); return c.html('<p>x</p>'); });
    const ids = [];
    for (let i = 0; i < 2; i++) ids.push((await hono.request('/dostavka-i-oplata')).headers.get('x-request-id'));
    expect(ids).toEqual(['req-1', 'req-2']);
  });
});
