import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { testClient } from '../../../server/test-client.ts';

/* Spec §7 Cart and order: the cart's own endpoints (issue 10). */

let t: TestDatabase;
let parts: number[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
  parts = (await t.db.selectFrom('parts_part').select('id').orderBy('id').limit(5).execute()).map((p) => p.id);
});
afterAll(async () => { await t?.destroy(); });

let n = 0;
async function signedInClient() {
  const email = `cart-lines-api${++n}@agro.test`;
  await createUser(t.db, { name: 'Ольга', email, password: 'secret1', emailVerified: true });
  const client = testClient(t.services);
  expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  return client;
}

async function cartOf(client: ReturnType<typeof testClient>, query = '') {
  const res = await client.get(`/api/cart${query}`);
  return { res, json: await res.json() };
}

describe('GET /api/cart', () => {
  it('answers items, limit and currencySign, personal and never cached', async () => {
    const client = await signedInClient();
    await client.post('/api/cart/add', { products: [{ part_id: parts[0], count: 2 }, { part_id: parts[1], count: 1 }] });
    const { res, json } = await cartOf(client);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(json).toMatchObject({ error_status: 'success', limit: { total: 0, used: 0, days: 0 }, pricesShown: true, cartCount: 2 });
    expect(['руб.', '₸']).toContain(json.currencySign);
    expect(json.items.map((i: { part_id: number; count: number }) => [i.part_id, i.count])).toEqual([[parts[0], 2], [parts[1], 1]]);
    // Spec §3 Cart product, and `supplier` (null: from stock; ADR 099).
    expect(Object.keys(json.items[0]).sort()).toEqual(['code', 'code1c', 'count', 'elsewhere', 'id', 'inStock', 'link', 'manufacturer', 'name', 'oldPrice', 'part_id', 'price', 'supplier', 'weight'].sort());
    // region_id (spec §7: every call may carry it) is accepted.
    expect((await client.get('/api/cart?region_id=1')).status).toBe(200);
  });

  it('an empty cart for a visitor without one; bad and unknown branches 4xx in Russian', async () => {
    const client = testClient(t.services);
    expect((await cartOf(client)).json).toMatchObject({ error_status: 'success', items: [], cartCount: 0, pricesShown: false });
    for (const [q, status, message] of [
      ['?branchId=abc', 400, /branchId/], ['?branchId=-1', 400, /branchId/], ['?branchId=0x10', 400, /branchId/],
      ['?branchId=99999999999999999999', 400, /branchId/], ['?branchId=2000000000', 404, /Такого филиала нет/],
    ] as const) {
      const { res, json } = await cartOf(client, q);
      expect(res.status, q).toBe(status);
      expect(json.message, q).toMatch(message);
    }
  });
});

describe('POST /api/cart/change-count and /api/cart/remove', () => {
  it('changes and removes the visitor\'s lines, keeping a guest\'s header hint', async () => {
    const client = testClient(t.services);
    await client.post('/api/cart/add', { products: parts.slice(0, 3).map((p) => ({ part_id: p, count: 1 })) });
    const ids = (await cartOf(client)).json.items.map((i: { id: number }) => i.id);
    const changed = await client.post('/api/cart/change-count', { id: ids[0], count: '12' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ error_status: 'success', message: 'Количество изменено', line: { id: ids[0], part_id: parts[0], count: 12 }, cartCount: 3 });
    const removed = await client.post('/api/cart/remove', { id: [ids[0], ids[1], ids[0]] });
    expect(await removed.json()).toEqual({ error_status: 'success', message: 'Удалено из корзины: 2', removed: 2, cartCount: 1 });
    expect(client.cookies.get('cart_count')).toBe('1');
    const last = await client.post('/api/cart/remove', { id: ids[2] });
    expect(await last.json()).toMatchObject({ error_status: 'success', cartCount: 0 });
    expect(last.headers.getSetCookie().some((c) => c.startsWith('cart_count=;') && /Max-Age=0/i.test(c))).toBe(true);
  });

  it('refuses someone else\'s, unknown and malformed input with a clear 4xx and changes nothing', async () => {
    const owner = await signedInClient();
    await owner.post('/api/cart/add', { products: parts.slice(0, 2).map((p) => ({ part_id: p, count: 3 })) });
    const ids: number[] = (await cartOf(owner)).json.items.map((i: { id: number }) => i.id);
    const stranger = testClient(t.services);
    await stranger.post('/api/cart/add', { products: [{ part_id: parts[4], count: 1 }] });
    const mine: number = (await cartOf(stranger)).json.items[0].id;

    const cases: [string, unknown, number, RegExp][] = [
      ['/api/cart/change-count', { id: ids[0], count: 5 }, 404, new RegExp(`Строки ${ids[0]} нет в вашей корзине`)],
      ['/api/cart/change-count', { id: 2_000_000_000, count: 5 }, 404, /нет в вашей корзине/],
      ['/api/cart/change-count', { id: mine, count: 0 }, 400, /count — целое число от 1 до 9999/],
      ['/api/cart/change-count', { id: mine, count: -1 }, 400, /count/],
      ['/api/cart/change-count', { id: mine, count: 10_000 }, 400, /count/],
      ['/api/cart/change-count', { id: mine, count: 1e12 }, 400, /count/],
      ['/api/cart/change-count', { id: mine, count: 2.5 }, 400, /count/],
      ['/api/cart/change-count', { id: mine }, 400, /count/],
      ['/api/cart/change-count', { id: 'abc\u0000', count: 1 }, 400, /id — целое положительное число/],
      ['/api/cart/change-count', { id: [mine], count: 1 }, 400, /id/],
      ['/api/cart/change-count', null, 400, /id/],
      ['/api/cart/remove', { id: ids }, 404, new RegExp(`Строк ${ids.join(', ')} нет в вашей корзине`)],
      ['/api/cart/remove', { id: [mine, ids[0]] }, 404, new RegExp(`Строки ${ids[0]} нет`)],
      ['/api/cart/remove', { id: [] }, 400, /Укажите, что удалить/],
      ['/api/cart/remove', {}, 400, /Укажите, что удалить/],
      ['/api/cart/remove', { id: Array.from({ length: 10_000 }, (_, i) => i + 1) }, 400, /не больше 200 строк/],
      ['/api/cart/remove', { id: [mine, -3] }, 400, /id — целое положительное число/],
      ['/api/cart/remove', { id: { a: 1 } }, 400, /id/],
      ['/api/cart/remove', { id: '1; drop table cart_item' }, 400, /id/],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await stranger.post(path, body);
      const label = `${path} ${JSON.stringify(body)?.slice(0, 60)}`;
      expect(res.status, label).toBe(status);
      const json = await res.json();
      expect(json.error_status, label).toBe('error');
      expect(json.message, label).toMatch(message);
    }
    for (const path of ['/api/cart/change-count', '/api/cart/remove']) {
      const malformed = await stranger.post(path, undefined, { body: '{"id":', contentType: 'application/json' });
      expect(malformed.status).toBe(400);
      expect((await malformed.json()).message).toBe('Некорректный запрос: ожидались данные в формате JSON');
      expect((await stranger.post(path, { id: mine, count: 1 }, { csrf: false })).status).toBe(403);
    }
    // Nothing changed in either cart.
    expect((await cartOf(owner)).json.items.map((i: { count: number }) => i.count)).toEqual([3, 3]);
    expect((await cartOf(stranger)).json.items.map((i: { id: number; count: number }) => [i.id, i.count])).toEqual([[mine, 1]]);
  });
});

describe('branches and recommendations', () => {
  it('lists branches, the default and the nearest one; coordinates are validated', async () => {
    const client = testClient(t.services);
    const { branches } = await (await client.get('/api/cart/branches')).json();
    expect(branches.length).toBeGreaterThan(0);
    expect(Object.keys(branches[0]).sort()).toEqual(['address', 'city', 'coords', 'countryId', 'currencySign', 'id', 'name']);
    const def = await (await client.get('/api/cart/default-branch')).json();
    expect(def.error_status).toBe('success');
    expect(def.branch === null || branches.some((b: { id: number }) => b.id === def.branch.id)).toBe(true);
    const b = branches[0];
    const near = await client.get(`/api/cart/nearest-branch?lat=${b.coords.lat}&long=${b.coords.long}`);
    expect((await near.json()).branch.id).toBe(b.id);
    for (const q of ['', '?lat=91&long=0', '?lat=0&long=-181', '?lat=abc&long=1', '?lat=1e3&long=1', '?lat=55', '?lat=0x10&long=1']) {
      const res = await client.get(`/api/cart/nearest-branch${q}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).message, q).toBe('Укажите координаты: lat — широта от -90 до 90, long — долгота от -180 до 180');
    }
  });

  it('recommends parts not in the cart', async () => {
    const pair = await t.db.selectFrom('parts_analog').select(['part_id', 'analog_id']).orderBy('part_id').limit(1).executeTakeFirstOrThrow();
    const client = await signedInClient();
    expect(await (await client.get('/api/cart/rec-items')).json()).toEqual({ error_status: 'success', items: [] });
    await client.post('/api/cart/add', { products: [{ part_id: pair.part_id, count: 1 }] });
    const res = await client.get('/api/cart/rec-items');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { items } = await res.json();
    expect(items.length).toBeGreaterThan(0);
    expect(items.some((i: { part_id: number }) => i.part_id === pair.part_id)).toBe(false);
    expect((await client.get('/api/cart/rec-items?branchId=x')).status).toBe(400);
  });
});
