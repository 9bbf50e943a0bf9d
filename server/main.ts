// Starts the shop: `node server/main.ts` serves the production build, `--dev` runs Vite in
// middleware mode, `--demo` (what `npm start` passes) turns demo mode on unless DEMO is set.
// Plain Node (type stripping), no bundler: it only wires the process together.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import type * as EntryModule from './entry.ts';
import { gracefulShutdown, trackInFlight } from './shutdown.ts';

type Entry = typeof EntryModule;

const dev = process.argv.includes('--dev');
if (!process.env.NODE_ENV) process.env.NODE_ENV = dev ? 'development' : 'production';
// An explicit DEMO (even DEMO=false) wins over the flag, so `DEMO=false npm start` is a real start.
if (process.argv.includes('--demo') && !process.env.DEMO?.trim()) process.env.DEMO = 'true';
const root = resolve(import.meta.dirname, '..');

const vite = dev
  ? await (await import('vite')).createServer({ root, server: { middlewareMode: true }, appType: 'custom' })
  : null;
const loadEntry = (): Promise<Entry> => vite
  ? vite.ssrLoadModule('/server/entry.ts') as Promise<Entry>
  : import(pathToFileURL(resolve(root, 'build/server/index.js')).href) as Promise<Entry>;

const entry = await loadEntry();
provideSessionSecret();
const config = entry.loadConfig();
// Before anything else opens: a real installation without its public address would mail dead links.
entry.assertPublicOrigin(config);
const db = await entry.connect({ databaseUrl: config.DATABASE_URL, pgliteDir: resolve(root, config.PGLITE_DIR), poolSize: config.DATABASE_POOL_SIZE });
await entry.migrateToLatest(db);
// Demo content (branches' sample pages, promotions) only in demo mode; reference data comes in migrations.
await entry.seed(db, { demo: config.DEMO });

const providers = entry.createProviders({ env: process.env, nodeEnv: config.NODE_ENV, db, demo: config.DEMO });
const oauth = entry.createOAuthSetup({ env: process.env, nodeEnv: config.NODE_ENV, demo: config.DEMO });
const delivery = entry.createDeliveryProviders({ env: process.env, nodeEnv: config.NODE_ENV, db, demo: config.DEMO });
const log = (line: Record<string, unknown>) => process.stdout.write(JSON.stringify(line) + '\n');
if (config.demoExposed) {
  log({ level: 'warn', msg: `Демонстрационный режим слушает ${config.HOST}: страница /__dev/outbox и тестовый вход доступны из сети. Демо не для реального использования`, host: config.HOST });
}
// Chromium starts on the first PDF, not here: a shop that prints nothing never runs it.
const pdf = entry.createPdfPrinter(config);
const services = { db, config, providers, oauth, delivery, pdf };
const HOUSEKEEPING_MS = 60 * 60_000;
setInterval(() => {
  entry.housekeeping(db, services).catch((error: unknown) => process.stderr.write(JSON.stringify({ level: 'error', msg: 'housekeeping failed', error: String(error) }) + '\n'));
}, HOUSEKEEPING_MS).unref();
// The suppliers' mailbox (ADR 095): each interval's reading enqueued as a job (one per interval
// whichever processes enqueue it); nothing when SUPPLIERS_IMAP_URL is unset.
const stopMailIntake = entry.startMailIntakeSchedule(services, (error: unknown) => process.stderr.write(JSON.stringify({ level: 'error', msg: 'mail intake schedule failed', error: String(error) }) + '\n'));
// Background work (ADR 075): letters and SMS, later PDFs. A deployment whose `npm run worker`
// processes do it sets JOBS_IN_SERVER=false.
const jobs = config.JOBS_IN_SERVER ? entry.startJobRunner(services, { concurrency: config.JOBS_CONCURRENCY, log: entry.jobLog(config) }) : null;
const app = entry.createApp({
  services,
  // In development each request gets the freshly transformed build, so edits show on reload.
  build: vite ? async () => (await loadEntry()).serverBuild : entry.serverBuild,
  clientDir: vite ? undefined : resolve(root, 'build/client'),
});
const listener = getRequestListener(app.fetch);

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  if (vite) vite.middlewares(req, res, () => listener(req, res));
  else listener(req, res);
});
trackInFlight(server); // a shutdown tells in-flight requests' clients not to reuse the connection
server.keepAliveTimeout = 65_000;
server.requestTimeout = 30_000;
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // Without PUBLIC_ORIGIN, letters' links follow the address bound here (PORT=0 picks a free port):
  // set before the first request, which cannot be read before this callback (ADR 014).
  const where = entry.settlePublicOrigin(config, { host: config.HOST, port });
  log({
    level: 'info',
    msg: config.DEMO
      ? `Магазин запущен в демонстрационном режиме: ${where} — письма и коды не отправляются, а показываются на странице /__dev/outbox`
      : `Магазин запущен: ${where}`,
    mode: config.NODE_ENV,
    demo: config.DEMO,
    host: config.HOST,
    publicOrigin: config.PUBLIC_ORIGIN,
    database: config.DATABASE_URL ? 'postgresql' : 'pglite',
  });
});

// Graceful shutdown: stop accepting, let in-flight requests and jobs finish, then close the database.
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(JSON.stringify({ level: 'info', msg: 'shutting down', signal }) + '\n');
  const outcome = await gracefulShutdown(server, async () => {
    // A job still running after its grace stays leased: another process takes it when the lease ends.
    stopMailIntake();
    await jobs?.stop(5_000);
    await vite?.close();
    await pdf.close();
    await db.destroy();
  });
  process.exit(outcome === 'clean' ? 0 : 1);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

/**
 * `npm ci && npm start` must work on a clean machine. On the embedded database the shop is one
 * process by design, so it can make its own secret once and keep it beside the data directory.
 * With DATABASE_URL (a deployment that may run several processes) SESSION_SECRET must be set.
 */
function provideSessionSecret(): void {
  if (process.env.SESSION_SECRET || process.env.DATABASE_URL) return;
  const file = resolve(root, process.env.PGLITE_DIR ?? 'var/pglite', '..', 'session-secret');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
    process.stdout.write(JSON.stringify({ level: 'info', msg: `SESSION_SECRET is not set: generated one in ${file}` }) + '\n');
  }
  process.env.SESSION_SECRET = readFileSync(file, 'utf8').trim();
}
