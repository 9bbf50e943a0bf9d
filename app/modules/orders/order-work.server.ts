import { sql } from 'kysely';
import { recordAudit } from '#app/.server/audit.ts';
import { enqueueMail, enqueueSms } from '#app/.server/jobs/mail.ts';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { readSort } from '#app/components/backoffice/sort.rules.ts';
import { formatMoney } from '#app/lib/money.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { letterInvitation } from '#app/modules/questionnaires/questionnaire-links.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import { prepareInvoicePdf } from './invoice-job.server.ts';
import { ORDER_STATUS_LABELS, ORDER_WORK_MESSAGES, orderPath, type OrderStatusCode } from './orders.constants.ts';
import { orderNewsLetter, type OrderNews } from './order-letters.ts';
import { isOrderNumber, parseStaffPrice, statusMoveRefusal } from './orders.rules.ts';
import type { OrderView } from './orders.schema.ts';
import { orderViews } from './orders.server.ts';
import { STAFF_ORDERS_PAGE_SIZE, type StaffOrderFilter, type StaffOrderSortKey } from './order-work.schema.ts';

/*
 * Orders as the company's work (issue 29 point 3, ADR 075): the back-office's list and order, the
 * status moves and the prices of 'по запросу' lines, each in one transaction with its event (the
 * customer's history) and its audit record; and the customer's confirmation of named prices.
 * Every read and write of staff is scoped to his branch in the query itself.
 */

/** Who acts: his id, name, and the branch he works (null: every branch). */
export interface OrderActor { userId: number; name: string; branchId: number | null }

export type WorkResult = { ok: true } | { ok: false; status: 400 | 404 | 409; message: string };

export interface StaffOrderRow {
  number: string; createdAt: string; name: string; phone: string; email: string; branch: string;
  status: OrderStatusCode; statusLabel: string; total: number; currency: OrderView['currency'];
  unpricedLines: number; pricesPendingConfirmation: boolean; delivery: OrderView['delivery']['method'];
}

/** The numbers a search text may be: the order's, a phone's, an e-mail, a part's (normalised in SQL). */
function searchTerms(q: string) {
  const digits = q.replace(/\D/g, '');
  const phone = digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
  return {
    number: q.toUpperCase().replace(/^AG/, 'АГ'),
    phone: phone.length >= 11 && phone.length <= 12 ? phone : null,
    email: q.includes('@') ? q.toLowerCase() : null,
    code: q,
  };
}

/** A page of orders newest first, within the staff member's branch, by the filters. */
const ORDER_SORT_COLUMNS = { created: 'o.created_at', total: 'o.total' } as const satisfies Record<StaffOrderSortKey, string>;

export async function listStaffOrders(services: AppServices, actor: OrderActor, filter: StaffOrderFilter): Promise<{ rows: StaffOrderRow[]; hasNext: boolean; page: number }> {
  const db = services.db;
  const branchId = actor.branchId ?? filter.branch ?? null;
  let query = db.selectFrom('orders_order as o').select([
    'o.id', 'o.number', 'o.created_at', 'o.name', 'o.phone', 'o.email', 'o.branch_id', 'o.status', 'o.total', 'o.currency',
    'o.prices_pending_confirmation', 'o.delivery_method',
    sql<number>`(select count(*)::int from orders_line l where l.order_id = o.id and l.price is null)`.as('unpriced'),
  ]);
  if (branchId !== null) query = query.where('o.branch_id', '=', branchId);
  if (filter.status) query = query.where('o.status', '=', filter.status);
  if (filter.from) query = query.where('o.created_at', '>=', new Date(`${filter.from}T00:00:00+03:00`));
  if (filter.to) query = query.where('o.created_at', '<', new Date(new Date(`${filter.to}T00:00:00+03:00`).getTime() + 86_400_000));
  if (filter.q) {
    const t = searchTerms(filter.q);
    // Each reading of the text is an index lookup; their union is the set of orders it names.
    query = query.where('o.id', 'in', sql<number>`(
      select id from orders_order where number = ${t.number}
      ${t.phone ? sql`union select id from orders_order where phone = ${t.phone}` : sql``}
      ${t.email ? sql`union select id from orders_order where lower(email) = ${t.email}` : sql``}
      union select order_id from orders_line where parts_code_norm(code) = parts_code_norm(${t.code}))`);
  }
  // The order is one of the whitelisted keys (the filter's schema); the id breaks ties the same way,
  // so each key is one index scan, forwards or backwards (migrations 0029, 0032).
  const { key, direction } = readSort<StaffOrderSortKey>(filter.sort);
  const rows = await query.orderBy(ORDER_SORT_COLUMNS[key], direction).orderBy('o.id', direction)
    .limit(STAFF_ORDERS_PAGE_SIZE + 1).offset((filter.page - 1) * STAFF_ORDERS_PAGE_SIZE).execute();
  const names = new Map((await regionDirectory(services)).branches.map((b) => [b.id, b.name]));
  return {
    page: filter.page,
    hasNext: rows.length > STAFF_ORDERS_PAGE_SIZE,
    rows: rows.slice(0, STAFF_ORDERS_PAGE_SIZE).map((r) => ({
      number: r.number, createdAt: new Date(r.created_at).toISOString(), name: r.name, phone: formatPhoneDisplay(r.phone), email: r.email,
      branch: names.get(r.branch_id) ?? '', status: r.status, statusLabel: ORDER_STATUS_LABELS[r.status], total: Number(r.total),
      currency: r.currency, unpricedLines: r.unpriced, pricesPendingConfirmation: r.prices_pending_confirmation, delivery: r.delivery_method,
    })),
  };
}

/** An order of the staff member's branch by its number, as its page shows it; null: none (or another branch's). */
export async function staffOrder(services: AppServices, actor: OrderActor, number: string): Promise<OrderView | null> {
  if (!isOrderNumber(number)) return null;
  let query = services.db.selectFrom('orders_order').selectAll().where('number', '=', number);
  if (actor.branchId !== null) query = query.where('branch_id', '=', actor.branchId);
  const row = await query.executeTakeFirst();
  return row ? (await orderViews(services, [row], { staff: true }))[0] ?? null : null;
}

/** The order locked for a change, within the actor's branch. */
async function lockOrder(trx: DB, actor: OrderActor, number: string) {
  if (!isOrderNumber(number)) return undefined;
  let query = trx.selectFrom('orders_order').select(['id', 'number', 'user_id', 'status', 'delivery_method', 'prices_pending_confirmation', 'items_total', 'delivery_price', 'currency', 'branch_id'])
    .where('number', '=', number);
  if (actor.branchId !== null) query = query.where('branch_id', '=', actor.branchId);
  return query.forUpdate().executeTakeFirst();
}

/**
 * Tells the customer of his order's news where its first letter went (the account's confirmed
 * e-mail, or its phone by SMS): a job enqueued in the change's transaction, keyed by the event, so
 * the news is sent once and only if the change commits. An e-mail carries the questionnaire an
 * employee linked to the order while the account has not answered it (ADR 107).
 */
async function tellCustomer(trx: DB, services: Pick<AppServices, 'config'>, order: { id: number; number: string; user_id: number | null }, eventId: string, news: OrderNews): Promise<void> {
  const notice = await trx.selectFrom('orders_mail').select(['channel', 'recipient'])
    .where('order_id', '=', order.id).where('staff', '=', false).orderBy('id').limit(1).executeTakeFirst();
  if (!notice) return;
  const origin = services.config.PUBLIC_ORIGIN;
  const invitation = notice.channel === 'email'
    ? await letterInvitation(trx, origin, { kind: 'order', number: order.number }, { userId: order.user_id })
    : null;
  const letter = orderNewsLetter(order.number, `${origin}${orderPath(order.number)}`, news, invitation);
  const key = `orders.event:${eventId}`;
  if (notice.channel === 'sms') await enqueueSms(trx, { to: notice.recipient, text: letter.sms }, { key });
  else await enqueueMail(trx, { to: notice.recipient, subject: letter.subject, text: letter.text }, { key });
}

async function unpricedCount(trx: DB, orderId: number): Promise<number> {
  const { n } = await trx.selectFrom('orders_line').select(sql<number>`count(*)::int`.as('n')).where('order_id', '=', orderId).where('price', 'is', null).executeTakeFirstOrThrow();
  return n;
}

/**
 * Moves an order to `to` if the table and the conditions allow (statusMoveRefusal); the row is
 * locked, so two staff moving it at once are served one after the other and the second is told the
 * order has moved. `from`: the status the staff member saw.
 */
export async function changeOrderStatus(services: Pick<AppServices, 'db' | 'config'>, actor: OrderActor, number: string, change: { from: OrderStatusCode; to: OrderStatusCode; reason: string }, ip: string | null): Promise<WorkResult> {
  return services.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, actor, number);
    if (!order) return { ok: false, status: 404, message: ORDER_WORK_MESSAGES.notFound } as const;
    if (order.status !== change.from) return { ok: false, status: 409, message: ORDER_WORK_MESSAGES.moved } as const;
    const refusal = statusMoveRefusal({
      status: order.status, deliveryMethod: order.delivery_method, unpricedLines: await unpricedCount(trx, order.id), pricesPendingConfirmation: order.prices_pending_confirmation,
    }, change.to, change.reason);
    if (refusal) return { ok: false, status: change.to === 'cancelled' && !change.reason ? 400 : 409, message: refusal } as const;
    await trx.updateTable('orders_order').set({ status: change.to, status_changed_at: new Date() }).where('id', '=', order.id).execute();
    const reason = change.to === 'cancelled' ? change.reason : '';
    const event = await trx.insertInto('orders_event').values({ order_id: order.id, kind: 'status', status: change.to, note: reason, actor_id: actor.userId, actor_name: actor.name }).returning('id').executeTakeFirstOrThrow();
    await tellCustomer(trx, services, order, event.id, { kind: 'status', statusLabel: ORDER_STATUS_LABELS[change.to], reason });
    await recordAudit(trx, { actor, action: 'order.status', entity: 'order', entityId: order.number, before: { status: order.status }, after: { status: change.to, ...(change.reason ? { reason: change.reason } : {}) }, ip });
    return { ok: true } as const;
  });
}

/**
 * Names the price of a 'по запросу' line while the order is new or in work: the line's sum and the
 * order's totals follow, and the order waits for the customer's confirmation.
 */
export async function priceOrderLine(services: Pick<AppServices, 'db' | 'config'>, actor: OrderActor, number: string, lineId: number, priceText: string, ip: string | null): Promise<WorkResult> {
  const price = parseStaffPrice(priceText);
  if (price === null) return { ok: false, status: 400, message: ORDER_WORK_MESSAGES.priceInvalid };
  return services.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, actor, number);
    if (!order) return { ok: false, status: 404, message: ORDER_WORK_MESSAGES.notFound } as const;
    if (order.status !== 'new' && order.status !== 'in_work') return { ok: false, status: 409, message: ORDER_WORK_MESSAGES.closedForPricing } as const;
    const line = await trx.selectFrom('orders_line').select(['id', 'code', 'count', 'price']).where('id', '=', lineId).where('order_id', '=', order.id).executeTakeFirst();
    if (!line) return { ok: false, status: 404, message: ORDER_WORK_MESSAGES.lineNotFound } as const;
    if (line.price !== null) return { ok: false, status: 409, message: ORDER_WORK_MESSAGES.lineNotOnRequest } as const;
    const lineTotal = price * line.count;
    await trx.updateTable('orders_line').set({ price, line_total: lineTotal }).where('id', '=', line.id).execute();
    const itemsTotal = Number(order.items_total) + lineTotal;
    await trx.updateTable('orders_order').set({ items_total: itemsTotal, total: itemsTotal + Number(order.delivery_price), prices_pending_confirmation: true }).where('id', '=', order.id).execute();
    const note = `${line.code}: ${formatMoney(price, order.currency)} за шт.`;
    const event = await trx.insertInto('orders_event').values({ order_id: order.id, kind: 'price', status: null, note, actor_id: actor.userId, actor_name: actor.name }).returning('id').executeTakeFirstOrThrow();
    await tellCustomer(trx, services, order, event.id, { kind: 'price', note });
    await recordAudit(trx, { actor, action: 'order.price', entity: 'order', entityId: order.number, before: { line: line.code, price: null }, after: { line: line.code, price }, ip });
    return { ok: true } as const;
  });
}

/**
 * The customer confirms the prices named for his order's lines ('Мои заказы'). Its invoice is then
 * printed in the background (ADR 080), so it is ready when he asks for it.
 */
export async function confirmOrderPrices(ctx: RequestContext, number: string, customerName: string): Promise<WorkResult> {
  const userId = ctx.session?.userId;
  if (userId == null || !isOrderNumber(number)) return { ok: false, status: 404, message: ORDER_WORK_MESSAGES.notFound };
  const result = await confirmInTransaction(ctx, number, userId, customerName);
  if (result.ok) {
    // After the commit (the invoice is read through another connection); a failure here costs only
    // the head start: the download enqueues the same job.
    await prepareInvoicePdf(ctx.services, number).catch((error: unknown) => process.stderr.write(JSON.stringify({
      level: 'warn', msg: 'Печать счёта не поставлена в очередь', order: number, requestId: ctx.requestId, error: error instanceof Error ? error.message : String(error),
    }) + '\n'));
  }
  return result;
}

function confirmInTransaction(ctx: RequestContext, number: string, userId: number, customerName: string): Promise<WorkResult> {
  return ctx.services.db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders_order').select(['id', 'prices_pending_confirmation', 'status'])
      .where('number', '=', number).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!order) return { ok: false, status: 404, message: ORDER_WORK_MESSAGES.notFound } as const;
    if (!order.prices_pending_confirmation || order.status === 'cancelled') return { ok: false, status: 409, message: ORDER_WORK_MESSAGES.nothingToConfirm } as const;
    await trx.updateTable('orders_order').set({ prices_pending_confirmation: false }).where('id', '=', order.id).execute();
    await trx.insertInto('orders_event').values({ order_id: order.id, kind: 'confirmed', status: null, note: '', actor_id: userId, actor_name: customerName }).execute();
    return { ok: true } as const;
  });
}

/** An order as another screen of the back-office names it (a request's page: the visitor's history). */
export interface OrderSummary { number: string; createdAt: string; status: OrderStatusCode; statusLabel: string; total: number; currency: OrderView['currency']; branchId: number }

/**
 * A customer's orders, newest first, within the staff member's branch (null: every branch): what
 * a request's page shows of the visitor's history with the company.
 */
export async function ordersOfUser(services: Pick<AppServices, 'db'>, userId: number, scope: { branchId: number | null }, limit = 20): Promise<OrderSummary[]> {
  let query = services.db.selectFrom('orders_order').select(['number', 'created_at', 'status', 'total', 'currency', 'branch_id']).where('user_id', '=', userId);
  if (scope.branchId !== null) query = query.where('branch_id', '=', scope.branchId);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    number: r.number, createdAt: new Date(r.created_at).toISOString(), status: r.status, statusLabel: ORDER_STATUS_LABELS[r.status],
    total: Number(r.total), currency: r.currency, branchId: r.branch_id,
  }));
}
