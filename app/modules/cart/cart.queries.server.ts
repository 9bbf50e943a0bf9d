import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { CurrencyCode, Database } from '#app/.server/db/schema.ts';
import { CART_COUNT_MAX, CART_ITEMS_LIMIT } from './cart.constants.ts';
import type { CartLineInput } from './cart.schema.ts';
import { lockOwner, ownerColumn, ownerIs, type Owner } from '#app/.server/visitor-owner.ts';
import { unknownPartIds } from '#app/modules/parts/parts.server.ts';

/*
 * The cart's lines, owned by a user or a guest's session. Adds run under a transaction-scoped
 * advisory lock per owner (as the catalogue's comparison, ADR 023): two parallel adds of one visitor
 * queue, so the count of lines read under the lock is still true when the insert runs and the limit
 * holds; visitors never wait for one another.
 */

type Db = Kysely<Database>;

export type { Owner };

/** Advisory lock namespace of the cart (the catalogue's marks use 7310081–7310083). */
const LOCK_CART = 7310091;

/** A supplier's terms for a part: the count a line of it holds is at least `minOrder`, a multiple of `multiplicity`. */
export interface SupplierTerms { minOrder: number; multiplicity: number }

/** The count rounded up to the supplier's terms in SQL, never above the cart's maximum (cart.rules' `supplierCount`). */
function roundedCount(count: RawBuilder<unknown>, minOrder: RawBuilder<unknown>, multiplicity: RawBuilder<unknown>) {
  return sql`least(
    (ceil(greatest(${count}, ${minOrder}, 1)::numeric / greatest(${multiplicity}, 1))::int * greatest(${multiplicity}, 1)),
    (${CART_COUNT_MAX} / greatest(${multiplicity}, 1)) * greatest(${multiplicity}, 1))`;
}

export type AddResult =
  | { kind: 'added'; cartCount: number; products: Array<{ part_id: number; count: number }> }
  | { kind: 'unknown-parts'; ids: number[] }
  | { kind: 'limit' };

/**
 * Adds the lines (each part once: the schema merged repeats) in one transaction: unknown parts or
 * a cart that would pass the limit refuse the whole call and write nothing; otherwise one
 * `insert … on conflict do update` adds to the counts already there, capped at 9999.
 */
export async function addLines(db: Db, owner: Owner, lines: readonly CartLineInput[], at: Date, supplierTerms: ReadonlyMap<number, SupplierTerms> = new Map()): Promise<AddResult> {
  const partIds = lines.map((l) => l.partId);
  const counts = lines.map((l) => l.count);
  const fromSupplier = lines.map((l) => l.supplier === true);
  const supplied = lines.filter((l) => l.supplier === true && supplierTerms.has(l.partId));
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, LOCK_CART, owner);
    // The parts are the parts module's; the foreign key keeps one deleted meanwhile out.
    const unknown = await unknownPartIds(trx, partIds);
    if (unknown.length) return { kind: 'unknown-parts', ids: unknown };
    const { rows: [state] } = await sql<{ total: number; fresh: number }>`
      with input as (select * from unnest(${partIds}::int[]) as i(part_id))
      select
        (select count(*)::int from cart_item c where ${ownerIs('c', owner)}) as total,
        (select count(*)::int from input i where not exists (
          select 1 from cart_item c where ${ownerIs('c', owner)} and c.part_id = i.part_id)) as fresh`.execute(trx);
    const total = state?.total ?? 0;
    const fresh = state?.fresh ?? 0;
    if (fresh > 0 && total + fresh > CART_ITEMS_LIMIT) return { kind: 'limit' };
    const { rows } = await sql<{ part_id: number; count: number }>`
      insert into cart_item (${ownerColumn(owner)}, part_id, count, from_supplier, added_at, updated_at)
      select ${owner.userId ?? owner.sessionId}, i.part_id, i.count, i.from_supplier, ${at}, ${at}
      from unnest(${partIds}::int[], ${counts}::int[], ${fromSupplier}::boolean[]) as i(part_id, count, from_supplier)
      on conflict (${ownerColumn(owner)}, part_id)
      do update set count = least(cart_item.count + excluded.count, ${CART_COUNT_MAX}), from_supplier = excluded.from_supplier, updated_at = excluded.updated_at
      returning part_id, count`.execute(trx);
    // A supplier's line holds at least his minimum order, in multiples of his packing (ADR 099).
    if (supplied.length) {
      const { rows: rounded } = await sql<{ part_id: number; count: number }>`
        update cart_item c set count = ${roundedCount(sql`c.count`, sql`i.min_order`, sql`i.multiplicity`)}
        from unnest(${supplied.map((l) => l.partId)}::int[], ${supplied.map((l) => supplierTerms.get(l.partId)!.minOrder)}::int[],
          ${supplied.map((l) => supplierTerms.get(l.partId)!.multiplicity)}::int[]) as i(part_id, min_order, multiplicity)
        where ${ownerIs('c', owner)} and c.part_id = i.part_id
        returning c.part_id, c.count`.execute(trx);
      const after = new Map(rounded.map((r) => [Number(r.part_id), Number(r.count)]));
      for (const r of rows) r.count = after.get(Number(r.part_id)) ?? r.count;
    }
    const order = new Map(partIds.map((id, i) => [id, i]));
    return {
      kind: 'added',
      cartCount: total + fresh,
      products: rows.map((r) => ({ part_id: Number(r.part_id), count: Number(r.count) }))
        .sort((a, b) => order.get(a.part_id)! - order.get(b.part_id)!),
    };
  });
}

/** Distinct parts in the owner's cart (the unique key's index answers it). */
/** A signed-in visitor's count as an SQL value, for reading with his session (cart.server.ts). */
export const userLineCount = (userId: RawBuilder<number>) => sql`(select count(*)::int from cart_item c where c.user_id = ${userId})`;

export async function lineCount(db: Db, owner: Owner): Promise<number> {
  const { rows: [row] } = await sql<{ n: number }>`select count(*)::int as n from cart_item c where ${ownerIs('c', owner)}`.execute(db);
  return row?.n ?? 0;
}

/**
 * Runs inside the session rotation's transaction (sign-in). A part in both carts keeps the larger
 * count (the visitor chose it again, he did not mean to order it twice); the guest's other lines
 * join the account's, newest first, as far as the limit allows. The guest's lines are deleted.
 */
export async function moveGuestLines(trx: Db, sessionId: string, userId: number, at: Date): Promise<void> {
  await lockOwner(trx, LOCK_CART, { userId });
  await sql`
    update cart_item u set count = g.count, from_supplier = g.from_supplier, updated_at = ${at}
    from cart_item g
    where g.session_id = ${sessionId} and u.user_id = ${userId} and u.part_id = g.part_id and g.count > u.count`.execute(trx);
  await sql`
    with guest as (
      select g.part_id, g.count, g.from_supplier, g.added_at, row_number() over (order by g.added_at desc, g.id desc) as rank
      from cart_item g
      where g.session_id = ${sessionId}
        and not exists (select 1 from cart_item u where u.user_id = ${userId} and u.part_id = g.part_id)
    )
    insert into cart_item (user_id, part_id, count, from_supplier, added_at, updated_at)
    select ${userId}, g.part_id, g.count, g.from_supplier, g.added_at, ${at} from guest g
    where g.rank <= ${CART_ITEMS_LIMIT} - (select count(*) from cart_item u where u.user_id = ${userId})
    on conflict (user_id, part_id) do nothing`.execute(trx);
  await trx.deleteFrom('cart_item').where('session_id', '=', sessionId).execute();
}

/** Guests' lines whose session is gone (expired or signed out): housekeeping drops them. */
export async function deleteOrphanGuestLines(db: Db): Promise<void> {
  await sql`delete from cart_item c where c.session_id is not null
    and not exists (select 1 from auth_session s where s.id = c.session_id)`.execute(db);
}

/* Issue 10: the cart's lines, their counts and removal, the customer's limit. */

export interface LineRow { id: number; part_id: number; count: number; from_supplier: boolean }

/** The owner's lines in the order they were added (the list grows downward, as an order form). */
export async function selectLines(db: Db, owner: Owner): Promise<LineRow[]> {
  const { rows } = await sql<LineRow>`
    select c.id, c.part_id, c.count, c.from_supplier from cart_item c where ${ownerIs('c', owner)} order by c.added_at, c.id`.execute(db);
  return rows;
}

/** The owner's lines among `ids` in id order; `lock`: held until the transaction `db` ends. */
export async function selectLinesByIds(db: Db, owner: Owner, ids: readonly number[], lock: boolean): Promise<LineRow[]> {
  const { rows } = await sql<LineRow>`
    select c.id, c.part_id, c.count, c.from_supplier from cart_item c
    where ${ownerIs('c', owner)} and c.id = any(${[...ids]}::int[])
    order by c.id ${lock ? sql`for update of c` : sql``}`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), part_id: Number(r.part_id), count: Number(r.count), from_supplier: r.from_supplier === true }));
}

/** The ordered lines leave the cart (in the order's transaction). */
export async function deleteLinesByIds(trx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length) await trx.deleteFrom('cart_item').where('id', 'in', [...ids]).execute();
}

export interface LimitRow { currency: CurrencyCode; total: number; used: number; days: number }

/** The customer's credit limit; undefined: none (zeros). */
export async function selectLimit(db: Db, userId: number): Promise<LimitRow | undefined> {
  return db.selectFrom('cart_customer_limit').select(['currency', 'total', 'used', 'days']).where('user_id', '=', userId).executeTakeFirst();
}

/** Sets a customer's limit (the accounting exchange, tests). */
export async function upsertLimit(db: Db, userId: number, limit: LimitRow, at: Date): Promise<void> {
  await db.insertInto('cart_customer_limit').values({ user_id: userId, ...limit, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...limit, updated_at: at })).execute();
}

/**
 * One line's count, only if it is the owner's: one statement, atomic on its own (parallel changes
 * of a line end with one of the counts asked, never a mix). Undefined: no such line of his.
 */
export async function updateCount(db: Db, owner: Owner, id: number, count: number, at: Date): Promise<LineRow | undefined> {
  const { rows: [row] } = await sql<LineRow>`
    update cart_item c set count = ${count}, updated_at = ${at}
    where c.id = ${id} and ${ownerIs('c', owner)}
    returning c.id, c.part_id, c.count, c.from_supplier`.execute(db);
  return row;
}

export type RemoveResult = { kind: 'removed'; removed: number; cartCount: number } | { kind: 'not-found'; ids: number[] };

/**
 * Removes the owner's lines, all or none: an id that is not a line of his (unknown, someone
 * else's, or removed by a parallel call) refuses the call and the transaction is rolled back.
 */
export async function removeLines(db: Db, owner: Owner, ids: readonly number[]): Promise<RemoveResult> {
  class NotFound extends Error {
    readonly ids: number[];
    constructor(ids: number[]) { super('not found'); this.ids = ids; }
  }
  try {
    return await db.transaction().execute(async (trx) => {
      await lockOwner(trx, LOCK_CART, owner);
      const { rows } = await sql<{ id: number }>`
        delete from cart_item c where c.id = any(${[...ids]}::int[]) and ${ownerIs('c', owner)} returning c.id`.execute(trx);
      if (rows.length !== ids.length) {
        const gone = new Set(rows.map((r) => Number(r.id)));
        throw new NotFound(ids.filter((id) => !gone.has(id)).sort((a, b) => a - b));
      }
      const { rows: [left] } = await sql<{ n: number }>`select count(*)::int as n from cart_item c where ${ownerIs('c', owner)}`.execute(trx);
      return { kind: 'removed' as const, removed: rows.length, cartCount: left?.n ?? 0 };
    });
  } catch (error) {
    if (error instanceof NotFound) return { kind: 'not-found', ids: error.ids };
    throw error;
  }
}

/**
 * Parts other carts hold beside the given parts, and in how many of those carts: the 'often bought
 * together' of the recommendations. Only the 50 latest other carts of each part are read
 * (`cart_item_part` index), so a part in a million carts costs as much as one in fifty.
 */
export async function selectPeerParts(db: Db, owner: Owner, partIds: readonly number[]): Promise<Array<{ partId: number; carts: number }>> {
  if (!partIds.length) return [];
  const { rows } = await sql<{ part_id: number; carts: number }>`
    with peer as (
      select distinct x.user_id, x.session_id
      from unnest(${[...partIds]}::int[]) as mine(part_id)
      cross join lateral (
        select c.user_id, c.session_id from cart_item c
        where c.part_id = mine.part_id and not (${ownerIs('c', owner)})
        order by c.updated_at desc limit 50
      ) x
    )
    select o.part_id, count(*)::int as carts from (
      select o.part_id from peer p join cart_item o on o.user_id = p.user_id where p.user_id is not null
      union all
      select o.part_id from peer p join cart_item o on o.session_id = p.session_id where p.session_id is not null
    ) o
    where o.part_id <> all(${[...partIds]}::int[])
    group by o.part_id
    order by carts desc, o.part_id
    limit 100`.execute(db);
  return rows.map((r) => ({ partId: Number(r.part_id), carts: Number(r.carts) }));
}
