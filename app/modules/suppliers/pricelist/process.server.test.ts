import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { fileStorage } from '#app/.server/files/files.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { createApp } from '../../../../server/app.ts';
import { testClient } from '../../../../server/test-client.ts';
import { takeLetterPriceLists } from '../mail/mail-intake.server.ts';
import { grantRole } from '../suppliers.server.ts';
import { UPLOAD_MESSAGES } from './intake.schema.ts';
import { supplierOffersForParts } from './intake.server.ts';
import { elfHeader, windows1251 } from './pricelist.test-fixture.server.ts';
import { COLUMN_MESSAGES, confirmColumns, FIRST_LIST_HELD, processFile, publishHeld } from './process.server.ts';

/*
 * A price list's way from the cabinet's upload to the storefront (issue 32 §2–§7, ADR 096), on both
 * engines: uploaded, read and checked, matched, published by itself within the thresholds or held,
 * refused as a file when it is not a price list; each step logged and the organisation told. A
 * letter's file is taken for reading once.
 */

let t: TestDatabase;
let dir: string;
const codes: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pricelists-'));
  t = await createTestDatabase({ PRICELISTS_DIR: dir, PUBLIC_ORIGIN: 'https://shop.example' });
  const rows = await t.db.selectFrom('parts_part as p').innerJoin('parts_manufacturer as m', 'm.id', 'p.manufacturer_id')
    .select(['p.code']).where('m.name', '=', 'John Deere').orderBy('p.id').limit(40).execute();
  codes.push(...rows.map((r) => r.code));
}, 120_000);
afterAll(async () => { await t?.destroy(); await rm(dir, { recursive: true, force: true }); });

let n = 0;
async function supplier(sources = ['upload', 'mail']) {
  const email = `process${++n}@supplier.test`;
  const id = await createUser(t.db, { name: `Поставщик ${n}`, email, password: 'secret1', emailVerified: true });
  const org = (await grantRole(t.db, id, 'supplier'))!;
  await t.db.updateTable('suppliers_organisation').set({ sources, lead_time_days: 9 }).where('id', '=', org.id).execute();
  const client = testClient(t.services, { app: createApp({ services: t.services }) });
  expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  return { client, org: org.id, userId: id };
}

async function upload(client: ReturnType<typeof testClient>, name: string, bytes: Buffer, kind = 'full') {
  const boundary = '----pricelist-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const token = decodeURIComponent((await client.get('/api/csrf-token'), client.cookies.get('XSRF-TOKEN')!));
  return client.app.request('/api/suppliers/files', {
    method: 'POST', body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': token, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
}

const csv = (lines: string[]) => windows1251(['Артикул;Бренд;Наименование;Цена, руб.;Остаток', ...lines].join('\r\n'));

async function fileState(id: number) {
  return t.db.selectFrom('suppliers_file').select(['state', 'rows_total', 'rows_matched', 'rows_bad', 'report', 'source']).where('id', '=', id).executeTakeFirstOrThrow();
}

describe('an uploaded price list', () => {
  it('is read from a Windows-1251 CSV and matched; the first waits for its columns, confirmed by its publication; the next publishes by itself and shows on the storefront', async () => {
    const s = await supplier();
    const res = await upload(s.client, 'склад.csv', csv(codes.slice(0, 20).map((c, i) => `${c};John Deere;Деталь ${i};${1000 + i},50;>10`)));
    expect(res.status).toBe(201);
    const { id, link } = await res.json() as { id: number; link: string };
    expect(link).toBe(`/suppliers/files/${id}`);
    expect((await fileState(id)).state).toBe('received');
    const job = await t.db.selectFrom('job').select('key').where('key', '=', `suppliers.process-file:${id}`).executeTakeFirst();
    expect(job).toBeDefined();

    await processFile(t.services, id);
    const first = await fileState(id);
    expect(first).toMatchObject({ state: 'held', rows_total: 20, rows_matched: 20, rows_bad: 0 });
    const firstReport = (typeof first.report === 'string' ? JSON.parse(first.report) : first.report) as { held: string[]; mapping: { headers: string[]; columns: Record<string, number>; fromTemplate: boolean } };
    expect(firstReport.held).toEqual([FIRST_LIST_HELD]);
    expect(firstReport.mapping).toMatchObject({ headers: ['Артикул', 'Бренд', 'Наименование', 'Цена, руб.', 'Остаток'], columns: { code: 0, brand: 1, name: 2, price: 3, stock: 4 }, fromTemplate: false });
    expect(await publishHeld(t.db, { userId: s.userId, name: 'Поставщик' }, s.org, id)).toMatchObject({ ok: true, offers: 20 });
    const template = await t.db.selectFrom('suppliers_organisation').select('column_template').where('id', '=', s.org).executeTakeFirstOrThrow();
    expect(template.column_template).toMatchObject({ columns: { code: 'Артикул', price: 'Цена, руб.' } });

    const next = (await (await upload(s.client, 'склад-2.csv', csv(codes.slice(0, 20).map((c, i) => `${c};John Deere;Деталь ${i};${1010 + i},50;>10`)))).json() as { id: number }).id;
    await processFile(t.services, next);
    const f = await fileState(next);
    expect(f).toMatchObject({ state: 'published', rows_total: 20, rows_matched: 20, rows_bad: 0 });
    const report = (typeof f.report === 'string' ? JSON.parse(f.report) : f.report) as { steps: Array<{ step: string }>; mapping: { fromTemplate: boolean } };
    expect(report.steps.map((x) => x.step)).toEqual(['receive', 'read', 'match', 'decide', 'publish']);
    expect(report.mapping.fromTemplate).toBe(true);
    const part = await t.db.selectFrom('parts_part').select('id').where('code', '=', codes[0]!).executeTakeFirstOrThrow();
    expect((await supplierOffersForParts(t.db, [part.id], 'RUB')).get(part.id)).toMatchObject({ organisationId: s.org, leadTimeDays: 9, stock: 10 });
    const notices = await t.db.selectFrom('suppliers_notification').select(['kind']).where('organisation_id', '=', s.org).orderBy('id').execute();
    expect(notices).toEqual([{ kind: 'held' }, { kind: 'processed' }]);
    // A second run of the same job (a lost lease) changes nothing.
    await processFile(t.services, next);
    expect((await fileState(next)).state).toBe('published');
  });

  it('compares the next full list with the published one position by position: prices moved beyond the threshold hold it', async () => {
    const s = await supplier();
    const listOf = (price: (i: number) => number, written: (c: string, i: number) => string = (c) => `${c};John Deere`) =>
      csv([...codes.slice(0, 20).map((c, i) => `${written(c, i)};Деталь ${i};${price(i)},00;5`), `**;John Deere;Без номера;${price(20)},00;5`]);
    const first = (await (await upload(s.client, 'первый.csv', listOf(() => 1000))).json() as { id: number }).id;
    await processFile(t.services, first);
    expect(await publishHeld(t.db, { userId: s.userId, name: 'Поставщик' }, s.org, first)).toMatchObject({ ok: true });

    // Jumps: the code in lower case (the same position), the brand in capitals, three more, and the
    // code without letters or digits; not a jump: +10 %, and a code written with a dash (another position).
    const next = (await (await upload(s.client, 'второй.csv', listOf(
      (i) => (i <= 4 || i === 20 ? 2000 : i === 5 ? 1100 : i === 6 ? 3000 : 1000),
      (c, i) => (i === 0 ? `${c.toLowerCase()};John Deere` : i === 1 ? `${c};JOHN DEERE` : i === 6 ? `${c.slice(0, 2)}-${c.slice(2)};John Deere` : `${c};John Deere`),
    ))).json() as { id: number }).id;
    await processFile(t.services, next);
    const f = await fileState(next);
    expect(f).toMatchObject({ state: 'held', rows_total: 21 });
    const report = (typeof f.report === 'string' ? JSON.parse(f.report) : f.report) as { held: string[]; lines: Array<{ code: string; count?: number }> };
    expect(report.lines).toContainEqual(expect.objectContaining({ code: 'price_jump', count: 6 }));
    // Six of the twenty compared (the dashed code was not).
    expect(report.held).toEqual(['Слишком много цен изменилось сильнее порога (30 % при пороге 20 %)']);
    const jumped = await t.db.selectFrom('suppliers_position').select('row_number').where('file_id', '=', next)
      .where(sql<boolean>`'price_jump' = any(problems)`).orderBy('row_number').execute();
    expect(jumped.map((r) => r.row_number)).toEqual([1, 2, 3, 4, 5, 21]);
    const kinds = (await t.db.selectFrom('suppliers_notification').select('kind').where('organisation_id', '=', s.org).orderBy('id').execute()).map((x) => x.kind);
    expect(kinds).toEqual(['held', 'held', 'price_jump']);
  });

  it('reads a list again with the columns the supplier chose, which become the template', async () => {
    const s = await supplier();
    // The price column's header names no price: the supplier points at it.
    const bytes = windows1251(['Артикул;Бренд;Стоимость без НДС;Цена;Остаток', ...codes.slice(0, 5).map((c) => `${c};John Deere;777,00;1;5`)].join('\r\n'));
    const id = (await (await upload(s.client, 'колонки.csv', bytes)).json() as { id: number }).id;
    await processFile(t.services, id);
    expect((await fileState(id)).state).toBe('held');
    const actor = { userId: s.userId, name: 'Поставщик' };
    expect(await confirmColumns(t.db, actor, s.org, id, { code: 0, price: 0 })).toEqual({ ok: false, message: COLUMN_MESSAGES.doubled });
    expect(await confirmColumns(t.db, actor, s.org, id, { brand: 1 })).toEqual({ ok: false, message: COLUMN_MESSAGES.required });
    expect(await confirmColumns(t.db, actor, s.org + 1000, id, { code: 0, price: 2 })).toMatchObject({ ok: false });
    expect(await confirmColumns(t.db, actor, s.org, id, { code: 0, brand: 1, price: 2, stock: 4 })).toEqual({ ok: true });
    expect((await fileState(id)).state).toBe('received');
    await processFile(t.services, id);
    const f = await fileState(id);
    expect(f).toMatchObject({ state: 'published', rows_total: 5 });
    const price = await t.db.selectFrom('suppliers_position').select('price').where('file_id', '=', id).where('row_number', '=', 1).executeTakeFirstOrThrow();
    expect(price.price).toBe(77_700);
  });

  it('waits for an acknowledgement when too many rows are bad, and is refused as a file when it is no price list', async () => {
    const s = await supplier();
    const bad = await upload(s.client, 'плохой.csv', csv([...codes.slice(0, 5).map((c) => `${c};John Deere;Деталь;100;1`), ...codes.slice(5, 10).map((c) => `${c};John Deere;Деталь;-5;1`)]));
    const heldId = (await bad.json() as { id: number }).id;
    await processFile(t.services, heldId);
    expect(await fileState(heldId)).toMatchObject({ state: 'held', rows_total: 10, rows_bad: 5 });

    const exe = await upload(s.client, 'price.xlsx', Buffer.concat([elfHeader(), Buffer.alloc(4096, 1)]));
    const exeId = (await exe.json() as { id: number }).id;
    await processFile(t.services, exeId);
    const failed = await fileState(exeId);
    expect(failed.state).toBe('failed');
    const kinds = (await t.db.selectFrom('suppliers_notification').select('kind').where('organisation_id', '=', s.org).orderBy('id').execute()).map((x) => x.kind);
    expect(kinds).toEqual(['held', 'failed']);
    expect(await t.db.selectFrom('suppliers_offer').select('part_id').where('organisation_id', '=', s.org).execute()).toEqual([]);
  });

  it('is refused before anything is kept: no file, an empty one, an organisation without uploads, a customer', async () => {
    const s = await supplier();
    const empty = await upload(s.client, 'пусто.csv', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect((await empty.json() as { message: string }).message).toBe(UPLOAD_MESSAGES.empty);
    const mailOnly = await supplier(['mail']);
    const refused = await upload(mailOnly.client, 'a.csv', csv([`${codes[0]};John Deere;Деталь;1;1`]));
    expect(refused.status).toBe(403);
    expect((await refused.json() as { message: string }).message).toBe(UPLOAD_MESSAGES.notAllowed);
    const email = `customer${++n}@agro.test`;
    await createUser(t.db, { name: 'Покупатель', email, password: 'secret1', emailVerified: true });
    const customer = testClient(t.services, { app: createApp({ services: t.services }) });
    await customer.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } });
    expect((await upload(customer, 'a.csv', csv([`${codes[0]};John Deere;Деталь;1;1`]))).status).toBe(403);
    const kept = await t.db.selectFrom('suppliers_file').select('id').where('organisation_id', 'in', [s.org, mailOnly.org]).execute();
    expect(kept).toEqual([]);
  });
});

describe('a letter\'s price list', () => {
  it('is registered for reading once, however often it is taken', async () => {
    const s = await supplier();
    const key = `pricelists/${s.org}/letter-file`;
    await fileStorage(t.services.config, 'pricelists').put(key, csv([`${codes[0]};John Deere;Деталь;1;1`]));
    const letter = await t.db.insertInto('suppliers_letter').values({
      mailbox: 'INBOX', uidvalidity: 1, uid: 1000 + n, size: 100, from_address: 'price@supplier.test', subject: 'Прайс', state: 'accepted', organisation_id: s.org,
    } as never).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('suppliers_letter_attachment').values({
      letter_id: letter.id, file_name: 'прайс.csv', content_type: 'text/csv', size: 100, storage_key: key, state: 'received',
    } as never).execute();
    const [a, b] = await Promise.all([takeLetterPriceLists(t.db), takeLetterPriceLists(t.db)]);
    expect(a + b).toBe(1);
    expect(await takeLetterPriceLists(t.db)).toBe(0);
    const files = await t.db.selectFrom('suppliers_file').select(['id', 'source', 'name']).where('organisation_id', '=', s.org).execute();
    expect(files).toMatchObject([{ source: 'mail', name: 'прайс.csv' }]);
    await processFile(t.services, files[0]!.id);
    expect((await fileState(files[0]!.id)).state).toBe('held');
  });
});
