import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testClient } from '../../../server/test-client.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); }, 180_000);
afterAll(async () => { await t?.destroy(); });

const get = (query: string) => testClient(t.services).get(`/api/search${query}`);

describe('GET /api/search', () => {
  it("answers the hits grouped by kind: 'трактора' → Тракторы, five per kind by default", async () => {
    const res = await get(`?q=${encodeURIComponent('трактора')}`);
    expect(res.status).toBe(200);
    const body = await res.json() as { error_status: string; query: string; groups: { kind: string; total: number; hits: { title: string; link: string; marks: number[][] }[] }[] };
    expect(body.error_status).toBe('success');
    expect(body.query).toBe('трактора');
    const categories = body.groups.find((g) => g.kind === 'category')!;
    expect(categories.hits[0]).toMatchObject({ title: 'Тракторы', link: '/catalog/traktory' });
    for (const g of body.groups) expect(g.hits.length).toBeLessThanOrEqual(5);
    // Kinds keep their order whatever is found: the machines first.
    const order = ['model', 'modelLine', 'category', 'manufacturer', 'parts', 'page'];
    const kinds = body.groups.map((g) => g.kind);
    expect([...kinds].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(kinds);
  });

  it('takes a limit up to 20', async () => {
    const body = await (await get(`?q=${encodeURIComponent('трактор')}&limit=20`)).json() as { groups: { total: number; hits: unknown[] }[] };
    for (const g of body.groups) expect(g.hits.length).toBe(Math.min(20, g.total));
  });

  it('answers an empty result for an empty or blank query', async () => {
    for (const q of ['', '?q=', '?q=%20%20%20', '?q=...']) {
      const res = await get(q);
      expect(res.status, q).toBe(200);
      expect(await res.json()).toEqual({ error_status: 'success', query: expect.any(String), groups: [], suggestions: [], didYouMean: null });
    }
  });

  it('refuses control characters, a query over 100 characters and a bad limit with a 400 in Russian', async () => {
    const cases: Array<[string, string]> = [
      ['?q=%00abc', 'Поле "Запрос" содержит недопустимые символы'],
      ['?q=a%1Bb', 'Поле "Запрос" содержит недопустимые символы'],
      [`?q=${'я'.repeat(101)}`, 'Запрос слишком длинный: не больше 100 символов'],
      ['?q=abc&limit=0', 'Параметр limit — целое число от 1 до 20'],
      ['?q=abc&limit=21', 'Параметр limit — целое число от 1 до 20'],
      ['?q=abc&limit=5.5', 'Параметр limit — целое число от 1 до 20'],
      ['?q=abc&limit=1e9', 'Параметр limit — целое число от 1 до 20'],
    ];
    for (const [q, message] of cases) {
      const res = await get(q);
      expect(res.status, q).toBe(400);
      expect(await res.json(), q).toMatchObject({ error_status: 'error', message });
    }
  });

  it('never fails on odd input: quotes, wildcards, backslashes, lone letters, 100 characters of words', async () => {
    for (const q of ["'; drop table x; --", '%_%', '\\\\', 'a b c d e f g h', 'к'.repeat(100), '🚜 трактор', 'ё', 'ъъ']) {
      const res = await get(`?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
  });
});
