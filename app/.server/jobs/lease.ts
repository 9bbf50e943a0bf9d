import { sql } from 'kysely';
import { now } from '../clock.ts';
import type { DB } from '../db/connect.ts';

/**
 * The job table's state changes (ADR 075). A claim leases due jobs to one runner in one statement
 * (`for update skip locked`: runners claiming together skip each other's rows, never wait, never
 * take one job twice); the end of a run is written only while the runner still holds the lease.
 */

export interface ClaimedJob {
  id: number;
  kind: string;
  key: string;
  payload: unknown;
  /** This try's number (1 for the first). */
  attempts: number;
  max_attempts: number;
  outbox_reader: string | null;
}

/**
 * Leases up to `limit` due jobs of the given kinds (each with its kind's lease) to `workerId`: those
 * queued whose time has come and those running whose lease ran out (their process died), oldest
 * first. Each claim counts as a try.
 */
export async function claimJobs(db: DB, options: { workerId: string; leases: ReadonlyMap<string, number>; limit: number }): Promise<ClaimedJob[]> {
  const kinds = [...options.leases.keys()];
  if (kinds.length === 0 || options.limit <= 0) return [];
  const at = now();
  const lease = sql.join(kinds.map((k) => sql`when ${k} then ${options.leases.get(k)!}::integer`), sql` `);
  const { rows } = await sql<ClaimedJob>`
    with due as (
      select id from job
      where kind in (${sql.join(kinds)})
        and ((state = 'queued' and run_at <= ${at}) or (state = 'running' and locked_until <= ${at}))
      order by run_at, id
      limit ${options.limit}
      for update skip locked
    )
    update job set
      state = 'running',
      attempts = job.attempts + 1,
      locked_by = ${options.workerId},
      locked_until = ${at}::timestamptz + (case job.kind ${lease} end) * interval '1 millisecond',
      updated_at = ${at}
    from due
    where job.id = due.id
    returning job.id, job.kind, job.key, job.payload, job.attempts, job.max_attempts, job.outbox_reader`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The run succeeded. False when the runner no longer held the job (its lease ran out and another took it). */
export async function completeJob(db: DB, id: number, workerId: string): Promise<boolean> {
  const at = now();
  const done = await db.updateTable('job')
    .set({ state: 'done', locked_until: null, locked_by: null, last_error: null, finished_at: at, updated_at: at })
    .where('id', '=', id).where('state', '=', 'running').where('locked_by', '=', workerId)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

/**
 * The run failed: queued again `retryInMs` from now, or kept as failed when this was its last try (or
 * `final`: a try would fail the same way). Answers the state written, or null when the runner no
 * longer held the job.
 */
export async function failJob(db: DB, id: number, workerId: string, change: { error: string; retryInMs: number; final?: boolean }): Promise<'queued' | 'failed' | null> {
  const at = now();
  const last = sql`(${change.final === true}::boolean or attempts >= max_attempts)`;
  const { rows: [row] } = await sql<{ state: 'queued' | 'failed' }>`
    update job set
      state = case when ${last} then 'failed' else 'queued' end,
      run_at = case when ${last} then run_at else ${new Date(at.getTime() + change.retryInMs)}::timestamptz end,
      finished_at = case when ${last} then ${at}::timestamptz end,
      last_error = ${change.error.slice(0, 2_000)},
      locked_until = null, locked_by = null, updated_at = ${at}
    where id = ${id} and state = 'running' and locked_by = ${workerId}
    returning state`.execute(db);
  return row ? (row.state as 'queued' | 'failed') : null;
}
