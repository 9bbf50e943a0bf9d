import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { setCustomerLimit } from '#app/modules/cart/cart.server.ts';
import { testClient } from '../../../server/test-client.ts';

/*
 * The orders' ports as the composition root wires them (ADR 042): the delivery price is the delivery
 * module's quote made on the server, the credit limit is the cart's limit row. On PGlite and, with
 * the PostgreSQL env, on the server.
 */

let t: TestDatabase;
let dir: string;
let branch: { id: number; city: string; lat: number; lng: number };
let stocked: Array<{ part_id: number; price: number }>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'orders-wiring-'));
  t = await createTestDatabase({ ATTACHMENTS_DIR: dir });
  const row = await sql<{ branch_id: number }>`
    select pb.branch_id from parts_part_branch pb join region_branch b on b.id = pb.branch_id
    where pb.price > 0 and pb.quantity >= 50 and pb.currency = 'RUB'
    group by pb.branch_id order by count(*) desc limit 1`.execute(t.db);
  const b = await t.db.selectFrom('region_branch').select(['id', 'city', 'lat', 'lng']).where('id', '=', row.rows[0]!.branch_id).executeTakeFirstOrThrow();
  branch = { id: b.id, city: b.city, lat: Number(b.lat), lng: Number(b.lng) };
  stocked = (await t.db.selectFrom('parts_part_branch').select(['part_id', 'price'])
    .where('branch_id', '=', branch.id).where('price', '>', 0).where('quantity', '>=', 50).where('currency', '=', 'RUB')
    .orderBy('part_id').limit(10).execute()).map((r) => ({ part_id: r.part_id, price: Number(r.price) }));
});
afterAll(async () => {
  await t?.destroy();
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
async function shopper(partIndexes = [0, 1]) {
  const email = `wiring${++n}@agro.test`;
  await createUser(t.db, { name: 'Пётр Иванов', email, password: 'secret1', emailVerified: true });
  const client = testClient(t.services);
  expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  expect((await client.post('/api/cart/add', { products: partIndexes.map((i) => ({ part_id: stocked[i]!.part_id, count: 2 })) })).status).toBe(200);
  const userId = (await t.db.selectFrom('auth_user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const rows = await t.db.selectFrom('cart_item').select(['id', 'part_id', 'count']).where('user_id', '=', userId).orderBy('id').execute();
  const lines = rows.map((l) => ({ id: l.id, count: l.count, price: stocked.find((s) => s.part_id === l.part_id)!.price }));
  return { client, userId, lines, parts: rows.map((l) => ({ id: l.part_id, count: l.count })) };
}

type Client = ReturnType<typeof testClient>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, checked field by field
type Answer = Record<string, any>;

async function create(client: Client, fields: Record<string, string>, key = crypto.randomUUID()) {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/csrf-token');
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  const encoded = new Response(data);
  const res = await client.app.request('/api/order/create', {
    method: 'POST',
    headers: {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
      'idempotency-key': key,
      'content-type': encoded.headers.get('content-type')!,
    },
    body: new Uint8Array(await encoded.arrayBuffer()),
  });
  return { status: res.status, json: await res.json() as Answer };
}

const contacts = { name: 'Пётр Иванов', phone: '+7 (912) 345-67-89', email: 'petr@agro.test' };
const point = () => ({ country: 'Россия', city: branch.city, region: '', district: '', street: 'ул. Ленина', house: '10', lat: branch.lat + 0.4, long: branch.lng + 0.4 });
const base = (lines: Array<{ id: number; count: number; price: number }>, extra: Record<string, string> = {}) =>
  ({ products: JSON.stringify(lines), ...contacts, branchId: String(branch.id), ...extra });

const counts = async (userId: number) => ({
  orders: Number((await sql<{ n: string }>`select count(*) as n from orders_order where user_id = ${userId}`.execute(t.db)).rows[0]!.n),
  cart: Number((await sql<{ n: string }>`select count(*) as n from cart_item where user_id = ${userId}`.execute(t.db)).rows[0]!.n),
  keys: Number((await sql<{ n: string }>`select count(*) as n from orders_idempotency where owner_key = ${`u:${userId}`}`.execute(t.db)).rows[0]!.n),
});

async function quote(client: Client, parts: Array<{ id: number; count: number }>, terminal: { carrier: string; id: number } | null = null) {
  const p = point();
  const res = await client.post('/api/delivery/get-spare-parts-delivery-price', {
    branch: branch.id, coords: { lat: p.lat, long: p.long }, address: p, price: 1000, parts,
    transportCompany: terminal?.carrier ?? null, idTerminal: terminal?.id ?? null,
  });
  const body = await res.json() as Answer;
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.fail).toBe(false);
  return Math.round(body.price * 100);
}

describe('the order\'s delivery price comes from the delivery module', () => {
  it('a tampered price is a change shown first and nothing is written; the server\'s price is stored', async () => {
    const { client, userId, lines, parts } = await shopper();
    const server = await quote(client, parts);
    expect(server).toBeGreaterThan(0);
    const fields = base(lines, { deliveryMethod: 'calc', deliveryAddress: `${branch.city}, ул. Ленина, 10`, deliveryPoint: JSON.stringify(point()) });

    const before = await counts(userId);
    const tampered = await create(client, { ...fields, deliveryPriceSeen: '100' });
    expect(tampered.status).toBe(409);
    expect(tampered.json.code).toBe('changed');
    expect(tampered.json.changes).toEqual([expect.objectContaining({ kind: 'delivery', price: server, message: expect.stringMatching(/Стоимость доставки изменилась: было 1\sруб\., стало \d/) })]);
    expect(await counts(userId)).toEqual(before);

    const ok = await create(client, { ...fields, deliveryPriceSeen: String(server), deliveryCarrier: 'Самая дешёвая ТК' });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const order = await t.db.selectFrom('orders_order').select(['delivery_price', 'delivery_failed', 'delivery_carrier', 'items_total', 'total']).where('number', '=', ok.json.number).executeTakeFirstOrThrow();
    expect(Number(order.delivery_price)).toBe(server);
    expect(order.delivery_failed).toBe(false);
    // The carrier is the one that quoted, not the browser's text.
    expect(order.delivery_carrier).not.toBe('Самая дешёвая ТК');
    expect(Number(order.total)).toBe(Number(order.items_total) + server);
  });

  it('prices a carrier\'s terminal on the server and refuses an unknown terminal', async () => {
    const { client, userId, lines, parts } = await shopper();
    const p = point();
    const near = await client.post('/api/delivery/get-nearest-terminals', { address: p, coords: { lat: p.lat, long: p.long } });
    const terminal = ((await near.json()) as Answer).terminals[0] as { id: number; carrier: string; city: string; address: string };
    const server = await quote(client, parts, terminal);
    const fields = base(lines, {
      deliveryMethod: 'terminals', deliveryTerminal: `${terminal.city}, ${terminal.address}`, deliveryPoint: JSON.stringify(p),
      deliveryCompany: terminal.carrier, deliveryTerminalId: String(terminal.id),
    });
    const before = await counts(userId);
    const unknown = await create(client, { ...fields, deliveryTerminalId: '999999', deliveryPriceSeen: String(server) });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toMatch(/терминал/i);
    const hostile = await create(client, { ...fields, deliveryCompany: 'evil', deliveryPriceSeen: String(server) });
    expect(hostile.status).toBe(404);
    const badPoint = await create(client, { ...fields, deliveryPoint: '{"lat": 91, "long": 0}' });
    expect(badPoint.status).toBe(400);
    expect(badPoint.json.message).toMatch(/адрес доставки/);
    expect(await counts(userId)).toEqual(before);

    const ok = await create(client, { ...fields, deliveryPriceSeen: String(server) });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const order = await t.db.selectFrom('orders_order').select(['delivery_price', 'delivery_failed']).where('number', '=', ok.json.number).executeTakeFirstOrThrow();
    expect(Number(order.delivery_price)).toBe(server);
    expect(order.delivery_failed).toBe(false);
  });

  it('a delivery without a point is stored as price 0 with the fail flag (spec §8); the page said so', async () => {
    const { client, lines } = await shopper();
    const ok = await create(client, base(lines, { deliveryMethod: 'calc', deliveryAddress: 'где-то', deliveryPriceSeen: 'none' }));
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const order = await t.db.selectFrom('orders_order').select(['delivery_price', 'delivery_failed']).where('number', '=', ok.json.number).executeTakeFirstOrThrow();
    expect(Number(order.delivery_price)).toBe(0);
    expect(order.delivery_failed).toBe(true);
  });
});

describe('an order on credit reads the cart\'s limit', () => {
  it('is refused above the remaining balance and writes nothing; within it, taken', async () => {
    const { client, userId, lines } = await shopper();
    const goods = lines.reduce((s, l) => s + l.count * l.price, 0);
    await setCustomerLimit(t.db, userId, { total: goods + 50_000, used: 50_001, days: 30, currency: 'RUB' });
    const before = await counts(userId);
    const refused = await create(client, base(lines, { deliveryMethod: 'pickup', onCredit: '1' }));
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/Сумма заказа больше остатка кредитного лимита \(.+руб\.\)/);
    expect(await counts(userId)).toEqual(before);

    await setCustomerLimit(t.db, userId, { total: goods + 50_000, used: 50_000, days: 30, currency: 'RUB' });
    const ok = await create(client, base(lines, { deliveryMethod: 'pickup', onCredit: '1' }));
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await t.db.selectFrom('orders_order').select('on_credit').where('number', '=', ok.json.number).executeTakeFirstOrThrow()).on_credit).toBe(true);
  });

  it('no limit row, or a limit in another currency, is no credit; without credit the order is taken', async () => {
    const { client, userId, lines } = await shopper();
    const none = await create(client, base(lines, { onCredit: '1' }));
    expect(none.status).toBe(409);
    expect(none.json.message).toBe('У вас нет кредитного лимита: выберите оплату без отсрочки');
    await setCustomerLimit(t.db, userId, { total: 10 ** 12, used: 0, days: 30, currency: 'KZT' });
    expect((await create(client, base(lines, { onCredit: '1' }))).status).toBe(409);
    expect((await counts(userId)).orders).toBe(0);
    expect((await create(client, base(lines, { onCredit: '0' }))).status).toBe(200);
  });

  it('counts credit orders made since the accounting wrote `used`: of parallel orders only those within the balance are taken', async () => {
    const { client, userId, lines } = await shopper([2, 3, 4, 5, 6, 7]);
    const each = lines.map((l) => l.count * l.price);
    // Room for the two cheapest orders together, not for a third.
    const sorted = [...each].sort((a, b) => a - b);
    await setCustomerLimit(t.db, userId, { total: sorted[0]! + sorted[1]! + 1_000, used: 1_000, days: 30, currency: 'RUB' });
    const answers = await Promise.all(lines.map((l) => create(client, base([l], { onCredit: '1' }))));
    const taken = answers.filter((a) => a.status === 200);
    expect(answers.every((a) => a.status === 200 || (a.status === 409 && /остатка кредитного лимита/.test(a.json.message))), JSON.stringify(answers)).toBe(true);
    const spent = Number((await sql<{ s: string }>`select coalesce(sum(total), 0)::text as s from orders_order where user_id = ${userId} and on_credit`.execute(t.db)).rows[0]!.s);
    expect(taken.length).toBeGreaterThanOrEqual(1);
    expect(taken.length).toBeLessThanOrEqual(2);
    expect(spent).toBeLessThanOrEqual(sorted[0]! + sorted[1]!);
    // The accounting writes the new `used` (and the time): the orders before it are in it, not counted twice.
    await setCustomerLimit(t.db, userId, { total: spent + 10 ** 9, used: spent, days: 30, currency: 'RUB' });
    const refusedLine = lines.find((l) => answers[lines.indexOf(l)]!.status === 409);
    if (refusedLine) expect((await create(client, base([refusedLine], { onCredit: '1' }))).status).toBe(200);
  });
});

describe('the cart recommends parts ordered together (spec §7 rec-items)', () => {
  it('a part someone ordered with the cart\'s part is recommended, though no analog, drawing or cart relates them', async () => {
    // Two stocked parts without an analog pair or a shared drawing, and in no other test's cart.
    const pick = (not: readonly number[]) => sql<{ part_id: number; price: string }>`
      select h.part_id, h.price::text from parts_part_branch h
      where h.branch_id = ${branch.id} and h.price > 0 and h.quantity >= 50 and h.currency = 'RUB'
        and h.part_id <> all(${[...not, ...stocked.map((s) => s.part_id)]}::int[])
        and not exists (select 1 from parts_analog x where x.part_id = h.part_id and x.analog_id = any(${not}::int[]) or x.analog_id = h.part_id and x.part_id = any(${not}::int[]))
        and not exists (select 1 from parts_drawing_position d join parts_drawing_position e on e.drawing_id = d.drawing_id where d.part_id = h.part_id and e.part_id = any(${not}::int[]))
      order by h.part_id desc limit 1`.execute(t.db);
    const a = (await pick([])).rows[0]!;
    const b = (await pick([a.part_id])).rows[0]!;
    stocked.push({ part_id: a.part_id, price: Number(a.price) }, { part_id: b.part_id, price: Number(b.price) });
    const ia = stocked.length - 2;
    const ib = stocked.length - 1;

    const first = await shopper([ia]);
    const before = await (await first.client.get(`/api/cart/rec-items?branchId=${branch.id}`)).json() as Answer;
    expect(before.items.map((i: Answer) => i.part_id)).not.toContain(b.part_id);

    // Someone orders both; his cart empties, so only the order relates them now.
    const buyer = await shopper([ia, ib]);
    expect((await create(buyer.client, base(buyer.lines, { deliveryMethod: 'pickup' }))).status).toBe(200);
    expect((await counts(buyer.userId)).cart).toBe(0);

    const after = await (await first.client.get(`/api/cart/rec-items?branchId=${branch.id}`)).json() as Answer;
    expect(after.items.map((i: Answer) => i.part_id)).toContain(b.part_id);
  });
});
