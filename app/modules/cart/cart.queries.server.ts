import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '#app/.server/db/schema.ts';
import { CART_COUNT_MAX, CART_ITEMS_LIMIT } from './cart.constants.ts';
import type { CartLineInput } from './cart.schema.ts';
import { lockOwner, ownerColumn, ownerIs, type Owner } from '#app/.server/visitor-owner.ts';

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

export type AddResult =
  | { kind: 'added'; cartCount: number; products: Array<{ part_id: number; count: number }> }
  | { kind: 'unknown-parts'; ids: number[] }
  | { kind: 'limit' };

/**
 * Adds the lines (each part once: the schema merged repeats) in one transaction: unknown parts or
 * a cart that would pass the limit refuse the whole call and write nothing; otherwise one
 * `insert … on conflict do update` adds to the counts already there, capped at 9999.
 */
export async function addLines(db: Db, owner: Owner, lines: readonly CartLineInput[], at: Date): Promise<AddResult> {
  const partIds = lines.map((l) => l.partId);
  const counts = lines.map((l) => l.count);
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, LOCK_CART, owner);
    const { rows: [state] } = await sql<{ unknown: number[] | null; total: number; fresh: number }>`
      with input as (select * from unnest(${partIds}::int[]) as i(part_id))
      select
        array(select i.part_id from input i where not exists (select 1 from parts_part p where p.id = i.part_id) order by i.part_id) as unknown,
        (select count(*)::int from cart_item c where ${ownerIs('c', owner)}) as total,
        (select count(*)::int from input i where not exists (
          select 1 from cart_item c where ${ownerIs('c', owner)} and c.part_id = i.part_id)) as fresh`.execute(trx);
    const unknown = (state?.unknown ?? []).map(Number);
    if (unknown.length) return { kind: 'unknown-parts', ids: unknown };
    const total = state?.total ?? 0;
    const fresh = state?.fresh ?? 0;
    if (fresh > 0 && total + fresh > CART_ITEMS_LIMIT) return { kind: 'limit' };
    const { rows } = await sql<{ part_id: number; count: number }>`
      insert into cart_item (${ownerColumn(owner)}, part_id, count, added_at, updated_at)
      select ${owner.userId ?? owner.sessionId}, i.part_id, i.count, ${at}, ${at}
      from unnest(${partIds}::int[], ${counts}::int[]) as i(part_id, count)
      on conflict (${ownerColumn(owner)}, part_id)
      do update set count = least(cart_item.count + excluded.count, ${CART_COUNT_MAX}), updated_at = excluded.updated_at
      returning part_id, count`.execute(trx);
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
    update cart_item u set count = g.count, updated_at = ${at}
    from cart_item g
    where g.session_id = ${sessionId} and u.user_id = ${userId} and u.part_id = g.part_id and g.count > u.count`.execute(trx);
  await sql`
    with guest as (
      select g.part_id, g.count, g.added_at, row_number() over (order by g.added_at desc, g.id desc) as rank
      from cart_item g
      where g.session_id = ${sessionId}
        and not exists (select 1 from cart_item u where u.user_id = ${userId} and u.part_id = g.part_id)
    )
    insert into cart_item (user_id, part_id, count, added_at, updated_at)
    select ${userId}, g.part_id, g.count, g.added_at, ${at} from guest g
    where g.rank <= ${CART_ITEMS_LIMIT} - (select count(*) from cart_item u where u.user_id = ${userId})
    on conflict (user_id, part_id) do nothing`.execute(trx);
  await trx.deleteFrom('cart_item').where('session_id', '=', sessionId).execute();
}

/** Guests' lines whose session is gone (expired or signed out): housekeeping drops them. */
export async function deleteOrphanGuestLines(db: Db): Promise<void> {
  await sql`delete from cart_item c where c.session_id is not null
    and not exists (select 1 from auth_session s where s.id = c.session_id)`.execute(db);
}
