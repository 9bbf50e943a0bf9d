import { sql } from 'kysely';
import { z } from 'zod';
import { defineJobKind, type JobKind } from './kinds.ts';

/**
 * The kind `npm run bench:jobs-kill` runs (ADR 075), registered only in a process started with
 * BENCH_JOBS=1: its side effect is a row keyed by the job's key in a table with a unique key
 * (`bench_job_effect`, written once however often the job runs), and every run is counted beside it
 * (`bench_job_run`), so the bench sees how many were taken again after a kill and that none was done
 * twice. The bench creates both tables in its own database.
 */
export const benchProbePayload = z.object({ n: z.number().int().nonnegative() });

let kind: JobKind<z.output<typeof benchProbePayload>> | null = null;

export function benchProbeJob(options: { workMs: number; leaseMs: number }): JobKind<z.output<typeof benchProbePayload>> {
  kind ??= defineJobKind({
    kind: 'bench.probe',
    payload: benchProbePayload,
    maxAttempts: 50,
    leaseMs: options.leaseMs,
    retry: { baseMs: 100, maxMs: 1_000 },
    async run(services, _payload, job) {
      await sql`insert into bench_job_run (key, worker) values (${job.key}, ${process.pid})`.execute(services.db);
      await sql`insert into bench_job_effect (key) values (${job.key}) on conflict (key) do nothing`.execute(services.db);
      // The work after the side effect: a kill here leaves the effect done and the job running.
      await new Promise((resolve) => setTimeout(resolve, options.workMs));
    },
  });
  return kind;
}
