import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppServices } from '../context.ts';
import { onJobsEnqueued } from '../db/changes.ts';
import { jobKind, registeredKinds } from './kinds.ts';
import { claimJobs } from './lease.ts';
import { errorText, runClaimedJob, type JobLog, type JobOutcome } from './run-job.ts';

/**
 * The job runner (ADR 075): claims due jobs of the kinds this process knows and runs up to
 * `concurrency` at once. It wakes when a job is enqueued (any process's commit, heard through
 * LISTEN) and otherwise every `pollMs` (jobs whose retry time came, leases that ran out). It runs in
 * the server process (started by server/main.ts) and in `npm run worker`; any number of them may
 * share one database.
 */

export interface JobRunnerOptions {
  /** Jobs run at once (default 4). */
  concurrency?: number;
  /** The longest sleep without a notification (default 1 s). */
  pollMs?: number;
  /** Names this runner in `locked_by` (default host:pid:random). */
  workerId?: string;
  log?: JobLog;
}

export interface JobRunner {
  readonly workerId: string;
  /** Look for due jobs now. */
  wake(): void;
  /**
   * Claims nothing more and waits up to `graceMs` for the jobs in flight; a job still running after
   * it stays leased and is taken again when its lease ends.
   */
  stop(graceMs?: number): Promise<void>;
}

export function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

function leasesOfRegisteredKinds(): Map<string, number> {
  return new Map(registeredKinds().map((k) => [k, jobKind(k)!.leaseMs]));
}

const quiet: JobLog = () => {};

export function startJobRunner(services: AppServices, options: JobRunnerOptions = {}): JobRunner {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const pollMs = Math.max(10, options.pollMs ?? 1_000);
  const workerId = options.workerId ?? defaultWorkerId();
  const log = options.log ?? quiet;
  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;
  let woken = false;
  let wakeUp: (() => void) | null = null;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const sleep = () => new Promise<void>((resolve) => {
    if (woken || stopping) return resolve();
    const timer = setTimeout(done, pollMs);
    function done() {
      clearTimeout(timer);
      wakeUp = null;
      resolve();
    }
    wakeUp = done;
  });
  const unsubscribe = onJobsEnqueued(services.db, wake);

  async function loop(): Promise<void> {
    while (!stopping) {
      woken = false;
      const free = concurrency - inFlight.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const jobs = await claimJobs(services.db, { workerId, leases: leasesOfRegisteredKinds(), limit: free });
          claimed = jobs.length;
          for (const job of jobs) {
            const running: Promise<JobOutcome | void> = runClaimedJob(services, job, workerId, log)
              .catch((error: unknown) => log({ level: 'error', event: 'job_runner_error', job: job.id, error: errorText(error) }))
              .finally(() => {
                inFlight.delete(running);
                wake();
              });
            inFlight.add(running);
          }
        } catch (error) {
          // The database is away (a restart, a failover): try again after the poll interval.
          log({ level: 'error', event: 'job_claim_failed', error: errorText(error) });
        }
      }
      // A full claim may have left more due: claim again at once while there is room.
      if (claimed > 0 && claimed === free) continue;
      await sleep();
    }
  }
  const looping = loop();

  return {
    workerId,
    wake,
    async stop(graceMs = 10_000) {
      stopping = true;
      unsubscribe();
      wake();
      await looping;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => { timer = setTimeout(resolve, graceMs); }),
      ]);
      clearTimeout(timer);
    },
  };
}

/**
 * Runs every due job now, one at a time, until none is due (jobs retried later are left for their
 * time): what tests and one-off scripts call instead of a runner. Answers the outcomes' counts.
 */
export async function runDueJobs(services: AppServices, options: { workerId?: string; log?: JobLog; max?: number } = {}): Promise<Record<JobOutcome, number>> {
  const workerId = options.workerId ?? defaultWorkerId();
  const counts: Record<JobOutcome, number> = { done: 0, retry: 0, failed: 0, lost: 0 };
  const max = options.max ?? 10_000;
  for (let ran = 0; ran < max;) {
    const jobs = await claimJobs(services.db, { workerId, leases: leasesOfRegisteredKinds(), limit: 20 });
    if (jobs.length === 0) break;
    for (const job of jobs) {
      counts[await runClaimedJob(services, job, workerId, options.log ?? quiet)] += 1;
      ran += 1;
    }
  }
  return counts;
}
