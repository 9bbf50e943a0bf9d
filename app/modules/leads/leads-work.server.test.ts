import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFilter, listAudit } from '#app/.server/audit.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { runDueJobs } from '#app/.server/jobs/runner.ts';
import { CONSENT_TEXT_VERSION, createUser, setRole } from '#app/modules/auth/users.server.ts';
import { createApp } from '../../../server/app.ts';
import { fakeServerBuild } from '../../../server/test-build.ts';
import { testClient } from '../../../server/test-client.ts';
import * as adminLead from '../../routes/admin.leads.$id.tsx';
import { LEAD_MESSAGES, LEAD_WORK_MESSAGES, staffLeadFilter } from './leads.schema.ts';
import { assignLead, changeLeadStatus, commentLead, listStaffLeads, staffLead, type LeadActor } from './leads-work.server.ts';

/*
 * Requests as work (ADR 078): the service request of /servis and the financing request of
 * /finansirovanie stored and e-mailed to the visitor's branch as the offer request is; the work
 * states, the assignee and the comments, each with its event and audit record; the branch's scope
 * by construction; the visitor's history on the request's page.
 */

let t: TestDatabase;
let branch: { id: number; name: string; email: string };
let otherBranchId: number;
let model: { id: number; name: string };
const SMOLENSK_AREA_ID = 4067;

let n = 0;
const address = () => `198.51.100.${++n}`;

beforeAll(async () => {
  t = await createTestDatabase({ TRUST_PROXY: 'true', PUBLIC_ORIGIN: 'https://shop.example', DATABASE_POOL_SIZE: '20' });
  const alias = await t.db.selectFrom('content_page_alias').innerJoin('catalog_model', 'catalog_model.id', 'content_page_alias.reference_id')
    .select(['catalog_model.id', 'catalog_model.name']).where('content_page_alias.controller', '=', 'model').orderBy('catalog_model.id').limit(1).executeTakeFirstOrThrow();
  model = alias;
  const probe = testClient(t.services);
  await probe.post('/api/current-area/set-location', { areaId: SMOLENSK_AREA_ID });
  branch = (await (await probe.get('/api/current-area')).json() as { currentBranch: typeof branch }).currentBranch;
  otherBranchId = (await t.db.selectFrom('region_branch').select('id').where('id', '!=', branch.id).limit(1).executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => { await t?.destroy(); });

/** A visitor in the Smolensk region, from an address of his own; `signIn` signs him in first. */
async function visitor(signIn?: { email: string; password: string }) {
  const client = testClient(t.services);
  const ip = address();
  expect((await client.post('/api/current-area/set-location', { areaId: SMOLENSK_AREA_ID })).status).toBe(200);
  if (signIn) expect((await client.post('/api/auth/authorize', { type: 'email', props: signIn })).status).toBe(200);
  const post = (path: string, body: Record<string, unknown>) => client.post(path, body, { headers: { 'x-forwarded-for': ip } });
  return {
    client, ip,
    service: (body: Record<string, unknown>) => post('/api/leads/service-request', body),
    financing: (body: Record<string, unknown>) => post('/api/leads/financing-request', body),
  };
}

const contacts = { name: 'Сергей Кузнецов', phone: '+7 (920) 111-22-33', email: 'sk@farm.test', acceptGDPR: true };
const service = () => ({ model: 'John Deere 8R 410', serial: 'RW8410A123456', problem: 'Не запускается двигатель,\nошибка 523', ...contacts });
const financing = () => ({ type: 'leasing', model: 'Horsch Maestro 24 SW', price: '12 500 000', advance: '2 500 000,50', termMonths: '36', comment: 'Нужен график', ...contacts });
const count = async () => Number((await sql<{ n: string }>`select count(*) as n from leads_request`.execute(t.db)).rows[0]!.n);
const newest = () => t.db.selectFrom('leads_request').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

/** A staff member who works leads: of one branch, or of every branch (null). */
async function employee(name: string, branchId: number | null): Promise<LeadActor & { email: string }> {
  const email = `staff${++n}@agro.test`;
  const userId = await createUser(t.db, { name, email, password: 'secret1', emailVerified: true });
  await setRole(t.db, userId, 'employee');
  await t.db.updateTable('auth_user').set({ staff_branch_id: branchId }).where('id', '=', userId).execute();
  return { userId, name, branchId, email };
}

/** A request of a branch written as the shop writes it. */
async function stored(branchId: number, values: { kind?: 'offer' | 'service' | 'financing'; phone?: string; userId?: number | null } = {}): Promise<number> {
  const row = await t.db.insertInto('leads_request').values({
    kind: values.kind ?? 'service', details: JSON.stringify({ serial: 'S1', problem: 'течёт гидравлика' }), model_id: null, model_name: 'МТЗ-82', model_code: null,
    page_url: null, branch_id: branchId, user_id: values.userId ?? null, name: 'Иван', phone: values.phone ?? '79000000000', email: null, comment: '',
    ip: null, consent_text_version: CONSENT_TEXT_VERSION, delivery_state: 'sent', deliver_to: 'branch@agro.test',
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

describe('the service and financing requests', () => {
  it('stores a service request with the machine and the trouble, the branch and the consent, and e-mails the branch', async () => {
    const { service: send, ip } = await visitor();
    const res = await send(service());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const row = await newest();
    expect(await res.json()).toEqual({
      error_status: 'success', id: row.id,
      message: `Заявка на сервис № ${row.id} принята. Сервисный инженер филиала «${branch.name}» свяжется с вами в рабочее время, уточнит детали и согласует время ремонта.`,
    });
    expect(row).toMatchObject({
      kind: 'service', status: 'new', model_id: null, model_name: 'John Deere 8R 410', branch_id: branch.id, user_id: null, assignee_id: null,
      name: 'Сергей Кузнецов', phone: '79201112233', email: 'sk@farm.test', ip, consent_text_version: CONSENT_TEXT_VERSION, deliver_to: branch.email,
    });
    expect(row.details).toEqual({ serial: 'RW8410A123456', problem: 'Не запускается двигатель,\nошибка 523' });
    expect(await runDueJobs(t.services)).toMatchObject({ done: 1 });
    const letter = await t.db.selectFrom('auth_outbox').select(['subject', 'body']).where('idempotency_key', '=', `leads.request-letter:${row.id}`).executeTakeFirstOrThrow();
    expect(letter.subject).toBe(`Заявка Сервис №${row.id}: John Deere 8R 410 — Сергей Кузнецов`);
    expect(letter.body).toContain('Серийный номер: RW8410A123456');
    expect(letter.body).toContain('Что случилось: Не запускается двигатель,\nошибка 523');
    expect(letter.body).toContain(`Филиал: ${branch.name}`);
    expect(letter.body).toContain(`https://shop.example/admin/leads/${row.id}`);
  });

  it('stores a financing request with its money in kopecks, and keeps a picked catalogue model by id', async () => {
    const { financing: send } = await visitor();
    expect((await send({ ...financing(), modelId: model.id })).status).toBe(200);
    const row = await newest();
    expect(row).toMatchObject({ kind: 'financing', model_id: model.id, model_name: 'Horsch Maestro 24 SW', comment: 'Нужен график' });
    expect(row.details).toEqual({ type: 'leasing', price: 1_250_000_000, advance: 250_000_050, termMonths: 36, currency: 'RUB' });
    await runDueJobs(t.services);
    const letter = await t.db.selectFrom('auth_outbox').select(['subject', 'body']).where('idempotency_key', '=', `leads.request-letter:${row.id}`).executeTakeFirstOrThrow();
    expect(letter.body).toContain('Вид: Лизинг');
    expect(letter.body).toContain('Стоимость: 12\u00a0500\u00a0000\u00a0руб.');
    expect(letter.body).toContain('Аванс: 2\u00a0500\u00a0000,50\u00a0руб.');
    expect(letter.body).toContain('Срок: 36 мес.');
    // An advance left empty is none; a model id that names no model keeps the name only.
    expect((await send({ ...financing(), type: 'credit', advance: '', modelId: 2_000_000_000 })).status).toBe(200);
    expect(await newest()).toMatchObject({ model_id: null, details: { type: 'credit', advance: 0 } });
  });

  it.each([
    ['service', { model: ' ' }, LEAD_MESSAGES.machineModel],
    ['service', { model: 'я'.repeat(201) }, LEAD_MESSAGES.machineModelTooLong],
    ['service', { problem: '' }, LEAD_MESSAGES.problem],
    ['service', { serial: 'S'.repeat(41) }, LEAD_MESSAGES.serialTooLong],
    ['service', { problem: 'строка\u0007' }, 'Поле "Что случилось" содержит недопустимые символы'],
    ['service', { phone: '123' }, 'Поле "Номер телефона" содержит некорректный телефон'],
    ['service', { acceptGDPR: false }, 'Пожалуйста, подтвердите согласие'],
    ['service', { modelId: 'abc' }, LEAD_MESSAGES.badModel],
    ['financing', { type: 'rent' }, LEAD_MESSAGES.financingType],
    ['financing', { price: '' }, LEAD_MESSAGES.price],
    ['financing', { price: '-5' }, LEAD_MESSAGES.price],
    ['financing', { price: '1e9' }, LEAD_MESSAGES.price],
    ['financing', { price: '99 999 999 999' }, LEAD_MESSAGES.price],
    ['financing', { advance: 'много' }, LEAD_MESSAGES.advance],
    ['financing', { advance: '12 500 001' }, LEAD_MESSAGES.advanceTooBig],
    ['financing', { termMonths: '0' }, LEAD_MESSAGES.term],
    ['financing', { termMonths: '121' }, LEAD_MESSAGES.term],
    ['financing', { termMonths: '3.5' }, LEAD_MESSAGES.term],
    ['financing', { name: '' }, 'Поле "Ваше Имя" не заполнено'],
  ] as const)('refuses a %s request with %o: a Russian 400, nothing stored', async (kind, change, message) => {
    const v = await visitor();
    const before = await count();
    const res = kind === 'service' ? await v.service({ ...service(), ...change }) : await v.financing({ ...financing(), ...change });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('counts every kind of request against one limit per address', async () => {
    const v = await visitor();
    for (let i = 0; i < 3; i++) expect((await v.service(service())).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await v.financing(financing())).status).toBe(200);
    const refused = await v.financing(financing());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json()).message).toBe(LEAD_MESSAGES.tooMany);
    expect((await v.client.post('/api/leads/offer-request', { modelId: model.id, ...contacts }, { headers: { 'x-forwarded-for': v.ip } })).status).toBe(429);
  });
});

describe('a request as work', () => {
  it('goes new → in work (taken by who presses) → done, with comments and a reassignment, each in its history and the audit log', async () => {
    const anna = await employee('Анна Сервисная', branch.id);
    const boris = await employee('Борис Сервисный', branch.id);
    const id = await stored(branch.id);
    expect(await changeLeadStatus(t.services, anna, id, { from: 'new', to: 'done', reason: '' }, null)).toEqual({ ok: false, status: 409, message: LEAD_WORK_MESSAGES.badMove });
    expect(await changeLeadStatus(t.services, anna, id, { from: 'new', to: 'in_work', reason: '' }, '10.0.0.1')).toEqual({ ok: true });
    expect((await staffLead(t.services, anna, id))!.lead).toMatchObject({ status: 'in_work', assignee: { id: anna.userId, name: 'Анна Сервисная' } });
    expect(await commentLead(t.services, anna, id, 'Позвонила, выезд в четверг', null)).toEqual({ ok: true });
    expect(await assignLead(t.services, anna, id, boris.userId, null)).toEqual({ ok: true });
    expect(await changeLeadStatus(t.services, boris, id, { from: 'in_work', to: 'done', reason: '' }, null)).toEqual({ ok: true });
    const view = (await staffLead(t.services, boris, id))!;
    expect(view.lead).toMatchObject({ status: 'done', assignee: { id: boris.userId } });
    expect(view.events.map((e) => [e.kind, e.status, e.note, e.actor])).toEqual([
      ['status', 'in_work', '', 'Анна Сервисная'],
      ['assign', null, 'Анна Сервисная', 'Анна Сервисная'],
      ['comment', null, 'Позвонила, выезд в четверг', 'Анна Сервисная'],
      ['assign', null, 'Борис Сервисный', 'Анна Сервисная'],
      ['status', 'done', '', 'Борис Сервисный'],
    ]);
    expect(view.assignees.map((a) => a.id)).toEqual(expect.arrayContaining([anna.userId, boris.userId]));
    const audit = await listAudit(t.db, auditFilter.parse({ entity: 'lead', entityId: String(id) }));
    expect(audit.rows.map((r) => [r.action, r.actorName, r.before, r.after]).reverse()).toEqual([
      ['lead.status', 'Анна Сервисная', { status: 'new', assignee: null }, { status: 'in_work', assignee: anna.userId }],
      ['lead.comment', 'Анна Сервисная', null, { comment: 'Позвонила, выезд в четверг' }],
      ['lead.assign', 'Анна Сервисная', { assignee: anna.userId }, { assignee: boris.userId }],
      ['lead.status', 'Борис Сервисный', { status: 'in_work' }, { status: 'done' }],
    ]);
    expect(audit.rows.at(-1)!.ip).toBe('10.0.0.1');
    // Done, it may be taken back into work (the visitor called again); the assignee stays.
    expect(await changeLeadStatus(t.services, anna, id, { from: 'done', to: 'in_work', reason: '' }, null)).toEqual({ ok: true });
    expect((await staffLead(t.services, anna, id))!.lead.assignee?.id).toBe(boris.userId);
  });

  it('is rejected only with a reason, which its history keeps', async () => {
    const anna = await employee('Анна', branch.id);
    const id = await stored(branch.id);
    expect(await changeLeadStatus(t.services, anna, id, { from: 'new', to: 'rejected', reason: '  ' }, null)).toEqual({ ok: false, status: 400, message: LEAD_WORK_MESSAGES.reasonRequired });
    expect(await changeLeadStatus(t.services, anna, id, { from: 'new', to: 'rejected', reason: 'Дубль заявки № 1' }, null)).toEqual({ ok: true });
    expect((await staffLead(t.services, anna, id))!.events).toEqual([expect.objectContaining({ kind: 'status', status: 'rejected', note: 'Дубль заявки № 1' })]);
    expect(await changeLeadStatus(t.services, anna, id, { from: 'rejected', to: 'done', reason: '' }, null)).toMatchObject({ ok: false, status: 409 });
  });

  it('is given only to a staff member of its branch who works requests; a head-office employee taking it does not become its assignee', async () => {
    const head = await employee('Ольга Головная', null);
    const outsider = await employee('Пётр Чужой', otherBranchId);
    const customer = await createUser(t.db, { name: 'Покупатель', email: `c${++n}@agro.test` });
    await t.db.updateTable('auth_user').set({ staff_branch_id: branch.id }).where('id', '=', customer).execute();
    const id = await stored(branch.id);
    for (const who of [outsider.userId, customer, head.userId, 2_000_000_000]) {
      expect(await assignLead(t.services, head, id, who, null), String(who)).toEqual({ ok: false, status: 400, message: LEAD_WORK_MESSAGES.assignee });
    }
    expect(await changeLeadStatus(t.services, head, id, { from: 'new', to: 'in_work', reason: '' }, null)).toEqual({ ok: true });
    expect((await staffLead(t.services, head, id))!.lead.assignee).toBeNull();
    const local = await employee('Мария Местная', branch.id);
    expect(await assignLead(t.services, head, id, local.userId, null)).toEqual({ ok: true });
    expect(await assignLead(t.services, head, id, null, null)).toEqual({ ok: true });
    expect((await staffLead(t.services, head, id))!.events.map((e) => [e.kind, e.note])).toEqual([['status', ''], ['assign', 'Мария Местная'], ['assign', '']]);
  });

  it('of another branch is not found, read or changed by a staff member of one branch: by id, in the list, through his filters', async () => {
    const outsider = await employee('Пётр Чужой', otherBranchId);
    const id = await stored(branch.id, { phone: '79001112299' });
    expect(await staffLead(t.services, outsider, id)).toBeNull();
    expect(await changeLeadStatus(t.services, outsider, id, { from: 'new', to: 'in_work', reason: '' }, null)).toEqual({ ok: false, status: 404, message: LEAD_WORK_MESSAGES.notFound });
    expect(await assignLead(t.services, outsider, id, null, null)).toEqual({ ok: false, status: 404, message: LEAD_WORK_MESSAGES.notFound });
    expect(await commentLead(t.services, outsider, id, 'чужое', null)).toEqual({ ok: false, status: 404, message: LEAD_WORK_MESSAGES.notFound });
    const list = await listStaffLeads(t.services, outsider, staffLeadFilter.parse({ branch: String(branch.id) }));
    expect(list.leads.every((l) => l.branchId === otherBranchId)).toBe(true);
    expect((await t.db.selectFrom('leads_request').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('new');
    expect(await t.db.selectFrom('leads_event').select('id').where('request_id', '=', id).execute()).toEqual([]);
    // The visitor's other requests on a request's page are his branch's too.
    const own = await stored(otherBranchId, { phone: '79001112299' });
    expect((await staffLead(t.services, outsider, own))!.others).toEqual([]);
    const head = await employee('Ольга', null);
    expect((await staffLead(t.services, head, own))!.others.map((o) => o.id)).toEqual([id]);
  });

  it('is listed by kind and state, newest first', async () => {
    const head = await employee('Ольга', null);
    const a = await stored(branch.id, { kind: 'financing' });
    const b = await stored(branch.id, { kind: 'financing' });
    expect(await changeLeadStatus(t.services, head, a, { from: 'new', to: 'in_work', reason: '' }, null)).toEqual({ ok: true });
    const inWork = await listStaffLeads(t.services, head, staffLeadFilter.parse({ kind: 'financing', status: 'in_work' }));
    expect(inWork.leads.map((l) => l.id)).toContain(a);
    expect(inWork.leads.map((l) => l.id)).not.toContain(b);
    expect(inWork.leads.every((l) => l.kind === 'financing' && l.status === 'in_work')).toBe(true);
    const fresh = await listStaffLeads(t.services, head, staffLeadFilter.parse({ kind: 'financing', status: 'new', branch: String(branch.id) }));
    expect(fresh.leads[0]!.id).toBe(b);
    expect(fresh.leads.every((l) => l.branchId === branch.id)).toBe(true);
    // Malformed filters read as absent.
    expect(staffLeadFilter.parse({ kind: 'x', status: 'y', branch: '-1', page: 'z', sort: 'x;--' })).toEqual({ kind: undefined, status: undefined, branch: undefined, sort: '-created', page: 1 });
  });

  it('is listed newest or oldest first, or by the visitor\'s name, by the whitelisted keys only (ADR 079)', async () => {
    const head = await employee('Ольга', null);
    const ids = [await stored(branch.id), await stored(branch.id), await stored(branch.id)] as [number, number, number];
    for (const [i, name] of ['Борис', 'Яков', 'Алла'].entries()) await t.db.updateTable('leads_request').set({ name }).where('id', '=', ids[i]!).execute();
    const order = async (sort?: unknown) => (await listStaffLeads(t.services, head, staffLeadFilter.parse({ branch: String(branch.id), sort }))).leads
      .map((l) => l.id).filter((id) => ids.includes(id));
    const [a, b, c] = ids;
    expect(await order()).toEqual([c, b, a]);
    expect(await order('created')).toEqual([a, b, c]);
    expect(await order('name')).toEqual([c, a, b]);
    expect(await order('-name')).toEqual([b, a, c]);
    for (const hostile of ['total', 'r.name', 'name; drop table leads_request', '\u0000', ['name']]) expect(await order(hostile)).toEqual([c, b, a]);
  });

  it('moves once when several staff press the same button at once', async () => {
    const staff = await Promise.all(Array.from({ length: 6 }, (_, i) => employee(`Сотрудник ${i}`, branch.id)));
    const id = await stored(branch.id);
    const results = await Promise.all(staff.map((s) => changeLeadStatus(t.services, s, id, { from: 'new', to: 'in_work', reason: '' }, null)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.message)).toEqual(Array(5).fill(LEAD_WORK_MESSAGES.moved));
    const view = (await staffLead(t.services, staff[0]!, id))!;
    expect(view.events.filter((e) => e.kind === 'status')).toHaveLength(1);
    // The one who won holds it.
    const winner = staff[results.findIndex((r) => r.ok)]!;
    expect(view.lead.assignee?.id).toBe(winner.userId);
    const audit = await listAudit(t.db, auditFilter.parse({ entity: 'lead', entityId: String(id) }));
    expect(audit.rows).toHaveLength(1);
  }, 60_000);
});

describe('the request\'s page /admin/leads/{id}', () => {
  const app = () => createApp({ services: t.services, build: fakeServerBuild({ 'routes/admin.leads.$id': { path: 'admin/leads/:id', module: adminLead } }) });

  async function cookieOf(email: string): Promise<string> {
    const client = testClient(t.services);
    expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
    return `sid=${client.cookies.get('sid')}`;
  }

  it('shows the visitor\'s history with us: his other requests, his orders and his machines; another branch\'s staff get 404, customers 403', async () => {
    const email = `farmer${++n}@agro.test`;
    const userId = await createUser(t.db, { name: 'Фермер Семёнов', email, password: 'secret1', emailVerified: true, phone: '79205556677', phoneVerified: true });
    const v = await visitor({ email, password: 'secret1' });
    expect((await v.client.post('/api/parts/machines', { modelId: model.id, serial: 'SN-SEM-777', year: 2019 })).status).toBe(200);
    expect((await v.service({ ...service(), phone: '79205556677' })).status).toBe(200);
    const first = (await newest()).id;
    expect((await v.financing({ ...financing(), phone: '79205556677' })).status).toBe(200);
    const second = (await newest()).id;
    expect((await newest()).user_id).toBe(userId);
    await t.db.insertInto('orders_order').values({
      number: 'АГ-2026-777001', user_id: userId, session_id: null, name: 'Фермер Семёнов', phone: '79205556677', email,
      branch_id: branch.id, delivery_method: 'pickup', delivery_address: null, delivery_terminal: null, delivery_carrier: null,
      currency: 'RUB', items_total: 150_000, total: 150_000,
    }).execute();
    await t.db.insertInto('orders_order').values({
      number: 'АГ-2026-777002', user_id: userId, session_id: null, name: 'Фермер Семёнов', phone: '79205556677', email,
      branch_id: otherBranchId, delivery_method: 'pickup', delivery_address: null, delivery_terminal: null, delivery_carrier: null,
      currency: 'RUB', items_total: 90_000, total: 90_000,
    }).execute();

    const insider = await employee('Анна', branch.id);
    const page = await app().request(`/admin/leads/${second}.data`, { headers: { cookie: await cookieOf(insider.email) } });
    expect(page.status).toBe(200);
    const payload = await page.text();
    for (const shown of ['Horsch Maestro 24 SW', 'SN-SEM-777', 'АГ-2026-777001', 'John Deere 8R 410']) expect(payload, shown).toContain(shown);
    // His order in another branch is not this branch's to read.
    expect(payload).not.toContain('АГ-2026-777002');
    expect(payload).toContain(String(first));

    const outsider = await employee('Пётр', otherBranchId);
    expect((await app().request(`/admin/leads/${second}`, { headers: { cookie: await cookieOf(outsider.email) } })).status).toBe(404);
    const customer = await cookieOf(email);
    expect((await app().request(`/admin/leads/${second}`, { headers: { cookie: customer } })).status).toBe(403);
    expect((await app().request(`/admin/leads/${second}`)).status).toBe(403);
    const insiderCookie = await cookieOf(insider.email);
    for (const bad of ['abc', '0', '-1', '99999999999', '2000000000']) {
      expect((await app().request(`/admin/leads/${bad}`, { headers: { cookie: insiderCookie } })).status, bad).toBe(404);
    }
  }, 60_000);
});
