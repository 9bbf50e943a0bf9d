import { sql } from 'kysely';
import { now } from '../clock.ts';
import type { DB } from '../db/connect.ts';
import { currentOutboxReader } from '../outbox-reader.ts';
import type { JobKind } from './kinds.ts';

export interface EnqueueOptions {
  /** Unique among all jobs: the same key again is the same job. Carried by the job's side effect. */
  key: string;
  /** Not before (default: now). */
  runAt?: Date;
  /** Instead of the kind's own. */
  maxAttempts?: number;
  /**
   * A done job of this key is queued again: its effect is gone (a kept file deleted, or written
   * where this process cannot see it). A queued, running or failed one is left as it is.
   */
  rerunDone?: boolean;
}

/**
 * Adds a job, or finds the one with this key (`created: false`). Pass the transaction that writes the
 * record the job belongs to: the job exists exactly when the record does. The payload is checked
 * against the kind's schema here, so a bad one fails its writer, not a runner later. Runners hear of
 * it at commit (the table's trigger notifies `job_enqueued`).
 */
export async function enqueueJob<P>(db: DB, kind: JobKind<P>, payload: P, options: EnqueueOptions): Promise<{ id: number; created: boolean }> {
  const checked = kind.payload.parse(payload);
  if (options.key.length < 1 || options.key.length > 200) throw new Error('A job key is 1 to 200 characters');
  const at = now();
  const row = await db.insertInto('job').values({
    kind: kind.kind,
    key: options.key,
    payload: JSON.stringify(checked),
    run_at: options.runAt ?? at,
    max_attempts: options.maxAttempts ?? kind.maxAttempts,
    outbox_reader: currentOutboxReader(),
    created_at: at,
    updated_at: at,
  }).onConflict((oc) => oc.column('key').doNothing()).returning('id').executeTakeFirst();
  if (row) return { id: row.id, created: true };
  const existing = await db.selectFrom('job').select(['id', 'kind']).where('key', '=', options.key).executeTakeFirstOrThrow();
  if (existing.kind !== kind.kind) throw new Error(`Job key "${options.key}" belongs to a job of kind ${existing.kind}`);
  if (options.rerunDone) {
    const again = await db.updateTable('job')
      .set({ state: 'queued', run_at: at, attempts: 0, last_error: null, finished_at: null, updated_at: at })
      .where('id', '=', existing.id).where('state', '=', 'done')
      .executeTakeFirst();
    // An update fires no insert trigger: runners are told here.
    if (again.numUpdatedRows > 0n) await sql`select pg_notify('job_enqueued', '')`.execute(db);
  }
  return { id: existing.id, created: false };
}
