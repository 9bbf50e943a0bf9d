// A PostgreSQL database of the benchmark's own, created for one run and dropped after it, so the
// figures never depend on (or disturb) another database on the same server.
import pg from 'pg';

/** The server's maintenance database; override with BENCH_PG_URL (e.g. another host or user). */
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface OwnDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates `<prefix>_<pid>` (after dropping a leftover of the same name: this process's own). */
export async function createOwnDatabase(prefix: string): Promise<OwnDatabase> {
  const name = `${prefix}_${process.pid}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new URL(ADMIN_URL);
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
