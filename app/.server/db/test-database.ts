import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../config.ts';
import type { AppServices } from '../context.ts';
import { connect, type DB } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { seed } from './seed.ts';
import { createSandboxProviders } from '#app/modules/auth/providers/sandbox.ts';
import { createOAuthSetup } from '#app/modules/auth/oauth/oauth.config.ts';
import { createSandboxDeliveryProviders } from '#app/modules/delivery/providers/sandbox.ts';

export interface TestDatabase { db: DB; services: AppServices; engine: 'pglite' | 'postgresql'; destroy(): Promise<void> }

/**
 * A migrated, seeded database of its own for one test file: an in-memory PGlite by default, or a
 * fresh database on the server named by DATABASE_URL (dropped afterwards), so service tests run on
 * both engines. It holds the demo content (branches, catalogue, pages), which tests rely on.
 */
export interface TestDatabaseOptions {
  /** Seed the demo content (default true); false leaves what a production start has: the migrations' reference data. */
  demo?: boolean;
}

export async function createTestDatabase(overrides: Partial<Record<string, string>> = {}, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const demo = options.demo ?? true;
  const config: Config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await connect({ pgliteDir: 'memory://' });
    await migrateToLatest(db);
    await seed(db, { demo });
    return { db, services: { db, config, providers: createSandboxProviders(db), oauth: createOAuthSetup({ env: {}, nodeEnv: 'test' }), delivery: createSandboxDeliveryProviders(db) }, engine: 'pglite', destroy: () => db.destroy() };
  }
  const name = `shop_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await connect({ databaseUrl: url.toString(), poolSize: Number(overrides.DATABASE_POOL_SIZE ?? 4) });
  await migrateToLatest(db);
  await seed(db, { demo });
  return {
    db,
    services: { db, config: { ...config, DATABASE_URL: url.toString() }, providers: createSandboxProviders(db), oauth: createOAuthSetup({ env: {}, nodeEnv: 'test' }), delivery: createSandboxDeliveryProviders(db) },
    engine: 'postgresql',
    async destroy() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
