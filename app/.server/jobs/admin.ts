import { sql } from 'kysely';
import { now } from '../clock.ts';
import type { DB } from '../db/connect.ts';
import { jobKindLabel } from './kinds.ts';
import { JOB_MESSAGES, JOB_STATE_LABELS, JOBS_PAGE_SIZE, jobIdInput, jobListQuery, type JobPage, type RetryJobOutcome } from './jobs.schema.ts';

/**
 * What the back-office's jobs screen (`/admin/jobs`) calls: a filtered page of jobs and the retry of
 * a failed one. Inputs are parsed here with the shared schemas, so the route stays thin; the caller
 * checks the capability.
 */

/** A page of jobs, newest first, by state, kind and the start of the key. */
export async function listJobs(db: DB, input: unknown): Promise<JobPage> {
  const query = jobListQuery.parse(input);
  const pageSize = JOBS_PAGE_SIZE;
  let rows = db.selectFrom('job').select([
    'id', 'kind', 'key', 'state', 'attempts', 'max_attempts', 'run_at', 'locked_until', 'locked_by', 'last_error', 'created_at', 'finished_at',
    (eb) => eb.fn.countAll<string>().over().as('total'),
  ]);
  if (query.state) rows = rows.where('state', '=', query.state);
  if (query.kind) rows = rows.where('kind', '=', query.kind);
  // A prefix: LIKE's wildcards in the typed text are taken literally.
  if (query.key) rows = rows.where('key', 'like', `${query.key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const page = await rows.orderBy('id', 'desc').limit(pageSize).offset((query.page - 1) * pageSize).execute();
  let total = Number(page[0]?.total ?? 0);
  if (page.length === 0 && query.page > 1) {
    let count = db.selectFrom('job').select((eb) => eb.fn.countAll<string>().as('n'));
    if (query.state) count = count.where('state', '=', query.state);
    if (query.kind) count = count.where('kind', '=', query.kind);
    if (query.key) count = count.where('key', 'like', `${query.key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    total = Number((await count.executeTakeFirstOrThrow()).n);
  }
  return {
    page: query.page, pageSize, total,
    jobs: page.map((r) => ({
      id: Number(r.id), kind: r.kind, kindLabel: jobKindLabel(r.kind), key: r.key, state: r.state, stateLabel: JOB_STATE_LABELS[r.state],
      attempts: r.attempts, maxAttempts: r.max_attempts, runAt: r.run_at.toISOString(),
      lockedUntil: r.locked_until?.toISOString() ?? null, lockedBy: r.locked_by, lastError: r.last_error,
      createdAt: r.created_at.toISOString(), finishedAt: r.finished_at?.toISOString() ?? null,
    })),
  };
}

/** How many jobs are in each state (the screen's tabs). */
export async function jobCounts(db: DB): Promise<Record<'queued' | 'running' | 'done' | 'failed', number>> {
  const rows = await db.selectFrom('job').select(['state', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('state').execute();
  const counts = { queued: 0, running: 0, done: 0, failed: 0 };
  for (const r of rows) counts[r.state] = Number(r.n);
  return counts;
}

/**
 * A failed job is queued again now with its full number of tries (its last error kept until a try
 * succeeds); runners hear of it at once. Only a failed job: a queued or running one is on its way.
 */
export async function retryJob(db: DB, id: unknown): Promise<RetryJobOutcome> {
  const parsed = jobIdInput.safeParse(id);
  if (!parsed.success) return { ok: false, code: 'not_found', message: JOB_MESSAGES.notFound };
  const at = now();
  const row = await db.updateTable('job')
    .set({ state: 'queued', run_at: at, attempts: 0, finished_at: null, updated_at: at })
    .where('id', '=', parsed.data).where('state', '=', 'failed')
    .returning('id')
    .executeTakeFirst();
  if (!row) {
    const exists = await db.selectFrom('job').select('id').where('id', '=', parsed.data).executeTakeFirst();
    return exists ? { ok: false, code: 'not_failed', message: JOB_MESSAGES.notFailed } : { ok: false, code: 'not_found', message: JOB_MESSAGES.notFound };
  }
  await sql`select pg_notify('job_enqueued', '')`.execute(db);
  return { ok: true };
}

/** Done jobs are kept `keepMs` (default 14 days) for the screen, then deleted; failed ones stay until retried. */
export async function pruneFinishedJobs(db: DB, keepMs = 14 * 24 * 3_600_000): Promise<number> {
  const gone = await db.deleteFrom('job').where('state', '=', 'done').where('finished_at', '<', new Date(now().getTime() - keepMs)).executeTakeFirst();
  return Number(gone.numDeletedRows);
}
