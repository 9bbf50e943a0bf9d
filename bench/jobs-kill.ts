/**
 * Jobs survive their worker's death (ADR 075, issue "back-office" budgets): on PostgreSQL, 2,000
 * `bench.probe` jobs run in `npm run worker` (the production build), which is killed with SIGKILL
 * 20 times while they run and started again each time. A killed worker's jobs stay leased until
 * their lease ends (1.5 s here) and are then taken again. At the end every job must be done (none
 * lost, none failed) and every side effect written once: the probe writes its key into
 * `bench_job_effect` (unique key, `on conflict do nothing`) after recording each run in
 * `bench_job_run`, so the runs taken again after a kill are counted and the effects are not doubled.
 *
 *   npm run build && npm run bench:jobs-kill -- [--jobs=2000] [--kills=20] [--concurrency=4] [--work-ms=30]
 *
 * Creates and drops its own database `bench_jobs_kill_<pid>` on BENCH_PG_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres). Exits 1 on any job lost, failed or done twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type * as EntryModule from '../server/entry.ts';
import { BenchError } from './errors.ts';
import { createOwnDatabase, type OwnDatabase } from './pg-database.ts';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '2000' },
    kills: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '4' },
    'work-ms': { type: 'string', default: '30' },
    'lease-ms': { type: 'string', default: '1500' },
  },
});
const JOBS = Number(values.jobs);
const KILLS = Number(values.kills);
const CONCURRENCY = Number(values.concurrency);
const WORK_MS = Number(values['work-ms']);
const LEASE_MS = Number(values['lease-ms']);

const root = resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const entry = await import(pathToFileURL(resolve(root, 'build/server/index.js')).href) as typeof EntryModule;

let own: OwnDatabase | null = null;
let worker: ChildProcess | null = null;
process.on('exit', () => worker?.kill('SIGKILL'));

/** Starts `npm run worker`'s script on the bench's database; resolves once its runner has started. */
function startWorker(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', resolve(root, 'server/worker.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production', DEMO: 'true', LOG_LEVEL: 'info',
      DATABASE_URL: url, DATABASE_POOL_SIZE: String(CONCURRENCY + 2),
      SESSION_SECRET: 'jobs-kill-bench-secret-0123456789abcdef0123456789',
      JOBS_CONCURRENCY: String(CONCURRENCY),
      BENCH_JOBS: '1', BENCH_JOBS_WORK_MS: String(WORK_MS), BENCH_JOBS_LEASE_MS: String(LEASE_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4_000); });
  return new Promise((resolveStarted, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Обработчик фоновых заданий запущен')) resolveStarted(child);
    });
    child.once('exit', (code) => reject(new BenchError(`worker exited (${code}) before starting:\n${stderr}`)));
  });
}

async function main(): Promise<number> {
  own = await createOwnDatabase('bench_jobs_kill');
  const db = await entry.connect({ databaseUrl: own.url, poolSize: 4 });
  try {
    await entry.migrateToLatest(db);
    await sql`create table bench_job_effect (key text primary key, at timestamptz not null default clock_timestamp())`.execute(db);
    await sql`create table bench_job_run (key text not null, worker integer not null, at timestamptz not null default clock_timestamp())`.execute(db);
    const probe = entry.benchProbeJob({ workMs: WORK_MS, leaseMs: LEASE_MS });
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < JOBS; i++) await entry.enqueueJob(trx, probe, { n: i }, { key: `bench.probe:${i}` });
    });
    const doneCount = async () => (await entry.jobCounts(db)).done;

    const started = performance.now();
    const killedWhileRunning: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      worker = await startWorker(own.url);
      await sleep(200 + Math.random() * 600);
      const done = await doneCount();
      if (done >= JOBS) throw new BenchError(`all ${JOBS} jobs were done after ${kill} kills: give the jobs more work (--work-ms) or more of them (--jobs)`);
      worker.kill('SIGKILL');
      await new Promise((r) => worker!.once('exit', r));
      killedWhileRunning.push(done);
    }
    // The last worker finishes: the killed ones' jobs come back as their leases end.
    worker = await startWorker(own.url);
    const deadline = Date.now() + 300_000;
    let counts = await entry.jobCounts(db);
    while (counts.done + counts.failed < JOBS && Date.now() < deadline) {
      await sleep(200);
      counts = await entry.jobCounts(db);
    }
    const elapsedMs = performance.now() - started;
    worker.kill('SIGTERM');
    await new Promise((r) => worker!.once('exit', r));
    worker = null;

    const { rows: [runs] } = await sql<{ runs: string; keys: string }>`select count(*) as runs, count(distinct key) as keys from bench_job_run`.execute(db);
    const { rows: [effects] } = await sql<{ effects: string; keys: string }>`select count(*) as effects, count(distinct key) as keys from bench_job_effect`.execute(db);
    const { rows: [retaken] } = await sql<{ n: string; max: number | null }>`select count(*) as n, max(attempts) as max from job where kind = 'bench.probe' and attempts > 1`.execute(db);
    // Neither done nor failed by the end: lost.
    const lost = JOBS - counts.done - counts.failed;
    const result = {
      bench: 'jobs-kill',
      engine: 'postgresql',
      jobs: JOBS, kills: KILLS, concurrency: CONCURRENCY, workMs: WORK_MS, leaseMs: LEASE_MS,
      doneAtEachKill: killedWhileRunning,
      elapsedMs: Math.round(elapsedMs),
      done: counts.done, failed: counts.failed, lost,
      runs: Number(runs!.runs), jobsRunMoreThanOnce: Number(retaken!.n), mostAttempts: retaken!.max ?? 1,
      effects: Number(effects!.effects), distinctEffects: Number(effects!.keys),
      // Runs beyond one per job found their effect already written: each was done once.
      runsThatFoundTheirEffectDone: Number(runs!.runs) - Number(effects!.effects),
    };
    const ok = result.done === JOBS && result.failed === 0 && result.effects === JOBS && result.distinctEffects === JOBS && Number(runs!.keys) === JOBS;
    console.log(JSON.stringify({ ...result, result: ok ? 'ни одно задание не потеряно и не выполнено дважды' : 'ОШИБКА' }, null, 2));
    return ok ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof BenchError ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

async function cleanUp(): Promise<void> {
  worker?.kill('SIGKILL');
  await own?.drop().catch(() => {});
}
