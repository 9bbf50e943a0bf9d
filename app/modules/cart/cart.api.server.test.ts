import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { testClient } from '../../../server/test-client.ts';

let t: TestDatabase;
let parts: number[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
  parts = (await t.db.selectFrom('parts_part').select('id').orderBy('id').limit(3).execute()).map((p) => p.id);
});
afterAll(async () => { await t?.destroy(); });

let n = 0;
async function account() {
  const email = `cart-api${++n}@agro.test`;
  await createUser(t.db, { name: 'Ольга', email, password: 'secret1', emailVerified: true });
  return email;
}
const signIn = (client: ReturnType<typeof testClient>, email: string) =>
  client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } });

describe('POST /api/cart/add (spec §7)', () => {
  it('adds for a guest, answers the count, keeps the header\'s hint cookie, and is personal', async () => {
    const client = testClient(t.services);
    const res = await client.post('/api/cart/add', { products: [{ part_id: parts[0], count: 2 }, { part_id: parts[1], count: 1 }, { part_id: parts[0], count: 1 }] });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({
      error_status: 'success', message: 'Добавлено в корзину', cartCount: 2,
      products: [{ part_id: parts[0], count: 3 }, { part_id: parts[1], count: 1 }],
    });
    expect(client.cookies.get('cart_count')).toBe('2');
    expect(client.cookies.has('sid')).toBe(true);
    // Ids as strings of digits (a form's way) are read too.
    const again = await (await client.post('/api/cart/add', { products: [{ part_id: String(parts[2]), count: '4' }] })).json();
    expect(again.cartCount).toBe(3);
  });

  it('moves a guest\'s cart to the account at sign-in; a signed-in visitor gets no hint cookie', async () => {
    const email = await account();
    const client = testClient(t.services);
    await client.post('/api/cart/add', { products: [{ part_id: parts[0], count: 2 }] });
    expect((await signIn(client, email)).status).toBe(200);
    const res = await client.post('/api/cart/add', { products: [{ part_id: parts[1], count: 1 }] });
    expect(await res.json()).toMatchObject({ cartCount: 2 });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('cart_count=;') && /Max-Age=0/i.test(c))).toBe(true);
  });

  it('refuses bad input with a clear 4xx in Russian and writes nothing', async () => {
    const client = testClient(t.services);
    const linesBefore = (await t.db.selectFrom('cart_item').select('id').execute()).length;
    const p = parts[0];
    const cases: [unknown, number, RegExp][] = [
      [{}, 400, /products/],
      [null, 400, /products/],
      [{ products: [] }, 400, /products/],
      [{ products: 'all' }, 400, /products/],
      [{ products: Array.from({ length: 10_000 }, () => ({ part_id: p, count: 1 })) }, 400, /не больше 50 товаров/],
      [{ products: Array.from({ length: 51 }, (_, i) => ({ part_id: i + 1, count: 1 })) }, 400, /не больше 50 товаров/],
      [{ products: [{ part_id: p, count: 0 }] }, 400, /count — целое число от 1 до 9999/],
      [{ products: [{ part_id: p, count: -1 }] }, 400, /count/],
      [{ products: [{ part_id: p, count: 1e9 }] }, 400, /count/],
      [{ products: [{ part_id: p, count: 1.5 }] }, 400, /count/],
      [{ products: [{ part_id: p, count: '1e3' }] }, 400, /count/],
      [{ products: [{ part_id: p }] }, 400, /count/],
      [{ products: [{ part_id: -5, count: 1 }] }, 400, /part_id — целое положительное число/],
      [{ products: [{ part_id: '1\u0000', count: 1 }] }, 400, /part_id/],
      [{ products: [{ part_id: 'abc\u0000', count: 1 }] }, 400, /part_id/],
      [{ products: [{ part_id: 99_999_999_999_999_999_999, count: 1 }] }, 400, /part_id/],
      [{ products: [{ part_id: 2_147_483_648, count: 1 }] }, 400, /part_id/],
      [{ products: [{ part_id: [p], count: 1 }] }, 400, /part_id/],
      [{ products: [null] }, 400, /products/],
      [{ products: [{ part_id: 2_000_000_000, count: 1 }] }, 404, /Запчасть с id 2000000000 не найдена в каталоге/],
      [{ products: [{ part_id: p, count: 1 }, { part_id: 2_000_000_000, count: 1 }] }, 404, /не найдена/],
    ];
    for (const [body, status, message] of cases) {
      const res = await client.post('/api/cart/add', body);
      const label = JSON.stringify(body)?.slice(0, 60);
      expect(res.status, label).toBe(status);
      const json = await res.json();
      expect(json.error_status, label).toBe('error');
      expect(json.message, label).toMatch(message);
    }
    const malformed = await client.post('/api/cart/add', undefined, { body: '{"products":[{"part_id":', contentType: 'application/json' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe('Некорректный запрос: ожидались данные в формате JSON');
    const nul = await client.post('/api/cart/add', undefined, { body: '{"products":[{"part_id":"\\u0000","count":1}]}', contentType: 'application/json' });
    expect(nul.status).toBe(400);
    expect((await client.post('/api/cart/add', undefined, { body: 'x', contentType: 'text/plain' })).status).toBe(415);
    // Nothing of all that reached a cart (the 404 calls included).
    expect(client.cookies.has('cart_count')).toBe(false);
    expect(await t.db.selectFrom('cart_item').select('id').execute()).toHaveLength(linesBefore);
  });

  it('needs the CSRF token as every mutation', async () => {
    const res = await testClient(t.services).post('/api/cart/add', { products: [{ part_id: parts[0], count: 1 }] }, { csrf: false });
    expect(res.status).toBe(403);
  });

  it('answers a full cart with 409', async () => {
    const client = testClient(t.services);
    const ids = (await t.db.selectFrom('parts_part').select('id').orderBy('id').offset(100).limit(201).execute()).map((r) => r.id);
    for (let i = 0; i < 200; i += 50) {
      expect((await client.post('/api/cart/add', { products: ids.slice(i, i + 50).map((id) => ({ part_id: id, count: 1 })) })).status).toBe(200);
    }
    const res = await client.post('/api/cart/add', { products: [{ part_id: ids[200], count: 1 }] });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error_status: 'error', code: 'limit',
      message: 'В корзине уже 200 позиций — это наибольшее число. Оформите заказ или уберите ненужные, чтобы добавить новые',
    });
    expect(client.cookies.get('cart_count')).toBe('200');
  });
});
