import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testClient } from '../../../server/test-client.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); }, 120_000);
afterAll(async () => { await t?.destroy(); });

const get = (query: string) => testClient(t.services).get(`/api/parts/search${query}`);

describe('GET /api/parts/search', () => {
  it("finds 'AB12345' from 'АВ-123.45', the exact part first, privately", async () => {
    const res = await get(`?q=${encodeURIComponent('АВ-123.45')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = await res.json() as { error_status: string; query: string; codes: string[]; pricesShown: boolean; hits: Array<{ code: string; relation: string; here: { price: number | null } | null }> };
    expect(body).toMatchObject({ error_status: 'success', query: 'АВ-123.45', pricesShown: false });
    expect(body.codes[0]).toBe('AB12345');
    expect(body.hits[0]).toMatchObject({ code: 'AB12345', relation: 'exact' });
    expect(body.hits.map((h) => h.relation)).toEqual(expect.arrayContaining(['analog', 'replaced']));
    expect(body.hits.every((h) => h.here === null || h.here.price === null)).toBe(true);
  });

  it('takes a limit from 1 to 50', async () => {
    const body = await (await get('?q=RE59754&limit=2')).json() as { hits: unknown[] };
    expect(body.hits).toHaveLength(2);
  });

  it('answers bad input with a 400 and the reason in Russian, never a 500', async () => {
    const cases: Array<[string, string]> = [
      ['', 'Введите номер детали'],
      ['?q=', 'Введите номер детали'],
      ['?q=%20%20', 'Введите номер детали'],
      ['?q=-.-%2F', 'Номер детали должен содержать буквы или цифры'],
      [`?q=${'1'.repeat(101)}`, 'Номер детали слишком длинный: не больше 100 символов'],
      ['?q=AB%00123', 'Поле "Номер детали" содержит недопустимые символы'],
      ['?q=AB123&limit=0', 'Параметр limit — целое число от 1 до 50'],
      ['?q=AB123&limit=51', 'Параметр limit — целое число от 1 до 50'],
      ['?q=AB123&limit=abc', 'Параметр limit — целое число от 1 до 50'],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toMatchObject({ error_status: 'error', message });
    }
  });
});
