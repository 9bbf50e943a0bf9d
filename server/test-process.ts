import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

/*
 * Tests that run the production build in a process of its own (a second server, `npm run worker`):
 * start it, wait for the line that says it is ready, and stop it. `npm test` builds before Vitest.
 */

const ROOT = resolve(import.meta.dirname, '..');

export interface BuiltProcess<T> { child: ChildProcess; ready: T }

/**
 * Starts `script` (relative to the project) with `env` added to this process's, and resolves with
 * what `readyFrom` makes of the first stdout line it accepts (undefined: not that line yet).
 */
export function startBuilt<T>(script: string, env: Record<string, string>, readyFrom: (line: string) => T | undefined): Promise<BuiltProcess<T>> {
  if (!existsSync(resolve(ROOT, 'build/server/index.js'))) throw new Error('No build: `npm test` builds first; alone, run `npm run build` before this test.');
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', script], {
    cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  return new Promise((started, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} ended (${code}) before it was ready`)));
    lines.on('line', (line) => {
      const ready = readyFrom(line);
      if (ready !== undefined) started({ child, ready });
    });
  });
}

/** Stops a started process and waits until it has ended. */
export async function stopBuilt(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const ended = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await ended;
}
