import { sql, type Kysely } from 'kysely';
import type { Database } from '#app/.server/db/schema.ts';
import { ownerIs, type Owner } from '#app/.server/visitor-owner.ts';

/*
 * The orders' SQL (ADR 041): the `orders_` tables only. The cart's lines with their parts' prices
 * come through the cart's port (orders.server.ts `OrderCartPort`), the branches from the regions.
 */

type Db = Kysely<Database>;

/** The total of the owner's credit orders (not cancelled) made at or after `since`, minor units. */
export async function creditOrdersSince(trx: Db, owner: Owner, since: Date): Promise<number> {
  const { rows: [row] } = await sql<{ sum: string | null }>`
    select sum(o.total)::text as sum from orders_order o
    where ${ownerIs('o', owner)} and o.on_credit and o.status <> 'cancelled' and o.created_at >= ${since}`.execute(trx);
  return Number(row?.sum ?? 0);
}

export async function nextOrderSequence(trx: Db): Promise<number> {
  const { rows: [row] } = await sql<{ n: string }>`select nextval('orders_number_seq')::text as n`.execute(trx);
  return Number(row!.n);
}

export async function findIdempotent(trx: Db, ownerKey: string, key: string) {
  return trx.selectFrom('orders_idempotency as i')
    .innerJoin('orders_order as o', 'o.id', 'i.order_id')
    .select(['i.request_hash', 'o.id', 'o.number', 'o.total', 'o.currency'])
    .where('i.owner_key', '=', ownerKey).where('i.key', '=', key)
    .executeTakeFirst();
}

/** An order of the owner by its number (others' orders are not found). */
export async function findOwnOrder(db: Db, owner: Owner, number: string) {
  return db.selectFrom('orders_order as o').selectAll('o')
    .where('o.number', '=', number)
    .where((eb) => (owner.userId !== undefined ? eb('o.user_id', '=', owner.userId) : eb('o.session_id', '=', owner.sessionId)))
    .executeTakeFirst();
}

export async function listOwnOrders(db: Db, userId: number, limit: number) {
  return db.selectFrom('orders_order').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function linesOf(db: Db, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  return db.selectFrom('orders_line').selectAll().where('order_id', 'in', [...orderIds]).orderBy('id').execute();
}

/** Where each order's customer letter went (the first one written: an order has one). */
export async function noticesOf(db: Db, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  return db.selectFrom('orders_mail').select(['order_id', 'channel', 'recipient'])
    .where('order_id', 'in', [...orderIds]).where('staff', '=', false).orderBy('id').execute();
}

export async function eventsOf(db: Db, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  return db.selectFrom('orders_event').select(['order_id', 'kind', 'status', 'note', 'actor_name', 'at'])
    .where('order_id', 'in', [...orderIds]).orderBy('id').execute();
}

export async function attachmentsOf(db: Db, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  return db.selectFrom('orders_attachment').select(['id', 'order_id', 'original_name', 'mime_type', 'size_bytes', 'storage_key'])
    .where('order_id', 'in', [...orderIds]).orderBy('id').execute();
}

/** A guest's orders join the account at sign-in (inside the session rotation). */
export async function moveGuestOrders(trx: Db, sessionId: string, userId: number): Promise<void> {
  await trx.updateTable('orders_order').set({ user_id: userId, session_id: null }).where('session_id', '=', sessionId).execute();
  await trx.updateTable('orders_idempotency').set({ owner_key: `u:${userId}` })
    .where('owner_key', '=', `s:${sessionId}`)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('orders_idempotency as u').select('u.key')
      .where('u.owner_key', '=', `u:${userId}`).whereRef('u.key', '=', 'orders_idempotency.key'))))
    .execute();
}

export async function deleteOldIdempotencyKeys(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('orders_idempotency').where('created_at', '<', before).execute();
}

/**
 * Parts ordered together with `partIds`: the newest `perPart` orders holding each of them, and how
 * many of those orders hold each other part (`orders_line_part`, migration 0019).
 */
export async function selectOrderedWith(db: Db, partIds: readonly number[], perPart: number, limit: number): Promise<Array<{ part_id: number; orders: number }>> {
  if (!partIds.length) return [];
  const ids = [...partIds];
  const { rows } = await sql<{ part_id: number; orders: number }>`
    with o as (
      select distinct x.order_id from unnest(${ids}::int[]) as mine(part_id)
      cross join lateral (
        select l.order_id from orders_line l where l.part_id = mine.part_id order by l.order_id desc limit ${perPart}
      ) x
    )
    select l.part_id, count(distinct l.order_id)::int as orders
    from o join orders_line l on l.order_id = o.order_id
    where l.part_id is not null and l.part_id <> all(${ids}::int[])
    group by l.part_id
    order by orders desc, l.part_id
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ part_id: Number(r.part_id), orders: Number(r.orders) }));
}
