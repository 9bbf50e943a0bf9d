import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { listenOnPglite, listenOnServer } from './changes.ts';
import { nameKeptStatements } from './prepared.ts';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;

export interface ConnectOptions {
  /** A PostgreSQL server; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data directory, or 'memory://' for a throw-away database. */
  pgliteDir?: string;
  poolSize?: number;
}

/**
 * Opens the one Kysely handle of this process. PGlite is single-connection and owns its data
 * directory, so a process must never open two handles on the same directory.
 */
export async function connect(options: ConnectOptions): Promise<DB> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    // bigint (int8) columns hold money in minor units; they fit a JS number well below 2^53.
    pg.types.setTypeParser(20, (value: string) => Number(value));
    // Dates stay 'YYYY-MM-DD' text: a Date at local midnight shifts a day in eastern time zones.
    pg.types.setTypeParser(1082, (value: string) => value);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover, admin) must not crash the
    // process: the pool discards it and opens a new one on the next query.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') process.stderr.write(JSON.stringify({ level: 'error', msg: 'idle database connection failed', error: error.message }) + '\n');
    });
    // Kysely asks the pool for a client per query or transaction: each comes back able to send
    // the statements kept prepared (prepared.ts) by name.
    let stopListening = async () => {};
    const naming = {
      Client: pg.Client,
      options: pool.options,
      connect: async () => nameKeptStatements(await pool.connect()),
      end: async () => { await stopListening(); await pool.end(); },
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: naming }) });
    // Kept data hears the server's notifications of changes over a connection of its own (changes.ts).
    stopListening = await listenOnServer(db, () => new pg.Client({ connectionString: options.databaseUrl }));
    return db;
  }
  const dir = options.pgliteDir ?? 'var/pglite';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  return overPglite(await openPglite(dir));
}

/**
 * The embedded database with the extensions the migrations create, on a data directory (a copy of
 * one made elsewhere starts as it was: test databases are copies of one seeded database,
 * test-database.ts) or 'memory://'.
 */
export async function openPglite(dir: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { fuzzystrmatch } = await import('@electric-sql/pglite/contrib/fuzzystrmatch');
  return PGlite.create(dir, {
    extensions: { pg_trgm, unaccent, fuzzystrmatch },
    parsers: { 20: (value: string) => Number(value), 1082: (value: string) => value },
  });
}

/** The Kysely handle over an open PGlite, hearing its changes (changes.ts); destroying it closes the PGlite. */
export async function overPglite(pglite: PGlite): Promise<DB> {
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  await listenOnPglite(db, pglite);
  return db;
}
