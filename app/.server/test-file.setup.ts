import { afterAll } from 'vitest';
import { configurePartsPorts, partsPorts } from '#app/modules/parts/parts.server.ts';
import { resetClock } from './clock.ts';

/**
 * Runs before every test file (vite.config.ts `setupFiles`). Files share their worker's modules
 * (`isolate: false`), so what a file changes in the process is put back when it ends: the test
 * clock, the environment variables and the modules' ports, whether or not the file restored them.
 */
const env = { ...process.env };
const ports = partsPorts();

afterAll(() => {
  resetClock();
  configurePartsPorts(ports);
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
});
