import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { QUESTIONNAIRE_MESSAGES } from '#app/modules/questionnaires/questionnaires.constants.ts';
import { createApp } from '../../server/app.ts';
import { fakeServerBuild } from '../../server/test-build.ts';
import { signedInClient } from '../../server/test-client.ts';
import * as layout from './admin.layout.tsx';
import * as adminOrder from './admin.orders.$number.tsx';
import * as myOrders from './profile.orders.tsx';

/*
 * A questionnaire linked to an order over HTTP (ADR 103): the back-office's order page takes a
 * published questionnaire (a draft, a malformed id and another branch's order are refused, nothing
 * written), and the customer's 'Мои заказы' invite him until he has answered.
 */

let t: TestDatabase;
let app: ReturnType<typeof createApp>;
const NUMBER = 'АГ-2026-910001';
let customerId = 0;
let customer: Awaited<ReturnType<typeof signedInClient>>['client'];

beforeAll(async () => {
  t = await createTestDatabase();
  app = createApp({
    services: t.services,
    build: fakeServerBuild({
      admin: { path: 'admin', module: layout },
      'routes/admin.orders.$number': { parentId: 'admin', path: 'orders/:number', module: adminOrder },
      'routes/profile.orders': { path: 'profile/orders', module: myOrders },
    }),
  });
  ({ id: customerId, client: customer } = await signedInClient(t.services, { email: 'links-customer@agro.test', app }));
  const branches = await t.db.selectFrom('region_branch').select('id').orderBy('id').limit(1).execute();
  await t.db.insertInto('orders_order').values({
    number: NUMBER, user_id: customerId, session_id: null, name: 'Покупатель', phone: '79120000000', email: 'buyer@agro.test', branch_id: branches[0]!.id,
    delivery_method: 'pickup', delivery_address: null, delivery_terminal: null, delivery_carrier: null, currency: 'RUB', items_total: 100, total: 100,
  }).execute();
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const link = () => t.db.selectFrom('questionnaires_link').select('questionnaire_id').where('subject_ref', '=', NUMBER).executeTakeFirst();
const path = `/admin/orders/${encodeURIComponent(NUMBER)}`;

describe('/admin/orders/{number}: the questionnaire for the customer', () => {
  it('refuses a malformed choice, a draft and another branch\'s order, writing nothing; links a published one', async () => {
    const { client: staff } = await signedInClient(t.services, { email: 'links-staff@agro.test', role: 'employee', app });
    const draft = await t.db.insertInto('questionnaires_questionnaire').values({ title: 'Черновик', model: JSON.stringify({ pages: [] }), published: false }).returning('id').executeTakeFirstOrThrow();

    const page = await staff.get(path);
    expect(page.status).toBe(200);
    expect(await (await staff.get(`${path}.data`)).text()).toContain('Оценка качества сервиса');
    for (const questionnaireId of ['abc', '0', '1; drop table', '12345678901']) {
      expect((await staff.form(path, { intent: 'questionnaire', questionnaireId })).status).toBe(400);
    }
    const refused = await staff.form(`${path}.data`, { intent: 'questionnaire', questionnaireId: String(draft.id) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(QUESTIONNAIRE_MESSAGES.linkUnpublished);
    // An employee of another branch.
    const other = await signedInClient(t.services, { email: 'links-other@agro.test', role: 'employee', app });
    const branches = await t.db.selectFrom('region_branch').select('id').orderBy('id').limit(2).execute();
    await t.db.updateTable('auth_user').set({ staff_branch_id: branches[1]!.id }).where('id', '=', other.id).execute();
    expect((await other.client.form(path, { intent: 'questionnaire', questionnaireId: '1' })).status).toBe(404);
    expect(await link()).toBeUndefined();

    const saved = await staff.form(path, { intent: 'questionnaire', questionnaireId: '1' });
    expect(saved.status).toBe(200);
    expect(await link()).toEqual({ questionnaire_id: 1 });
  });

  it('a customer cannot link one (the back-office refuses him)', async () => {
    expect((await customer.form(path, { intent: 'questionnaire', questionnaireId: '' })).status).toBe(403);
    expect(await link()).toEqual({ questionnaire_id: 1 });
  });
});

describe('/profile/orders: the invitation', () => {
  it('shows \'Пройти опрос\' with the order in the address until the customer answers', async () => {
    const before = await (await customer.get('/profile/orders.data')).text();
    expect(before).toContain('invitations');
    expect(before).toContain(`/questionnaire/1?order=${encodeURIComponent(NUMBER)}`);
    await t.db.insertInto('questionnaires_response').values({ questionnaire_id: 1, respondent: `u:${customerId}`, user_id: customerId, order_number: NUMBER, answers: '{}' }).execute();
    expect(await (await customer.get('/profile/orders.data')).text()).not.toContain('/questionnaire/1?order=');
  });
});
