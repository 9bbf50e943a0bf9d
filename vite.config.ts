import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * Modules the root route imports statically: present on every page. Exact file names: a name that
 * also matched a lazy module (CatalogMenu matched CatalogMenuPanel) put that module on every page.
 * What these import comes along (rolldown's includeDependenciesRecursively).
 */
const SHELL_MODULES = /\/app\/(components\/layout\/(SiteShell|SiteHeader|SiteFooter|MobileBackLink|CatalogMenu|NotFound|layout-ui|layout\.rules|root-data)|components\/ui\/(icons|Link)|lib\/(api|meta)|modules\/regions\/regions\.(rules|constants))\.(tsx?|module\.css)$/;

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
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
}));
