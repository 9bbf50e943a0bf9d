import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '#app/.server/context.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { advanceClock, resetClock } from '#app/.server/clock.ts';
import { runDueJobs } from '#app/.server/jobs/runner.ts';
import { CONSENT_TEXT_VERSION, createUser, setRole } from '#app/modules/auth/users.server.ts';
import { createApp } from '../../../server/app.ts';
import { fakeServerBuild } from '../../../server/test-build.ts';
import { testClient } from '../../../server/test-client.ts';
import * as adminLeads from '../../routes/admin.leads.tsx';
import { LEADS_PAGE_SIZE, listLeads, requestLetterJob } from './leads.server.ts';

/*
 * Issue 28 §4 point 8 (ADR 069): 'Запросить коммерческое предложение' is stored with the model, the
 * visitor's branch and account, and the consent; e-mailed to the branch (retried when it does not
 * leave); limited per address; listed for employees only.
 */

let t: TestDatabase;
let model: { id: number; name: string; code: string; path: string };
let branch: { id: number; name: string; email: string };
const SMOLENSK_AREA_ID = 4067;

beforeAll(async () => {
  t = await createTestDatabase({ TRUST_PROXY: 'true', PUBLIC_ORIGIN: 'https://shop.example', DATABASE_POOL_SIZE: '20' });
  const alias = await t.db.selectFrom('content_page_alias').innerJoin('catalog_model', 'catalog_model.id', 'content_page_alias.reference_id')
    .select(['content_page_alias.path', 'catalog_model.id', 'catalog_model.name', 'catalog_model.product_code'])
    .where('content_page_alias.controller', '=', 'model').orderBy('catalog_model.id').limit(1).executeTakeFirstOrThrow();
  model = { id: alias.id, name: alias.name, code: alias.product_code, path: alias.path };
}, 120_000);
afterAll(async () => { await t?.destroy(); });

let n = 0;
/** A network address of the test's own: the per-address limits count one test's requests. */
const address = () => `203.0.113.${++n}`;

/** A visitor in the Smolensk region (its branch answers), from an address of his own. */
async function visitor(services: AppServices = t.services) {
  const client = testClient(services);
  const ip = address();
  expect((await client.post('/api/current-area/set-location', { areaId: SMOLENSK_AREA_ID })).status).toBe(200);
  const located = await (await client.get('/api/current-area')).json() as { currentBranch: { id: number; name: string; email: string } };
  branch = located.currentBranch;
  return { client, ip, send: (body: Record<string, unknown>) => client.post('/api/leads/offer-request', body, { headers: { 'x-forwarded-for': ip } }) };
}

const valid = () => ({ modelId: model.id, name: 'Пётр Иванов', phone: '+7 (912) 345-67-89', email: 'petr@farm.test', comment: 'Нужен лизинг на 3 года', acceptGDPR: true });
const count = async () => Number((await sql<{ n: string }>`select count(*) as n from leads_request`.execute(t.db)).rows[0]!.n);
const newest = () => t.db.selectFrom('leads_request').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

describe('POST /api/leads/offer-request', () => {
  it('stores a guest\'s request with the model, his branch and the consent, e-mails the branch and confirms in Russian', async () => {
    const { send, ip } = await visitor();
    const res = await send(valid());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const answer = await res.json() as { error_status: string; message: string; id: number };
    // The letter's job, enqueued with the request, run as the server's runner would.
    expect(await runDueJobs(t.services)).toMatchObject({ done: 1 });
    const row = await newest();
    expect(answer).toEqual({
      error_status: 'success', id: row.id,
      message: `Запрос № ${row.id} принят. Менеджер филиала «${branch.name}» подготовит коммерческое предложение на ${model.name} и свяжется с вами в рабочее время.`,
    });
    expect(row).toMatchObject({
      kind: 'offer', status: 'new', model_id: model.id, model_name: model.name, model_code: model.code, page_url: model.path,
      branch_id: branch.id, user_id: null, name: 'Пётр Иванов', phone: '79123456789', email: 'petr@farm.test', comment: 'Нужен лизинг на 3 года',
      ip, consent_text_version: CONSENT_TEXT_VERSION, deliver_to: branch.email, delivery_state: 'sent',
    });
    expect(row.consent_at).toBeInstanceOf(Date);

    // The sandbox mailer's outbox (what a real mailer would have sent).
    const letter = await t.db.selectFrom('auth_outbox').select(['subject', 'body']).where('recipient', '=', branch.email.toLowerCase()).orderBy('id', 'desc').limit(1).executeTakeFirst();
    expect(letter?.subject).toBe(`Запрос КП №${row.id}: ${model.name} — Пётр Иванов`);
    expect(letter?.body).toContain(`Модель: ${model.name} (код товара ${model.code})`);
    expect(letter?.body).toContain(`Страница модели: https://shop.example${model.path}`);
    expect(letter?.body).toContain(`Филиал: ${branch.name}`);
    expect(letter?.body).toContain('Телефон: +7 (912) 345-67-89');
    expect(letter?.body).toContain('E-mail: petr@farm.test');
    expect(letter?.body).toContain('Комментарий: Нужен лизинг на 3 года');
  });

  it('records a signed-in visitor\'s account; his contacts prefill the form, a guest\'s are empty', async () => {
    const guest = testClient(t.services);
    const empty = await guest.get('/api/leads/contacts');
    expect(empty.headers.get('cache-control')).toBe('private, no-store');
    expect(await empty.json()).toEqual({ error_status: 'success', name: '', phone: '', email: '' });

    const email = `lead${++n}@agro.test`;
    const userId = await createUser(t.db, { name: 'Анна Смирнова', email, password: 'secret1', emailVerified: true, phone: '79051234567', phoneVerified: true });
    const { client, send } = await visitor();
    expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
    expect(await (await client.get('/api/leads/contacts')).json()).toEqual({ error_status: 'success', name: 'Анна Смирнова', phone: '79051234567', email });
    expect((await send({ ...valid(), name: 'Анна Смирнова', email })).status).toBe(200);
    expect(await newest()).toMatchObject({ user_id: userId, name: 'Анна Смирнова', email });
  });

  it.each([
    [{ name: ' ' }, 'Поле "Ваше Имя" не заполнено'],
    [{ name: 'Пётр\u0000' }, 'Поле "Ваше Имя" содержит недопустимые символы'],
    [{ phone: '12345' }, 'Поле "Номер телефона" содержит некорректный телефон'],
    [{ phone: '7'.repeat(41) }, 'Поле "Номер телефона" содержит некорректный телефон'],
    [{ email: 'ivan@mail' }, 'Поле "E-mail" содержит некорректный E-mail адрес'],
    [{ comment: 'я'.repeat(1001) }, 'Комментарий слишком длинный: не более 1000 символов'],
    [{ comment: 'строка\u0007' }, 'Поле "Комментарий" содержит недопустимые символы'],
    [{ acceptGDPR: false }, 'Пожалуйста, подтвердите согласие'],
    [{ acceptGDPR: undefined }, 'Пожалуйста, подтвердите согласие'],
    [{ modelId: 'abc' }, 'Не указана модель техники'],
    [{ modelId: undefined }, 'Не указана модель техники'],
    [{ modelId: -5 }, 'Не указана модель техники'],
  ])('refuses %o with a Russian 400 and stores nothing', async (change, message) => {
    const { send } = await visitor();
    const before = await count();
    const res = await send({ ...valid(), ...change });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('keeps a comment of many lines; a model not in the catalogue is a 404; a body that is not JSON a 400', async () => {
    const { send, client, ip } = await visitor();
    expect((await send({ ...valid(), comment: 'Первая строка\nвторая', email: '' })).status).toBe(200);
    expect(await newest()).toMatchObject({ comment: 'Первая строка\nвторая', email: null });
    const before = await count();
    const unknown = await send({ ...valid(), modelId: 2_000_000_000 });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('Такой модели нет в каталоге. Обновите страницу и попробуйте ещё раз');
    const malformed = await client.post('/api/leads/offer-request', undefined, { body: '{"modelId":', contentType: 'application/json', headers: { 'x-forwarded-for': ip } });
    expect(malformed.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps a request whose letter did not leave and sends it on its job\'s retry; after the last try it is marked failed', async () => {
    const down: AppServices = { ...t.services, providers: { ...t.services.providers, mail: { send: async () => { throw new Error('smtp down'); } } } };
    const { send } = await visitor(down);
    await runDueJobs(t.services); // the earlier tests' letters
    try {
      const res = await send(valid());
      expect(res.status).toBe(200);
      const row = await newest();
      const key = `leads.request-letter:${row.id}`;
      // Stored with its letter's job in one transaction; the runner sends it.
      expect(row).toMatchObject({ delivery_state: 'pending', delivery_error: null });
      expect(await t.db.selectFrom('job').select(['kind', 'state', 'payload']).where('key', '=', key).executeTakeFirstOrThrow())
        .toEqual({ kind: 'leads.request-letter', state: 'queued', payload: { requestId: row.id } });
      expect(await runDueJobs(down)).toMatchObject({ retry: 1 });
      const job = await t.db.selectFrom('job').select(['state', 'attempts', 'last_error', 'run_at']).where('key', '=', key).executeTakeFirstOrThrow();
      expect(job).toMatchObject({ state: 'queued', attempts: 1, last_error: 'smtp down' });
      expect(job.run_at.getTime()).toBeGreaterThan(Date.now() + 20_000);

      // Not due yet: nothing is sent; once due, the working mailer sends it, once.
      expect(await runDueJobs(t.services)).toMatchObject({ done: 0 });
      advanceClock(30_000);
      expect(await runDueJobs(t.services)).toMatchObject({ done: 1 });
      expect(await t.db.selectFrom('leads_request').select(['delivery_state', 'delivery_error']).where('id', '=', row.id).executeTakeFirstOrThrow())
        .toEqual({ delivery_state: 'sent', delivery_error: null });
      expect(await t.db.selectFrom('auth_outbox').select('subject').where('idempotency_key', '=', key).execute()).toHaveLength(1);

      expect((await send(valid())).status).toBe(200);
      const stuck = await newest();
      for (let i = 0; i < requestLetterJob.maxAttempts; i++) {
        await runDueJobs(down);
        advanceClock(6 * 3_600_000);
      }
      expect(await t.db.selectFrom('leads_request').select(['delivery_state', 'delivery_error']).where('id', '=', stuck.id).executeTakeFirstOrThrow())
        .toEqual({ delivery_state: 'failed', delivery_error: 'smtp down' });
      expect(await t.db.selectFrom('job').select(['state', 'attempts']).where('key', '=', `leads.request-letter:${stuck.id}`).executeTakeFirstOrThrow())
        .toEqual({ state: 'failed', attempts: requestLetterJob.maxAttempts });
    } finally {
      resetClock();
    }
  });
});

describe('the per-address limit', () => {
  it('refuses the sixth request in ten minutes with 429 and Retry-After, stores nothing more; another address is not refused', async () => {
    const { send } = await visitor();
    for (let i = 0; i < 5; i++) expect((await send(valid())).status).toBe(200);
    const before = await count();
    const refused = await send(valid());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json()).message).toBe('Вы отправили слишком много запросов. Попробуйте ещё раз позже или позвоните в филиал');
    expect(await count()).toBe(before);
    expect((await (await visitor()).send(valid())).status).toBe(200);
  });

  it('takes exactly five of twelve parallel requests from one address', async () => {
    const { client, ip } = await visitor();
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.post('/api/leads/offer-request', valid(), { headers: { 'x-forwarded-for': ip } })));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    expect(Number((await sql<{ n: string }>`select count(*) as n from leads_request where ip = ${ip}`.execute(t.db)).rows[0]!.n)).toBe(5);
  }, 60_000);
});

describe('the employees\' list', () => {
  const app = () => createApp({ services: t.services, build: fakeServerBuild({ 'routes/admin.leads': { path: 'admin/leads', module: adminLeads } }) });

  async function signedInCookie(role: 'employee' | 'customer', staffBranchId: number | null = null): Promise<string> {
    const email = `leads-list${++n}@agro.test`;
    const id = await createUser(t.db, { name: 'Иван', email, password: 'secret1', emailVerified: true });
    if (role === 'employee') await setRole(t.db, id, 'employee');
    await t.db.updateTable('auth_user').set({ staff_branch_id: staffBranchId }).where('id', '=', id).execute();
    const client = testClient(t.services);
    expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
    return `sid=${client.cookies.get('sid')}`;
  }

  it('pages the newest first, of one branch or of all', async () => {
    const all = await listLeads(t.services, { page: 1 });
    expect(all.total).toBe(await count());
    expect(all.leads.length).toBe(Math.min(all.total, LEADS_PAGE_SIZE));
    const ids = all.leads.map((l) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.leads[0]).toMatchObject({ kind: 'offer', status: 'new', model: { id: model.id, name: model.name, code: model.code }, branchId: branch.id, pageUrl: model.path });
    const other = await t.db.selectFrom('region_branch').select('id').where('id', '!=', branch.id).limit(1).executeTakeFirstOrThrow();
    expect(await listLeads(t.services, { page: 1, branchId: other.id })).toMatchObject({ total: 0, leads: [] });
    expect((await listLeads(t.services, { page: 1, branchId: branch.id })).total).toBe(all.total);
    // Past the last page: no rows, the count still right.
    expect(await listLeads(t.services, { page: 999 })).toMatchObject({ total: all.total, leads: [] });
  });

  it('is a 403 for guests and customers; an employee reads it, privately, whatever the page parameter', async () => {
    expect((await app().request('/admin/leads')).status).toBe(403);
    const customer = await signedInCookie('customer');
    expect((await app().request('/admin/leads', { headers: { cookie: customer } })).status).toBe(403);
    expect((await app().request('/admin/leads.data', { headers: { cookie: customer } })).status).toBe(403);

    const employee = await signedInCookie('employee');
    const page = await app().request('/admin/leads', { headers: { cookie: employee } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const payload = await (await app().request('/admin/leads.data', { headers: { cookie: employee } })).text();
    expect(payload).toContain('Пётр Иванов');
    expect(payload).toContain(model.name);
    for (const query of ['?page=abc', '?page=-1', '?page=99999999999', '?branch=x', '?branch=99999', '?page=%00']) {
      expect((await app().request(`/admin/leads.data${query}`, { headers: { cookie: employee } })).status, query).toBe(200);
    }
  });

  it('shows an employee of one branch that branch\'s requests only, whatever ?branch= says', async () => {
    const other = await t.db.selectFrom('region_branch').select('id').where('id', '!=', branch.id).limit(1).executeTakeFirstOrThrow();
    const outsider = await signedInCookie('employee', other.id);
    for (const query of ['', `?branch=${branch.id}`]) {
      const payload = await (await app().request(`/admin/leads.data${query}`, { headers: { cookie: outsider } })).text();
      expect(payload, query).not.toContain('Пётр Иванов');
    }
    const insider = await signedInCookie('employee', branch.id);
    expect(await (await app().request(`/admin/leads.data?branch=${other.id}`, { headers: { cookie: insider } })).text()).toContain('Пётр Иванов');
  });
});
