import type { Transaction } from 'kysely';
import { now } from '#app/.server/clock.ts';
import type { CurrencyCode, Database } from '#app/.server/db/schema.ts';
import * as q from './orders.queries.server.ts';
import { orderNumber } from './orders.rules.ts';

/** An accepted commercial offer, as the order it becomes (ADR 086): its client, branch, delivery and priced lines. */
export interface OfferOrderInput {
  name: string;
  phone: string;
  email: string;
  branchId: number;
  delivery: { method: 'pickup' } | { method: 'calc'; address: string; price: number; unknownPrice: boolean };
  comment: string;
  currency: CurrencyCode;
  /** Priced lines, minor units; a line's total is its price × count. */
  lines: ReadonlyArray<{ code: string; name: string; count: number; price: number }>;
}

/**
 * Makes the order of an accepted offer in the caller's transaction (the offer's acceptance), so an
 * offer accepted once is one order: status 'новый', its first event naming the offer. It belongs to
 * no account (the client opened a link); the back-office works it like any other.
 */
export async function orderFromOffer(trx: Transaction<Database>, input: OfferOrderInput, note: string): Promise<{ id: number; number: string }> {
  const at = now();
  const number = orderNumber(at.getUTCFullYear(), await q.nextOrderSequence(trx));
  const goods = input.lines.reduce((sum, l) => sum + l.price * l.count, 0);
  const deliveryPrice = input.delivery.method === 'calc' ? input.delivery.price : 0;
  const order = await trx.insertInto('orders_order').values({
    number, user_id: null, session_id: null, name: input.name, phone: input.phone, email: input.email, branch_id: input.branchId,
    delivery_method: input.delivery.method, delivery_address: input.delivery.method === 'calc' ? input.delivery.address : null,
    delivery_terminal: null, delivery_carrier: null, delivery_price: deliveryPrice,
    delivery_failed: input.delivery.method === 'calc' && input.delivery.unknownPrice,
    comment: input.comment, on_credit: false, currency: input.currency, items_total: goods, total: goods + deliveryPrice, created_at: at,
  }).returning('id').executeTakeFirstOrThrow();
  await trx.insertInto('orders_line').values(input.lines.map((l) => ({
    order_id: order.id, part_id: null, code: l.code, name: l.name, one_c_code: null, weight_grams: null,
    count: l.count, price: l.price, old_price: null, currency: input.currency, line_total: l.price * l.count,
  }))).execute();
  await trx.insertInto('orders_event').values({ order_id: order.id, kind: 'status', status: 'new', note, actor_id: null, actor_name: input.name, at }).execute();
  return { id: order.id, number };
}
