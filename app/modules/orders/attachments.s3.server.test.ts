import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { imageStorage } from '#app/.server/files/image-variants.ts';
import { storeImage } from '#app/.server/files/images.ts';
import { startTestS3 } from '#app/.server/files/s3-test-server.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import * as downloadRoute from '#app/routes/cart.order.$number.files.$id.ts';
import { createApp } from '../../../server/app.ts';
import { fakeServerBuild } from '../../../server/test-build.ts';
import { testClient } from '../../../server/test-client.ts';
import { attachmentStorage } from './attachment-storage.server.ts';
import { ordersHousekeeping } from './orders.server.ts';

/*
 * Orders' attachments on an S3-compatible store (FILE_STORAGE=s3, s3rver on loopback): staged while
 * the upload streams, promoted with the order, nothing left of a refused one, downloaded by the
 * owner only; and the images' route through the whole app. The local disk's side is in
 * orders.api.server.test.ts and server/security/binary-download.security.test.ts.
 */

let t: TestDatabase;
let s3: Awaited<ReturnType<typeof startTestS3>>;
let app: ReturnType<typeof createApp>;
let branchId: number;
let parts: number[];

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestDatabase({ ...s3.env, S3_PREFIX: `t${Date.now()}${Math.floor(Math.random() * 1e6)}/`, PUBLIC_ORIGIN: 'https://shop.example' });
  const branch = await sql<{ branch_id: number }>`
    select branch_id from parts_part_branch where price > 0 and quantity >= 50 and currency = 'RUB'
    group by branch_id order by count(*) desc limit 1`.execute(t.db);
  branchId = branch.rows[0]!.branch_id;
  parts = (await t.db.selectFrom('parts_part_branch').select('part_id').where('branch_id', '=', branchId).where('price', '>', 0)
    .where('quantity', '>=', 50).where('currency', '=', 'RUB').orderBy('part_id').limit(4).execute()).map((r) => r.part_id);
  app = createApp({ services: t.services, build: fakeServerBuild({ 'routes/cart.order.$number.files.$id': { path: 'cart/order/:number/files/:id', module: downloadRoute } }) });
});
afterAll(async () => {
  await t?.destroy();
  await s3?.stop();
});

let n = 0;
async function shopper(part: number) {
  const email = `s3-orders${++n}@agro.test`;
  await createUser(t.db, { name: 'Пётр Иванов', email, password: 'secret1', emailVerified: true });
  const client = testClient(t.services, { app });
  expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  expect((await client.post('/api/cart/add', { products: [{ part_id: part, count: 1 }] })).status).toBe(200);
  const line = await t.db.selectFrom('cart_item').innerJoin('auth_user', 'auth_user.id', 'cart_item.user_id').select(['cart_item.id', 'cart_item.count'])
    .where('auth_user.email', '=', email).executeTakeFirstOrThrow();
  const price = await t.db.selectFrom('parts_part_branch').select('price').where('branch_id', '=', branchId).where('part_id', '=', part).executeTakeFirstOrThrow();
  return { client, products: JSON.stringify([{ id: line.id, count: line.count, price: Number(price.price) }]) };
}

async function order(client: ReturnType<typeof testClient>, products: string, files: Array<{ name: string; bytes: Uint8Array }>) {
  const data = new FormData();
  for (const [k, v] of Object.entries({ products, name: 'Пётр Иванов', phone: '+7 (912) 345-67-89', email: 'petr@agro.test', branchId: String(branchId), deliveryMethod: 'pickup' })) data.append(k, v);
  for (const f of files) data.append('files[]', new Blob([f.bytes as BlobPart]), f.name);
  const encoded = new Response(data);
  const res = await client.app.request('/api/order/create', {
    method: 'POST',
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: {
      'content-type': encoded.headers.get('content-type')!, 'idempotency-key': crypto.randomUUID(),
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
    },
  });
  return { status: res.status, json: await res.json() as { number?: string; message?: string } };
}

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = (() => { const b = new Uint8Array(512); b.set([0x4d, 0x5a, 0x90, 0x00]); b.set([0x50, 0x45, 0, 0], 128); b[60] = 128; return b; })();

describe('orders\' attachments on S3', () => {
  it('stores an order\'s files in the bucket and gives them to their owner only', async () => {
    const storage = attachmentStorage(t.services.config);
    expect(storage.backend).toBe('s3');
    const { client, products } = await shopper(parts[0]!);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const res = await order(client, products, [{ name: 'заявка.pdf', bytes: PDF }, { name: 'фото', bytes: png }]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const row = await t.db.selectFrom('orders_order').select('id').where('number', '=', res.json.number!).executeTakeFirstOrThrow();
    const files = await t.db.selectFrom('orders_attachment').selectAll().where('order_id', '=', row.id).orderBy('id').execute();
    expect(files.map((f) => [f.original_name, f.mime_type])).toEqual([['заявка.pdf', 'application/pdf'], ['фото.png', 'image/png']]);
    for (const f of files) {
      expect(f.storage_key).toMatch(new RegExp(`^orders/${row.id}/[0-9a-f-]{36}$`));
      expect(await storage.size(f.storage_key)).toBe(Number(f.size_bytes));
    }
    // Nothing staged is left behind: every temporary object became the order's.
    expect(await storage.sweepTemp(0)).toBe(0);

    const path = `/cart/order/${encodeURIComponent(res.json.number!)}/files/${files[0]!.id}`;
    const download = await client.get(path);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-length')).toBe(String(PDF.byteLength));
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
    const stranger = await shopper(parts[1]!);
    expect((await stranger.client.get(path)).status).toBe(404);
  });

  it('leaves nothing in the bucket of a refused order', async () => {
    const storage = attachmentStorage(t.services.config);
    const { client, products } = await shopper(parts[2]!);
    const res = await order(client, products, [{ name: 'заявка.pdf', bytes: PDF }, { name: 'счёт.pdf', bytes: EXE }]);
    expect(res.status).toBe(415);
    expect(await storage.sweepTemp(0)).toBe(0);
  });

  it('sweeps staged files in the housekeeping', async () => {
    const storage = attachmentStorage(t.services.config);
    const staged = await storage.putTemp(PDF);
    await ordersHousekeeping(t.services, storage);
    // A day's age is what the housekeeping sweeps: a file staged a moment ago stays.
    expect(await storage.size(staged.key)).toBe(PDF.byteLength);
    await storage.delete(staged.key);
  });
});

describe('images through the app', () => {
  it('serves a stored image\'s variants from the bucket, before any session', async () => {
    const jpeg = await sharp({ create: { width: 360, height: 240, channels: 3, background: '#2e6b30' } }).jpeg().toBuffer();
    const outcome = await storeImage(imageStorage(t.services.config), jpeg);
    if (!outcome.ok) throw new Error(outcome.message);
    const avif = outcome.image.variants.find((v) => v.format === 'avif' && v.width === 360)!;
    const res = await app.request(avif.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await res.arrayBuffer()).byteLength).toBe(avif.bytes);
    expect((await app.request(`/media/images/${outcome.image.id}/source`)).status).toBe(404);
  });
});
