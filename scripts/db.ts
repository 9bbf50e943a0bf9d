// `npm run db:migrate` / `npm run db:seed`: the configured database without starting the server.
// Runs the built server bundle (npm run build first), which carries the migrations and the seed.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as EntryModule from '../server/entry.ts';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: node scripts/db.ts migrate|seed');
  process.exit(2);
}
const root = resolve(import.meta.dirname, '..');
const entry = await import(pathToFileURL(resolve(root, 'build/server/index.js')).href) as typeof EntryModule;
const config = entry.loadConfig();
const db = await entry.connect({ databaseUrl: config.DATABASE_URL, pgliteDir: resolve(root, config.PGLITE_DIR), poolSize: 2 });
try {
  await entry.migrateToLatest(db);
  if (command === 'seed') await entry.seed(db);
  console.log(command === 'seed' ? 'Migrated and seeded.' : 'Migrated.');
} finally {
  await db.destroy();
}
