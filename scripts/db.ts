// `npm run db:migrate` / `npm run db:seed [-- --demo]`: the configured database without starting the
// server. Runs the built server bundle (npm run build first), which carries the migrations and the seed.
// Migrations bring the reference data (countries, regions); `--demo` also inserts the demo content
// (branches, catalogue, pages, promotions) where missing, never over an editor's changes.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as EntryModule from '../server/entry.ts';

const [command, ...flags] = process.argv.slice(2);
const unknown = flags.filter((f) => f !== '--demo');
if ((command !== 'migrate' && command !== 'seed') || unknown.length > 0 || (command === 'migrate' && flags.length > 0)) {
  console.error('usage: node scripts/db.ts migrate | seed [--demo]');
  process.exit(2);
}
const demo = flags.includes('--demo');
const root = resolve(import.meta.dirname, '..');
const entry = await import(pathToFileURL(resolve(root, 'build/server/index.js')).href) as typeof EntryModule;
const config = entry.loadConfig();
const db = await entry.connect({ databaseUrl: config.DATABASE_URL, pgliteDir: resolve(root, config.PGLITE_DIR), poolSize: 2 });
try {
  await entry.migrateToLatest(db);
  if (command === 'seed') await entry.seed(db, { demo });
  console.log(command === 'migrate' ? 'Migrated.' : demo ? 'Migrated; demo content inserted where missing.' : 'Migrated (reference data only; add --demo for the demo content).');
} finally {
  await db.destroy();
}
