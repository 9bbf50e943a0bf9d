import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { QUESTIONNAIRE_MESSAGES } from '#app/modules/questionnaires/questionnaires.constants.ts';
import { createApp } from '../../server/app.ts';
import { fakeServerBuild } from '../../server/test-build.ts';
import { signedInClient, testClient } from '../../server/test-client.ts';
import * as csvRoute from './admin.questionnaires.$id.results.csv.ts';
import * as page from './questionnaire.$questionnaireId.tsx';

/*
 * /questionnaire/{id} through the whole HTTP app (ADR 093): a guest's browser gets its identity,
 * answers once (a second answer is a 409 with the message), wrong answers are a 400, unknown and
 * unpublished questionnaires are 404s, nothing is cacheable; a customer's own order is kept with
 * his answer, another's is not; the CSV is the editors' only.
 */

let t: TestDatabase;
let app: ReturnType<typeof createApp>;

const ANSWERS = {
  'q.service_kind': 'to', 'q.machines': 'tractor', 'q.overall': '8', 'q.aspects.speed': 'good', 'q.aspects.quality': 'good',
  'q.aspects.politeness': 'ok', 'q.aspects.price': 'ok', 'q.recommend': 'yes', 'q.comment': 'Спасибо',
};

const signedIn = (email: string, role?: 'content_editor') => signedInClient(t.services, { email, role, app });

beforeAll(async () => {
  t = await createTestDatabase();
  app = createApp({
    services: t.services,
    build: fakeServerBuild({
      questionnaire: { path: 'questionnaire/:questionnaireId', module: page },
      csv: { path: 'admin/questionnaires/:id/results.csv', module: csvRoute },
    }),
  });
}, 120_000);
afterAll(async () => { await t?.destroy(); });

describe('/questionnaire/{id}', () => {
  it('gives a guest\'s browser its identity, takes its answer once, and answers the second with 409 and the message', async () => {
    const client = testClient(t.services, { app });
    const first = await client.get('/questionnaire/1');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.headers.getSetCookie().join()).toMatch(/respondent=[A-Za-z0-9_-]{32}; Path=\/; Max-Age=34560000; HttpOnly; SameSite=Lax/);
    const browser = client.cookies.get('respondent');
    // The same browser keeps its identity.
    expect((await client.get('/questionnaire/1')).headers.getSetCookie().join()).not.toContain('respondent=');

    const sent = await client.form('/questionnaire/1', ANSWERS);
    expect(sent.status).toBe(302);
    expect(sent.headers.get('location')).toBe('/questionnaire/1?thanks=1');
    const again = await client.form('/questionnaire/1', ANSWERS);
    expect(again.status).toBe(409);
    expect(again.headers.get('cache-control')).toBe('private, no-store');
    const row = await t.db.selectFrom('questionnaires_response').select(['user_id', 'answers']).where('respondent', '=', `b:${browser}`).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, answers: { overall: 8, comment: 'Спасибо' } });
    // Over the data route too (the page's script): 409 with the message.
    const data = await client.form('/questionnaire/1.data', ANSWERS);
    expect(await data.text()).toContain(QUESTIONNAIRE_MESSAGES.alreadyAnswered);
  });

  it('refuses wrong answers with 400 and stores nothing', async () => {
    const client = testClient(t.services, { app });
    await client.get('/questionnaire/1');
    const refused = await client.form('/questionnaire/1', { ...ANSWERS, 'q.overall': '99', 'q.recommend': '\u0000' });
    expect(refused.status).toBe(400);
    expect(await t.db.selectFrom('questionnaires_response').select('id').where('respondent', '=', `b:${client.cookies.get('respondent')}`).executeTakeFirst()).toBeUndefined();
  });

  it('answers 404 for unknown, malformed and unpublished questionnaires', async () => {
    const client = testClient(t.services, { app });
    const draft = await t.db.insertInto('questionnaires_questionnaire').values({ title: 'Черновик', model: JSON.stringify({ pages: [{ questions: [{ id: 'q', type: 'text', title: 'В' }] }] }) })
      .returning('id').executeTakeFirstOrThrow();
    for (const path of ['/questionnaire/999999', '/questionnaire/abc', '/questionnaire/0', '/questionnaire/%00', `/questionnaire/${draft.id}`, `/questionnaire/${'9'.repeat(30)}`]) {
      expect((await client.get(path)).status, path).toBe(404);
    }
    expect((await client.form(`/questionnaire/${draft.id}`, { 'q.q': 'ответ' })).status).toBe(404);
  });

  it('keeps a signed-in customer\'s answer by his account, with his own order; another\'s order is left out', async () => {
    const { id, client } = await signedIn('respondent-q@agro.test');
    const branch = await t.db.selectFrom('region_branch').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const order = (number: string, userId: number) => t.db.insertInto('orders_order').values({
      number, user_id: userId, session_id: null, name: 'Покупатель', phone: '79120000000', email: 'buyer@agro.test', branch_id: branch.id,
      delivery_method: 'pickup', delivery_address: null, delivery_terminal: null, delivery_carrier: null, currency: 'RUB', items_total: 100, total: 100,
    }).execute();
    await order('АГ-2026-900001', id);
    const page = await client.get('/questionnaire/1?order=АГ-2026-900001');
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().join()).not.toContain('respondent=');
    expect((await client.form('/questionnaire/1', { ...ANSWERS, order: 'АГ-2026-900001' })).status).toBe(302);
    expect(await t.db.selectFrom('questionnaires_response').select(['respondent', 'user_id', 'order_number']).where('user_id', '=', id).executeTakeFirstOrThrow())
      .toEqual({ respondent: `u:${id}`, user_id: id, order_number: 'АГ-2026-900001' });

    const other = await signedIn('respondent-q2@agro.test');
    expect((await other.client.form('/questionnaire/1', { ...ANSWERS, order: 'АГ-2026-900001' })).status).toBe(302);
    expect((await t.db.selectFrom('questionnaires_response').select('order_number').where('user_id', '=', other.id).executeTakeFirstOrThrow()).order_number).toBeNull();
  });
});

describe('the results as CSV', () => {
  it('is the editors\' only, UTF-8 with a BOM, one row per response', async () => {
    const guest = testClient(t.services, { app });
    expect((await guest.get('/admin/questionnaires/1/results.csv')).status).toBe(403);
    const customer = await signedIn('customer-csv@agro.test');
    expect((await customer.client.get('/admin/questionnaires/1/results.csv')).status).toBe(403);
    const { client } = await signedIn('editor-csv@agro.test', 'content_editor');
    const res = await client.get('/admin/questionnaires/1/results.csv?who=guest&from=%00');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^№;Дата \(МСК\);Кто ответил;Заказ;Предложение;С чем вы обращались в сервис\?;/);
    const guests = await t.db.selectFrom('questionnaires_response').select((eb) => eb.fn.countAll<number>().as('n')).where('questionnaire_id', '=', 1).where('user_id', 'is', null).executeTakeFirstOrThrow();
    expect(lines).toHaveLength(Number(guests.n) + 1);
    expect((await client.get('/admin/questionnaires/999999/results.csv')).status).toBe(404);
  });
});
