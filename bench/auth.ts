// The accounts budgets, measured in-process on a fresh embedded database: server time of a
// password sign-in (hashing included) and of a phone-code check.
//   npm run bench:auth
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as EntryModule from '../server/entry.ts';

const root = resolve(import.meta.dirname, '..');
const entry = await import(pathToFileURL(resolve(root, 'build/server/index.js')).href) as typeof EntryModule;
const config = entry.loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_SECRET: 'b'.repeat(40) });
const db = await entry.connect({ pgliteDir: 'memory://' });
await entry.migrateToLatest(db);
await entry.seed(db, { demo: true });
const providers = entry.createProviders({ env: {}, nodeEnv: 'test', db });
const services = { db, config, providers, oauth: entry.createOAuthSetup({ env: {}, nodeEnv: 'test' }), delivery: entry.createDeliveryProviders({ env: {}, nodeEnv: 'test', db }), pdf: entry.createPdfPrinter(config) };

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const report = (name: string, values: number[], budget: number) => {
  const p95 = percentile(values, 95);
  console.log(`${name.padEnd(34)} p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   budget ${budget} ms   ${p95 <= budget ? 'PASS' : 'FAIL'}`);
};

await entry.createUser(db, { name: 'Бенч', email: 'bench@agro.ru', password: 'secret12', emailVerified: true });
const signIns: number[] = [];
for (let i = 0; i < 30; i += 1) {
  const ctx = entry.testContext(services, { ip: `198.51.100.${i}` });
  const t0 = performance.now();
  const result = await entry.authorize(ctx, { email: 'bench@agro.ru', password: 'secret12', persistence: 'browser' });
  signIns.push(performance.now() - t0);
  if (!result.ok) throw new Error(`sign-in failed: ${result.code}`);
}

const checks: number[] = [];
for (let i = 0; i < 200; i += 1) {
  const phone = `7900${String(1_000_000 + i).slice(1)}0`;
  const issued = await entry.issueCode(services, { phone, purpose: 'registration', channel: 'call', ip: `10.${i}` });
  if (!issued.ok) throw new Error('code not issued');
  const t0 = performance.now();
  const verified = await entry.verifyCode(services, { phone, purpose: 'registration', code: issued.code });
  checks.push(performance.now() - t0);
  if (!verified.ok) throw new Error('code not verified');
}

console.log('Accounts (server time, in-process, embedded database)');
report('sign-in (argon2id + session)', signIns, 300);
report('phone code check', checks, 20);
await db.destroy();
