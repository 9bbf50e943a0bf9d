import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { auditFilter, listAudit } from '#app/.server/audit.ts';
import { ORDER_WORK_MESSAGES } from './orders.constants.ts';
import { staffOrderFilter } from './order-work.schema.ts';
import { changeOrderStatus, confirmOrderPrices, listStaffOrders, priceOrderLine, staffOrder, type OrderActor } from './order-work.server.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import type { RequestContext } from '#app/.server/context.ts';
import { linkQuestionnaire } from '#app/modules/questionnaires/questionnaire-links.server.ts';

let t: TestDatabase;
let branchA: number;
let branchB: number;
let customerId: number;
let head: OrderActor;
let seq = 0;

beforeAll(async () => {
  t = await createTestDatabase({ PUBLIC_ORIGIN: 'https://shop.example' });
  [branchA, branchB] = (await t.db.selectFrom('region_branch').select('id').orderBy('id').limit(2).execute()).map((b) => b.id) as [number, number];
  customerId = await createUser(t.db, { name: 'Фермер Петров', email: 'farmer-work@agro.test' });
  const staffId = await createUser(t.db, { name: 'Ольга Менеджер', email: 'olga-work@agro.test' });
  head = { userId: staffId, name: 'Ольга Менеджер', branchId: null };
});
afterAll(async () => { await t?.destroy(); });

/** An order as the shop writes it: two lines, one of them 'по запросу', and the customer's letter's address. */
async function order(options: { branchId?: number; method?: 'pickup' | 'calc'; code?: string; sms?: boolean } = {}): Promise<string> {
  const number = `АГ-2026-9${String(++seq).padStart(5, '0')}`;
  const { id } = await t.db.insertInto('orders_order').values({
    number, user_id: customerId, session_id: null, name: 'Фермер Петров', phone: `7912000${String(seq).padStart(4, '0')}`, email: `farmer${seq}@agro.test`,
    branch_id: options.branchId ?? branchA, delivery_method: options.method ?? 'pickup', delivery_address: null, delivery_terminal: null, delivery_carrier: null,
    currency: 'RUB', items_total: 150_000, total: 150_000,
  }).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('orders_line').values([
    { order_id: id, part_id: null, code: options.code ?? 'RE504836', name: 'Фильтр масляный', one_c_code: null, weight_grams: null, count: 2, price: 75_000, old_price: null, currency: 'RUB', line_total: 150_000 },
    { order_id: id, part_id: null, code: 'AL-1', name: 'Редкая деталь', one_c_code: null, weight_grams: null, count: 3, price: null, old_price: null, currency: 'RUB', line_total: null },
  ]).execute();
  await t.db.insertInto('orders_mail').values(options.sms
    ? { order_id: id, recipient: `7912000${String(seq).padStart(4, '0')}`, channel: 'sms', staff: false, subject: '', body: 'Заказ принят' }
    : { order_id: id, recipient: `farmer${seq}@agro.test`, staff: false, subject: 'Заказ', body: 'Заказ принят' }).execute();
  return number;
}

const customer = { services: undefined as unknown, session: { id: 's', userId: 0, areaId: null, areaConfirmed: false } };
const asCustomer = () => ({ ...customer, services: t.services, session: { ...customer.session, userId: customerId } }) as unknown as RequestContext;
const lineId = async (number: string) => (await staffOrder(t.services, head, number))!.lines.find((l) => l.price === null)!.id;

describe('an order as work', () => {
  it('goes new → in work → (priced, confirmed) assembled → issued → closed, each step in its history, audit and a letter', async () => {
    const number = await order();
    expect(await changeOrderStatus(t.services, head, number, { from: 'new', to: 'assembled', reason: '' }, null)).toEqual({ ok: false, status: 409, message: ORDER_WORK_MESSAGES.notAllowed('Новый', 'Собран') });
    expect(await changeOrderStatus(t.services, head, number, { from: 'new', to: 'in_work', reason: '' }, null)).toEqual({ ok: true });
    expect(await changeOrderStatus(t.services, head, number, { from: 'in_work', to: 'assembled', reason: '' }, null)).toEqual({ ok: false, status: 409, message: ORDER_WORK_MESSAGES.unpriced });

    expect(await priceOrderLine(t.services, head, number, await lineId(number), '0', null)).toMatchObject({ ok: false, status: 400 });
    expect(await priceOrderLine(t.services, head, number, await lineId(number), '12 500,50', null)).toEqual({ ok: true });
    const priced = (await staffOrder(t.services, head, number))!;
    expect(priced.lines.map((l) => l.lineTotal)).toEqual([150_000, 3_750_150]);
    expect(priced).toMatchObject({ itemsTotal: 3_900_150, total: 3_900_150, pricesPendingConfirmation: true });
    expect(await priceOrderLine(t.services, head, number, priced.lines[1]!.id, '1', null)).toEqual({ ok: false, status: 409, message: ORDER_WORK_MESSAGES.lineNotOnRequest });
    expect(await changeOrderStatus(t.services, head, number, { from: 'in_work', to: 'assembled', reason: '' }, null)).toEqual({ ok: false, status: 409, message: ORDER_WORK_MESSAGES.unconfirmed });

    expect(await confirmOrderPrices(asCustomer(), number, 'Фермер Петров')).toEqual({ ok: true });
    expect(await confirmOrderPrices(asCustomer(), number, 'Фермер Петров')).toEqual({ ok: false, status: 409, message: ORDER_WORK_MESSAGES.nothingToConfirm });
    expect(await changeOrderStatus(t.services, head, number, { from: 'in_work', to: 'assembled', reason: '' }, null)).toEqual({ ok: true });
    expect(await changeOrderStatus(t.services, head, number, { from: 'assembled', to: 'shipped', reason: '' }, null)).toEqual({ ok: false, status: 409, message: ORDER_WORK_MESSAGES.deliveryOnly });
    expect(await changeOrderStatus(t.services, head, number, { from: 'assembled', to: 'issued', reason: '' }, null)).toEqual({ ok: true });
    expect(await changeOrderStatus(t.services, head, number, { from: 'issued', to: 'closed', reason: '' }, null)).toEqual({ ok: true });
    expect(await changeOrderStatus(t.services, head, number, { from: 'closed', to: 'cancelled', reason: 'поздно' }, null)).toMatchObject({ ok: false, status: 409 });

    const done = (await staffOrder(t.services, head, number))!;
    expect(done.status).toBe('closed');
    expect(done.events.map((e) => [e.kind, e.status, e.actor])).toEqual([
      ['status', 'in_work', 'Ольга Менеджер'], ['price', null, 'Ольга Менеджер'], ['confirmed', null, 'Фермер Петров'],
      ['status', 'assembled', 'Ольга Менеджер'], ['status', 'issued', 'Ольга Менеджер'], ['status', 'closed', 'Ольга Менеджер'],
    ]);
    expect(done.events[1]!.note).toBe('AL-1: 12\u00a0500,50\u00a0руб. за шт.');
    const audit = await listAudit(t.db, auditFilter.parse({ entity: 'order', entityId: number }));
    expect(audit.rows.map((r) => r.action).sort()).toEqual(['order.price', 'order.status', 'order.status', 'order.status', 'order.status']);
    // A letter per status and price, to where the order's first letter went, each once.
    const { rows: jobs } = await sql<{ n: number }>`select count(*)::int as n from job where key like 'orders.event:%' and payload->>'to' = ${done.email}`.execute(t.db);
    expect(jobs[0]!.n).toBe(5);
  });

  it('is cancelled only with a reason, which the history keeps', async () => {
    const number = await order();
    expect(await changeOrderStatus(t.services, head, number, { from: 'new', to: 'cancelled', reason: '' }, null)).toEqual({ ok: false, status: 400, message: ORDER_WORK_MESSAGES.reasonRequired });
    expect(await changeOrderStatus(t.services, head, number, { from: 'new', to: 'cancelled', reason: 'Покупатель передумал' }, null)).toEqual({ ok: true });
    expect((await staffOrder(t.services, head, number))!.events[0]).toMatchObject({ kind: 'status', status: 'cancelled', note: 'Покупатель передумал' });
  });

  it('is out of reach of another branch\'s staff, by number and in the list', async () => {
    const number = await order({ branchId: branchB });
    const other: OrderActor = { ...head, branchId: branchA };
    expect(await staffOrder(t.services, other, number)).toBeNull();
    expect(await changeOrderStatus(t.services, other, number, { from: 'new', to: 'in_work', reason: '' }, null)).toEqual({ ok: false, status: 404, message: ORDER_WORK_MESSAGES.notFound });
    expect(await priceOrderLine(t.services, other, number, await lineId(number), '100', null)).toEqual({ ok: false, status: 404, message: ORDER_WORK_MESSAGES.notFound });
    expect((await listStaffOrders(t.services, other, staffOrderFilter.parse({ q: number }))).rows).toEqual([]);
    // ?branch= cannot widen a branch employee's scope.
    expect((await listStaffOrders(t.services, other, staffOrderFilter.parse({ q: number, branch: String(branchB) }))).rows).toEqual([]);
    expect((await listStaffOrders(t.services, head, staffOrderFilter.parse({ q: number }))).rows.map((r) => r.number)).toEqual([number]);
    // A number with a control character or of any length is not found, before any query.
    for (const bad of [`${number}\u0000`, 'А'.repeat(5000), '']) {
      expect(await staffOrder(t.services, head, bad)).toBeNull();
      expect(await changeOrderStatus(t.services, head, bad, { from: 'new', to: 'in_work', reason: '' }, null)).toMatchObject({ ok: false, status: 404 });
      expect(await confirmOrderPrices(asCustomer(), bad, 'Фермер')).toMatchObject({ ok: false, status: 404 });
    }
  });

  it('is found by its number, phone, e-mail or a line\'s part number written any way', async () => {
    const number = await order({ code: 'ZZ-77.401' });
    const view = (await staffOrder(t.services, head, number))!;
    const digits = view.phone.replace(/\D/g, '');
    for (const q of [number, number.replace('АГ', 'аг'), `8${digits.slice(1)}`, view.email.toUpperCase(), 'zz77401', 'ЗЗ 77 401'.replace('ЗЗ', 'ZZ')]) {
      expect((await listStaffOrders(t.services, head, staffOrderFilter.parse({ q }))).rows.map((r) => r.number), q).toContain(number);
    }
    expect((await listStaffOrders(t.services, head, staffOrderFilter.parse({ q: number, status: 'closed' }))).rows).toEqual([]);
  });

  it('is listed in the order the address asks, by the whitelisted keys only (ADR 079)', async () => {
    const numbers = [await order({ code: 'SORT-79' }), await order({ code: 'SORT-79' }), await order({ code: 'SORT-79' })];
    const totals = [300_000, 100_000, 200_000];
    for (const [i, number] of numbers.entries()) await t.db.updateTable('orders_order').set({ total: totals[i]! }).where('number', '=', number).execute();
    const list = async (sort?: unknown) => (await listStaffOrders(t.services, head, staffOrderFilter.parse({ q: 'SORT-79', sort }))).rows.map((r) => r.number);
    const [first, second, third] = numbers as [string, string, string];
    expect(await list()).toEqual([third, second, first]);
    expect(await list('created')).toEqual([first, second, third]);
    expect(await list('-total')).toEqual([first, third, second]);
    expect(await list('total')).toEqual([second, third, first]);
    // Anything else is the default order, never an error (nor a column named by the visitor).
    for (const hostile of ['name', '-o.total', 'total; drop table orders_order', '\u0000', 'created desc', 'A'.repeat(5000), ['total'], '__proto__']) {
      expect(await list(hostile), String(hostile).slice(0, 40)).toEqual([third, second, first]);
    }
  });

  it('moves once when several staff press the same button at once', async () => {
    const number = await order();
    const results = await Promise.all(Array.from({ length: 6 }, () => changeOrderStatus(t.services, head, number, { from: 'new', to: 'in_work', reason: '' }, null)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.message)).toEqual(Array(5).fill(ORDER_WORK_MESSAGES.moved));
    expect((await staffOrder(t.services, head, number))!.events).toHaveLength(1);
  });
});

describe('the questionnaire linked to an order (ADR 107)', () => {
  const origin = 'https://shop.example';
  /** The customer's letters of the order's news (the jobs' payloads), oldest first. */
  const letters = async (number: string) => (await sql<{ payload: { to: string; subject?: string; text: string } }>`
    select j.payload from job j join orders_event e on j.key = 'orders.event:' || e.id join orders_order o on o.id = e.order_id
    where o.number = ${number} order by e.id`.execute(t.db)).rows.map((r) => r.payload);
  const link = async (number: string, questionnaireId: number | null) => {
    expect((await linkQuestionnaire(t.services, head, { kind: 'order', number }, questionnaireId, null)).ok).toBe(true);
  };
  const encoded = (number: string) => encodeURIComponent(number);
  let delivery = 0;

  beforeAll(async () => {
    // A second published questionnaire, of this file only (№ 1 is the demo's).
    const model = (await t.db.selectFrom('questionnaires_questionnaire').select('model').where('id', '=', 1).executeTakeFirstOrThrow()).model;
    delivery = (await t.db.insertInto('questionnaires_questionnaire').values({ title: 'Доставка техники', model: JSON.stringify(model), published: true })
      .returning('id').executeTakeFirstOrThrow()).id;
  });

  it('is not in the letters before an employee links one, and is in every e-mail after it, in words', async () => {
    const number = await order();
    await changeOrderStatus(t.services, head, number, { from: 'new', to: 'in_work', reason: '' }, null);
    await link(number, 1);
    await priceOrderLine(t.services, head, number, await lineId(number), '100', null);
    await changeOrderStatus(t.services, head, number, { from: 'in_work', to: 'cancelled', reason: 'Нет на складе' }, null);
    const url = `${origin}/cart/order/${encoded(number)}`;
    const invite = `Пройти опрос «Оценка качества сервиса»: ${origin}/questionnaire/1?order=${encoded(number)}`;
    expect((await letters(number)).map((l) => l.text)).toEqual([
      `Здравствуйте!\n\nСтатус заказа ${number}: «В работе».\nЗаказ и его история:\n${url}\n`,
      `Здравствуйте!\n\nМенеджер назвал цену позиции заказа ${number}: AL-1: 100\u00a0руб. за шт..\nПроверьте сумму и подтвердите цены в «Моих заказах», чтобы мы собрали заказ:\n${url}\n\n${invite}\n`,
      `Здравствуйте!\n\nСтатус заказа ${number}: «Отменён».\nПричина: Нет на складе\nЗаказ и его история:\n${url}\n\n${invite}\n`,
    ]);
  });

  it('is not in the letter once it is unpublished or unlinked, nor in an SMS', async () => {
    const number = await order();
    await link(number, delivery);
    await t.db.updateTable('questionnaires_questionnaire').set({ published: false }).where('id', '=', delivery).execute();
    await changeOrderStatus(t.services, head, number, { from: 'new', to: 'in_work', reason: '' }, null);
    await t.db.updateTable('questionnaires_questionnaire').set({ published: true }).where('id', '=', delivery).execute();
    await changeOrderStatus(t.services, head, number, { from: 'in_work', to: 'cancelled', reason: 'Дубль' }, null);
    const [unpublished, published] = await letters(number);
    expect(unpublished!.text).not.toContain('Пройти опрос');
    expect(published!.text).toContain(`\n\nПройти опрос «Доставка техники»: ${origin}/questionnaire/${delivery}?order=${encoded(number)}\n`);

    const unlinked = await order();
    await link(unlinked, delivery);
    await link(unlinked, null);
    await changeOrderStatus(t.services, head, unlinked, { from: 'new', to: 'in_work', reason: '' }, null);
    expect((await letters(unlinked))[0]!.text).not.toContain('Пройти опрос');

    const bySms = await order({ sms: true });
    await link(bySms, delivery);
    await changeOrderStatus(t.services, head, bySms, { from: 'new', to: 'in_work', reason: '' }, null);
    expect(await letters(bySms)).toEqual([{ to: expect.stringMatching(/^7912/), text: `Заказ ${bySms}: «В работе».` }]);
  });

  it('is not in the letter once the order\'s account has answered it, by whatever link', async () => {
    const number = await order();
    await link(number, delivery);
    await changeOrderStatus(t.services, head, number, { from: 'new', to: 'in_work', reason: '' }, null);
    // Someone else's answer changes nothing; the account's own (here by the questionnaire's own address) ends it.
    await t.db.insertInto('questionnaires_response').values({ questionnaire_id: delivery, respondent: `b:${'x'.repeat(32)}`, user_id: null, answers: '{}' }).execute();
    await changeOrderStatus(t.services, head, number, { from: 'in_work', to: 'cancelled', reason: 'Дубль' }, null);
    await t.db.insertInto('questionnaires_response').values({ questionnaire_id: delivery, respondent: `u:${customerId}`, user_id: customerId, answers: '{}' }).execute();
    const other = await order();
    await link(other, delivery);
    await changeOrderStatus(t.services, head, other, { from: 'new', to: 'in_work', reason: '' }, null);
    const invite = (n: string) => `Пройти опрос «Доставка техники»: ${origin}/questionnaire/${delivery}?order=${encoded(n)}`;
    expect((await letters(number)).map((l) => l.text.includes(invite(number)))).toEqual([true, true]);
    expect((await letters(other))[0]!.text).not.toContain('Пройти опрос');
  });
});
