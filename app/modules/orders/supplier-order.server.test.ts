import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { orderViews } from './orders.server.ts';
import * as q from './orders.queries.server.ts';
import { testClient } from '../../../server/test-client.ts';

/*
 * A part ordered from a supplier's offer (issue 32 §6, ADR 099), through the API as the composition
 * root wires it: the cart's supplier line is priced by the offer and rounded to its terms, and the
 * order line carries the supplier and the lead time; a price changed meanwhile is the 409 of any price.
 * On PGlite and, with the PostgreSQL env, on the server.
 */

let t: TestDatabase;
let branchId: number;
let organisationId: number;
let offered: number[];
let bare: number;

beforeAll(async () => {
  t = await createTestDatabase();
  const client = testClient(t.services);
  // The branch a visitor without a region is priced at: the supplier's offer is in its currency.
  const view = await (await client.get('/api/cart')).json() as { currentBranchId: number; currency: string };
  branchId = view.currentBranchId;
  expect(view.currency).toBe('RUB');
  ({ id: organisationId } = await t.db.insertInto('suppliers_organisation').values({ name: 'ООО Запчасть-Опт' }).returning('id').executeTakeFirstOrThrow());
  const parts = (await t.db.selectFrom('parts_part').select('id').orderBy('id', 'desc').limit(4).execute()).map((p) => p.id);
  offered = parts.slice(0, 3);
  bare = parts[3]!;
  await t.db.insertInto('suppliers_offer').values(offered.map((part_id) => ({
    organisation_id: organisationId, part_id, price: 10_000, currency: 'RUB', stock: 500, multiplicity: 5, min_order: 10, lead_time_days: 7,
  }))).execute();
});
afterAll(async () => { await t?.destroy(); });

type Client = ReturnType<typeof testClient>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, checked field by field
type Answer = Record<string, any>;

let n = 0;
async function shopper() {
  const email = `supplier-order${++n}@agro.test`;
  await createUser(t.db, { name: 'Пётр Иванов', email, password: 'secret1', emailVerified: true });
  const client = testClient(t.services);
  expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  return client;
}

async function create(client: Client, products: Array<{ id: number; count: number; price: number }>) {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/csrf-token');
  const data = new FormData();
  const fields = { products: JSON.stringify(products), name: 'Пётр Иванов', phone: '+7 (912) 345-67-89', email: 'petr@agro.test', branchId: String(branchId), deliveryMethod: 'pickup' };
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  const encoded = new Response(data);
  const res = await client.app.request('/api/order/create', {
    method: 'POST',
    headers: {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
      'idempotency-key': crypto.randomUUID(),
      'content-type': encoded.headers.get('content-type')!,
    },
    body: new Uint8Array(await encoded.arrayBuffer()),
  });
  return { status: res.status, json: await res.json() as Answer };
}

async function cartLines(client: Client): Promise<Answer[]> {
  const res = await client.get(`/api/cart?branchId=${branchId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Answer).items as Answer[];
}

describe('a cart line from a supplier', () => {
  it('is added with the count rounded up to the minimum order and multiplicity, and priced by the offer', async () => {
    const client = await shopper();
    const added = await client.post('/api/cart/add', { products: [{ part_id: offered[0], count: 3, supplier: true }] });
    expect(added.status).toBe(200);
    expect(((await added.json()) as Answer).products).toEqual([{ part_id: offered[0], count: 10 }]);
    // More of it: the sum rounded up to the multiplicity.
    const more = await client.post('/api/cart/add', { products: [{ part_id: offered[0], count: 1, supplier: true }] });
    expect(((await more.json()) as Answer).products).toEqual([{ part_id: offered[0], count: 15 }]);
    const [line] = await cartLines(client);
    expect(line).toMatchObject({ part_id: offered[0], count: 15, price: 10_000, oldPrice: null, supplier: { leadTimeDays: 7, minOrder: 10, multiplicity: 5 } });
    // The supplier's identity is not the customer's to see.
    expect(JSON.stringify(line)).not.toMatch(/organisation|Запчасть-Опт/);
    // A typed count is rounded too, and said so.
    const changed = await client.post('/api/cart/change-count', { id: line!.id, count: 12 });
    const body = (await changed.json()) as Answer;
    expect(body.line.count).toBe(15);
    expect(body.message).toMatch(/кратно упаковке — 15 шт\./);
  });

  it('is refused for a part no supplier offers, and for a count his terms push past the cart\'s maximum', async () => {
    const client = await shopper();
    const none = await client.post('/api/cart/add', { products: [{ part_id: bare, count: 1, supplier: true }] });
    expect(none.status).toBe(404);
    expect(((await none.json()) as Answer).message).toBe(`Запчасти с id ${bare} нет в предложениях поставщиков — заказать её под заказ нельзя`);
    const many = await client.post('/api/cart/add', { products: [{ part_id: offered[1], count: 9999, supplier: true }] });
    expect(many.status).toBe(422);
    expect(await t.db.selectFrom('cart_item').select('id').where('part_id', 'in', [bare, offered[1]!]).execute()).toEqual([]);
  });

  it('is ordered with the supplier and lead time on the order line; the customer\'s view names no supplier', async () => {
    const client = await shopper();
    await client.post('/api/cart/add', { products: [{ part_id: offered[1], count: 10, supplier: true }] });
    const [line] = await cartLines(client);
    const ok = await create(client, [{ id: line!.id, count: line!.count, price: line!.price }]);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const order = await t.db.selectFrom('orders_order').selectAll().where('number', '=', ok.json.number).executeTakeFirstOrThrow();
    const [stored] = await q.linesOf(t.db, [order.id]);
    expect(stored).toMatchObject({ part_id: offered[1], count: 10, price: 10_000, supplier_organisation_id: organisationId, lead_time_days: 7 });
    expect(Number(order.items_total)).toBe(100_000);
    const [customer] = await orderViews(t.services, [order as never]);
    expect(customer!.lines[0]!.supplier).toEqual({ leadTimeDays: 7 });
    const [staff] = await orderViews(t.services, [order as never], { staff: true });
    expect(staff!.lines[0]!.supplier).toEqual({ organisationId, leadTimeDays: 7 });
    expect(await t.db.selectFrom('cart_item').select('id').where('id', '=', line!.id).execute()).toEqual([]);
    // The letters say it comes from a supplier, and never who he is.
    const letters = await t.db.selectFrom('orders_mail').select(['body']).where('order_id', '=', order.id).execute();
    expect(letters.length).toBeGreaterThan(0);
    for (const l of letters) {
      expect(l.body).toContain('(под заказ у поставщика, 7 дней)');
      expect(l.body).not.toContain('Запчасть-Опт');
    }
  });

  it('a price changed between the cart and the order is refused with 409 and nothing is written', async () => {
    const client = await shopper();
    await client.post('/api/cart/add', { products: [{ part_id: offered[2], count: 10, supplier: true }] });
    const [line] = await cartLines(client);
    await sql`update suppliers_offer set price = 12000 where part_id = ${offered[2]!}`.execute(t.db);
    const before = Number((await sql<{ n: string }>`select count(*) as n from orders_order`.execute(t.db)).rows[0]!.n);
    const refused = await create(client, [{ id: line!.id, count: line!.count, price: line!.price }]);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('changed');
    expect(refused.json.changes).toEqual([expect.objectContaining({ id: line!.id, kind: 'price', price: 12_000 })]);
    expect(Number((await sql<{ n: string }>`select count(*) as n from orders_order`.execute(t.db)).rows[0]!.n)).toBe(before);
    // With the new price seen, it is ordered.
    const ok = await create(client, [{ id: line!.id, count: line!.count, price: 12_000 }]);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
  });
});
