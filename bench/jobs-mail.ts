/**
 * Background letters' budget (ADR 075, issue "back-office" budgets): 1,000 queued letters sent by the
 * sandbox mailer within 10 s. Enqueues 1,000 `mail.send` jobs in one transaction, starts one job
 * runner as the server starts it (JOBS_CONCURRENCY, default 4) and times it until every job is done,
 * then checks the outbox holds each letter once.
 *
 *   npm run build && npm run bench:jobs-mail -- [--letters=1000] [--concurrency=4] [--runners=1]
 *
 * On PostgreSQL when DATABASE_URL is set (a database of its own, `bench_jobs_mail_<pid>`, on
 * BENCH_PG_URL's server, dropped afterwards); on an in-memory PGlite otherwise. Exits 1 over budget.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type * as EntryModule from '../server/entry.ts';
import { createOwnDatabase, type OwnDatabase } from './pg-database.ts';

const BUDGET_MS = 10_000;
const { values } = parseArgs({
  options: {
    letters: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: process.env.JOBS_CONCURRENCY ?? '4' },
    runners: { type: 'string', default: '1' },
  },
});
const LETTERS = Number(values.letters);
const CONCURRENCY = Number(values.concurrency);
const RUNNERS = Number(values.runners);

const root = resolve(import.meta.dirname, '..');
const entry = await import(pathToFileURL(resolve(root, 'build/server/index.js')).href) as typeof EntryModule;
const onServer = Boolean(process.env.DATABASE_URL);
let own: OwnDatabase | null = null;
if (onServer) own = await createOwnDatabase('bench_jobs_mail');
const config = entry.loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...(own ? { DATABASE_URL: own.url } : {}) });
const db = await entry.connect(own ? { databaseUrl: own.url, poolSize: RUNNERS * (CONCURRENCY + 1) + 2 } : { pgliteDir: 'memory://' });
try {
  await entry.migrateToLatest(db);
  const providers = entry.createProviders({ env: {}, nodeEnv: 'test', db, demo: false });
  const services = {
    db, config, providers,
    oauth: entry.createOAuthSetup({ env: {}, nodeEnv: 'test' }),
    delivery: entry.createDeliveryProviders({ env: {}, nodeEnv: 'test', db, demo: false }),
    // Letters need no printer; it is never launched.
    pdf: entry.createPdfPrinter(config),
  };

  const queuedAt = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < LETTERS; i++) {
      await entry.enqueueMail(trx, {
        to: `customer${i}@farm.example`,
        subject: `Заказ АГ-2026-${String(i).padStart(6, '0')} принят`,
        text: `Здравствуйте! Ваш заказ принят, номер ${i}. Менеджер филиала свяжется с вами в рабочее время.`,
      }, { key: `bench.mail:${i}` });
    }
  });
  const enqueueMs = performance.now() - queuedAt;

  const started = performance.now();
  const runners = Array.from({ length: RUNNERS }, () => entry.startJobRunner(services, { concurrency: CONCURRENCY, pollMs: 1_000 }));
  let counts = await entry.jobCounts(db);
  while (counts.done + counts.failed < LETTERS) {
    await new Promise((r) => setTimeout(r, 20));
    counts = await entry.jobCounts(db);
  }
  const sendMs = performance.now() - started;
  await Promise.all(runners.map((r) => r.stop()));

  const { rows: [outbox] } = await sql<{ letters: string; keys: string }>`select count(*) as letters, count(distinct idempotency_key) as keys from auth_outbox where idempotency_key like 'bench.mail:%'`.execute(db);
  const letters = Number(outbox!.letters);
  const ok = counts.failed === 0 && letters === LETTERS && Number(outbox!.keys) === LETTERS && sendMs <= BUDGET_MS;
  console.log(JSON.stringify({
    bench: 'jobs-mail',
    engine: onServer ? 'postgresql' : 'pglite',
    letters: LETTERS, runners: RUNNERS, concurrency: CONCURRENCY,
    enqueueMs: Math.round(enqueueMs),
    sendMs: Math.round(sendMs),
    lettersPerSecond: Math.round(LETTERS / (sendMs / 1000)),
    budgetMs: BUDGET_MS,
    done: counts.done, failed: counts.failed, inOutbox: letters,
    result: ok ? 'в бюджете' : 'ВНЕ БЮДЖЕТА',
  }, null, 2));
  process.exitCode = ok ? 0 : 1;
} finally {
  await db.destroy();
  await own?.drop();
}
