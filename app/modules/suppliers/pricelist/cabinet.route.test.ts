import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import * as fileRoute from '../../../routes/suppliers.files.$id.tsx';
import * as positionsRoute from '../../../routes/suppliers.files.$id.positions.tsx';
import * as filesRoute from '../../../routes/suppliers.files.tsx';
import * as logRoute from '../../../routes/suppliers.processing-logs.$id.tsx';
import * as noticesRoute from '../../../routes/suppliers.notifications.tsx';
import { createApp } from '../../../../server/app.ts';
import { fakeServerBuild } from '../../../../server/test-build.ts';
import { testClient } from '../../../../server/test-client.ts';
import { grantRole } from '../suppliers.server.ts';
import { createFile, finishProcessing, stageRows, type StagedRow } from './intake.server.ts';
import { notifyOrganisation } from './notices.server.ts';

/*
 * The cabinet's price-list screens (spec §2 `/suppliers/files…`, `/suppliers/processing-logs/{id}`,
 * `/suppliers/notifications`; ADR 096) over HTTP: a supplier sees his organisation's lists only (another's
 * id is a 404 like a missing one), filters positions, matches one by hand and publishes a held list.
 */

let t: TestDatabase;
const build = () => fakeServerBuild({
  'routes/files': { path: 'suppliers/files', module: filesRoute },
  'routes/file': { path: 'suppliers/files/:id', module: fileRoute },
  'routes/positions': { path: 'suppliers/files/:id/positions', module: positionsRoute },
  'routes/log': { path: 'suppliers/processing-logs/:id', module: logRoute },
  'routes/notices': { path: 'suppliers/notifications', module: noticesRoute },
});

let n = 0;
async function supplier() {
  const email = `cabinet${++n}@supplier.test`;
  const id = await createUser(t.db, { name: `Поставщик ${n}`, email, password: 'secret1', emailVerified: true });
  const org = (await grantRole(t.db, id, 'supplier'))!;
  const client = testClient(t.services, { app: createApp({ services: t.services, build: build() }) });
  expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  return { client, org: org.id };
}

const row = (rowNumber: number, code: string, brand: string, price: number): StagedRow =>
  ({ rowNumber, code, brand, name: `Позиция ${rowNumber}`, price, currency: null, stock: 5, multiplicity: 1, minOrder: 1, leadTimeDays: null, problems: [] });

async function heldList(org: number) {
  const file = await createFile(t.db, org, { source: 'upload', name: 'прайс.csv' });
  await stageRows(t.services, org, file, [row(2, 'RE59754', 'John Deere', 150_000), row(3, 'QQ-404-NOPE', 'Агросиб', 1_000)]);
  await finishProcessing(t.db, org, file, { state: 'held', report: { lines: [{ code: 'price_jump', label: 'Скачок цены', count: 1 }], held: ['цены изменились у 30 % позиций'], steps: [{ step: 'read', label: 'Чтение', startedAt: new Date().toISOString(), ms: 120, count: 2 }] } });
  return file;
}

beforeAll(async () => { t = await createTestDatabase(); }, 120_000);
afterAll(async () => { await t?.destroy(); });

describe('the cabinet\'s price lists', () => {
  it('answers another organisation\'s list, positions and log with the same 404 as a missing one', async () => {
    const a = await supplier();
    const b = await supplier();
    const file = await heldList(a.org);
    for (const path of [`/suppliers/files/${file}`, `/suppliers/files/${file}/positions`, `/suppliers/processing-logs/${file}`]) {
      expect((await a.client.get(path)).status, path).toBe(200);
      expect((await b.client.get(path)).status, path).toBe(404);
    }
    for (const path of ['/suppliers/files/999999', '/suppliers/files/0', '/suppliers/files/abc', '/suppliers/files/99999999999/positions']) {
      expect((await a.client.get(path)).status, path).toBe(404);
    }
    expect((await b.client.form(`/suppliers/files/${file}`, { intent: 'publish' })).status).toBe(404);
    expect((await b.client.form(`/suppliers/files/${file}/positions`, { row: '3', part: 'RE59754' })).status).toBe(404);
    const list = await (await b.client.get('/suppliers/files.data')).text();
    expect(list).not.toContain('прайс.csv');
    expect(await (await a.client.get('/suppliers/files.data')).text()).toContain('прайс.csv');
  });

  it('filters positions, matches one by hand (remembered) and publishes the held list', async () => {
    const a = await supplier();
    const file = await heldList(a.org);
    const unmatched = await (await a.client.get(`/suppliers/files/${file}/positions.data?show=unmatched`)).text();
    expect(unmatched).toContain('QQ-404-NOPE');
    expect(unmatched).not.toContain('RE59754');
    // Control characters, wrong types and long values are a 4xx or read as absent, never a 500.
    expect((await a.client.get(`/suppliers/files/${file}/positions?show=%00&q=%00${'x'.repeat(500)}&page=%00`)).status).toBe(200);
    expect((await a.client.get(`/suppliers/files/${file}/positions?page=-1&show[]=1`)).status).toBe(200);
    expect((await a.client.form(`/suppliers/files/${file}/positions`, { row: '3\u0000', part: 'RE59754' })).status).toBe(400);
    expect((await a.client.form(`/suppliers/files/${file}/positions`, { row: '3', part: '\u0000\u0001' })).status).toBe(400);
    expect((await a.client.form(`/suppliers/files/${file}/positions`, { row: '3', part: 'x'.repeat(5000) })).status).toBe(400);
    expect((await a.client.form(`/suppliers/files/${file}`, { intent: 'columns', column_code: '\u0000', column_price: '99999' })).status).toBe(409);
    expect((await a.client.form(`/suppliers/files/${file}`, { intent: '\u0000' })).status).toBe(400);
    expect((await a.client.get('/suppliers/notifications?page=%00')).status).toBe(200);
    expect((await a.client.get(`/suppliers/processing-logs/${file}%00`)).status).toBe(404);
    const refused = await a.client.form(`/suppliers/files/${file}/positions`, { row: '3', part: 'НЕТ-ТАКОЙ-ДЕТАЛИ-1' });
    expect(refused.status).toBe(422);
    const matched = await a.client.form(`/suppliers/files/${file}/positions?show=unmatched`, { row: '3', part: 'RE504836' });
    expect(matched.status).toBe(302);
    expect(matched.headers.get('location')).toBe(`/suppliers/files/${file}/positions?show=unmatched&done=matched`);
    expect(await t.db.selectFrom('suppliers_manual_match').select('code_norm').where('organisation_id', '=', a.org).execute()).toEqual([{ code_norm: 'QQ404NOPE' }]);

    const published = await a.client.form(`/suppliers/files/${file}`, { intent: 'publish' });
    expect(published.status).toBe(302);
    expect((await t.db.selectFrom('suppliers_offer').select('part_id').where('organisation_id', '=', a.org).execute())).toHaveLength(2);
    expect((await a.client.form(`/suppliers/files/${file}`, { intent: 'publish' })).status).toBe(409);
  });

  it('shows the organisation\'s notices and mails them to its people', async () => {
    const a = await supplier();
    const b = await supplier();
    await notifyOrganisation(t.db, a.org, { kind: 'held', text: 'Прайс-лист «склад.xlsx» ждёт подтверждения' }, 'https://shop.example');
    expect(await (await a.client.get('/suppliers/notifications.data')).text()).toContain('склад.xlsx');
    expect(await (await b.client.get('/suppliers/notifications.data')).text()).not.toContain('склад.xlsx');
    const letters = await t.db.selectFrom('job').select(['key']).where('kind', '=', 'mail.send').where('key', 'like', 'suppliers.notice:%').execute();
    expect(letters.length).toBeGreaterThanOrEqual(1);
  });
});
