import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ mode }) => ({
  plugins: mode === 'test' ? [] : [reactRouter()],
  // The server bundle starts at our own composition root (server/entry.ts), which imports
  // React Router's build; see docs/decisions/001-one-server-for-pages-and-api.md.
  environments: {
    ssr: { build: { rollupOptions: { input: './server/entry.ts' } } },
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
