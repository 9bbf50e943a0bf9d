import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '#app/.server/db/schema.ts';
import { MACHINES_LIMIT } from './yard.constants.ts';
import { isUniqueViolation } from '#app/.server/db/errors.ts';

/*
 * The yard's table, `parts_machine`, and what it shows of the catalogue: a machine's model, line and
 * maker are read (never written) from the catalogue's tables in the same statement, as the parts'
 * drawings name their lines (ADR 030, 034). Every statement names the owner: a user never reads,
 * changes or deletes another's machine, whatever id he sends.
 */

type Db = Kysely<Database>;

/** Advisory lock namespace of the yard (first key; the second is the user's id). */
const LOCK_YARD = 7310091;

/** A machine row's columns (`MachineRow`); the model's first image only where a page shows it. */
function machineColumns(withImage: boolean) {
  return sql`pm.id, pm.name, pm.serial_number, pm.year,
      m.id as model_id, m.name as model_name, m.slug as model_slug,
      ${withImage ? sql`case when jsonb_typeof(m.images -> 0) = 'object'
        then jsonb_build_object('src', m.images -> 0 ->> 'src', 'width', (m.images -> 0 ->> 'width')::int, 'height', (m.images -> 0 ->> 'height')::int)
      end` : sql`null::jsonb`} as image,
      l.id as line_id, l.name as line_name, l.slug as line_slug, mf.name as manufacturer_name, mf.slug as manufacturer_slug`;
}

/** A user's machines with their model, line and maker, newest first. */
function machinesOfUser(userId: number) {
  return sql`from parts_machine pm
    join catalog_model m on m.id = pm.model_id
    join catalog_model_line l on l.id = m.model_line_id
    join catalog_manufacturer mf on mf.id = l.manufacturer_id
    where pm.user_id = ${userId}
    order by pm.created_at desc, pm.id desc`;
}

export interface MachineRow {
  id: number;
  name: string | null;
  serial_number: string;
  year: number | null;
  model_id: number;
  model_name: string;
  model_slug: string;
  image: { src: string; width: number; height: number } | null;
  line_id: number;
  line_name: string;
  line_slug: string;
  manufacturer_name: string;
  manufacturer_slug: string;
}

/** A user's machine as the session brings it: the picker names its model from the line directory. */
export interface OwnMachineJson { id: number; name: string | null; serial_number: string; model_id: number }

/**
 * A user's machines, newest first, read with his session (yard.server.ts): one table, so the
 * session's statement stays cheap to plan on every page.
 */
export const ownMachinesJson = (userId: RawBuilder<number>) => sql`(
  select coalesce(json_agg(json_build_object('id', pm.id, 'name', pm.name, 'serial_number', pm.serial_number, 'model_id', pm.model_id)
    order by pm.created_at desc, pm.id desc), '[]')
  from parts_machine pm where pm.user_id = ${userId})`;

/** A user's machines, newest first, with their model, line and maker: one statement. */
export async function machinesOf(db: Db, userId: number): Promise<MachineRow[]> {
  const { rows } = await sql<MachineRow>`
    select ${machineColumns(true)}
    ${machinesOfUser(userId)}`.execute(db);
  return rows;
}

export interface PositionJson { drawing_id: number; part_id: number; serial_from: string | null; serial_to: string | null }

/** A machine row with the drawing positions that concern it (`positions`: see each query). */
export interface MachineWithPositionsRow extends MachineRow { positions: PositionJson[] | null }

/** A machine row with one part's positions on its drawings, and what the catalogue holds to judge by (fit.rules.ts `FitCoverage`). */
export interface MachineWithPartRow extends MachineWithPositionsRow { model_has_drawings: boolean; part_has_drawings: boolean }

/**
 * A user's machines (as `machinesOf`) with the positions of one part on each machine's drawings (its
 * line's, for every model or its own), whether any drawing shows the machine's model, and whether
 * the part stands on any drawing: one statement for a part page, whatever the number of machines
 * (at most 50) — by the positions' part index, then the drawings' keys.
 */
export async function machinesWithPartPositions(db: Db, userId: number, partId: number): Promise<MachineWithPartRow[]> {
  const { rows } = await sql<MachineWithPartRow>`
    with pos as (
      select d.model_line_id, d.model_id, pos.drawing_id, pos.part_id, pos.serial_from, pos.serial_to, d.sort
      from parts_drawing_position pos join parts_drawing d on d.id = pos.drawing_id
      where pos.part_id = ${partId}
    )
    select ${machineColumns(false)},
      (select json_agg(json_build_object('drawing_id', pos.drawing_id, 'part_id', pos.part_id, 'serial_from', pos.serial_from, 'serial_to', pos.serial_to) order by pos.sort, pos.drawing_id)
        from pos where pos.model_line_id = l.id and (pos.model_id is null or pos.model_id = m.id)) as positions,
      exists (select 1 from parts_drawing d where d.model_line_id = l.id and (d.model_id is null or d.model_id = m.id)) as model_has_drawings,
      exists (select 1 from pos) as part_has_drawings
    ${machinesOfUser(userId)}`.execute(db);
  return rows;
}

/**
 * A user's machines (as `machinesOf`), and for the one with id `chosenId` (if it is his) every
 * position of its line's drawings for every model or its own: one statement for /fp/ narrowed to a
 * machine (a line holds hundreds of positions, not the million parts).
 */
export async function machinesWithLinePositions(db: Db, userId: number, chosenId: number | null): Promise<MachineWithPositionsRow[]> {
  const { rows } = await sql<MachineWithPositionsRow>`
    select ${machineColumns(false)},
      case when pm.id = ${chosenId ?? 0} then (
        select json_agg(json_build_object('drawing_id', pos.drawing_id, 'part_id', pos.part_id, 'serial_from', pos.serial_from, 'serial_to', pos.serial_to))
        from parts_drawing d join parts_drawing_position pos on pos.drawing_id = d.id
        where d.model_line_id = l.id and (d.model_id is null or d.model_id = m.id)
      ) end as positions
    ${machinesOfUser(userId)}`.execute(db);
  return rows;
}

export interface MachineValues { modelId: number; serial: string; year: number | null; name: string | null }

export type AddResult = { kind: 'added'; id: number } | { kind: 'unknown-model' | 'limit' | 'duplicate' };

/**
 * Adds a machine under the user's advisory lock: parallel adds of one user queue, so the count read
 * by the insert is still true when it writes (READ COMMITTED alone lets two adds both see 49 and
 * both insert the 50th). The insert itself checks the model, the limit and the duplicate; only a
 * refusal costs one more statement, to say which.
 */
export async function addMachine(db: Db, userId: number, v: MachineValues, at: Date): Promise<AddResult> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_YARD}::int, ${userId}::int)`.execute(trx);
    const { rows } = await sql<{ id: number }>`
      insert into parts_machine (user_id, model_id, serial_number, year, name, created_at)
      select ${userId}, m.id, ${v.serial}, ${v.year}, ${v.name}, ${at}
      from catalog_model m
      where m.id = ${v.modelId}
        and (select count(*) from parts_machine c where c.user_id = ${userId}) < ${MACHINES_LIMIT}
      on conflict (user_id, model_id, serial_number) do nothing
      returning id`.execute(trx);
    if (rows[0]) return { kind: 'added', id: rows[0].id };
    const { rows: [why] } = await sql<{ model: boolean; total: number; duplicate: boolean }>`
      select exists (select 1 from catalog_model m where m.id = ${v.modelId}) as model,
        (select count(*)::int from parts_machine c where c.user_id = ${userId}) as total,
        exists (select 1 from parts_machine c where c.user_id = ${userId} and c.model_id = ${v.modelId} and c.serial_number = ${v.serial}) as duplicate`.execute(trx);
    if (!why?.model) return { kind: 'unknown-model' };
    if (why.duplicate) return { kind: 'duplicate' };
    return { kind: 'limit' };
  });
}

export type UpdateResult = { kind: 'updated' } | { kind: 'not-found' | 'unknown-model' | 'duplicate' };

/** Changes the user's own machine; another user's id is 'not-found'. */
export async function updateMachine(db: Db, userId: number, id: number, v: MachineValues): Promise<UpdateResult> {
  try {
    const { rows } = await sql<{ id: number }>`
      update parts_machine pm set model_id = m.id, serial_number = ${v.serial}, year = ${v.year}, name = ${v.name}
      from catalog_model m
      where pm.id = ${id} and pm.user_id = ${userId} and m.id = ${v.modelId}
      returning pm.id`.execute(db);
    if (rows[0]) return { kind: 'updated' };
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'duplicate' };
    throw error;
  }
  const { rows: [why] } = await sql<{ own: boolean; model: boolean }>`
    select exists (select 1 from parts_machine pm where pm.id = ${id} and pm.user_id = ${userId}) as own,
      exists (select 1 from catalog_model m where m.id = ${v.modelId}) as model`.execute(db);
  return { kind: why?.own ? 'unknown-model' : 'not-found' };
}

/** Deletes the user's own machine; false when he has none with that id. */
export async function deleteMachine(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('parts_machine').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
