import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { now } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import type { AppServices } from '../context.ts';
import type { PGlite } from '@electric-sql/pglite';
import { connect, openPglite, overPglite, type DB } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { seed } from './seed.ts';
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
 * copied by every test file: data-directory dumps for PGlite, template databases on PostgreSQL.
 * `day` is the date the demo rows were seeded on: the seed dates promotions, arrivals and
 * supersessions from today.
 */
export type SeededDatabases =
  | { engine: 'pglite'; day: string; dumps: Record<Contents, string> }
  | { engine: 'postgresql'; day: string; serverUrl: string; templates: Record<Contents, string> };

declare module 'vitest' {
  interface ProvidedContext { seededDatabases?: SeededDatabases }
}

/**
 * A migrated, seeded database of its own for one test file: an in-memory PGlite by default, or a
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
    const db = await overPglite(await openPglite('memory://', copy ? await openAsBlob(seeded.dumps[contents]) : undefined));
    if (!copy) await fill(db, contents);
    const made = services(db, config);
    return { db, services: made, engine: 'pglite', destroy: async () => { await made.pdf.close(); await db.destroy(); } };
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
    const dir = await mkdtemp(join(tmpdir(), 'shop-test-db-'));
    const dumps = { migrated: join(dir, 'migrated.tar'), demo: join(dir, 'demo.tar') };
    const pglite = await openPglite('memory://');
    const db = await overPglite(pglite);
    try {
      for (const contents of ['migrated', 'demo'] as const) {
        await fill(db, contents);
        await writeFile(dumps[contents], await checkpointedDump(pglite));
      }
    } finally {
      await db.destroy();
    }
    return { seeded: { engine: 'pglite', day: seededOn, dumps }, remove: () => rm(dir, { recursive: true, force: true }) };
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

/**
 * The data directory after a checkpoint, without the WAL segments the checkpoint left behind. A dump
 * taken straight after seeding made every copy replay the seeding's WAL on start (about 100 MB, 2 s
 * of CPU per test file); after the checkpoint only the segment holding its redo point is read, and
 * the others (finished, or renamed for reuse) are dead weight loaded into every copy's memory.
 */
async function checkpointedDump(pglite: PGlite): Promise<Uint8Array> {
  await pglite.query('checkpoint');
  const { rows: [{ redo } = { redo: '' }] } = await pglite.query<{ redo: string }>('select redo_wal_file as redo from pg_control_checkpoint()');
  const tar = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  // The dump is a plain ustar archive: a 512-byte header per entry (name at 0, size in octal at
  // 124), then the contents padded to 512 bytes; two zero blocks end it.
  const kept: Uint8Array[] = [];
  let redoKept = false;
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0;) {
    const header = tar.subarray(at, at + 512);
    const name = new TextDecoder().decode(header.subarray(0, 100)).replace(/\0.*$/s, '');
    const size = parseInt(new TextDecoder().decode(header.subarray(124, 136)).replace(/\0.*$/s, '').trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name);
    if (segment?.[1] === redo) redoKept = true;
    if (!segment || segment[1] === redo) kept.push(tar.subarray(at, end));
    at = end;
  }
  if (!redoKept) throw new Error(`checkpointedDump: the dump has no WAL segment ${redo}; has its format changed?`);
  kept.push(new Uint8Array(1024));
  return Buffer.concat(kept);
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
