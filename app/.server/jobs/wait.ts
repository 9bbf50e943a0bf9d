import type { DB } from '../db/connect.ts';

/**
 * Waiting a bounded time for one job to end (ADR 080): a request that enqueued work whose result it
 * serves (a document to download) waits for it rather than answering at once. A runner of this
 * process tells its waiters the moment it writes a job's end (`jobSettled`); a job run by another
 * process (`npm run worker`) is seen by reading its row again at growing intervals. Either way the
 * row is what is answered: a wake-up only says when to read it.
 */

const waiters = new Map<number, Set<() => void>>();

/** A runner of this process wrote the end of job `id` (done, failed, or queued for another try). */
export function jobSettled(id: number): void {
  for (const wake of waiters.get(id) ?? []) wake();
}

function onJobSettled(id: number, wake: () => void): () => void {
  let set = waiters.get(id);
  if (!set) waiters.set(id, (set = new Set()));
  set.add(wake);
  return () => {
    set.delete(wake);
    if (set.size === 0 && waiters.get(id) === set) waiters.delete(id);
  };
}

export interface JobEnd {
  state: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  lastError: string | null;
}

/** Reads of the row while nothing is heard: soon after the enqueue, then at most once a second. */
const POLL_MS = [100, 200, 400, 700, 1_000] as const;

/**
 * The job's state once it is done or failed, or as it stands after `timeoutMs` (or when `signal`
 * aborts: the client went away); null when there is no such job. Never more than one read at a
 * time, and none in a loop without a pause.
 */
export async function waitForJob(db: DB, id: number, options: { timeoutMs: number; signal?: AbortSignal }): Promise<JobEnd | null> {
  const deadline = performance.now() + options.timeoutMs;
  for (let round = 0; ; round += 1) {
    const row = await db.selectFrom('job').select(['state', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const end: JobEnd = { state: row.state, attempts: row.attempts, lastError: row.last_error };
    const left = deadline - performance.now();
    if (end.state === 'done' || end.state === 'failed' || left <= 0 || options.signal?.aborted) return end;
    await pause(id, Math.min(POLL_MS[Math.min(round, POLL_MS.length - 1)]!, left), options.signal);
  }
}

function pause(id: number, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      off();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const off = onJobSettled(id, done);
    signal?.addEventListener('abort', done, { once: true });
  });
}
