import { execFile } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Copies a PGlite data directory (a test file's copy of the seeded database, ADR 105). The system's
 * `cp -a` copies the demo's 1,700 files in a third of the time of Node's `fs.cp`, which copies file
 * by file through the event loop (140 ms against 470 ms); `fs.cp` where there is no `cp`.
 */
export async function copyDataDir(from: string, to: string): Promise<void> {
  try {
    await run('cp', ['-a', from, to]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await cp(from, to, { recursive: true });
  }
}
