import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testClient } from '../../../../server/test-client.ts';

/**
 * `POST /filter/get-sidebar-filters` for the parts page (`section: 'parts'`), through the HTTP app:
 * the catalogue's endpoint hands the request to the parts module.
 */
let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); }, 120_000);
afterAll(async () => { await t?.destroy(); });

const post = (json: unknown) => testClient(t.services).post('/filter/get-sidebar-filters', json);

describe('POST /filter/get-sidebar-filters, section parts', () => {
  it('answers the spec §7 lists of the line\'s parts with the count of the state', async () => {
    const res = await post({ section: 'parts', modelLineId: 1, query: '?inStock=1' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(expect.arrayContaining([
      'techniqueTypes', 'techniqueManufacturers', 'techniqueModelLines', 'categories', 'manufacturers', 'specifications', 'drawings', 'models', 'countPartCategories', 'count',
    ]));
    expect(body).toMatchObject({ error_status: 'success', inStock: { checked: true }, techniqueTypes: [] });
    expect(body.drawings.length).toBe(5);
    // Whole lists: the page shows the models cut to 3 (spec §9).
    expect(body.models.length).toBeGreaterThan(3);
    expect(body.count).toBe(body.inStock.count);
  });

  it('takes the §3 keys as the body\'s own fields and as a form', async () => {
    const json = await (await post({ section: 'parts', modelLineId: '1', 'drawings[]': [101] })).json();
    expect(json.drawings.find((d: { id: number }) => d.id === 101)).toMatchObject({ checked: true });
    const client = testClient(t.services);
    const form = new URLSearchParams([['section', 'parts'], ['modelLineId', '1'], ['categories[]', '1'], ['categories[]', '2']]);
    const res = await client.post('/filter/get-sidebar-filters', undefined, { body: form.toString(), contentType: 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(200);
  });

  it('refuses malformed input with a clear 400 in Russian', async () => {
    for (const body of [
      { section: 'parts' },
      { section: 'parts', modelLineId: 'abc' },
      { section: 'parts', modelLineId: '99999999999999999999' },
      { section: 'parts', modelLineId: -3 },
      { section: 'parts', modelLineId: 1, query: '?serial=a%00b' },
      { section: 'parts', modelLineId: 1, 'categories[]': Array.from({ length: 500 }, (_, i) => i + 1) },
      { section: 'parts', modelLineId: 1, 'categories[]': { nested: 1 } },
    ]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const answer = await res.json();
      expect(answer.error_status).toBe('error');
      expect(answer.message).toMatch(/[а-яА-Я]/);
    }
  });

  it('an unknown line is a 404', async () => {
    const res = await post({ section: 'parts', modelLineId: 987654 });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error_status: 'error', message: 'Модельная линейка не найдена' });
  });

  it('the machinery sidebar is unchanged without the section', async () => {
    const body = await (await post({ modelLineId: 1 })).json();
    expect(body).toMatchObject({ error_status: 'success', drawings: [], manufacturers: [] });
  });
});
