import { afterAll } from 'vitest';
import { resetClock } from './clock.ts';

/**
 * Runs before every test file (vite.config.ts `setupFiles`). Files share their worker's modules
 * (`isolate: false`), so what a file changes in the process is put back when it ends: the test
 * clock and the environment variables.
 */
const env = { ...process.env };

afterAll(() => {
  resetClock();
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
});
