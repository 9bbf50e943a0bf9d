import { sql, type Kysely } from 'kysely';
import type { Database } from '#app/.server/db/schema.ts';
import { lockOwner, ownerColumn, ownerIs, type Owner } from '#app/.server/visitor-owner.ts';
import { PARTS_HISTORY_LIMIT } from './history.constants.ts';
import type { PartsViewItem } from './history.schema.ts';

/*
 * `parts_view_history`: the parts and the model lines' parts catalogues a visitor viewed, owned by
 * his account or his guest session (migration 0025). Each owner keeps the last PARTS_HISTORY_LIMIT
 * of each kind.
 */

type Db = Kysely<Database>;

/** Advisory lock namespace of the parts history (the models' history has its own). */
const LOCK_PARTS_HISTORY = 7310111;

const column = (kind: PartsViewItem['kind']) => sql.raw(kind === 'part' ? 'part_id' : 'line_id');

/**
 * Records a view: the item's `at` is set (inserted or moved to the front) and the owner's oldest of
 * its kind past the limit are dropped, under the owner's lock. A part that does not exist records
 * nothing; a line is checked by the caller (it is the catalogue's).
 */
export async function recordView(db: Db, owner: Owner, item: PartsViewItem, at: Date): Promise<void> {
  const col = column(item.kind);
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, LOCK_PARTS_HISTORY, owner);
    const source = item.kind === 'part'
      ? sql`select p.id from parts_part p where p.id = ${item.id}`
      : sql`select ${item.id}::int`;
    await sql`
      insert into parts_view_history (${ownerColumn(owner)}, ${col}, at)
      select ${owner.userId ?? owner.sessionId}, s.id, ${at} from (${source}) s(id)
      on conflict (${ownerColumn(owner)}, ${col}) do update set at = excluded.at`.execute(trx);
    await trimmed(trx, owner, item.kind);
  });
}

/** Drops the owner's views of a kind past the last PARTS_HISTORY_LIMIT. */
async function trimmed(trx: Db, owner: Owner, kind: PartsViewItem['kind']): Promise<void> {
  const col = column(kind);
  await sql`
    delete from parts_view_history h
    where ${ownerIs('h', owner)} and h.${col} is not null
      and h.id not in (
        select k.id from parts_view_history k
        where ${ownerIs('k', owner)} and k.${col} is not null
        order by k.at desc, k.id desc limit ${PARTS_HISTORY_LIMIT}
      )`.execute(trx);
}

export interface ViewedPartRow { id: number; code: string; name: string }

/** The owner's viewed parts (with their code and name) and lines (ids), newest first. */
export async function historyOf(db: Db, owner: Owner): Promise<{ parts: ViewedPartRow[]; lineIds: number[] }> {
  const [parts, lines] = await Promise.all([
    sql<ViewedPartRow>`
      select p.id, p.code, p.name from parts_view_history h join parts_part p on p.id = h.part_id
      where ${ownerIs('h', owner)} order by h.at desc, h.id desc limit ${PARTS_HISTORY_LIMIT}`.execute(db),
    sql<{ line_id: number }>`
      select h.line_id from parts_view_history h
      where ${ownerIs('h', owner)} and h.line_id is not null order by h.at desc, h.id desc limit ${PARTS_HISTORY_LIMIT}`.execute(db),
  ]);
  return { parts: parts.rows, lineIds: lines.rows.map((r) => r.line_id) };
}

/** At sign-in, in the session rotation's transaction: the guest's views join the account's (the later view wins), then each kind is trimmed. */
export async function moveGuestHistory(trx: Db, sessionId: string, userId: number): Promise<void> {
  const user: Owner = { userId };
  await lockOwner(trx, LOCK_PARTS_HISTORY, user);
  for (const kind of ['part', 'line'] as const) {
    const col = column(kind);
    await sql`
      insert into parts_view_history (user_id, ${col}, at)
      select ${userId}, h.${col}, h.at from parts_view_history h where h.session_id = ${sessionId} and h.${col} is not null
      on conflict (user_id, ${col}) do update set at = greatest(parts_view_history.at, excluded.at)`.execute(trx);
  }
  await trx.deleteFrom('parts_view_history').where('session_id', '=', sessionId).execute();
  await trimmed(trx, user, 'part');
  await trimmed(trx, user, 'line');
}

/** Guests' views whose session is gone: housekeeping drops them. */
export async function deleteOrphanGuestHistory(db: Db): Promise<void> {
  await sql`delete from parts_view_history t where t.session_id is not null
    and not exists (select 1 from auth_session s where s.id = t.session_id)`.execute(db);
}
