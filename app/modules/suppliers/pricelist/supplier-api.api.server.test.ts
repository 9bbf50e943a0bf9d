import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { createApp } from '../../../../server/app.ts';
import { fakeServerBuild } from '../../../../server/test-build.ts';
import { testClient } from '../../../../server/test-client.ts';
import * as positionsRoute from '../../../routes/suppliers.files.$id.positions.tsx';
import * as apiRoute from '../../../routes/suppliers.api.tsx';
import { createFile } from './intake.server.ts';
import { elfHeader } from './pricelist.test-fixture.server.ts';
import { createToken, grantRole, revokeToken } from '../suppliers.server.ts';
import { supplierOffersForParts } from './intake.server.ts';
import { processFile, processPriceListJob } from './process.server.ts';
import { type SUPPLIER_OPENAPI } from './supplier-api.constants.ts';
import { apiPosition } from './supplier-api.schema.ts';

/*
 * The suppliers' REST API (spec §2 `/suppliers/api`, ADR 098) on both engines: a push with the
 * organisation's token is accepted and, once processed, published; tokens of other organisations,
 * revoked, missing or malformed ones get nothing; bad positions and unmappable columns are 422
 * naming them; an oversized body is 413; cookies give the API no authority.
 */

let t: TestDatabase;
let dir: string;
const codes: string[] = [];
const actor = { userId: 1, name: 'Менеджер' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'supplier-api-'));
  t = await createTestDatabase({ PRICELISTS_DIR: dir, PUBLIC_ORIGIN: 'https://shop.example' });
  const rows = await t.db.selectFrom('parts_part as p').innerJoin('parts_manufacturer as m', 'm.id', 'p.manufacturer_id')
    .select(['p.code']).where('m.name', '=', 'John Deere').orderBy('p.id').limit(20).execute();
  codes.push(...rows.map((r) => r.code));
}, 120_000);
afterAll(async () => { await t?.destroy(); await rm(dir, { recursive: true, force: true }); });

let n = 0;
async function organisation(sources = ['api']) {
  const id = await createUser(t.db, { name: `API-поставщик ${++n}`, email: `api${n}@supplier.test`, password: 'secret1', emailVerified: true });
  const org = (await grantRole(t.db, id, 'supplier'))!;
  await t.db.updateTable('suppliers_organisation').set({ sources, lead_time_days: 7 }).where('id', '=', org.id).execute();
  const token = await createToken(t.db, actor, org.id, 'Учётная система');
  if (!token.ok) throw new Error(token.message);
  return { org: org.id, token: token.value, email: `api${n}@supplier.test` };
}

const app = () => createApp({ services: t.services });
const BASE = 'http://shop.test/api/suppliers/v1';

function call(path: string, token: string | null, init: RequestInit = {}, appInstance = app()) {
  const headers = new Headers(init.headers);
  if (token !== null) headers.set('authorization', `Bearer ${token}`);
  return appInstance.request(`${BASE}${path}`, { ...init, headers });
}
const pushJson = (token: string | null, body: unknown, appInstance = app()) =>
  call('/price-lists', token, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }, appInstance);

const positions = (count: number, from = 0) => codes.slice(from, from + count).map((code, i) => ({
  code, brand: 'John Deere', name: `Деталь ${i}`, price: 1000 + i + 0.5, stock: 12, multiplicity: 1, minOrder: 1, leadTimeDays: 5,
}));

/** Runs the list's queued job as the worker would (with the template its payload carries). */
async function runJob(id: number) {
  const job = await t.db.selectFrom('job').select('payload').where('key', '=', `suppliers.process-file:${id}`).executeTakeFirstOrThrow();
  const payload = processPriceListJob.payload.parse(typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload);
  await processFile(t.services, payload.fileId, payload.template);
}

describe('a push of positions as JSON', () => {
  it('is accepted with the organisation\'s token (202), processed and published; its state, report and positions are read back', async () => {
    const a = await organisation();
    const res = await pushJson(a.token, { kind: 'full', positions: positions(10) });
    expect(res.status).toBe(202);
    const body = await res.json() as { id: number; status: string; link: string };
    expect(body).toMatchObject({ status: 'received', link: `/api/suppliers/v1/price-lists/${body.id}` });
    const file = await t.db.selectFrom('suppliers_file').select(['source', 'organisation_id', 'state']).where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(file).toEqual({ source: 'api', organisation_id: a.org, state: 'received' });
    const used = await t.db.selectFrom('suppliers_api_token').select('last_used_at').where('organisation_id', '=', a.org).executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();

    await runJob(body.id);
    const state = await (await call(`/price-lists/${body.id}`, a.token)).json() as { status: string; counts: { rows: number; matched: number; bad: number } };
    expect(state).toMatchObject({ status: 'published', counts: { rows: 10, matched: 10, bad: 0 } });
    const part = await t.db.selectFrom('parts_part').select('id').where('code', '=', codes[0]!).executeTakeFirstOrThrow();
    expect((await supplierOffersForParts(t.db, [part.id], 'RUB')).get(part.id)).toMatchObject({ organisationId: a.org, leadTimeDays: 5, stock: 12 });
    const offer = await t.db.selectFrom('suppliers_offer').select(['price', 'lead_time_days']).where('organisation_id', '=', a.org).where('part_id', '=', part.id).executeTakeFirstOrThrow();
    expect(Number(offer.price)).toBe(100_050);

    const page = await (await call(`/price-lists/${body.id}/positions?show=matched&page=1`, a.token)).json() as { positions: Array<{ code: string }>; hasNext: boolean };
    expect(page.positions).toHaveLength(10);
    expect(page.positions[0]!.code).toBe(codes[0]);
  });

  it('answers 422 naming the bad positions and fields, and keeps nothing', async () => {
    const a = await organisation();
    const bad = await pushJson(a.token, { positions: [{ code: 'A1', price: 10 }, { code: '', price: -1 }, { code: 'B2', price: 'дорого', stock: 1.5 }] });
    expect(bad.status).toBe(422);
    const body = await bad.json() as { message: string; errors: Array<{ position: number; field: string }> };
    expect(body.errors).toEqual(expect.arrayContaining([
      expect.objectContaining({ position: 2, field: 'code' }), expect.objectContaining({ position: 2, field: 'price' }),
      expect.objectContaining({ position: 3, field: 'price' }), expect.objectContaining({ position: 3, field: 'stock' }),
    ]));
    expect(body.message).toContain('позиция 2, поле code');
    expect((await pushJson(a.token, { positions: [] })).status).toBe(422);
    expect((await pushJson(a.token, { kind: 'всё', positions: positions(1) })).status).toBe(422);
    const notJson = await call('/price-lists', a.token, { method: 'POST', body: '{"positions": [', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(422);
    expect((await call('/price-lists', a.token, { method: 'POST', body: 'x', headers: { 'content-type': 'image/png' } })).status).toBe(415);
    expect(await t.db.selectFrom('suppliers_file').select('id').where('organisation_id', '=', a.org).execute()).toEqual([]);
  });

  it('takes control characters out of texts, and refuses a code made of them only', async () => {
    const a = await organisation();
    const res = await pushJson(a.token, { positions: [{ code: `${codes[0]}\u0000`, brand: 'John\tDeere', name: 'Фильтр\r\n"масляный";\u0007', price: 10 }] });
    expect(res.status).toBe(202);
    const { id } = await res.json() as { id: number };
    await runJob(id);
    const rows = await t.db.selectFrom('suppliers_position').select(['code', 'brand', 'name']).where('file_id', '=', id).execute();
    expect(rows).toEqual([{ code: codes[0], brand: 'John Deere', name: 'Фильтр "масляный";' }]);
    expect(apiPosition.safeParse({ code: '\u0000\u0001', price: 1 }).success).toBe(false);
    expect((await pushJson(a.token, { positions: [{ code: '\u0000\u001f', price: 1 }] })).status).toBe(422);
  });

  it('takes up to 50,000 positions in one call', async () => {
    const a = await organisation();
    const many = Array.from({ length: 50_001 }, (_, i) => ({ code: `P-${i}`, brand: 'Агросиб', name: 'Деталь', price: 10 + (i % 100), stock: 1 }));
    const over = await pushJson(a.token, { positions: many });
    expect(over.status).toBe(422);
    expect((await over.json() as { message: string }).message).toContain('не больше 50');
    const res = await pushJson(a.token, { positions: many.slice(0, 50_000) });
    expect(res.status).toBe(202);
    const { id } = await res.json() as { id: number };
    const file = await t.db.selectFrom('suppliers_file').select(['size_bytes', 'storage_key']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(file.size_bytes)).toBeGreaterThan(1_000_000);
  }, 60_000);

  it('refuses a body over the limit with 413', async () => {
    const a = await organisation();
    const small = createApp({ services: t.services, bodyLimits: [{ path: '/api/suppliers/v1/price-lists', maxBytes: 2_000 }] });
    expect((await pushJson(a.token, { positions: positions(20) }, small)).status).toBe(413);
    const csv = Buffer.from(`Артикул;Цена\r\n${'X1;1\r\n'.repeat(1000)}`);
    expect((await call('/price-lists?name=big.csv', a.token, { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } }, small)).status).toBe(413);
    expect(await t.db.selectFrom('suppliers_file').select('id').where('organisation_id', '=', a.org).execute()).toEqual([]);
  });
});

describe('a push of a file', () => {
  it('is accepted as the body or as multipart with a template; processed with that template', async () => {
    const a = await organisation();
    const csv = Buffer.from(['Артикул;Бренд;Цена, руб.;Остаток', ...codes.slice(0, 5).map((c) => `${c};John Deere;250,00;>10`)].join('\r\n'));
    const raw = await call('/price-lists?kind=full&name=склад.csv', a.token, { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } });
    expect(raw.status).toBe(202);
    const rawId = (await raw.json() as { id: number }).id;
    await runJob(rawId);
    // The organisation's first file without a template waits until its columns are confirmed (ADR 096).
    expect(await t.db.selectFrom('suppliers_file').select(['state', 'name', 'rows_matched']).where('id', '=', rawId).executeTakeFirstOrThrow())
      .toEqual({ state: 'held', name: 'склад.csv', rows_matched: 5 });

    // Headers no reading knows, mapped by the template's letters.
    const odd = Buffer.from(['Шифр;Изготовитель X;Стоим.;Склад Z', ...codes.slice(5, 8).map((c) => `${c};John Deere;99,90;3`)].join('\r\n'));
    const form = new FormData();
    form.set('kind', 'delta');
    form.set('template', JSON.stringify({ headerRow: 1, columns: { code: 'A', brand: 'B', price: 'C', stock: 'D' } }));
    form.set('file', new Blob([odd], { type: 'text/csv' }), 'odd.csv');
    const multi = await call('/price-lists', a.token, { method: 'POST', body: form });
    expect(multi.status).toBe(202);
    const multiId = (await multi.json() as { id: number }).id;
    await runJob(multiId);
    expect(await t.db.selectFrom('suppliers_file').select(['state', 'kind', 'rows_matched']).where('id', '=', multiId).executeTakeFirstOrThrow())
      .toEqual({ state: 'published', kind: 'delta', rows_matched: 3 });
  });

  it('answers 422 naming missing and doubly mapped columns, and keeps nothing', async () => {
    const a = await organisation();
    const noPrice = Buffer.from(['Артикул;Бренд;Наименование', `${codes[0]};John Deere;Фильтр`].join('\r\n'));
    const missing = await call('/price-lists?name=a.csv', a.token, { method: 'POST', body: noPrice, headers: { 'content-type': 'text/csv' } });
    expect(missing.status).toBe(422);
    const m = await missing.json() as { message: string; missing: string[] };
    expect(m.missing).toContain('price');
    expect(m.message).toContain('Цена');

    const twoPrices = Buffer.from(['Артикул;Цена;Цена', `${codes[0]};1;2`].join('\r\n'));
    const doubled = await call('/price-lists?name=b.csv', a.token, { method: 'POST', body: twoPrices, headers: { 'content-type': 'text/csv' } });
    expect(doubled.status).toBe(422);
    expect((await doubled.json() as { doubled: Array<{ field: string }> }).doubled).toEqual([expect.objectContaining({ field: 'price' })]);

    const form = new FormData();
    form.set('template', JSON.stringify({ headerRow: 1, columns: { code: 'A', price: 'A' } }));
    form.set('file', new Blob([Buffer.from(`Артикул;Цена\r\n${codes[0]};1`)], { type: 'text/csv' }), 'c.csv');
    const sameColumn = await call('/price-lists', a.token, { method: 'POST', body: form });
    expect(sameColumn.status).toBe(422);
    expect((await sameColumn.json() as { message: string }).message).toContain('указана для нескольких полей');

    const exe = await call('/price-lists?name=price.xlsx', a.token, {
      method: 'POST', body: Buffer.concat([elfHeader(), Buffer.alloc(4096, 1)]), headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    expect(exe.status).toBe(422);
    expect((await exe.json() as { message: string }).message).toMatch(/^Файл не принят: /);
    expect((await call('/price-lists?name=empty.csv', a.token, { method: 'POST', body: '', headers: { 'content-type': 'text/csv' } })).status).toBe(422);

    const badTemplate = new FormData();
    badTemplate.set('template', '{"columns": 5');
    badTemplate.set('file', new Blob([Buffer.from('Артикул;Цена\r\nA;1')]), 'd.csv');
    expect((await call('/price-lists', a.token, { method: 'POST', body: badTemplate })).status).toBe(422);
    expect(await t.db.selectFrom('suppliers_file').select('id').where('organisation_id', '=', a.org).execute()).toEqual([]);
  });
});

describe('who may call', () => {
  it('refuses missing, malformed, unknown and revoked tokens (401), and an organisation without the API (403)', async () => {
    const a = await organisation();
    for (const header of [null, 'Basic abc', 'Bearer', 'Bearer sup_nope', `Bearer ${a.token}x`, `Token ${a.token}`]) {
      const res = await app().request(`${BASE}/price-lists`, {
        method: 'POST', body: JSON.stringify({ positions: positions(1) }),
        headers: { 'content-type': 'application/json', ...(header ? { authorization: header } : {}) },
      });
      expect(res.status, String(header)).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
    }
    const tokenRow = await t.db.selectFrom('suppliers_api_token').select('id').where('organisation_id', '=', a.org).executeTakeFirstOrThrow();
    expect((await revokeToken(t.db, actor, a.org, tokenRow.id)).ok).toBe(true);
    expect((await pushJson(a.token, { positions: positions(1) })).status).toBe(401);

    const mailOnly = await organisation(['upload', 'mail']);
    const refused = await pushJson(mailOnly.token, { positions: positions(1) });
    expect(refused.status).toBe(403);
    expect(await t.db.selectFrom('suppliers_file').select('id').where('organisation_id', 'in', [a.org, mailOnly.org]).execute()).toEqual([]);
  });

  it('shows one organisation nothing of another\'s lists (404 as for a missing one)', async () => {
    const a = await organisation();
    const b = await organisation();
    const { id } = await (await pushJson(a.token, { positions: positions(2) })).json() as { id: number };
    expect((await call(`/price-lists/${id}`, a.token)).status).toBe(200);
    for (const path of [`/price-lists/${id}`, `/price-lists/${id}/positions`, '/price-lists/99999999', '/price-lists/abc', '/price-lists/0/positions']) {
      expect((await call(path, b.token)).status, path).toBe(404);
    }
    // B's push lands in B's organisation whatever it names.
    const pushed = await (await pushJson(b.token, { name: `список ${id}`, positions: positions(1) })).json() as { id: number };
    const owner = await t.db.selectFrom('suppliers_file').select('organisation_id').where('id', '=', pushed.id).executeTakeFirstOrThrow();
    expect(owner.organisation_id).toBe(b.org);
  });

  it('gives cookies no authority: a signed-in supplier without a token is 401, and no CSRF token is asked of a token', async () => {
    const a = await organisation();
    const client = testClient(t.services, { app: app() });
    expect((await client.post('/api/auth/authorize', { type: 'email', props: { email: a.email, password: 'secret1' } })).status).toBe(200);
    await client.get('/api/csrf-token');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app().request(`${BASE}/price-lists`, {
      method: 'POST', body: JSON.stringify({ positions: positions(1) }),
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN')!) },
    });
    expect(res.status).toBe(401);
    expect((await app().request(`${BASE}/price-lists/1`, { headers: { cookie } })).status).toBe(401);
    expect((await pushJson(a.token, { positions: positions(1) })).status).toBe(202);
  });

  it('limits calls per token (429 with Retry-After)', async () => {
    const a = await organisation();
    // A token comes back every second: a slow run makes a few more calls before the refusal.
    let last: Response | undefined;
    let calls = 0;
    do { last = await call('/price-lists/1', a.token); calls += 1; } while (last.status !== 429 && calls < 90);
    expect(last.status).toBe(429);
    expect(calls).toBeGreaterThan(60);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the schema', () => {
  it('is served without a token and names every field of a position', async () => {
    const res = await app().request(`${BASE}/openapi.json`);
    expect(res.status).toBe(200);
    const schema = await res.json() as typeof SUPPLIER_OPENAPI;
    expect(schema.openapi).toBe('3.1.0');
    expect(Object.keys(schema.components.schemas.Position.properties).sort()).toEqual(Object.keys(apiPosition.shape).sort());
  });
});

describe('the cabinet\'s API page', () => {
  const build = () => fakeServerBuild({
    'routes/api': { path: 'suppliers/api', module: apiRoute },
    'routes/api-positions': { path: 'suppliers/api/:id/positions', module: positionsRoute },
    'routes/positions': { path: 'suppliers/files/:id/positions', module: positionsRoute },
  });
  async function signedIn(email: string) {
    const client = testClient(t.services, { app: createApp({ services: t.services, build: build() }) });
    expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
    return client;
  }

  it('lists the organisation\'s API lists and its tokens\' first characters, never a token; positions of API lists only', async () => {
    const a = await organisation();
    const b = await organisation();
    const { id } = await (await pushJson(a.token, { name: 'выгрузка-1С', positions: positions(3) })).json() as { id: number };
    await runJob(id);
    const uploaded = await createFile(t.db, a.org, { source: 'upload', name: 'загружен.csv' });
    const ca = await signedIn(a.email);
    expect((await ca.get('/suppliers/api')).status).toBe(200);
    const page = await (await ca.get('/suppliers/api.data')).text();
    expect(page).toContain('выгрузка-1С');
    expect(page).not.toContain('загружен.csv');
    expect(page).toContain(a.token.slice(0, 10));
    expect(page).not.toContain(a.token);
    expect(page).toContain('/api/suppliers/v1');
    expect((await ca.get(`/suppliers/api/${id}/positions`)).status).toBe(200);
    expect(await (await ca.get(`/suppliers/api/${id}/positions.data?show=matched`)).text()).toContain(codes[0]!);
    expect((await ca.get(`/suppliers/api/${uploaded}/positions`)).status).toBe(404);
    expect((await ca.get(`/suppliers/files/${uploaded}/positions`)).status).toBe(200);

    const cb = await signedIn(b.email);
    expect((await cb.get(`/suppliers/api/${id}/positions`)).status).toBe(404);
    expect(await (await cb.get('/suppliers/api.data')).text()).not.toContain('выгрузка-1С');
  });
});
