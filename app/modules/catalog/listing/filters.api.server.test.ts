import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { LISTING, insertListingFixture } from './listing.test-fixture.server.ts';
import { testClient } from '../../../../server/test-client.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertListingFixture(t.db);
}, 60_000);
afterAll(async () => { await t?.destroy(); });

const post = (path: string, json: unknown) => testClient(t.services).post(path, json);

describe('POST /filter/get-sidebar-filters', () => {
  it('answers the spec §7 lists with faceted counts and the count of the state (JSON with §3 keys)', async () => {
    const res = await post('/filter/get-sidebar-filters', { categoryId: LISTING.childA, 'techniqueManufacturers[]': [LISTING.makers.alfa], inStock: true });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(expect.arrayContaining([
      'techniqueTypes', 'techniqueManufacturers', 'techniqueModelLines', 'categories', 'manufacturers', 'specifications', 'drawings', 'models', 'countPartCategories',
    ]));
    expect(body).toMatchObject({ error_status: 'success', count: 3, inStock: { count: 3, checked: true }, drawings: [], manufacturers: [], countPartCategories: 0 });
    expect(body.techniqueManufacturers).toEqual([{ id: 8801, name: 'Альфа', count: 3, checked: true }]);
  });

  it('takes the page\'s query string, and a urlencoded form with repeated [] keys', async () => {
    const byQuery = await (await post('/filter/get-sidebar-filters', { categoryId: LISTING.top, query: `?specifications[]=${encodeURIComponent('8802-Дизель')}` })).json();
    expect(byQuery.count).toBe(4);
    const client = testClient(t.services);
    const form = new URLSearchParams([['modelLineId', String(LISTING.lines.alfa100)], ['models[]', '8801'], ['models[]', '8802']]);
    const res = await client.post('/filter/get-sidebar-filters', undefined, { body: form.toString(), contentType: 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.count).toBe(2);
    expect(body.models.filter((m: { checked: boolean }) => m.checked).map((m: { id: number }) => m.id)).toEqual([8801, 8802]);
    expect(body.models[0]).toMatchObject({ slug: 'm-8801', imgForFilter: '/images/models/TL8801.svg' });
  });

  it('gives an unknown category or line empty lists, not an error', async () => {
    for (const target of [{ categoryId: 987654 }, { modelLineId: 987654 }]) {
      const res = await post('/filter/get-sidebar-filters', target);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ error_status: 'success', count: 0, techniqueTypes: [], specifications: [], stocks: [{ id: 1, count: 0 }, { id: 2, count: 0 }] });
    }
  });

  it('drops malformed ranges and garbage ids', async () => {
    const body = await (await post('/filter/get-sidebar-filters', {
      categoryId: LISTING.top, 'specificationsFrom[]': ['12-', 'a-5', '8801-1e999'], 'techniqueTypes[]': ['abc', -1], sortOrder: 'cheapest',
    })).json();
    expect(body.count).toBe(37);
    expect(body.specifications.find((s: { id: number }) => s.id === 8801)).toMatchObject({ from: null, to: null, min: 50, max: 300 });
  });

  it.each<[string, unknown, string]>([
    ['no target', { inStock: 1 }, 'Укажите категорию (categoryId) или модельную линейку (modelLineId)'],
    ['a malformed id', { categoryId: 'abc' }, 'Некорректный идентификатор'],
    ['a negative id', { categoryId: -3 }, 'Некорректный идентификатор'],
    ['a huge id', { modelLineId: 1e12 }, 'Некорректный идентификатор'],
    ['a huge array', { categoryId: 1, 'models[]': Array.from({ length: 51 }, (_, i) => i + 1) }, 'Слишком много значений в «models[]»: не больше 50'],
    ['a huge array in the query', { categoryId: 1, query: Array.from({ length: 51 }, (_, i) => `models[]=${i + 1}`).join('&') }, 'Слишком много значений в «models[]»: не больше 50'],
    ['a nested object', { categoryId: 1, 'techniqueTypes[]': [{ id: 1 }] }, 'Некорректное значение фильтра «techniqueTypes[]»'],
    ['a non-string query', { categoryId: 1, query: ['a'] }, 'Некорректное значение фильтра «query»'],
    ['an array body', [1, 2], 'Некорректный запрос: ожидался объект с параметрами фильтра'],
  ])('refuses %s with a 400 in Russian', async (_case, json, message) => {
    const res = await post('/filter/get-sidebar-filters', json);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_status: 'error', message });
  });

  it('refuses a body that is not JSON', async () => {
    const res = await testClient(t.services).post('/filter/get-sidebar-filters', undefined, { body: '{"categoryId":', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Некорректный запрос: ожидались данные в формате JSON');
  });

  it('needs the CSRF token like every POST', async () => {
    const res = await testClient(t.services).post('/filter/get-sidebar-filters', { categoryId: 1 }, { csrf: false });
    expect(res.status).toBe(403);
  });
});

describe('POST /get-filter-info', () => {
  it('gives the count and the link to the first page of that list', async () => {
    const body = await (await post('/get-filter-info', { categoryId: LISTING.childA, query: 'inStock=1&page=4' })).json();
    expect(body).toEqual({ error_status: 'success', count: 3, link: '/catalog/test-listing-a?inStock=1' });
    const line = await (await post('/get-filter-info', { modelLineId: LISTING.lines.alfa200, 'specificationsFrom[]': ['8801-260'] })).json();
    expect(line).toEqual({ error_status: 'success', count: 1, link: '/catalog/test-listing-a/test-alfa-200?specificationsFrom%5B%5D=8801-260' });
  });

  it('answers 0 for an unknown category', async () => {
    expect(await (await post('/get-filter-info', { categoryId: 987654 })).json()).toEqual({ error_status: 'success', count: 0, link: null });
  });

  it('refuses a missing target', async () => {
    expect((await post('/get-filter-info', {})).status).toBe(400);
  });
});

describe('POST /filtration-model-lines and /api/model-lines/filtration-model-lines', () => {
  it.each(['/filtration-model-lines', '/api/model-lines/filtration-model-lines'])('%s renders the model line cards of a category and maker as HTML', async (path) => {
    const res = await post(path, { categoryId: LISTING.top, manufacturerId: LISTING.makers.beta });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.modelLines.map((l: { name: string }) => l.name)).toEqual(['Бета-С', 'Гамма']);
    expect(body.template).toContain('href="/catalog/test-listing-b/test-beta-s"');
    expect(body.template).toContain('Бета-С');
    expect(body.template).toContain('30 моделей');
    expect(body.template.match(/data-testid="model-line-card"/g)).toHaveLength(2);
  });

  it('takes every maker when manufacturerId is absent, empty or 0, and a form body', async () => {
    for (const manufacturerId of [undefined, '', 0, null]) {
      const body = await (await post('/filtration-model-lines', { categoryId: LISTING.childA, manufacturerId })).json();
      expect(body.modelLines).toHaveLength(2);
    }
    const client = testClient(t.services);
    const res = await client.form('/filtration-model-lines', { categoryId: String(LISTING.childB), manufacturerId: String(LISTING.makers.beta) });
    expect((await res.json()).modelLines.map((l: { id: number }) => l.id)).toEqual([LISTING.lines.beta]);
  });

  it('escapes what it renders', async () => {
    await t.db.updateTable('catalog_model_line').set({ name: '<script>alert(1)</script> Бета-С' }).where('id', '=', LISTING.lines.beta).execute();
    try {
      const body = await (await post('/filtration-model-lines', { categoryId: LISTING.childB })).json();
      expect(body.template).not.toContain('<script>');
      expect(body.template).toContain('&lt;script&gt;');
    } finally {
      await t.db.updateTable('catalog_model_line').set({ name: 'Бета-С' }).where('id', '=', LISTING.lines.beta).execute();
    }
  });

  it('gives unknown ids an empty template', async () => {
    expect(await (await post('/filtration-model-lines', { categoryId: 987654, manufacturerId: 5 })).json()).toEqual({ error_status: 'success', template: '', modelLines: [] });
  });

  it.each<[unknown, string]>([
    [{}, 'Укажите категорию (categoryId)'],
    [{ categoryId: 'x' }, 'Укажите категорию (categoryId)'],
    [{ categoryId: 1, manufacturerId: 'abc' }, 'Некорректный идентификатор'],
    [{ categoryId: 1.5 }, 'Некорректный идентификатор'],
  ])('refuses %j with a 400', async (json, message) => {
    const res = await post('/api/model-lines/filtration-model-lines', json);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_status: 'error', message });
  });
});
