import type { Page } from '@playwright/test';
import { signIn, unique } from './accounts-helpers.ts';
import { confirmRegion, expect, test } from './fixtures.ts';

/*
 * Spec §1 and issue 28 §2: pages kept in the page cache are the same for every visitor of a class
 * (region, signed in or not, roles), so nothing of one visitor may reach another's page. Two
 * visitors who differ in every personal respect (name, region and country, marks, cart, role) open
 * every cacheable route twice; neither page holds the other's values, each holds its own in the
 * snapshot filled per response, and the second visit comes from the cache. A route whose render
 * read the visitor would answer 500 here (it gets no request context).
 */

const KAZAKH_AREA_ID = 5002;

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/csrf-token')).json()) as { token: string }).token;
}

async function post(page: Page, path: string, data: unknown) {
  const res = await page.request.post(path, { headers: { 'X-CSRF-Token': await csrf(page) }, data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
}

/** The visitor's snapshot in a document: the script element filled per response. */
function snapshotOf(html: string): { userName: string | null; marks: { compare: number[] } | null; counters: { cart: number } | null } {
  const json = /<script type="application\/json" id="visitor">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the document has a visitor snapshot').toBeTruthy();
  return JSON.parse(json!) as never;
}

test('two visitors who differ in every personal respect never see each other\'s values on a cacheable page @desktop', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const id = unique(testInfo);
  const [a, b] = [await browser.newPage(), await browser.newPage()];
  await signIn(a, `cache-anna-${id}@agro.ru`, 'Анна Ромашкина');
  await signIn(b, `cache-boris-${id}@agro.ru`, 'Борис Лютиков');
  await confirmRegion(a);
  await confirmRegion(b, KAZAKH_AREA_ID);
  const grant = await a.request.post('/__test/role', { headers: { 'X-CSRF-Token': await csrf(a) }, data: { email: `cache-anna-${id}@agro.ru`, role: 'employee' } });
  expect(grant.ok()).toBe(true);

  // Addresses from the catalogue itself: a category, a model, a part.
  const category = '/catalog/traktory';
  const listing = await (await a.request.get(category)).text();
  const model = /href="(\/catalog\/[^"/?#]+\/[^"/?#]+\/[^"/?#]+)"/.exec(listing)![1]!;
  const parts = await (await a.request.get('/zapchasti?q=RE504836')).text();
  const part = /href="(\/parts\/[^"?#]+)"/.exec(parts)![1]!;
  const [annaModel, borisModel] = [...listing.matchAll(/data-model-id="(\d+)"/g)].map((m) => Number(m[1]));
  expect(annaModel && borisModel).toBeTruthy();
  await post(a, '/api/catalog/compare/add', { modelId: annaModel });
  await post(b, '/api/catalog/compare/add', { modelId: borisModel });
  const partId = Number(/-(\d+)$/.exec(part)![1]);
  await post(a, '/api/cart/add', { products: [{ part_id: partId, count: 3 }] });

  const routes = ['/', '/servis', '/akcii', '/contacts', '/catalog', '/zapchasti', '/parts-catalog', category, `${category}?page=2`, model, '/zapchasti/kirovets/kirovets-k-7m', part,
    '/blog', '/blog/sovety?tag=servis', '/blog/sovety/uborochnaya-2026-kak-podgotovit-kombajn',
    '/vacancies', '/vacancies?direction=servis', '/vacancies/smolensk/inzhener-servisa-smolensk'];
  const hits = { a: 0, b: 0 };
  for (const path of routes) {
    for (let round = 0; round < 2; round++) {
      for (const [who, page, own, other] of [['a', a, 'Ромашкина', 'Лютиков'], ['b', b, 'Лютиков', 'Ромашкина']] as const) {
        const res = await page.request.get(path);
        expect(res.status(), `${path} for ${own}`).toBe(200);
        if (res.headers()['x-page-cache'] === 'hit') hits[who] += 1;
        expect(res.headers()['cache-control'], path).toContain('private');
        const html = await res.text();
        expect(html, `${path}: ${own}'s page`).not.toContain(other);
        expect(html, path).not.toMatch(/nonceplaceholder|csrfplaceholder|visitorplaceholder/);
        const snapshot = snapshotOf(html);
        expect(snapshot.userName, path).toContain(own);
        expect(snapshot.marks?.compare, path).toEqual([who === 'a' ? annaModel : borisModel]);
        expect(snapshot.counters?.cart, path).toBe(who === 'a' ? 1 : 0);
      }
    }
  }
  // The second visit of every route comes from the cache for both.
  expect(hits.a).toBeGreaterThanOrEqual(routes.length);
  expect(hits.b).toBeGreaterThanOrEqual(routes.length);

  // Every answer to a signed-in visitor is his own: private, told apart by its cookie; a page kept
  // for nobody else (the cart) is not stored at all.
  for (const path of ['/cart', '/api/catalog/marks', '/profile']) {
    const headers = (await a.request.get(path, { maxRedirects: 0 })).headers();
    expect(headers['cache-control'], path).toMatch(/private/);
    expect(headers.vary, path).toMatch(/Cookie/i);
  }
  expect((await a.request.get('/cart')).headers()['cache-control']).toBe('private, no-store');

  // Each sees his own region's branch: the Kazakh visitor's page is another one than the Smolensk visitor's.
  expect(await (await b.request.get('/contacts')).text()).toContain('data-country="KZ"');
  await Promise.all([a.close(), b.close()]);
});
