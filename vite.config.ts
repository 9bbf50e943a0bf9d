import { reactRouter } from '@react-router/dev/vite';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';

/**
 * Modules the root route imports statically: present on every page. Exact file names: a name that
 * also matched a lazy module (CatalogMenu matched CatalogMenuPanel) put that module on every page.
 * What these import comes along (rolldown's includeDependenciesRecursively).
 */
const SHELL_MODULES = /\/app\/(layout\/(SiteShell|SiteHeader|SiteFooter|MobileBackLink|CatalogMenu|NotFound|layout\.rules)|components\/page\/(layout-ui|root-data)|components\/ui\/(icons|Link)|lib\/(api|meta)|modules\/regions\/regions\.(rules|constants))\.(tsx?|module\.css)$/;

const TEST_FILES = ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'];
/**
 * Test files that use a database: every file that calls createTestDatabase names it (and
 * createTestDatabase refuses to run in a file outside this list).
 */
const DATABASE_TEST_FILES = ['app', 'server', 'scripts', 'bench']
  .flatMap((dir) => readdirSync(join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`))
  .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(join(import.meta.dirname, file), 'utf8').includes('createTestDatabase'));
const DATABASE_SETUP = './app/.server/db/test-database.setup.ts';

export default defineConfig(({ mode }) => ({
  plugins: mode === 'test' ? [] : [reactRouter()],
  // The server bundle starts at our own composition root (server/entry.ts), which imports
  // React Router's build; see docs/decisions/001-one-server-for-pages-and-api.md.
  environments: {
    ssr: { build: { rollupOptions: { input: './server/entry.ts' } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Every page loads the framework and the shell: as two files they gzip smaller than as a
            // dozen small shared chunks. Code behind lazy() (map, dialogs, menus) keeps its own chunks.
            codeSplitting: {
              groups: [
                { name: 'vendor', test: /node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)\//, },
                { name: 'shell', test: SHELL_MODULES },
              ],
            },
          },
        },
      },
    },
  },
  server: { port: 3000 },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its files one after another in one module graph instead of importing the app
    // anew for each (a quarter of the run's time went to imports). What a module keeps is kept per
    // database handle (app/.server/cache.ts), and the test clock is reset after each file
    // (test-file.setup.ts), so files do not see each other's state.
    setupFiles: ['./app/.server/test-file.setup.ts'],
    isolate: false,
    // One test file per core. Vitest's default in a run is one fewer than the cores: a single worker
    // on a two-core machine, which then waits on PostgreSQL and on imports with a core idle.
    maxWorkers: '100%',
    // A file that names createTestDatabase runs on each database engine of the run (PGlite, and
    // PostgreSQL when DATABASE_URL is set); every other file runs once. Each engine's database is
    // migrated and seeded once per run and copied per file (ADR 064).
    projects: [
      { extends: true, test: { name: 'unit', include: TEST_FILES, exclude: [...configDefaults.exclude, ...DATABASE_TEST_FILES] } },
      { extends: true, test: { name: 'pglite', include: DATABASE_TEST_FILES, env: { DATABASE_URL: '' }, globalSetup: [DATABASE_SETUP] } },
      ...(process.env.DATABASE_URL
        ? [{ extends: true, test: { name: 'postgresql', include: DATABASE_TEST_FILES, env: { DATABASE_URL: process.env.DATABASE_URL }, globalSetup: [DATABASE_SETUP] } }]
        : []),
    ],
  },
}));
