import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '#app/.server/db/schema.ts';
import { BOOKMARKS_LIMIT, COMPARE_LIMIT_PER_TYPE, HISTORY_LIMIT } from './marks.constants.ts';
import { lockOwner, ownerColumn, ownerIs, type Owner } from '#app/.server/visitor-owner.ts';
import { isForeignKeyViolation } from '#app/.server/db/errors.ts';

/*
 * The tables of comparison, history (owned by a user or a guest's session) and bookmarks (users).
 * Limits are kept under a transaction-scoped advisory lock per owner: two parallel adds of the same
 * visitor queue behind each other, so a count read under the lock is still true when the insert
 * runs (READ COMMITTED alone lets both see nine and both insert the tenth).
 */

/** A Kysely handle or a transaction of one. */
type Db = Kysely<Database>;

export type { Owner };

/** Advisory lock namespaces (first key); the second is the owner's hash. */
const LOCK_COMPARE = 7310081;
const LOCK_HISTORY = 7310082;
const LOCK_BOOKMARK = 7310083;

// ---------------------------------------------------------------------------------------------
// Comparison

export async function compareIds(db: Db, owner: Owner): Promise<number[]> {
  const { rows } = await sql<{ model_id: number }>`
    select c.model_id from catalog_compare c where ${ownerIs('c', owner)} order by c.at, c.id`.execute(db);
  return rows.map((r) => r.model_id);
}

/** A signed-in visitor's comparison and favourites (models and parts), in one statement (every page of his renders them). */
export async function userMarks(db: Db, owner: Owner, userId: number): Promise<{ compare: number[]; bookmarks: number[]; partBookmarks: number[] }> {
  const { rows: [row] } = await sql<{ compare: number[] | null; bookmarks: number[] | null; part_bookmarks: number[] | null }>`
    select
      array(select c.model_id from catalog_compare c where ${ownerIs('c', owner)} order by c.at, c.id) as compare,
      ${bookmarkIdsOf(sql`${userId}`)} as bookmarks,
      ${partBookmarkIdsOf(sql`${userId}`)} as part_bookmarks`.execute(db);
  return { compare: (row?.compare ?? []).map(Number), bookmarks: (row?.bookmarks ?? []).map(Number), partBookmarks: (row?.part_bookmarks ?? []).map(Number) };
}

const bookmarkIdsOf = (userId: RawBuilder<number>) =>
  sql`array(select b.model_id from catalog_bookmark b where b.user_id = ${userId} order by b.created_at desc, b.model_id desc)`;
const partBookmarkIdsOf = (userId: RawBuilder<number>) =>
  sql`array(select b.part_id from catalog_part_bookmark b where b.user_id = ${userId} order by b.created_at desc, b.part_id desc)`;

/** A signed-in visitor's marks as one JSON value, for reading with his session (marks.server.ts). */
export const userMarksJson = (userId: RawBuilder<number>) => sql`json_build_object(
  'compare', array(select c.model_id from catalog_compare c where c.user_id = ${userId} order by c.at, c.id),
  'bookmarks', ${bookmarkIdsOf(userId)},
  'partBookmarks', ${partBookmarkIdsOf(userId)})`;

export type CompareAddResult =
  | { kind: 'added' | 'already' }
  | { kind: 'unknown-model' }
  | { kind: 'limit'; typeName: string };

/** Adds a model under the owner's lock: idempotent, and never past the limit of its technique type. */
export async function addToCompare(db: Db, owner: Owner, modelId: number, at: Date): Promise<CompareAddResult> {
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, LOCK_COMPARE, owner);
    const { rows } = await sql<{ type_id: number; type_name: string; already: boolean; in_type: number }>`
      select l.technique_type_id as type_id, t.name as type_name,
        exists (select 1 from catalog_compare c where ${ownerIs('c', owner)} and c.model_id = m.id) as already,
        (select count(*)::int from catalog_compare c
           join catalog_model cm on cm.id = c.model_id
           join catalog_model_line cl on cl.id = cm.model_line_id
          where ${ownerIs('c', owner)} and cl.technique_type_id = l.technique_type_id) as in_type
      from catalog_model m
      join catalog_model_line l on l.id = m.model_line_id
      join catalog_technique_type t on t.id = l.technique_type_id
      where m.id = ${modelId}`.execute(trx);
    const model = rows[0];
    if (!model) return { kind: 'unknown-model' };
    if (model.already) return { kind: 'already' };
    if (model.in_type >= COMPARE_LIMIT_PER_TYPE) return { kind: 'limit', typeName: model.type_name };
    await sql`
      insert into catalog_compare (${ownerColumn(owner)}, model_id, at)
      values (${owner.userId ?? owner.sessionId}, ${modelId}, ${at})
      on conflict do nothing`.execute(trx);
    return { kind: 'added' };
  });
}

export async function removeFromCompare(db: Db, owner: Owner, modelId: number): Promise<void> {
  await sql`delete from catalog_compare c where ${ownerIs('c', owner)} and c.model_id = ${modelId}`.execute(db);
}

/** The models behind product codes (case as stored; the address may carry any case). */
export async function modelIdsByCodes(db: Db, codes: readonly string[]): Promise<{ id: number; code: string }[]> {
  if (!codes.length) return [];
  const { rows } = await sql<{ id: number; code: string }>`
    select m.id, m.product_code as code from catalog_model m
    where upper(m.product_code) in (${sql.join(codes.map((c) => c.toUpperCase()))})`.execute(db);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Bookmarks (signed-in users only)

export async function bookmarkIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('catalog_bookmark').select('model_id').where('user_id', '=', userId)
    .orderBy('created_at', 'desc').orderBy('model_id', 'desc').execute();
  return rows.map((r) => r.model_id);
}

export type BookmarkAddResult = { kind: 'added' | 'already' | 'unknown-model' | 'limit' };

/** Favourites of both kinds together: the limit counts models and parts. */
const bookmarkTotal = (userId: number) => sql`(
  (select count(*) from catalog_bookmark b where b.user_id = ${userId})
  + (select count(*) from catalog_part_bookmark b where b.user_id = ${userId}))::int`;

export async function addBookmark(db: Db, userId: number, modelId: number, at: Date): Promise<BookmarkAddResult> {
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, LOCK_BOOKMARK, { userId });
    const { rows } = await sql<{ already: boolean; total: number }>`
      select exists (select 1 from catalog_bookmark b where b.user_id = ${userId} and b.model_id = m.id) as already,
        ${bookmarkTotal(userId)} as total
      from catalog_model m where m.id = ${modelId}`.execute(trx);
    const model = rows[0];
    if (!model) return { kind: 'unknown-model' };
    if (model.already) return { kind: 'already' };
    if (model.total >= BOOKMARKS_LIMIT) return { kind: 'limit' };
    await trx.insertInto('catalog_bookmark').values({ user_id: userId, model_id: modelId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'model_id']).doNothing()).execute();
    return { kind: 'added' };
  });
}

export type PartBookmarkAddResult = { kind: 'added' | 'already' | 'unknown-part' | 'limit' };

/** A favourite part, under the same lock and limit as the models. */
export async function addPartBookmark(db: Db, userId: number, partId: number, at: Date): Promise<PartBookmarkAddResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockOwner(trx, LOCK_BOOKMARK, { userId });
      const { rows: [state] } = await sql<{ already: boolean; total: number }>`
        select exists (select 1 from catalog_part_bookmark b where b.user_id = ${userId} and b.part_id = ${partId}) as already,
          ${bookmarkTotal(userId)} as total`.execute(trx);
      if (state?.already) return { kind: 'already' };
      if ((state?.total ?? 0) >= BOOKMARKS_LIMIT) return { kind: 'limit' };
      await trx.insertInto('catalog_part_bookmark').values({ user_id: userId, part_id: partId, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'part_id']).doNothing()).execute();
      return { kind: 'added' };
    });
  } catch (error) {
    // The parts are the parts module's: the foreign key to them says the part does not exist.
    if (isForeignKeyViolation(error)) return { kind: 'unknown-part' };
    throw error;
  }
}

export async function removePartBookmark(db: Db, userId: number, partId: number): Promise<void> {
  await db.deleteFrom('catalog_part_bookmark').where('user_id', '=', userId).where('part_id', '=', partId).execute();
}

export async function partBookmarkIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('catalog_part_bookmark').select('part_id').where('user_id', '=', userId)
    .orderBy('created_at', 'desc').orderBy('part_id', 'desc').execute();
  return rows.map((r) => r.part_id);
}

export async function removeBookmark(db: Db, userId: number, modelId: number): Promise<void> {
  await db.deleteFrom('catalog_bookmark').where('user_id', '=', userId).where('model_id', '=', modelId).execute();
}

export async function countsOf(db: Db, owner: Owner | null, userId: number | null): Promise<{ compare: number; bookmarks: number }> {
  if (!owner) return { compare: 0, bookmarks: 0 };
  const { rows } = await sql<{ compare: number; bookmarks: number }>`
    select (select count(*)::int from catalog_compare c where ${ownerIs('c', owner)}) as compare,
      ${userId === null ? sql`0` : bookmarkTotal(userId)} as bookmarks`.execute(db);
  return rows[0] ?? { compare: 0, bookmarks: 0 };
}

// ---------------------------------------------------------------------------------------------
// Browsing history

/**
 * Records a view: the model's `at` is set (inserted or moved to the front) and everything past the
 * last HISTORY_LIMIT is trimmed, in one statement under the owner's lock. The statement's snapshot
 * does not see its own insert, so the trim keeps HISTORY_LIMIT − 1 of the other models.
 */
/** The model a user viewed last, or null: read with his session on every page (marks.server.ts). */
export const lastViewedJson = (userId: RawBuilder<number>) => sql`(
  select h.model_id from catalog_view_history h where h.user_id = ${userId} order by h.at desc, h.id desc limit 1)`;

/**
 * `latest`: the model the owner viewed last, when already known (read with his session); undefined
 * makes it read here.
 */
export async function recordView(db: Db, owner: Owner, modelId: number, at: Date, latest?: number | null): Promise<void> {
  // A reload or a return to the model viewed last changes no order: a read at most instead of a locked write.
  if (latest === undefined) {
    const { rows: [row] } = await sql<{ model_id: number }>`
      select h.model_id from catalog_view_history h where ${ownerIs('h', owner)} order by h.at desc, h.id desc limit 1`.execute(db);
    latest = row?.model_id ?? null;
  }
  if (latest === modelId) return;
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, LOCK_HISTORY, owner);
    await sql`
      with viewed as (
        insert into catalog_view_history (${ownerColumn(owner)}, model_id, at)
        select ${owner.userId ?? owner.sessionId}, m.id, ${at} from catalog_model m where m.id = ${modelId}
        on conflict (${ownerColumn(owner)}, model_id) do update set at = excluded.at
        returning model_id
      )
      delete from catalog_view_history h
      where ${ownerIs('h', owner)} and h.model_id <> ${modelId}
        and h.id not in (
          select k.id from catalog_view_history k
          where ${ownerIs('k', owner)} and k.model_id <> ${modelId}
          order by k.at desc, k.id desc limit ${HISTORY_LIMIT - 1}
        )`.execute(trx);
  });
}

/** The owner's history, newest first, without `excludeModelId`. */
export async function historyIds(db: Db, owner: Owner, excludeModelId: number | null): Promise<number[]> {
  const { rows } = await sql<{ model_id: number }>`
    select h.model_id from catalog_view_history h
    where ${ownerIs('h', owner)} ${excludeModelId === null ? sql`` : sql`and h.model_id <> ${excludeModelId}`}
    order by h.at desc, h.id desc limit ${HISTORY_LIMIT}`.execute(db);
  return rows.map((r) => r.model_id);
}

// ---------------------------------------------------------------------------------------------
// Sign-in: the guest's comparison and history move to the account

/**
 * Runs inside the session rotation's transaction. Comparison: the guest's models the account does
 * not have yet join it, newest first, as far as each technique type's limit allows (the account's
 * own choice is kept). History: merged by the latest view, then trimmed to HISTORY_LIMIT. The
 * guest's rows are deleted either way.
 */
export async function moveGuestMarks(trx: Db, sessionId: string, userId: number): Promise<void> {
  const user: Owner = { userId };
  await lockOwner(trx, LOCK_COMPARE, user);
  await sql`
    with guest as (
      select c.model_id, c.at, l.technique_type_id as type_id,
        row_number() over (partition by l.technique_type_id order by c.at desc, c.id desc) as rank
      from catalog_compare c
      join catalog_model m on m.id = c.model_id
      join catalog_model_line l on l.id = m.model_line_id
      where c.session_id = ${sessionId}
        and not exists (select 1 from catalog_compare u where u.user_id = ${userId} and u.model_id = c.model_id)
    ), own as (
      select l.technique_type_id as type_id, count(*)::int as n
      from catalog_compare u
      join catalog_model m on m.id = u.model_id
      join catalog_model_line l on l.id = m.model_line_id
      where u.user_id = ${userId}
      group by l.technique_type_id
    )
    insert into catalog_compare (user_id, model_id, at)
    select ${userId}, g.model_id, g.at from guest g left join own o on o.type_id = g.type_id
    where g.rank <= ${COMPARE_LIMIT_PER_TYPE} - coalesce(o.n, 0)
    on conflict (user_id, model_id) do nothing`.execute(trx);
  await trx.deleteFrom('catalog_compare').where('session_id', '=', sessionId).execute();

  await lockOwner(trx, LOCK_HISTORY, user);
  await sql`
    insert into catalog_view_history (user_id, model_id, at)
    select ${userId}, h.model_id, h.at from catalog_view_history h where h.session_id = ${sessionId}
    on conflict (user_id, model_id) do update set at = greatest(catalog_view_history.at, excluded.at)`.execute(trx);
  await trx.deleteFrom('catalog_view_history').where('session_id', '=', sessionId).execute();
  await sql`
    delete from catalog_view_history h where h.user_id = ${userId}
      and h.id not in (select k.id from catalog_view_history k where k.user_id = ${userId} order by k.at desc, k.id desc limit ${HISTORY_LIMIT})`.execute(trx);
}

/** Guests' rows whose session is gone (expired or signed out): housekeeping drops them. */
export async function deleteOrphanGuestMarks(db: Db): Promise<void> {
  for (const table of ['catalog_compare', 'catalog_view_history'] as const) {
    await sql`delete from ${sql.table(table)} t where t.session_id is not null
      and not exists (select 1 from auth_session s where s.id = t.session_id)`.execute(db);
  }
}

// ---------------------------------------------------------------------------------------------
/** Every specification value of the models, most important specifications first (the comparison's rows). */
export async function specValues(db: Db, ids: readonly number[]): Promise<{ model_id: number; spec_id: number; name: string; unit: string | null; num_value: number | null; text_value: string | null }[]> {
  if (!ids.length) return [];
  return db.selectFrom('catalog_model_spec as ms')
    .innerJoin('catalog_specification as s', 's.id', 'ms.spec_id')
    .select(['ms.model_id', 'ms.spec_id', 's.name', 's.unit', 'ms.num_value', 'ms.text_value'])
    .where('ms.model_id', 'in', [...ids])
    .orderBy('s.priority', 'desc').orderBy('s.id')
    .execute();
}
