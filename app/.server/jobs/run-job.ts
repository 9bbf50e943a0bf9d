import type { AppServices } from '../context.ts';
import { withOutboxReader } from '../outbox-reader.ts';
import { retryDelayMs } from './backoff.ts';
import { jobKind, type JobInfo } from './kinds.ts';
import { completeJob, failJob, type ClaimedJob } from './lease.ts';
import { jobSettled } from './wait.ts';

export type JobLog = (line: Record<string, unknown>) => void;

/** What became of one claimed job. */
export type JobOutcome = 'done' | 'retry' | 'failed' | 'lost';

/** The text kept of an error: its message (adapters' errors name no secret, ADR 011). */
export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)) || 'ошибка без описания';
}

/**
 * Runs one claimed job and writes its end: done; queued again after its kind's back-off; or kept as
 * failed after its last try (its kind's `failed` hook told). A job taken again after its lease ran
 * out on its last try is not run again: the try was spent by the process that died.
 */
export async function runClaimedJob(services: AppServices, job: ClaimedJob, workerId: string, log: JobLog): Promise<JobOutcome> {
  try {
    return await runAndRecord(services, job, workerId, log);
  } finally {
    // Whoever waits for this job in this process (a download, ADR 080) reads its row now.
    jobSettled(job.id);
  }
}

async function runAndRecord(services: AppServices, job: ClaimedJob, workerId: string, log: JobLog): Promise<JobOutcome> {
  const kind = jobKind(job.kind);
  const info: JobInfo = { id: job.id, kind: job.kind, key: job.key, attempt: job.attempts, maxAttempts: job.max_attempts };
  const fail = async (error: string, final: boolean): Promise<JobOutcome> => {
    const retryInMs = retryDelayMs(job.attempts, kind?.retry ?? { baseMs: 60_000, maxMs: 3_600_000 });
    const state = await failJob(services.db, job.id, workerId, { error, retryInMs, final });
    log({ level: state === 'failed' ? 'error' : 'warn', event: 'job_failed', job: job.id, kind: job.kind, key: job.key, attempt: job.attempts, final: state === 'failed', retryInMs: state === 'queued' ? retryInMs : undefined, error });
    if (state === 'failed' && kind?.failed && parsed.success) {
      await kind.failed(services, parsed.data, info, error).catch((hookError: unknown) => log({ level: 'error', event: 'job_failed_hook', job: job.id, error: errorText(hookError) }));
    }
    return state === null ? 'lost' : state === 'queued' ? 'retry' : 'failed';
  };
  // Claimed only when registered; a kind can vanish only by a process's own mistake.
  const parsed = kind ? kind.payload.safeParse(job.payload) : { success: false as const, data: undefined };
  if (!kind) return fail(`Неизвестный вид задания: ${job.kind}`, true);
  if (!parsed.success) return fail(`Данные задания не прошли проверку: ${'error' in parsed ? errorText(parsed.error) : ''}`.slice(0, 2_000), true);
  if (job.attempts > job.max_attempts) return fail('Попытки исчерпаны: процесс, выполнявший последнюю, остановился', true);
  try {
    await withOutboxReader(() => job.outbox_reader, () => kind.run(services, parsed.data, info));
  } catch (error) {
    return fail(errorText(error), false);
  }
  return (await completeJob(services.db, job.id, workerId)) ? 'done' : 'lost';
}

