import { reactRouter } from '@react-router/dev/vite';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from './server/delivery/precompress.ts';

/** Modules the root route imports statically: present on every page. */
const SHELL_MODULES = /\/app\/(components\/layout\/(SiteShell|SiteHeader|SiteFooter|MobileBackLink|CatalogMenu|NotFound|layout-ui|layout\.rules|root-data)|components\/ui\/icons|lib\/(api|meta|geo)|modules\/(regions\/regions|catalog\/catalog)\.(rules|constants))[.\w]*$/;

/**
 * Brotli and gzip variants of every browser file, written once at build time, so the server
 * never compresses a static file per request (server/delivery/static-files.ts serves them).
 */
function precompress(): Plugin {
  return {
    name: 'precompress-client-build',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    closeBundle(error) {
      // Also called when the build failed: then there is nothing to compress, and the real error must show.
      const { root, build } = this.environment.config;
      const dir = resolve(root, build.outDir);
      if (!error && existsSync(dir)) precompressDir(dir);
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: mode === 'test' ? [] : [reactRouter(), precompress()],
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
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
}));
