// A PostgreSQL database of the benchmark's own with the demo content, and the services the
// production build's functions take: what the benches that time one part of the app in process
// (bench:admin-orders, bench:news) start from.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as EntryModule from '../server/entry.ts';
import { createOwnDatabase, type OwnDatabase } from './pg-database.ts';

export type Entry = typeof EntryModule;

export interface DemoBench {
  entry: Entry;
  own: OwnDatabase;
  db: Awaited<ReturnType<Entry['connect']>>;
  services: {
    db: Awaited<ReturnType<Entry['connect']>>;
    config: ReturnType<Entry['loadConfig']>;
    providers: ReturnType<Entry['createProviders']>;
    oauth: ReturnType<Entry['createOAuthSetup']>;
    delivery: ReturnType<Entry['createDeliveryProviders']>;
    pdf: ReturnType<Entry['createPdfPrinter']>;
  };
  /** Closes the pool and drops the database. */
  close(): Promise<void>;
}

/**
 * Exits 2 without DATABASE_URL (the bench measures PostgreSQL); otherwise imports the build, makes
 * `<prefix>_<pid>`, migrates it and seeds the demo content. `env` adds to the configuration's environment.
 */
export async function openDemoBench(name: string, prefix: string, env: Record<string, string> = {}): Promise<DemoBench> {
  if (!process.env.DATABASE_URL) {
    console.error(`${name} measures PostgreSQL: set DATABASE_URL (a server; the bench makes a database of its own).`);
    process.exit(2);
  }
  const root = resolve(import.meta.dirname, '..');
  const entry = await import(pathToFileURL(resolve(root, 'build/server/index.js')).href) as Entry;
  const own = await createOwnDatabase(prefix);
  const config = entry.loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env, DATABASE_URL: own.url });
  const db = await entry.connect({ databaseUrl: own.url, poolSize: 4 });
  try {
    await entry.migrateToLatest(db);
    await entry.seed(db, { demo: true });
  } catch (error) {
    await db.destroy();
    await own.drop();
    throw error;
  }
  const services = {
    db, config,
    providers: entry.createProviders({ env: {}, nodeEnv: 'test', db, demo: false }),
    oauth: entry.createOAuthSetup({ env: {}, nodeEnv: 'test' }),
    delivery: entry.createDeliveryProviders({ env: {}, nodeEnv: 'test', db, demo: false }),
    pdf: entry.createPdfPrinter(config),
  };
  return { entry, own, db, services, close: async () => { await db.destroy(); await own.drop(); } };
}

/** p50, p95 and the worst of the times, in ms to a tenth. */
export function percentiles(times: number[]): { p50: number; p95: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const p = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]! * 10) / 10;
  return { p50: p(0.5), p95: p(0.95), max: p(1) };
}
