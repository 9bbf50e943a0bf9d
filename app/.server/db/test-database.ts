import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { now } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import type { AppServices } from '../context.ts';
import { connect, openPglite, overPglite, type DB } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { seed } from './seed.ts';
import { copyDataDir } from './copy-data-dir.ts';
import { createPdfPrinter } from '../pdf/printer.ts';
import { createSandboxProviders } from '#app/modules/auth/providers/sandbox.ts';
import { createOAuthSetup } from '#app/modules/auth/oauth/oauth.config.ts';
import { createSandboxDeliveryProviders } from '#app/modules/delivery/providers/sandbox.ts';

export interface TestDatabase { db: DB; services: AppServices; engine: 'pglite' | 'postgresql'; destroy(): Promise<void> }

export interface TestDatabaseOptions {
  /** Seed the demo content (default true); false leaves what a production start has: the migrations' reference data. */
  demo?: boolean;
}

/** The two starting points a test database is copied from. */
type Contents = 'migrated' | 'demo';

/**
 * Made once per test run by the global setup (test-database.setup.ts, prepareSeededDatabases) and
 * copied by every test file: data directories for PGlite, template databases on PostgreSQL.
 * `day` is the date the demo rows were seeded on: the seed dates promotions, arrivals and
 * supersessions from today.
 */
export type SeededDatabases =
  | { engine: 'pglite'; day: string; dirs: Record<Contents, string> }
  | { engine: 'postgresql'; day: string; serverUrl: string; templates: Record<Contents, string> };

declare module 'vitest' {
  interface ProvidedContext { seededDatabases?: SeededDatabases }
}

/**
 * A migrated, seeded database of its own for one test file: a PGlite by default, or a
 * fresh database on the PostgreSQL server of the run's `postgresql` project (dropped afterwards).
 * It holds the demo content (branches, catalogue, pages), which tests rely on. Each is a copy of
 * the databases the run seeded once (docs/decisions/064-seed-once-and-clone.md).
 */
export async function createTestDatabase(overrides: Partial<Record<string, string>> = {}, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const contents: Contents = options.demo ?? true ? 'demo' : 'migrated';
  const config: Config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
  const seeded = inject('seededDatabases');
  // vite.config.ts runs the files that name createTestDatabase in the database projects; a file
  // reaching it through a helper would run on PGlite only, so it is refused instead.
  if (!seeded) throw new Error('createTestDatabase: this test file does not name createTestDatabase, so vite.config.ts runs it without a database. Call createTestDatabase in the file itself.');
  // A test that moved the clock to another day gets what seeding on that day gives.
  const copy = contents === 'migrated' || day() === seeded.day;
  if (seeded.engine === 'pglite') {
    // A copy of the seeded data directory, on a file system in memory where the machine has one.
    const dir = copy ? `${seeded.dirs[contents]}-${uniqueName('copy')}` : 'memory://';
    if (copy) await copyDataDir(seeded.dirs[contents], dir);
    const db = await overPglite(await openPglite(dir));
    if (!copy) await fill(db, contents);
    const made = services(db, config);
    return {
      db,
      services: made,
      engine: 'pglite',
      async destroy() {
        await made.pdf.close();
        await db.destroy();
        if (copy) await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const name = uniqueName('shop_test');
  await onServer(seeded.serverUrl, `create database ${name}${copy ? ` template ${seeded.templates[contents]}` : ''}`);
  const url = databaseUrl(seeded.serverUrl, name);
  const db = await connect({ databaseUrl: url, poolSize: Number(overrides.DATABASE_POOL_SIZE ?? 4) });
  if (!copy) await fill(db, contents);
  const made = services(db, { ...config, DATABASE_URL: url });
  return {
    db,
    services: made,
    engine: 'postgresql',
    async destroy() {
      await made.pdf.close();
      await db.destroy();
      await onServer(seeded.serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Migrates and seeds the run's two starting points once, on PGlite or (given `serverUrl`) on the
 * PostgreSQL server; `remove` deletes them when the run ends.
 */
export async function prepareSeededDatabases(serverUrl?: string): Promise<{ seeded: SeededDatabases; remove(): Promise<void> }> {
  const seededOn = day();
  if (!serverUrl) {
    const dir = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'shop-test-db-'));
    const dirs = { migrated: join(dir, 'migrated'), demo: join(dir, 'demo') };
    const remove = () => rm(dir, { recursive: true, force: true });
    try {
      let source: string | undefined;
      for (const contents of ['migrated', 'demo'] as const) {
        if (source) await copyDataDir(source, dirs[contents]);
        const db = await overPglite(await openPglite(dirs[contents]));
        try {
          await fill(db, contents);
        } finally {
          // Closed cleanly, so a copy starts without replaying the seeding's WAL.
          await db.destroy();
        }
        source = dirs[contents];
      }
    } catch (error) {
      await remove();
      throw error;
    }
    return { seeded: { engine: 'pglite', day: seededOn, dirs }, remove };
  }
  const prefix = uniqueName('shop_template');
  const templates = { migrated: `${prefix}_migrated`, demo: `${prefix}_demo` };
  const remove = async () => {
    for (const name of Object.values(templates)) await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  };
  try {
    let source = 'template1';
    for (const contents of ['migrated', 'demo'] as const) {
      await onServer(serverUrl, `create database ${templates[contents]} template ${source}`);
      const db = await connect({ databaseUrl: databaseUrl(serverUrl, templates[contents]), poolSize: 1 });
      try {
        await fill(db, contents);
      } finally {
        // A template is copied only while nobody is connected to it.
        await db.destroy();
      }
      source = templates[contents];
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { seeded: { engine: 'postgresql', day: seededOn, serverUrl, templates }, remove };
}

async function fill(db: DB, contents: Contents): Promise<void> {
  await migrateToLatest(db);
  await seed(db, { demo: contents === 'demo' });
}

function services(db: DB, config: Config): AppServices {
  return { db, config, providers: createSandboxProviders(db), oauth: createOAuthSetup({ env: {}, nodeEnv: 'test' }), delivery: createSandboxDeliveryProviders(db), pdf: createPdfPrinter(config) };
}

function day(): string {
  return now().toISOString().slice(0, 10);
}

/** Parallel runs and files on one server never collide. */
function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
