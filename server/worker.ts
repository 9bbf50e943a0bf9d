// `npm run worker`: a process that only runs background jobs (ADR 075), for a deployment that keeps
// them apart from the web processes (which then start with JOBS_IN_SERVER=false). It needs the same
// environment as the server (DATABASE_URL, SESSION_SECRET, PUBLIC_ORIGIN, the providers' settings)
// and the production build (`npm run build`). PostgreSQL only: the embedded database belongs to the
// one server process that opened it.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as EntryModule from './entry.ts';

type Entry = typeof EntryModule;

if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';
const root = resolve(import.meta.dirname, '..');
const log = (line: Record<string, unknown>) => process.stdout.write(JSON.stringify(line) + '\n');

if (!process.env.DATABASE_URL) {
  process.stderr.write(JSON.stringify({ level: 'error', msg: 'npm run worker работает только с PostgreSQL (DATABASE_URL): встроенную базу открывает один процесс сервера, и задания выполняет он' }) + '\n');
  process.exit(2);
}

const entry = await import(pathToFileURL(resolve(root, 'build/server/index.js')).href) as Entry;
const config = entry.loadConfig();
entry.assertPublicOrigin(config);
const db = await entry.connect({ databaseUrl: config.DATABASE_URL, poolSize: Math.min(config.DATABASE_POOL_SIZE, config.JOBS_CONCURRENCY + 2) });
await entry.migrateToLatest(db);
const providers = entry.createProviders({ env: process.env, nodeEnv: config.NODE_ENV, db, demo: config.DEMO });
const oauth = entry.createOAuthSetup({ env: process.env, nodeEnv: config.NODE_ENV, demo: config.DEMO });
const delivery = entry.createDeliveryProviders({ env: process.env, nodeEnv: config.NODE_ENV, db, demo: config.DEMO });
const pdf = entry.createPdfPrinter(config);
const services = { db, config, providers, oauth, delivery, pdf };
// The printer asks the app for its print pages in-process (ADR 074): the worker builds the app, never
// listens. With the pages (React Router's build) and the built assets (the print pages' styles and
// fonts): without them every print page would be a 404 and every PDF job would fail (ADR 080).
entry.createApp({ services, build: entry.serverBuild, clientDir: resolve(root, 'build/client') });
if (process.env.BENCH_JOBS === '1') {
  entry.benchProbeJob({ workMs: Number(process.env.BENCH_JOBS_WORK_MS ?? 20), leaseMs: Number(process.env.BENCH_JOBS_LEASE_MS ?? 1_500) });
}

// The kinds it claims are those the build's modules registered as they loaded: the letters, the
// requests' letters and the invoice's PDF (`entry.invoicePdfJob`, printed by this process's Chromium
// into the same file storage the web processes read: a shared DOCUMENTS_DIR or S3, ADR 080).
const runner = entry.startJobRunner(services, { concurrency: config.JOBS_CONCURRENCY, log: entry.jobLog(config) });
log({ level: 'info', msg: 'Обработчик фоновых заданий запущен', worker: runner.workerId, concurrency: config.JOBS_CONCURRENCY, kinds: entry.registeredKinds() });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log({ level: 'info', msg: 'shutting down', signal });
  await runner.stop(10_000);
  await pdf.close();
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
