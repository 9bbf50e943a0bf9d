import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { now, nowMs } from '#app/.server/clock.ts';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import { enqueueMail, enqueueSms } from '#app/.server/jobs/mail.ts';
import type { Database } from '#app/.server/db/schema.ts';
import type { FileStorage } from '#app/.server/files/storage.ts';
import { lockOwner, type Owner } from '#app/.server/visitor-owner.ts';
import { formatMoney, type CurrencyCode } from '#app/lib/money.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { offerOrderEmail, profileOf } from '#app/modules/auth/profile.server.ts';
import { currentLocation, regionDirectory } from '#app/modules/regions/regions.server.ts';
import { branchEmail, customerEmail, customerSms, type LetterOrder } from './order-letters.ts';
import {
  DELIVERY_METHOD_LABELS, IDEMPOTENCY_KEEP_HOURS, ORDER_MESSAGES, ORDER_STATUS_LABELS, attachmentPath, orderPath,
  type DeliveryMethod,
} from './orders.constants.ts';
import * as q from './orders.queries.server.ts';
import { creditRefusal, deliveryChange, isOrderNumber, itemsTotal, orderChanges, orderNumber, priceOrNull, singleCurrency, type CurrentLine, type LineChange } from './orders.rules.ts';
import type { CustomerInfo, DeliveryPoint, OrderCreateInput, OrderCreatedAnswer, OrderView } from './orders.schema.ts';

/*
 * Orders as use cases (ADR 041): created from the checked cart lines in one transaction under the
 * owner's lock, exactly once per idempotency key, with prices and stock checked again; letters
 * written with the order and sent after the commit.
 */

type Db = Kysely<Database>;

/** Advisory lock namespace of orders (the cart uses 7310091). */
const LOCK_ORDERS = 7310101;

/** Expected outcomes' codes and their API status. */
export const ORDER_STATUS = {
  'sign-in': 401, 'unknown-branch': 404, 'unknown-lines': 404, 'unknown-terminal': 404, changed: 409, currency: 409, credit: 409, 'key-reused': 422,
} as const;

/**
 * The delivery module's price for the order (wired by the composition root; ADR 041, 042): asked on
 * the server from what the order names (branch, the address's point, the terminal and its company,
 * the ordered parts), never taken from the browser. `price` is in minor units of `currency`.
 * `refused`: the order names something the delivery module does not know (a terminal).
 */
export interface OrderDeliveryQuote {
  (ctx: RequestContext, request: {
    method: DeliveryMethod; branchId: number; point: DeliveryPoint | null; terminalId: number | null; company: string | null;
    parts: ReadonlyArray<{ partId: number; count: number }>; itemsTotal: number; currency: CurrencyCode;
  }): Promise<{ price: number; failed: boolean; carrier?: string | null } | { refused: string }>;
}

/** The customer's credit limit (the cart's limit table, wired by the composition root): null when he has none. */
export interface CreditLimitPort {
  /** `since`: when `used` was written; credit orders made after it are not in it yet. */
  (db: Db, owner: Owner): Promise<{ total: number; used: number; currency?: CurrencyCode; since?: Date } | null>;
}

/**
 * Until the delivery module is wired: pickup is free; any delivery has no price yet, which spec §8
 * stores as price 0 with the fail flag (a manager calls with the price).
 */
export const noDeliveryQuote: OrderDeliveryQuote = async (_ctx, request) =>
  request.method === 'pickup' ? { price: 0, failed: false } : { price: 0, failed: true };

/** Spec §9: the default cart limit is zeros. */
export const noCreditLimit: CreditLimitPort = async () => null;

/** A cart line as the order takes it: the part's facts and its price and stock at the order's branch now. */
export interface OrderCartLine {
  id: number;
  part_id: number;
  code: string;
  name: string;
  one_c_code: string | null;
  weight_grams: number | null;
  price: number | null;
  old_price: number | null;
  currency: CurrencyCode | null;
  quantity: number;
  /** Ordered from a supplier's offer (ADR 099): the organisation and its lead time; null or absent: from stock. */
  supplier?: { organisationId: number; leadTimeDays: number } | null;
}

/** The customer's cart (the cart module, wired by the composition root): the orders read no cart or parts table. */
export interface OrderCartPort {
  /**
   * The owner's lines among `ids`, in id order, with their parts at the branch; `lock` holds the
   * lines until the transaction `db` ends (two tabs ordering the same line queue there).
   */
  lines(db: Db, owner: Owner, ids: readonly number[], branchId: number, options: { lock: boolean; currency?: CurrencyCode }): Promise<OrderCartLine[]>;
  /** The ordered lines leave the cart, in the order's transaction. */
  remove(trx: Db, ids: readonly number[]): Promise<void>;
}

/** Until the cart is wired: no lines (every order names lines it does not find). */
export const noCart: OrderCartPort = { lines: async () => [], remove: async () => {} };

export interface OrderPorts { deliveryQuote: OrderDeliveryQuote; creditLimit: CreditLimitPort; cart: OrderCartPort }
const ports: OrderPorts = { deliveryQuote: noDeliveryQuote, creditLimit: noCreditLimit, cart: noCart };

/** The composition root wires the delivery module's price and the cart's lines and credit limit here. */
export function configureOrderPorts(next: Partial<OrderPorts>): void {
  Object.assign(ports, next);
}

/** A file already in the storage under a temporary key, its type recognised. */
export interface StagedFile { tempKey: string; name: string; mime: string; size: number; sha256: string }

export type CreateOrderOutcome =
  | ({ ok: true; message: string } & OrderCreatedAnswer)
  | { ok: false; code: 'changed'; message: string; changes: LineChange[] }
  | { ok: false; code: Exclude<keyof typeof ORDER_STATUS, 'changed'>; message: string };

export function ownerKey(owner: Owner): string {
  return owner.userId !== undefined ? `u:${owner.userId}` : `s:${owner.sessionId}`;
}

/** What makes two submits "the same order": the input and the files' content. */
export function requestHash(input: OrderCreateInput, files: readonly StagedFile[]): string {
  const canonical = JSON.stringify({ input, files: files.map((f) => [f.name, f.sha256]) });
  return createHash('sha256').update(canonical).digest('hex');
}

/** Where the customer's letter goes (issue 28 point 3): the account's confirmed address, else its confirmed phone; never an address typed into the order. */
type Notice = { channel: 'email' | 'sms'; to: string } | null;

async function noticeOf(ctx: RequestContext): Promise<Notice> {
  const profile = await profileOf(ctx);
  if (profile?.emailConfirmed && profile.email) return { channel: 'email', to: profile.email };
  if (profile?.phoneConfirmed && profile.phone) return { channel: 'sms', to: profile.phone };
  return null;
}

/**
 * Creates the order of the signed-in customer (spec §1: prices, and so orders, need an account).
 * Files were staged in the storage before (never inside the transaction); they are moved to the
 * order's keys just before the commit, and removed if no order was created. The same key again, in
 * parallel or later, answers the order it created.
 */
export async function createOrder(ctx: RequestContext, input: OrderCreateInput, key: string, files: readonly StagedFile[], storage: FileStorage): Promise<CreateOrderOutcome> {
  const { services } = ctx;
  const userId = ctx.session?.userId;
  if (userId == null) {
    await Promise.all(files.map((f) => storage.delete(f.tempKey).catch(() => {})));
    return { ok: false, code: 'sign-in', message: ORDER_MESSAGES.signInToOrder };
  }
  const owner: Owner = { userId };
  const hash = requestHash(input, files);
  const promoted: string[] = [];
  let outcome: CreateOrderOutcome;
  try {
    // Outside the transaction: a carrier may take seconds, and neither the owner's lock nor a
    // connection is held meanwhile. The transaction checks the lines again under the lock.
    // The branches are reference data kept in memory: read before the transaction, whose connection
    // is the only one PGlite has.
    const directory = await regionDirectory(services);
    const branch = directory.branches.find((b) => b.id === input.branchId);
    // The branch's currency: a supplier's line is priced in it (ADR 099).
    const branchCurrency: CurrencyCode = directory.countries.find((c) => c.id === branch?.countryId)?.code === 'KZ' ? 'KZT' : 'RUB';
    const [quote, notice] = await Promise.all([quoteDelivery(ctx, owner, input, branchCurrency), noticeOf(ctx)]);
    if ('refused' in quote) {
      outcome = { ok: false, code: 'unknown-terminal', message: quote.refused };
    } else {
      outcome = await services.db.transaction().execute((trx) => createInTransaction(services, trx, { owner, input, key, hash, files, storage, promoted, quote, notice, branch, branchCurrency }));
    }
  } catch (error) {
    await Promise.all(promoted.map((k) => storage.delete(k).catch(() => {})));
    await Promise.all(files.map((f) => storage.delete(f.tempKey).catch(() => {})));
    throw error;
  }
  // Staged files that did not become the order's (refused, or a repeat of an order already made).
  if (!outcome.ok || outcome.repeated) await Promise.all(files.map((f) => storage.delete(f.tempKey).catch(() => {})));
  if (outcome.ok && !outcome.repeated) await offerOrderEmail(ctx, input.email).catch(() => {});
  return outcome;
}

type Quote = { price: number; failed: boolean; carrier?: string | null };

/**
 * The delivery price of the order as the delivery module quotes it now for the ordered parts (read
 * without a lock: a line's part never changes; its count is the order's). Pickup costs nothing.
 */
async function quoteDelivery(ctx: RequestContext, owner: Owner, input: OrderCreateInput, branchCurrency: CurrencyCode): Promise<Quote | { refused: string }> {
  if (input.deliveryMethod === 'pickup') return { price: 0, failed: false };
  const lines = await ports.cart.lines(ctx.services.db, owner, input.products.map((p) => p.id), input.branchId, { lock: false, currency: branchCurrency });
  const byId = new Map(lines.map((l) => [l.id, l]));
  const parts = input.products.flatMap((p) => {
    const l = byId.get(p.id);
    return l ? [{ partId: l.part_id, count: p.count, price: l.price }] : [];
  });
  const priced = parts.filter((p) => p.price !== null && p.price > 0);
  const currency = singleCurrency(lines.map((l) => l.currency ?? 'RUB')) ?? 'RUB';
  return ports.deliveryQuote(ctx, {
    method: input.deliveryMethod, branchId: input.branchId, point: input.deliveryPoint,
    terminalId: input.deliveryMethod === 'terminals' ? input.deliveryTerminalId : null,
    company: input.deliveryMethod === 'terminals' ? input.deliveryCompany : null,
    parts: priced.map((p) => ({ partId: p.partId, count: p.count })),
    itemsTotal: itemsTotal(priced.map((p) => ({ count: p.count, price: p.price! }))), currency,
  });
}

interface CreateRequest {
  owner: Owner; input: OrderCreateInput; key: string; hash: string; files: readonly StagedFile[];
  storage: FileStorage; promoted: string[]; quote: Quote; notice: Notice;
  /** The order's branch (regions' directory); undefined: no such branch. */
  branch: { id: number; name: string; address: string; phone: string; email: string } | undefined;
  branchCurrency: CurrencyCode;
}

async function createInTransaction(services: AppServices, trx: Db, r: CreateRequest): Promise<CreateOrderOutcome> {
  const { owner, input, key, hash, files, storage, promoted, quote, notice, branch, branchCurrency } = r;
  await lockOwner(trx, LOCK_ORDERS, owner);
  const oKey = ownerKey(owner);
  const seen = await q.findIdempotent(trx, oKey, key);
  if (seen) {
    if (seen.request_hash !== hash) return { ok: false, code: 'key-reused', message: ORDER_MESSAGES.keyReused };
    return { ok: true, message: ORDER_MESSAGES.created, number: seen.number, total: Number(seen.total), currency: seen.currency, url: orderPath(seen.number), repeated: true };
  }
  if (!branch) return { ok: false, code: 'unknown-branch', message: ORDER_MESSAGES.unknownBranch };

  const ids = input.products.map((p) => p.id);
  const locked = await ports.cart.lines(trx, owner, ids, branch.id, { lock: true, currency: branchCurrency });
  if (locked.length !== ids.length) return { ok: false, code: 'unknown-lines', message: ORDER_MESSAGES.unknownLines };
  const byId = new Map(locked.map((l) => [l.id, l]));
  const current = new Map<number, CurrentLine>(locked.map((l) => [l.id, { id: l.id, name: l.name, price: l.price, currency: l.currency ?? 'RUB', quantity: l.quantity }]));
  const changes = orderChanges(input.products, current);
  // The order's currency is its priced lines' (a line 'цена по запросу' has none to add up).
  const priced = locked.filter((l) => priceOrNull(l.price) !== null);
  const currency = singleCurrency((priced.length ? priced : locked).map((l) => l.currency ?? 'RUB'));
  const delivery = deliveryChange(input.deliveryPriceSeen, quote.failed ? null : Math.max(0, Math.round(quote.price)), currency ?? 'RUB');
  if (delivery) changes.push(delivery);
  if (changes.length) return { ok: false, code: 'changed', message: ORDER_MESSAGES.changed, changes };
  if (!currency) return { ok: false, code: 'currency', message: ORDER_MESSAGES.mixedCurrencies };

  const lines = input.products.map((p) => {
    const l = byId.get(p.id)!;
    const price = priceOrNull(l.price);
    return { ...l, count: p.count, price, lineTotal: price === null ? null : p.count * price };
  });
  const goods = itemsTotal(lines);
  const deliveryPrice = quote.failed ? 0 : Math.max(0, Math.round(quote.price));
  const total = goods + deliveryPrice;
  if (input.onCredit) {
    const line = await ports.creditLimit(trx, owner);
    // No limit row (or one in another currency) is no credit line (spec §9: default zeros).
    if (!line || line.total <= 0 || (line.currency !== undefined && line.currency !== currency)) return { ok: false, code: 'credit', message: ORDER_MESSAGES.noCreditLine };
    // Credit orders taken since the accounting last wrote `used` are spent too; the owner's lock
    // makes parallel orders of one customer count each other.
    const pending = line.since ? await q.creditOrdersSince(trx, owner, line.since) : 0;
    const limit = { total: line.total, used: line.used + pending };
    const refusal = creditRefusal(limit, total);
    if (refusal !== null) return { ok: false, code: 'credit', message: ORDER_MESSAGES.creditRefused(formatMoney(refusal, currency)) };
  }

  // The carrier that quoted the price is the server's word; the browser's text stands when none did.
  const carrier = !quote.failed && quote.carrier ? quote.carrier : input.deliveryCarrier;
  const at = now();
  const number = orderNumber(at.getUTCFullYear(), await q.nextOrderSequence(trx));
  const order = await trx.insertInto('orders_order').values({
    number, user_id: owner.userId ?? null, session_id: owner.sessionId ?? null,
    name: input.name, phone: input.phone, email: input.email, branch_id: branch.id,
    delivery_method: input.deliveryMethod, delivery_address: input.deliveryAddress, delivery_terminal: input.deliveryTerminal,
    delivery_carrier: carrier, delivery_price: deliveryPrice, delivery_failed: quote.failed,
    comment: input.comment, on_credit: input.onCredit, currency, items_total: goods, total, created_at: at,
  }).returning('id').executeTakeFirstOrThrow();
  await trx.insertInto('orders_line').values(lines.map((l) => ({
    order_id: order.id, part_id: l.part_id, code: l.code, name: l.name, one_c_code: l.one_c_code, weight_grams: l.weight_grams,
    count: l.count, price: l.price, old_price: l.price === null ? null : l.old_price, currency, line_total: l.lineTotal,
    supplier_organisation_id: l.supplier?.organisationId ?? null, lead_time_days: l.supplier?.leadTimeDays ?? null,
  }))).execute();
  const finalKeys = files.map(() => `orders/${order.id}/${randomUUID()}`);
  if (files.length) {
    await trx.insertInto('orders_attachment').values(files.map((f, i) => ({
      order_id: order.id, storage_key: finalKeys[i]!, original_name: f.name, mime_type: f.mime, size_bytes: f.size, created_at: at,
    }))).execute();
  }
  await trx.insertInto('orders_idempotency').values({ owner_key: oKey, key, request_hash: hash, order_id: order.id, created_at: at }).execute();
  await ports.cart.remove(trx, ids);

  const letter: LetterOrder = {
    number, url: `${services.config.PUBLIC_ORIGIN}${orderPath(number)}`, at,
    branch: { name: branch.name, address: branch.address, phone: branch.phone },
    customer: { name: input.name, phone: input.phone, email: input.email },
    delivery: { method: input.deliveryMethod, address: input.deliveryAddress, carrier, terminal: input.deliveryTerminal, price: deliveryPrice, failed: quote.failed },
    lines, goods, total, currency, onCredit: input.onCredit, comment: input.comment, files: files.map((f) => f.name),
  };
  const mail = customerEmail(letter);
  const staff = branchEmail(letter);
  const letters = await trx.insertInto('orders_mail').values([
    ...(notice?.channel === 'email' ? [{ order_id: order.id, recipient: notice.to, staff: false, subject: mail.subject, body: mail.text, html: mail.html ?? null }] : []),
    ...(notice?.channel === 'sms' ? [{ order_id: order.id, recipient: notice.to, channel: 'sms' as const, staff: false, subject: mail.subject, body: customerSms(letter) }] : []),
    // The branch's address is reference data; a branch without one sends to nobody (checked by the schema: not null).
    ...(branch.email ? [{ order_id: order.id, recipient: branch.email, staff: true, subject: staff.subject, body: staff.text }] : []),
  ]).returning(['id', 'recipient', 'channel', 'staff', 'subject', 'body', 'html']).execute();
  // Sent by the job runner once this commits (ADR 075); each letter's key is its row's.
  for (const l of letters) {
    const key = `orders.mail:${l.id}`;
    if (l.channel === 'sms') await enqueueSms(trx, { to: l.recipient, text: l.body }, { key });
    else await enqueueMail(trx, { to: l.recipient, subject: l.subject, text: l.body, ...(l.html ? { html: l.html } : {}), staff: l.staff }, { key });
  }

  // Last, just before the commit: a crash from here leaves files under orders/ without rows (swept
  // by nobody, harmless) rather than rows without files.
  for (let i = 0; i < files.length; i++) {
    await storage.promote(files[i]!.tempKey, finalKeys[i]!);
    promoted.push(finalKeys[i]!);
  }
  return { ok: true, message: ORDER_MESSAGES.created, number, total, currency, url: orderPath(number), repeated: false };
}

/** Housekeeping: idempotency keys older than IDEMPOTENCY_KEEP_HOURS (at least 24 h), staged files of a day ago. */
export async function ordersHousekeeping(services: AppServices, storage: FileStorage): Promise<void> {
  await q.deleteOldIdempotencyKeys(services.db, new Date(nowMs() - IDEMPOTENCY_KEEP_HOURS * 3_600_000));
  await storage.sweepTemp(24 * 3_600_000);
}

/** At sign-in, inside the session rotation: the guest's orders join the account (a platform SignInHandler). */
export function joinGuestOrders(trx: Db, move: { fromSessionId: string; userId: number }): Promise<void> {
  return q.moveGuestOrders(trx, move.fromSessionId, move.userId);
}

/** `GET /api/order/customer-info`: the signed-in user's contacts and branch; a guest's are empty. */
export async function customerInfo(ctx: RequestContext): Promise<CustomerInfo> {
  const [profile, location] = await Promise.all([profileOf(ctx), currentLocation(ctx)]);
  return {
    name: profile?.name ?? '',
    phone: profile?.phone ?? '',
    // An address typed into an earlier order and waiting for its confirmation is the customer's word too.
    email: profile?.email ?? profile?.pendingEmail ?? '',
    branchId: location.currentBranch.id,
  };
}

/** `GET /api/order/regions`: the regions with their branches, for the branch choice. */
export async function orderRegions(services: AppServices) {
  const dir = await regionDirectory(services);
  const regions = new Map<number, { id: number; label: string; countryId: number; branches: Array<{ id: number; name: string; city: string; address: string; phone: string; coords: [number, number] }> }>();
  for (const b of dir.branches) {
    let region = regions.get(b.areaId);
    if (!region) regions.set(b.areaId, (region = { id: b.areaId, label: b.areaLabel, countryId: b.countryId, branches: [] }));
    region.branches.push({ id: b.id, name: b.name, city: b.city, address: b.address, phone: b.phone, coords: b.coords });
  }
  return [...regions.values()].sort((a, b) => a.label.localeCompare(b.label, 'ru'));
}

/**
 * The signed-in customer's order as its pages show it; null for anyone else's, an unknown number or
 * a guest (spec §1: a guest sees no price; a guest's order of old joined his account at sign-in).
 */
export async function ownOrder(ctx: RequestContext, number: string): Promise<OrderView | null> {
  const owner = accountOf(ctx);
  if (!owner || !isOrderNumber(number)) return null;
  const row = await q.findOwnOrder(ctx.services.db, owner, number);
  if (!row) return null;
  return (await orderViews(ctx.services, [row]))[0] ?? null;
}

/**
 * 'Повторить заказ': the parts of the owner's order and their counts, for the cart to add at today's
 * prices (lines whose part no longer exists are left out); null: not his order.
 */
export async function ownOrderParts(ctx: RequestContext, number: string): Promise<Array<{ partId: number; count: number }> | null> {
  const owner = accountOf(ctx);
  if (!owner || !isOrderNumber(number)) return null;
  const row = await q.findOwnOrder(ctx.services.db, owner, number);
  if (!row) return null;
  return (await q.linesOf(ctx.services.db, [row.id])).flatMap((l) => (l.part_id === null ? [] : [{ partId: l.part_id, count: l.count }]));
}

/** 'Мои заказы': the signed-in user's orders, newest first; null for a guest. */
export async function myOrders(ctx: RequestContext, limit = 50): Promise<OrderView[] | null> {
  const userId = ctx.session?.userId;
  if (userId == null) return null;
  return orderViews(ctx.services, await q.listOwnOrders(ctx.services.db, userId, limit));
}

function accountOf(ctx: RequestContext): Owner | null {
  const userId = ctx.session?.userId;
  return userId == null ? null : { userId };
}

export type OrderRow = Awaited<ReturnType<typeof q.listOwnOrders>>[number];

/** Orders as their pages show them, for the customer's pages and the back-office's (order-work.server.ts). */
export async function orderViews(services: AppServices, rows: readonly OrderRow[], { staff = false }: { staff?: boolean } = {}): Promise<OrderView[]> {
  const db = services.db;
  const ids = rows.map((r) => r.id);
  const [lines, files, directory, notices, events] = await Promise.all([
    q.linesOf(db, ids), q.attachmentsOf(db, ids), regionDirectory(services), q.noticesOf(db, ids), q.eventsOf(db, ids),
  ]);
  const branchById = new Map(directory.branches.map((b) => [b.id, b]));
  return rows.map((r) => {
    const b = branchById.get(r.branch_id);
    return {
      number: r.number,
      status: r.status,
      statusLabel: ORDER_STATUS_LABELS[r.status],
      createdAt: new Date(r.created_at).toISOString(),
      name: r.name,
      phone: formatPhoneDisplay(r.phone),
      email: r.email,
      branch: { id: r.branch_id, name: b?.name ?? '', address: b?.address ?? '', phone: b?.phone ? formatPhoneDisplay(b.phone) : '' },
      delivery: {
        method: r.delivery_method, label: DELIVERY_METHOD_LABELS[r.delivery_method], address: r.delivery_address,
        terminal: r.delivery_terminal, carrier: r.delivery_carrier, price: Number(r.delivery_price), failed: r.delivery_failed,
      },
      comment: r.comment,
      onCredit: r.on_credit,
      currency: r.currency,
      itemsTotal: Number(r.items_total),
      total: Number(r.total),
      lines: lines.filter((l) => l.order_id === r.id).map((l) => ({
        id: l.id, code: l.code, name: l.name, count: l.count,
        price: l.price === null ? null : Number(l.price), lineTotal: l.line_total === null ? null : Number(l.line_total),
        // The supplier's identity is the back-office's; a customer sees the lead time only (ADR 099).
        supplier: l.supplier_organisation_id === null || l.lead_time_days === null ? null
          : staff ? { organisationId: l.supplier_organisation_id, leadTimeDays: l.lead_time_days } : { leadTimeDays: l.lead_time_days },
      })),
      notice: noticeView(notices.find((n) => n.order_id === r.id)),
      pricesPendingConfirmation: r.prices_pending_confirmation,
      events: events.filter((e) => e.order_id === r.id).map((e) => ({
        kind: e.kind, status: e.status, statusLabel: e.status ? ORDER_STATUS_LABELS[e.status] : null, note: e.note, actor: e.actor_name, at: new Date(e.at).toISOString(),
      })),
      attachments: files.filter((f) => f.order_id === r.id).map((f) => ({ id: f.id, name: f.original_name, mime: f.mime_type, size: Number(f.size_bytes), url: attachmentPath(r.number, f.id) })),
    };
  });
}

function noticeView(row: { channel: 'email' | 'sms'; recipient: string } | undefined): OrderView['notice'] {
  if (!row) return null;
  return row.channel === 'sms' ? { channel: 'sms', to: formatPhoneDisplay(row.recipient) } : { channel: 'email', to: row.recipient };
}

/** An attachment of the owner's order: its storage key, name and type (the download route streams it). */
export async function ownAttachment(ctx: RequestContext, number: string, id: number): Promise<{ key: string; name: string; mime: string } | null> {
  const owner = accountOf(ctx);
  if (!owner) return null;
  const order = await q.findOwnOrder(ctx.services.db, owner, number);
  if (!order) return null;
  const file = (await q.attachmentsOf(ctx.services.db, [order.id])).find((f) => f.id === id);
  return file ? { key: file.storage_key, name: file.original_name, mime: file.mime_type } : null;
}

/** How many recent orders of each part are looked at for the parts ordered with it. */
const ORDERED_WITH_PER_PART = 50;

/**
 * The parts most often ordered together with `partIds` (none of them), with how many orders hold
 * each: the cart's recommendations (spec §7 rec-items) through its port, wired in `server/ports.ts`.
 */
export async function partsOrderedWith(db: Db, partIds: readonly number[], limit = 100): Promise<Array<{ partId: number; orders: number }>> {
  const rows = await q.selectOrderedWith(db, partIds, ORDERED_WITH_PER_PART, limit);
  return rows.map((r) => ({ partId: r.part_id, orders: r.orders }));
}
