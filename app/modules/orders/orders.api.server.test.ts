import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { runDueJobs } from '#app/.server/jobs/runner.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { testClient } from '../../../server/test-client.ts';
import { ORDER_LIMIT_PER_ACCOUNT, ORDER_LIMIT_PER_ADDRESS } from './orders.constants.ts';

let t: TestDatabase;
let dir: string;
let branchId: number;
let stocked: Array<{ part_id: number; price: number }>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'orders-api-'));
  t = await createTestDatabase({ ATTACHMENTS_DIR: dir, DATABASE_POOL_SIZE: '20', TRUST_PROXY: 'true', PUBLIC_ORIGIN: 'https://shop.example' });
  const branch = await sql<{ branch_id: number }>`
    select branch_id from parts_part_branch where price > 0 and quantity >= 50 and currency = 'RUB'
    group by branch_id order by count(*) desc limit 1`.execute(t.db);
  branchId = branch.rows[0]!.branch_id;
  stocked = (await t.db.selectFrom('parts_part_branch').select(['part_id', 'price'])
    .where('branch_id', '=', branchId).where('price', '>', 0).where('quantity', '>=', 50).where('currency', '=', 'RUB')
    .orderBy('part_id').limit(40).execute()).map((r) => ({ part_id: r.part_id, price: Number(r.price) }));
});
afterAll(async () => {
  await t?.destroy();
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
/** A signed-in customer with the parts in his cart; `account` says what of his account is confirmed (after the sign-in). */
async function shopper(partIndexes = [0, 1], account: { emailConfirmed?: boolean; phone?: string } = {}) {
  const email = `orders${++n}@agro.test`;
  await createUser(t.db, { name: 'Пётр Иванов', email, password: 'secret1', emailVerified: true, phone: account.phone, phoneVerified: account.phone !== undefined });
  const client = testClient(t.services);
  expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  if (account.emailConfirmed === false) await t.db.updateTable('auth_user').set({ email_verified_at: null }).where('email', '=', email).execute();
  if (partIndexes.length) {
    expect((await client.post('/api/cart/add', { products: partIndexes.map((i) => ({ part_id: stocked[i]!.part_id, count: 2 })) })).status).toBe(200);
  }
  const userId = (await t.db.selectFrom('auth_user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const lines = await t.db.selectFrom('cart_item').select(['id', 'part_id', 'count']).where('user_id', '=', userId).orderBy('id').execute();
  return { client, email, userId, lines: lines.map((l) => ({ id: l.id, count: l.count, price: stocked.find((s) => s.part_id === l.part_id)!.price })) };
}

type Client = ReturnType<typeof testClient>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of many shapes are checked field by field
type Answer = Record<string, any>;
type FileSpec = { name: string; bytes: Uint8Array; type?: string };

function form(fields: Record<string, string>, files: FileSpec[] = []) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  for (const f of files) data.append('files[]', new Blob([f.bytes as BlobPart], { type: f.type ?? 'application/octet-stream' }), f.name);
  return data;
}

async function create(client: Client, fields: Record<string, string>, files: FileSpec[] = [], key: string | null = crypto.randomUUID(), ip?: string) {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/csrf-token');
  const headers: Record<string, string> = {
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
  };
  if (ip) headers['x-forwarded-for'] = ip;
  if (key) headers['idempotency-key'] = key;
  // The form as bytes, as a browser sends it (a FormData body would be streamed by undici, which
  // complains when the server stops reading a refused upload half way).
  const encoded = new Response(form(fields, files));
  headers['content-type'] = encoded.headers.get('content-type')!;
  const body = new Uint8Array(await encoded.arrayBuffer());
  const res = await client.app.request('/api/order/create', { method: 'POST', headers, body });
  return { status: res.status, json: await res.json() as Answer };
}

const contacts = { name: 'Пётр Иванов', phone: '+7 (912) 345-67-89', email: 'petr@agro.test' };
const fieldsOf = (lines: Array<{ id: number; count: number; price: number; stock?: number }>, extra: Record<string, string> = {}) =>
  ({ products: JSON.stringify(lines), ...contacts, branchId: String(branchId), deliveryMethod: 'pickup', ...extra });

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);
const EXE = (() => { const b = new Uint8Array(512); b.set([0x4d, 0x5a, 0x90, 0x00]); b.set([0x50, 0x45, 0, 0], 128); b[60] = 128; return b; })();

async function filesOnDisk(): Promise<string[]> {
  const out: string[] = [];
  async function walk(d: string) {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory()) await walk(join(d, e.name)); else out.push(join(d, e.name).slice(dir.length));
    }
  }
  await walk(dir);
  return out;
}
const orderCount = async () => Number((await sql<{ n: string }>`select count(*) as n from orders_order`.execute(t.db)).rows[0]!.n);

describe('POST /api/order/create', () => {
  it('creates the order from the cart lines with attachments, empties those lines, writes the letters', async () => {
    const { client, email, userId, lines } = await shopper();
    const res = await create(client, fieldsOf(lines, { comment: 'Позвоните до обеда' }), [{ name: 'заявка.pdf', bytes: PDF }, { name: '../../etc/фото', bytes: PNG }]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ error_status: 'success', message: 'Заказ оформлен', repeated: false, currency: 'RUB' });
    expect(res.json.number).toMatch(/^АГ-\d{4}-\d{6}$/);
    expect(res.json.total).toBe(lines.reduce((s, l) => s + l.count * l.price, 0));
    expect(await t.db.selectFrom('cart_item').select('id').where('user_id', '=', userId).execute()).toHaveLength(0);
    const order = await t.db.selectFrom('orders_order').selectAll().where('number', '=', res.json.number).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ user_id: userId, phone: '79123456789', comment: 'Позвоните до обеда', status: 'new', branch_id: branchId });
    const files = await t.db.selectFrom('orders_attachment').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
    expect(files.map((f) => [f.original_name, f.mime_type])).toEqual([['заявка.pdf', 'application/pdf'], ['фото.png', 'image/png']]);
    const disk = await filesOnDisk();
    expect(disk.filter((p) => p.includes(`/orders/${order.id}/`))).toHaveLength(2);
    expect(disk.some((p) => p.startsWith('/tmp/'))).toBe(false);
    const mail = await t.db.selectFrom('orders_mail').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
    expect(mail.map((m) => [m.recipient === email, m.channel, m.staff])).toEqual([[true, 'email', false], [false, 'email', true]]);
    const jobs = await t.db.selectFrom('job').select(['kind', 'key', 'state']).where('key', 'in', mail.map((m) => `orders.mail:${m.id}`)).orderBy('id').execute();
    expect(jobs).toEqual(mail.map((m) => ({ kind: 'mail.send', key: `orders.mail:${m.id}`, state: 'queued' })));
    // Enqueued with the order; the job runner sends them after the commit.
    await expect.poll(async () => {
      await runDueJobs(t.services);
      return (await t.db.selectFrom('auth_outbox').select('id').where('subject', 'like', `%${res.json.number}%`).execute()).length;
    }, { timeout: 5000 }).toBe(2);

    // The owner downloads the attachment; the pages' route is tested in the journey.
    const mine = await client.get(`/api/order/customer-info`);
    expect(await mine.json()).toMatchObject({ name: 'Пётр Иванов', email: expect.stringContaining('@agro.test') });
  });

  it('answers a repeated key with the same order, and refuses the key with another body', async () => {
    const { client, lines } = await shopper();
    const key = crypto.randomUUID();
    const first = await create(client, fieldsOf(lines), [], key);
    const again = await create(client, fieldsOf(lines), [], key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ number: first.json.number, repeated: true });
    const other = await create(client, fieldsOf(lines, { comment: 'другое' }), [], key);
    expect(other.status).toBe(422);
    expect(other.json.message).toMatch(/ключ повтора уже использован/);
  });

  it('shows changed prices and missing stock with a 409 and writes nothing', async () => {
    const { client, userId, lines } = await shopper([2, 3]);
    const before = await orderCount();
    const seen = [{ ...lines[0]!, price: lines[0]!.price + 100 }, { ...lines[1]!, count: 2 }];
    await t.db.updateTable('parts_part_branch').set({ quantity: 1 }).where('branch_id', '=', branchId).where('part_id', '=', stocked[3]!.part_id).execute();
    const res = await create(client, fieldsOf(seen));
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('changed');
    expect(res.json.changes.map((c: { kind: string }) => c.kind)).toEqual(['price', 'stock']);
    expect(res.json.changes[0].message).toMatch(/цена изменилась с .* на /);
    expect(res.json.changes[1].message).toMatch(/в наличии только 1 шт/);
    expect(await orderCount()).toBe(before);
    expect(await t.db.selectFrom('cart_item').select('id').where('user_id', '=', userId).execute()).toHaveLength(2);
    // 'Подтвердить новые цены': the prices and the stock the answer gave; the part short of stock is
    // taken to order (ADR 041), not refused for ever.
    const confirmed = await create(client, fieldsOf([{ ...seen[0]!, price: res.json.changes[0].price }, { ...seen[1]!, stock: res.json.changes[1].quantity }]));
    expect(confirmed.status).toBe(200);
    expect(await orderCount()).toBe(before + 1);
  });

  it('refuses bad input with a clear Russian 4xx: no order, no file left, the cart intact', async () => {
    const { client, userId, lines } = await shopper([4, 5]);
    const other = await shopper([6]);
    const before = await orderCount();
    const big = new Uint8Array(10 * 1024 * 1024 + 1); big.set(PDF);
    const cases: Array<[string, Record<string, string>, FileSpec[], number, RegExp]> = [
      ['zero count', fieldsOf([{ ...lines[0]!, count: 0 }]), [], 400, /Количество — целое число от 1 до 9999/],
      ['negative count', fieldsOf([{ ...lines[0]!, count: -2 }]), [], 400, /Количество/],
      ['someone else\'s line', fieldsOf([other.lines[0]!]), [], 404, /нет в вашей корзине/],
      ['unknown branch', fieldsOf(lines, { branchId: '999999' }), [], 404, /Такого филиала нет/],
      ['oversized attachment', fieldsOf(lines), [{ name: 'big.pdf', bytes: big }], 413, /Файл слишком большой: не более 10 МБ/],
      ['executable as .pdf', fieldsOf(lines), [{ name: 'счёт.pdf', bytes: EXE, type: 'application/pdf' }], 415, /не принят.*по содержимому/],
      ['six files', fieldsOf(lines), Array.from({ length: 6 }, (_, i) => ({ name: `${i}.pdf`, bytes: PDF })), 413, /Слишком много файлов: не более 5/],
      ['malformed products', fieldsOf(lines, { products: '[{"id":' }), [], 400, /Не удалось прочитать список товаров/],
      ['no products', fieldsOf([]), [], 400, /Отметьте в корзине товары/],
      ['missing name', fieldsOf(lines, { name: '' }), [], 400, /Поле "Ваше Имя" не заполнено/],
      ['missing e-mail', fieldsOf(lines, { email: '' }), [], 400, /E-mail/],
      ['10-digit phone', fieldsOf(lines, { phone: '9123456789' }), [], 400, /Поле "Номер телефона" содержит некорректный телефон/],
      ['control characters', fieldsOf(lines, { name: 'Пётр\u0000' }), [], 400, /недопустимые символы/],
      ['no address for delivery', fieldsOf(lines, { deliveryMethod: 'calc' }), [], 400, /Укажите адрес доставки/],
      ['unknown method', fieldsOf(lines, { deliveryMethod: 'drone' }), [], 400, /способ получения/],
      ['credit without a limit', fieldsOf(lines, { onCredit: '1' }), [], 409, /нет кредитного лимита/],
    ];
    for (const [label, fields, files, status, message] of cases) {
      const res = await create(client, fields, files);
      expect(res.status, label).toBe(status);
      expect(res.json.error_status, label).toBe('error');
      expect(res.json.message, label).toMatch(message);
    }
    const noKey = await create(client, fieldsOf(lines), [], null);
    expect(noKey.status).toBe(400);
    expect(noKey.json.message).toMatch(/Idempotency-Key/);
    expect(await orderCount()).toBe(before);
    expect(await t.db.selectFrom('cart_item').select('id').where('user_id', '=', userId).execute()).toHaveLength(2);
    expect((await filesOnDisk()).filter((p) => p.startsWith('/tmp/'))).toEqual([]);
  });

  it('needs the CSRF token', async () => {
    const { client, lines } = await shopper([7]);
    const res = await client.app.request('/api/order/create', { method: 'POST', body: form(fieldsOf(lines)), headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.status).toBe(403);
  });

  it('creates exactly one order per key under parallel double submits', async () => {
    // Accounts one after another (password hashing has a queue); the orders all at once.
    const shoppers: Awaited<ReturnType<typeof shopper>>[] = [];
    for (let i = 0; i < (t.engine === 'postgresql' ? 100 : 10); i++) shoppers.push(await shopper([8]));
    const before = await orderCount();
    const results = await Promise.all(shoppers.flatMap((s) => {
      const key = crypto.randomUUID();
      return [create(s.client, fieldsOf(s.lines), [], key), create(s.client, fieldsOf(s.lines), [], key)];
    }));
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    for (let i = 0; i < results.length; i += 2) expect(results[i]!.json.number).toBe(results[i + 1]!.json.number);
    expect(await orderCount()).toBe(before + shoppers.length);
  }, 120_000);
});

describe('ordering needs an account (issue 28 point 2)', () => {
  it('a guest keeps a cart without prices; an order from him is refused before anything is read, naming no price', async () => {
    const guest = testClient(t.services);
    expect((await guest.post('/api/cart/add', { products: [{ part_id: stocked[0]!.part_id, count: 1 }] })).status).toBe(200);
    const cart = await (await guest.get(`/api/cart?branchId=${branchId}`)).json() as Answer;
    expect(cart.pricesShown).toBe(false);
    expect(cart.items[0].price).toBeNull();
    const before = await orderCount();
    const res = await create(guest, fieldsOf([{ id: cart.items[0].id, count: 1, price: 1 }]));
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error_status: 'error', message: 'Войдите, чтобы оформить заказ: корзина сохранится', code: 'sign-in' });
    expect(JSON.stringify(res.json)).not.toMatch(/\d{2}/);
    expect(await orderCount()).toBe(before);
  });
});

describe('the customer\'s letter (issue 28 points 3 and 15)', () => {
  const customerMail = async (number: string) => {
    const order = await t.db.selectFrom('orders_order').select('id').where('number', '=', number).executeTakeFirstOrThrow();
    return t.db.selectFrom('orders_mail').selectAll().where('order_id', '=', order.id).where('staff', '=', false).execute();
  };

  it('goes to the account\'s confirmed address, never to the one typed into the order: HTML with a text part, the order\'s link, the branch\'s phone', async () => {
    await t.db.updateTable('region_branch').set({ phone: '78005553535' }).where('id', '=', branchId).execute();
    const { client, email, lines } = await shopper([9]);
    const res = await create(client, fieldsOf(lines, { email: 'stranger@elsewhere.test' }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [letter, ...more] = await customerMail(res.json.number);
    expect(more).toEqual([]);
    expect(letter).toMatchObject({ recipient: email, channel: 'email' });
    const url = `https://shop.example/cart/order/${encodeURIComponent(res.json.number)}`;
    expect(letter!.body).toContain(`Заказ на сайте: ${url}`);
    expect(letter!.html).toContain(`<a href="${url}"`);
    expect(letter!.html).toContain('href="tel:+78005553535">+7 (800) 555-35-35</a>');
    expect(letter!.body).toMatch(/Телефон филиала «.+»: \+7 \(800\) 555-35-35\./);
    // Enqueued with the order; the job runner sends them after the commit.
    await expect.poll(async () => {
      await runDueJobs(t.services);
      return (await t.db.selectFrom('auth_outbox').select('body').where('recipient', '=', email).where('subject', 'like', `%${res.json.number}%`).execute()).map((m) => m.body.includes('--- HTML ---'));
    }, { timeout: 5000 }).toEqual([true]);
    expect(await t.db.selectFrom('auth_outbox').select('id').where('recipient', '=', 'stranger@elsewhere.test').execute()).toEqual([]);
  });

  it('is an SMS to the confirmed phone when the address is not confirmed; nothing when neither is', async () => {
    const byPhone = await shopper([10], { emailConfirmed: false, phone: '79125550011' });
    const res = await create(byPhone.client, fieldsOf(byPhone.lines));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [sms] = await customerMail(res.json.number);
    expect(sms).toMatchObject({ recipient: '79125550011', channel: 'sms', html: null });
    expect(sms!.body).toContain(`Заказ ${res.json.number} принят`);
    expect(sms!.body).toContain(`https://shop.example/cart/order/`);
    await expect.poll(async () => {
      await runDueJobs(t.services);
      return (await t.db.selectFrom('auth_outbox').select('channel').where('recipient', '=', '79125550011').execute()).map((m) => m.channel);
    }, { timeout: 5000 }).toEqual(['sms']);

    const unconfirmed = await shopper([11], { emailConfirmed: false });
    const other = await create(unconfirmed.client, fieldsOf(unconfirmed.lines));
    expect(other.status).toBe(200);
    expect(await customerMail(other.json.number)).toEqual([]);
  });
});

describe('the address typed into the order (issue 28 point 13)', () => {
  it('is offered to a profile without one: a confirmation link goes there; the profile keeps it once confirmed, never before', async () => {
    const byPhone = await shopper([12], { phone: '79125550012' });
    await t.db.updateTable('auth_user').set({ email: null, email_verified_at: null }).where('id', '=', byPhone.userId).execute();
    const res = await create(byPhone.client, fieldsOf(byPhone.lines, { email: 'Phone.Owner@Agro.test' }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const token = await t.db.selectFrom('auth_email_token').select(['email', 'purpose']).where('user_id', '=', byPhone.userId).execute();
    expect(token).toEqual([{ email: 'phone.owner@agro.test', purpose: 'email_change' }]);
    const links = await t.db.selectFrom('auth_outbox').select('body').where('recipient', '=', 'phone.owner@agro.test').execute();
    expect(links.map((l) => l.body.includes('/auth/confirm-email-change?token='))).toEqual([true]);
    // Not the account's address until confirmed: the order's letter is not sent there.
    expect((await t.db.selectFrom('auth_user').select('email').where('id', '=', byPhone.userId).executeTakeFirstOrThrow()).email).toBeNull();
    // The next order's form is prefilled with the address waiting for its confirmation.
    expect(await (await byPhone.client.get('/api/order/customer-info')).json()).toMatchObject({ email: 'phone.owner@agro.test' });

    // A profile with an address of its own is left alone.
    const withEmail = await shopper([13]);
    expect((await create(withEmail.client, fieldsOf(withEmail.lines, { email: 'other.one@agro.test' }))).status).toBe(200);
    expect(await t.db.selectFrom('auth_email_token').select('email').where('user_id', '=', withEmail.userId).execute()).toEqual([]);
  });
});

describe('a part \'цена по запросу\' goes into the order asking for a price (issue 28 point 9)', () => {
  it('is ordered as a line without a price, never dropped; the total is the priced lines\'', async () => {
    const onRequest = stocked[15]!;
    await t.db.updateTable('parts_part_branch').set({ price: null }).where('branch_id', '=', branchId).where('part_id', '=', onRequest.part_id).execute();
    const { client, userId, lines } = await shopper([0, 15]);
    const cart = await (await client.get(`/api/cart?branchId=${branchId}`)).json() as Answer;
    const seen = cart.items.map((l: Answer) => ({ id: l.id, count: l.count, price: l.price ?? 0 }));
    expect(seen.filter((l: Answer) => l.price === 0)).toHaveLength(1);
    const res = await create(client, fieldsOf(seen));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const priced = lines.find((l) => l.price === stocked[0]!.price)!;
    expect(res.json.total).toBe(priced.count * priced.price);
    const order = await t.db.selectFrom('orders_order').select('id').where('number', '=', res.json.number).executeTakeFirstOrThrow();
    const stored = await t.db.selectFrom('orders_line').select(['part_id', 'price', 'line_total']).where('order_id', '=', order.id).orderBy('id').execute();
    expect(stored.map((l) => [l.part_id, l.price === null ? null : Number(l.price), l.line_total === null ? null : Number(l.line_total)]))
      .toEqual([[stocked[0]!.part_id, priced.price, priced.count * priced.price], [onRequest.part_id, null, null]]);
    expect(await t.db.selectFrom('cart_item').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    const letter = await t.db.selectFrom('orders_mail').select(['body', 'html']).where('order_id', '=', order.id).where('staff', '=', false).executeTakeFirstOrThrow();
    expect(letter.body).toMatch(/шт\. × цена по запросу/);
    expect(letter.html).toContain('цена по запросу');
    await t.db.updateTable('parts_part_branch').set({ price: onRequest.price }).where('branch_id', '=', branchId).where('part_id', '=', onRequest.part_id).execute();
  });

  it('a price gone \'по запросу\' since the cart was seen is a change shown first; confirmed, the line is ordered asking for a price', async () => {
    const gone = stocked[16]!;
    const { client, lines } = await shopper([16]);
    await t.db.updateTable('parts_part_branch').set({ price: null }).where('branch_id', '=', branchId).where('part_id', '=', gone.part_id).execute();
    const first = await create(client, fieldsOf(lines));
    expect(first.status).toBe(409);
    expect(first.json.changes).toEqual([expect.objectContaining({ kind: 'no-price', price: null, message: expect.stringMatching(/цена теперь по запросу/) })]);
    const confirmed = await create(client, fieldsOf([{ ...lines[0]!, price: 0 }]));
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect(confirmed.json.total).toBe(0);
    // A price that appeared meanwhile is a change too.
    await t.db.updateTable('parts_part_branch').set({ price: gone.price }).where('branch_id', '=', branchId).where('part_id', '=', gone.part_id).execute();
    const again = await shopper([16]);
    const known = await create(again.client, fieldsOf([{ ...again.lines[0]!, price: 0 }]));
    expect(known.status).toBe(409);
    expect(known.json.changes).toEqual([expect.objectContaining({ kind: 'price', price: gone.price, message: expect.stringMatching(/цена теперь известна/) })]);
  });
});

describe('orders are limited per account and per network address (issue 28 point 3)', () => {
  const perAccount = ORDER_LIMIT_PER_ACCOUNT.limit;
  const perAddress = ORDER_LIMIT_PER_ADDRESS.limit;
  const statuses = (answers: ReadonlyArray<{ status: number }>) => answers.map((a) => a.status).sort();

  it(`of ${perAccount + 5} parallel orders of one account exactly ${perAccount} are taken; refused attempts before cost nothing`, async () => {
    const { client, userId, lines } = await shopper(Array.from({ length: perAccount + 5 }, (_, i) => i));
    // Three orders refused for a changed price do not count.
    for (let i = 0; i < 3; i++) expect((await create(client, fieldsOf([{ ...lines[0]!, price: lines[0]!.price + 1 }]))).status).toBe(409);
    // Each line as seen with no stock (an earlier test took a part's stock): taken 'под заказ'.
    const answers = await Promise.all(lines.map((l) => create(client, fieldsOf([{ ...l, stock: 0 }]))));
    expect(statuses(answers)).toEqual([...Array(perAccount).fill(200), ...Array(5).fill(429)]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.json.message).toMatch(/^Слишком много заказов подряд\. Попробуйте через \d+ мин\.$/);
    expect(Number((await sql<{ n: string }>`select count(*) as n from orders_order where user_id = ${userId}`.execute(t.db)).rows[0]!.n)).toBe(perAccount);
  }, 120_000);

  it(`of ${perAddress + 6} parallel orders of 3 accounts from one address exactly ${perAddress} are taken`, async () => {
    const each = (perAddress + 6) / 3;
    const shoppers: Awaited<ReturnType<typeof shopper>>[] = [];
    for (let i = 0; i < 3; i++) shoppers.push(await shopper(Array.from({ length: each }, (_, j) => j)));
    const before = await orderCount();
    const answers = await Promise.all(shoppers.flatMap((s) => s.lines.map((l) => create(s.client, fieldsOf([{ ...l, stock: 0 }]), [], crypto.randomUUID(), '198.51.100.23'))));
    expect(statuses(answers)).toEqual([...Array(perAddress).fill(200), ...Array(6).fill(429)]);
    expect(await orderCount()).toBe(before + perAddress);
    // Another address is not refused.
    const left = await shopper([0]);
    expect((await create(left.client, fieldsOf(left.lines), [], crypto.randomUUID(), '198.51.100.24')).status).toBe(200);
  }, 300_000);
});

describe('GET /api/order/regions and customer-info', () => {
  it('lists regions with branches; a guest gets empty contacts', async () => {
    const client = testClient(t.services);
    const regions = await (await client.get('/api/order/regions')).json();
    expect(regions.regions.length).toBeGreaterThan(0);
    expect(regions.regions[0].branches[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    const info = await (await client.get('/api/order/customer-info')).json();
    expect(info).toMatchObject({ error_status: 'success', name: '', phone: '', email: '' });
  });
});
