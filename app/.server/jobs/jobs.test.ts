import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { advanceClock, now, resetClock } from '../clock.ts';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { listJobs, jobCounts, pruneFinishedJobs, retryJob } from './admin.ts';
import { enqueueJob } from './enqueue.ts';
import { defineJobKind, jobKindLabel, registeredKinds } from './kinds.ts';
import { claimJobs, completeJob } from './lease.ts';
import { enqueueMail, mailSendJob } from './mail.ts';
import { runClaimedJob } from './run-job.ts';
import { runDueJobs, startJobRunner } from './runner.ts';
import { waitForJob } from './wait.ts';

/*
 * Background work (ADR 075) on both engines: one job per key, the lease, the back-off, failures kept
 * and retried, a lost lease taken again with its side effect done once, the runner woken by the
 * enqueue; on PostgreSQL, runners in parallel never take one job twice.
 */

let t: TestDatabase;
const quiet = () => {};

beforeAll(async () => {
  t = await createTestDatabase();
  await sql`create table test_job_run (key text not null, worker text not null)`.execute(t.db);
}, 120_000);
afterAll(async () => { await t?.destroy(); });
afterEach(() => resetClock());

/** A kind that records every run (key and runner) and fails while `failing` holds its key. */
const failing = new Set<string>();
const failedHook: Array<{ key: string; error: string }> = [];
const recordJob = defineJobKind({
  kind: 'test.record',
  payload: z.object({ n: z.number().int() }),
  maxAttempts: 3,
  leaseMs: 1_000,
  retry: { baseMs: 2_000, maxMs: 5_000 },
  async run(services, _payload, job) {
    await sql`insert into test_job_run (key, worker) values (${job.key}, ${'run'})`.execute(services.db);
    if (failing.has(job.key)) throw new Error(`отказ ${job.attempt}`);
  },
  async failed(_services, _payload, job, error) {
    failedHook.push({ key: job.key, error });
  },
});

const runsOf = async (key: string) => Number((await sql<{ n: string }>`select count(*) as n from test_job_run where key = ${key}`.execute(t.db)).rows[0]!.n);
const jobOf = (key: string) => t.db.selectFrom('job').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
const leases = new Map([[recordJob.kind, recordJob.leaseMs]]);

describe('enqueue', () => {
  it('makes one job of one key, enqueued twice or in parallel', async () => {
    const first = await enqueueJob(t.db, recordJob, { n: 1 }, { key: 'once:1' });
    const again = await enqueueJob(t.db, recordJob, { n: 2 }, { key: 'once:1' });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    const parallel = await Promise.all(Array.from({ length: 8 }, () => enqueueJob(t.db, recordJob, { n: 3 }, { key: 'once:2' })));
    expect(parallel.filter((p) => p.created)).toHaveLength(1);
    expect(new Set(parallel.map((p) => p.id)).size).toBe(1);
    expect((await jobOf('once:1')).payload).toEqual({ n: 1 });
    await runDueJobs(t.services);
  });

  it('refuses a payload its kind\'s schema refuses, and a key of another kind', async () => {
    await expect(enqueueJob(t.db, recordJob, { n: 1.5 }, { key: 'bad:1' })).rejects.toThrow();
    expect(await t.db.selectFrom('job').select('id').where('key', '=', 'bad:1').executeTakeFirst()).toBeUndefined();
    await enqueueMail(t.db, { to: 'branch@agro.example', subject: 'Тема', text: 'Текст', staff: true }, { key: 'kind:1' });
    await expect(enqueueJob(t.db, recordJob, { n: 1 }, { key: 'kind:1' })).rejects.toThrow(/mail\.send/);
    await runDueJobs(t.services);
  });

  it('exists only with the transaction that enqueued it', async () => {
    await expect(t.db.transaction().execute(async (trx) => {
      await enqueueJob(trx, recordJob, { n: 1 }, { key: 'rolled-back:1' });
      throw new Error('rollback');
    })).rejects.toThrow('rollback');
    expect(await t.db.selectFrom('job').select('id').where('key', '=', 'rolled-back:1').executeTakeFirst()).toBeUndefined();
  });

  it('queues a done job of its key again when asked to (its effect is gone), and leaves a queued or failed one as it is', async () => {
    const first = await enqueueJob(t.db, recordJob, { n: 1 }, { key: 'rerun:1' });
    await runDueJobs(t.services);
    expect(await jobOf('rerun:1')).toMatchObject({ state: 'done', attempts: 1 });
    expect(await enqueueJob(t.db, recordJob, { n: 1 }, { key: 'rerun:1' })).toEqual({ id: first.id, created: false });
    expect(await jobOf('rerun:1')).toMatchObject({ state: 'done' });
    expect(await enqueueJob(t.db, recordJob, { n: 1 }, { key: 'rerun:1', rerunDone: true })).toEqual({ id: first.id, created: false });
    expect(await jobOf('rerun:1')).toMatchObject({ state: 'queued', attempts: 0, finished_at: null });
    await enqueueJob(t.db, recordJob, { n: 1 }, { key: 'rerun:1', rerunDone: true });
    await runDueJobs(t.services);
    expect(await runsOf('rerun:1')).toBe(2);
    expect(await jobOf('rerun:1')).toMatchObject({ state: 'done', attempts: 1 });

    failing.add('rerun:2');
    await enqueueJob(t.db, recordJob, { n: 2 }, { key: 'rerun:2', maxAttempts: 1 });
    await runDueJobs(t.services);
    failing.delete('rerun:2');
    await enqueueJob(t.db, recordJob, { n: 2 }, { key: 'rerun:2', rerunDone: true });
    expect(await jobOf('rerun:2')).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('registers its kinds by name, with their Russian labels for the back-office', async () => {
    expect(jobKindLabel('mail.send')).toBe('Письмо');
    expect(jobKindLabel('sms.send')).toBe('SMS');
    expect(jobKindLabel('test.record')).toBe('test.record');
    expect((await listJobs(t.db, { key: 'rerun:' })).jobs.map((j) => [j.key, j.kindLabel])).toEqual([['rerun:2', 'test.record'], ['rerun:1', 'test.record']]);
  });

  it('registers its kinds by name', () => {
    expect(registeredKinds()).toEqual(expect.arrayContaining(['mail.send', 'sms.send', 'test.record']));
    expect(() => defineJobKind({ kind: 'NoDots', payload: z.object({}), run: async () => {} })).toThrow();
  });
});

describe('claim and lease', () => {
  it('leases a due job to one runner; another claims nothing until the lease ends, then takes it; the first can no longer finish it', async () => {
    await enqueueJob(t.db, recordJob, { n: 1 }, { key: 'lease:1' });
    const [claimed, ...more] = await claimJobs(t.db, { workerId: 'a', leases, limit: 10 });
    expect(more).toEqual([]);
    expect(claimed).toMatchObject({ key: 'lease:1', attempts: 1, payload: { n: 1 } });
    expect(await jobOf('lease:1')).toMatchObject({ state: 'running', locked_by: 'a', attempts: 1 });
    expect(await claimJobs(t.db, { workerId: 'b', leases, limit: 10 })).toEqual([]);

    advanceClock(1_001);
    const [taken] = await claimJobs(t.db, { workerId: 'b', leases, limit: 10 });
    expect(taken).toMatchObject({ key: 'lease:1', attempts: 2 });
    expect(await completeJob(t.db, claimed!.id, 'a')).toBe(false);
    expect(await completeJob(t.db, taken!.id, 'b')).toBe(true);
    expect(await jobOf('lease:1')).toMatchObject({ state: 'done', locked_by: null, locked_until: null, attempts: 2 });
  });

  it('does not take a job before its time, nor kinds the process does not know', async () => {
    await enqueueJob(t.db, recordJob, { n: 1 }, { key: 'later:1', runAt: new Date(Date.now() + 60_000) });
    expect(await claimJobs(t.db, { workerId: 'a', leases, limit: 10 })).toEqual([]);
    await t.db.insertInto('job').values({ kind: 'unknown.kind', key: 'unknown:1', payload: '{}' }).execute();
    advanceClock(60_001);
    expect((await claimJobs(t.db, { workerId: 'a', leases, limit: 10 })).map((j) => j.key)).toEqual(['later:1']);
    expect(await jobOf('unknown:1')).toMatchObject({ state: 'queued', attempts: 0 });
    await t.db.deleteFrom('job').where('key', '=', 'unknown:1').execute();
    await t.db.updateTable('job').set({ state: 'done', locked_until: null, locked_by: null, finished_at: new Date() }).where('key', '=', 'later:1').execute();
  });
});

describe('retries', () => {
  it('queues a failed try again after a doubling wait, keeps the job failed with its error after the last, and retryJob runs it again', async () => {
    failing.add('retry:1');
    await enqueueJob(t.db, recordJob, { n: 1 }, { key: 'retry:1' });
    expect(await runDueJobs(t.services)).toMatchObject({ retry: 1 });
    let job = await jobOf('retry:1');
    expect(job).toMatchObject({ state: 'queued', attempts: 1, last_error: 'отказ 1', locked_by: null });
    const firstWait = job.run_at.getTime() - job.updated_at.getTime();
    expect(firstWait).toBe(2_000);

    // Not due yet: nothing runs.
    expect(await runDueJobs(t.services)).toMatchObject({ done: 0, retry: 0, failed: 0 });
    advanceClock(2_000);
    await runDueJobs(t.services);
    job = await jobOf('retry:1');
    expect(job).toMatchObject({ state: 'queued', attempts: 2, last_error: 'отказ 2' });
    expect(job.run_at.getTime() - job.updated_at.getTime()).toBe(4_000);

    advanceClock(4_000);
    expect(await runDueJobs(t.services)).toMatchObject({ failed: 1 });
    job = await jobOf('retry:1');
    expect(job).toMatchObject({ state: 'failed', attempts: 3, last_error: 'отказ 3', locked_until: null });
    expect(job.finished_at).not.toBeNull();
    expect(failedHook).toContainEqual({ key: 'retry:1', error: 'отказ 3' });
    expect(await runsOf('retry:1')).toBe(3);

    // Kept, listed, and run again on request: all its tries anew.
    const page = await listJobs(t.db, { state: 'failed', kind: 'test.record' });
    expect(page.jobs.map((j) => j.key)).toContain('retry:1');
    expect(page.jobs.find((j) => j.key === 'retry:1')).toMatchObject({ stateLabel: 'Ошибка', lastError: 'отказ 3', attempts: 3, maxAttempts: 3 });
    failing.delete('retry:1');
    expect(await retryJob(t.db, job.id)).toEqual({ ok: true });
    expect(await retryJob(t.db, job.id)).toEqual({ ok: false, code: 'not_failed', message: 'Повторить можно только задание с ошибкой' });
    expect(await runDueJobs(t.services)).toMatchObject({ done: 1 });
    expect(await jobOf('retry:1')).toMatchObject({ state: 'done', attempts: 1, last_error: null });
    expect(await retryJob(t.db, 987_654_321)).toEqual({ ok: false, code: 'not_found', message: 'Задание не найдено' });
    expect(await retryJob(t.db, 'abc')).toEqual({ ok: false, code: 'not_found', message: 'Задание не найдено' });
  });

  it('fails a job whose payload no longer fits its kind at once, without running it', async () => {
    // run_at from the app's clock: the column's default (the server's now(), in microseconds) can
    // fall later in the same millisecond than the runner's clock and leave the job not yet due.
    await t.db.insertInto('job').values({ kind: 'test.record', key: 'garbled:1', payload: JSON.stringify({ n: 'x' }), run_at: now() }).execute();
    expect(await runDueJobs(t.services)).toMatchObject({ failed: 1 });
    expect(await jobOf('garbled:1')).toMatchObject({ state: 'failed', attempts: 1 });
    expect((await jobOf('garbled:1')).last_error).toMatch(/^Данные задания не прошли проверку/);
    expect(await runsOf('garbled:1')).toBe(0);
  });
});

describe('a runner killed in the middle of a job', () => {
  it('leaves the job to be taken again when its lease ends; its letter is written once', async () => {
    const key = 'orders.mail:killed-1';
    await enqueueMail(t.db, { to: 'Killed@Farm.example', subject: 'Заказ принят', text: 'Ваш заказ принят' }, { key });
    const leasesOfMail = new Map([[mailSendJob.kind, mailSendJob.leaseMs]]);
    const [held] = await claimJobs(t.db, { workerId: 'killed', leases: leasesOfMail, limit: 1 });
    // The process sent the letter, then died before writing the job done.
    await mailSendJob.run(t.services, held!.payload as never, { id: held!.id, kind: held!.kind, key, attempt: 1, maxAttempts: 10 });
    expect(await claimJobs(t.db, { workerId: 'other', leases: leasesOfMail, limit: 1 })).toEqual([]);

    advanceClock(mailSendJob.leaseMs + 1);
    expect(await runDueJobs(t.services)).toMatchObject({ done: 1 });
    expect(await jobOf(key)).toMatchObject({ state: 'done', attempts: 2 });
    const letters = await t.db.selectFrom('auth_outbox').select(['recipient', 'subject', 'idempotency_key']).where('idempotency_key', '=', key).execute();
    expect(letters).toEqual([{ recipient: 'killed@farm.example', subject: 'Заказ принят', idempotency_key: key }]);
  });

  it('does not run a job again whose last try was taken by a process that died', async () => {
    await enqueueJob(t.db, recordJob, { n: 1 }, { key: 'died-last:1', maxAttempts: 1 });
    await claimJobs(t.db, { workerId: 'killed', leases, limit: 1 });
    advanceClock(1_001);
    const [again] = await claimJobs(t.db, { workerId: 'b', leases, limit: 1 });
    expect(await runClaimedJob(t.services, again!, 'b', quiet)).toBe('failed');
    expect(await jobOf('died-last:1')).toMatchObject({ state: 'failed', last_error: 'Попытки исчерпаны: процесс, выполнявший последнюю, остановился' });
    expect(await runsOf('died-last:1')).toBe(0);
  });
});

describe('the runner', () => {
  it('starts a job within moments of its enqueue, woken by the notification rather than its poll', async () => {
    const runner = startJobRunner(t.services, { pollMs: 60_000, concurrency: 2 });
    try {
      // Let its first claim find nothing and go to sleep.
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      await enqueueJob(t.db, recordJob, { n: 1 }, { key: 'woken:1' });
      await expect.poll(() => runsOf('woken:1'), { interval: 10, timeout: 5_000 }).toBe(1);
      expect(Date.now() - started).toBeLessThan(1_000);
      await expect.poll(async () => (await jobOf('woken:1')).state, { interval: 10, timeout: 5_000 }).toBe('done');
    } finally {
      await runner.stop();
    }
  });

  it('stops claiming at stop(), and lets the job in flight finish before it resolves', async () => {
    let release: () => void = () => {};
    const slow = defineJobKind({
      kind: 'test.slow',
      payload: z.object({}),
      async run(services, _payload, job) {
        await new Promise<void>((resolve) => { release = resolve; });
        await sql`insert into test_job_run (key, worker) values (${job.key}, ${'slow'})`.execute(services.db);
      },
    });
    const runner = startJobRunner(t.services, { pollMs: 20, concurrency: 1 });
    await enqueueJob(t.db, slow, {}, { key: 'slow:1' });
    await expect.poll(async () => (await jobOf('slow:1')).state, { interval: 10, timeout: 5_000 }).toBe('running');
    await enqueueJob(t.db, slow, {}, { key: 'slow:2' });
    const stopped = runner.stop(5_000);
    setTimeout(() => release(), 100);
    await stopped;
    expect(await jobOf('slow:1')).toMatchObject({ state: 'done', attempts: 1 });
    expect(await runsOf('slow:1')).toBe(1);
    // Claimed by nobody after the stop: it waits for the next runner.
    expect(await jobOf('slow:2')).toMatchObject({ state: 'queued', attempts: 0 });
    const next = runDueJobs(t.services);
    await expect.poll(async () => (await jobOf('slow:2')).state, { interval: 10, timeout: 5_000 }).toBe('running');
    release();
    expect(await next).toMatchObject({ done: 1 });
  });

  it('lets a request wait for a job: woken by this process\'s runner at its end, or answered as it stands when the wait runs out', async () => {
    let release: () => void = () => {};
    const held = defineJobKind({
      kind: 'test.held',
      payload: z.object({}),
      run: () => new Promise<void>((resolve) => { release = resolve; }),
    });
    const { id } = await enqueueJob(t.db, held, {}, { key: 'held:1' });
    // Nobody runs it: the wait ends at its time with the state as it is.
    let started = performance.now();
    expect(await waitForJob(t.db, id, { timeoutMs: 150 })).toEqual({ state: 'queued', attempts: 0, lastError: null });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(await waitForJob(t.db, 999_999_999, { timeoutMs: 10 })).toBeNull();
    // An aborted wait (the client went away) ends at once.
    const gone = new AbortController();
    started = performance.now();
    setTimeout(() => gone.abort(), 50);
    expect((await waitForJob(t.db, id, { timeoutMs: 5_000, signal: gone.signal }))?.state).toBe('queued');
    expect(performance.now() - started).toBeLessThan(1_000);

    const runner = startJobRunner(t.services, { pollMs: 20, concurrency: 1 });
    try {
      await expect.poll(async () => (await jobOf('held:1')).state, { interval: 10, timeout: 5_000 }).toBe('running');
      const waiting = waitForJob(t.db, id, { timeoutMs: 10_000 });
      // The row's reads have backed off to a second apart by now; the runner's word ends the wait.
      await new Promise((r) => setTimeout(r, 1_600));
      const released = performance.now();
      release();
      expect(await waiting).toEqual({ state: 'done', attempts: 1, lastError: null });
      expect(performance.now() - released).toBeLessThan(300);
    } finally {
      await runner.stop();
    }
  });

  it('lists jobs by state, kind and key prefix a page at a time, in Russian on bad filters', async () => {
    const all = await listJobs(t.db, {});
    expect(all.page).toBe(1);
    expect(all.total).toBeGreaterThan(0);
    expect((await listJobs(t.db, { key: 'retry:' })).jobs.map((j) => j.key)).toEqual(['retry:1']);
    expect((await listJobs(t.db, { key: '%' })).jobs).toEqual([]);
    expect((await listJobs(t.db, { state: 'done', page: '999' }))).toMatchObject({ page: 999, jobs: [] });
    expect((await listJobs(t.db, { state: 'done', page: '999' })).total).toBe((await jobCounts(t.db)).done);
    await expect(listJobs(t.db, { state: 'lost' })).rejects.toThrow('Неизвестное состояние задания');
    await expect(listJobs(t.db, { page: '0' })).rejects.toThrow('Страницы начинаются с 1');
  });

  it('deletes done jobs after their keeping, never failed ones', async () => {
    const failedBefore = (await jobCounts(t.db)).failed;
    advanceClock(15 * 24 * 3_600_000);
    expect(await pruneFinishedJobs(t.db)).toBeGreaterThan(0);
    const left = await t.db.selectFrom('job').select(['key', 'state', 'finished_at']).where('state', '<>', 'failed').execute();
    expect(left).toEqual([]);
    expect((await jobCounts(t.db)).failed).toBe(failedBefore);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL: runners in parallel', () => {
  it('two runners over 300 jobs: each done, none run twice', async () => {
    const N = 300;
    const keys = Array.from({ length: N }, (_, i) => `parallel:${i}`);
    await t.db.transaction().execute(async (trx) => {
      for (const [i, key] of keys.entries()) await enqueueJob(trx, recordJob, { n: i }, { key });
    });
    const runners = [startJobRunner(t.services, { concurrency: 3, pollMs: 50, workerId: 'p1' }), startJobRunner(t.services, { concurrency: 3, pollMs: 50, workerId: 'p2' })];
    try {
      await expect.poll(async () => Number((await sql<{ n: string }>`select count(*) as n from job where key like 'parallel:%' and state = 'done'`.execute(t.db)).rows[0]!.n), { interval: 50, timeout: 30_000 }).toBe(N);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    const { rows } = await sql<{ runs: string; keys: string }>`select count(*) as runs, count(distinct key) as keys from test_job_run where key like 'parallel:%'`.execute(t.db);
    expect({ runs: Number(rows[0]!.runs), keys: Number(rows[0]!.keys) }).toEqual({ runs: N, keys: N });
    const retaken = await sql<{ n: string }>`select count(*) as n from job where key like 'parallel:%' and attempts <> 1`.execute(t.db);
    expect(Number(retaken.rows[0]!.n)).toBe(0);
  });

  it('two claims at once never take one job: each sees its own rows', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `split:${i}`);
    for (const key of keys) await enqueueJob(t.db, recordJob, { n: 0 }, { key });
    const claims = await Promise.all(['x', 'y', 'x2', 'y2'].map((workerId) => claimJobs(t.db, { workerId, leases, limit: 15 })));
    const taken = claims.flat().map((j) => j.key);
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken.filter((k) => k.startsWith('split:')).sort()).toEqual([...keys].sort());
    await t.db.updateTable('job').set({ state: 'done', locked_until: null, locked_by: null, finished_at: new Date() }).where('key', 'like', 'split:%').execute();
  });
});
