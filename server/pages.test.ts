import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import type { RouterContextProvider, ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVisitor, pageContext, requestContext, type RequestContext } from '#app/.server/context.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { signedInContext, testContext } from '#app/.server/test-context.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { addToCompare } from '#app/modules/catalog/marks/marks.server.ts';
import { pages } from './pages.ts';

/*
 * The page handler with a stand-in for React Router: a route tree whose handles opt in or not, and a
 * render that prints what a page's loaders can see, the way the root layout prints the per-response
 * values. The routes' real pages are held to the same rules by tests/e2e/page-cache.spec.ts.
 */

let t: TestDatabase;
let renders = 0;
let counter = 0;

beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.destroy(); });

const routes = {
  root: { id: 'root', path: '', module: {} },
  shared: { id: 'shared', parentId: 'root', path: 'catalog/*', module: { handle: { pageCache: { query: ['page', 'models'] } } } },
  personal: { id: 'personal', parentId: 'root', path: 'cart', module: {} },
  reader: { id: 'reader', parentId: 'root', path: 'sneaky', module: { handle: { pageCache: { query: [] } } } },
  fallback: { id: 'fallback', parentId: 'root', path: '*', module: { handle: { pageCache: { query: [] } } } },
} as unknown as ServerBuild['routes'];

/** What a page shows: everything its context lets it see. */
function render(request: Request, context: RouterContextProvider): Response {
  renders += 1;
  const page = context.get(pageContext);
  const path = new URL(request.url).pathname;
  // A route that reads the visitor: possible only where the handler gave the request's context.
  const personal = path.startsWith('/cart') || path === '/sneaky' ? `<p>user ${context.get(requestContext).session?.userId}</p>` : '';
  return new Response(
    `<meta name="csrf-token" content="${page.csrfToken}"><script nonce="${page.nonce}"></script><p>area ${page.audience.area} prices ${page.audience.signedIn}</p>${personal}<script type="application/json" id="visitor">${context.get(documentVisitor)}</script>`,
    { headers: { 'Content-Type': 'text/html; charset=UTF-8' } },
  );
}

/** One site (one page store) that each visitor reaches with his own request context. */
function site() {
  const handler = pages({ services: t.services, build: { routes } as ServerBuild, ttlMs: 60_000, render });
  return (ctxOf: () => RequestContext | Promise<RequestContext>) => {
    const hono = new Hono<HonoEnv>();
    hono.use(async (c, next) => {
      counter += 1;
      const ctx = await ctxOf();
      Object.assign(ctx, { nonce: `nonce${counter}`, csrfToken: `token${counter}.sig` });
      c.set('ctx', ctx);
      await next();
    });
    hono.all('*', handler);
    hono.onError((error, c) => c.text(String(error), 500));
    return hono;
  };
}

async function visitor(name: string, compare: number[]) {
  const user = await createUser(t.db, { name, email: `${name.toLowerCase()}-${Date.now()}@agro.ru`, password: 'Password1' });
  const ctx = await signedInContext(t.services, user);
  for (const id of compare) await addToCompare(ctx, id);
  return ctx;
}

describe('the page cache', () => {
  it('renders an opted-in page once per class of visitors and gives each response its own nonce, token and snapshot', async () => {
    const models = await t.db.selectFrom('catalog_model').select('id').orderBy('id').limit(2).execute();
    const anna = await visitor('Анна', [models[0]!.id]);
    const boris = await visitor('Борис', [models[1]!.id]);
    renders = 0;
    const app = site();
    const a = app(() => anna);
    const b = app(() => boris);
    const first = await a.request('/catalog/traktory?page=2');
    const second = await b.request('/catalog/traktory?page=2');
    expect(renders).toBe(1);
    expect([first.headers.get('x-page-cache'), second.headers.get('x-page-cache')]).toEqual(['miss', 'hit']);
    const [annas, boriss] = [await first.text(), await second.text()];
    expect(annas).toContain('Анна');
    expect(annas).not.toContain('Борис');
    expect(boriss).toContain('Борис');
    expect(boriss).not.toContain('Анна');
    expect(boriss).toContain(`"compare":[${models[1]!.id}]`);
    for (const [res, html] of [[first, annas], [second, boriss]] as const) {
      expect(html).not.toMatch(/nonceplaceholder|csrfplaceholder|visitorplaceholder/);
      expect(html).toContain('prices true');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(res.headers.get('vary')).toContain('Cookie');
    }
    // A guest is another class: his own render, without prices, and nobody in his snapshot.
    const guest = await app(() => testContext(t.services)).request('/catalog/traktory?page=2');
    expect(renders).toBe(2);
    const html = await guest.text();
    expect(html).toContain('prices false');
    expect(html).toContain('{"userId":null,"userName":null,"counters":null,"marks":null}');
  });

  it('keys by the route\'s own query; another key, a data request and a POST render without the store', async () => {
    const guest = site()(() => testContext(t.services));
    renders = 0;
    await guest.request('/catalog/x?models[]=1'); await guest.request('/catalog/x?models[]=1');
    await guest.request('/catalog/x?models[]=2');
    expect(renders).toBe(2);
    const foreign = await guest.request('/catalog/x?utm=1');
    expect(foreign.headers.get('x-page-cache')).toBeNull();
    expect(await foreign.text()).not.toMatch(/nonceplaceholder|csrfplaceholder|visitorplaceholder/);
    await guest.request('/catalog/x.data');
    await guest.request('/catalog/x', { method: 'POST' });
    expect(renders).toBe(5);
    // A HEAD neither fills the store nor is answered from it.
    await guest.request('/catalog/head', { method: 'HEAD' });
    expect((await guest.request('/catalog/head')).headers.get('x-page-cache')).toBe('miss');
  });

  it('never keeps a page of a route that did not opt in, and gives it the request\'s context', async () => {
    const user = await createUser(t.db, { name: 'Вера', email: `vera-${Date.now()}@agro.ru`, password: 'Password1' });
    const vera = await signedInContext(t.services, user);
    const a = site()(() => vera);
    renders = 0;
    const first = await a.request('/cart');
    await a.request('/cart');
    expect(renders).toBe(2);
    expect(first.headers.get('x-page-cache')).toBeNull();
    expect(await first.text()).toContain(`user ${user}`);
    // Its data as a client navigation asks for it, with and without a trailing slash: never the catch-all's.
    for (const path of ['/cart.data', '/cart/_.data']) expect(await (await a.request(path)).text(), path).toContain(`user ${user}`);
  });

  it('refuses the visitor to an opted-in route\'s render, for every visitor', async () => {
    const res = await site()(() => testContext(t.services)).request('/sneaky');
    expect(res.status).toBe(500);
  });

  it('keeps an unknown region_id out of the key: the page is the default region\'s', async () => {
    const app = site();
    const guest = app(() => testContext(t.services, { regionIdParam: 987_654_321 }));
    renders = 0;
    const res = await guest.request('/catalog/y?region_id=987654321');
    expect(await res.text()).not.toContain('area 987654321');
    await app(() => testContext(t.services)).request('/catalog/y');
    expect(renders).toBe(1);
  });

  it('answers gzip with each response\'s own values spliced in', async () => {
    const guest = site()(() => testContext(t.services));
    const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const responses = [await guest.request('/catalog/z', { headers }), await guest.request('/catalog/z', { headers })];
    const texts = await Promise.all(responses.map(async (r) => {
      expect(r.headers.get('content-encoding')).toBe('gzip');
      const raw = Buffer.from(await r.arrayBuffer());
      expect(Number(r.headers.get('content-length'))).toBe(raw.length);
      return gunzipSync(raw).toString('utf8');
    }));
    expect(texts[0]).not.toBe(texts[1]);
    for (const text of texts) expect(text).not.toMatch(/nonceplaceholder|csrfplaceholder|visitorplaceholder/);
  });
});
