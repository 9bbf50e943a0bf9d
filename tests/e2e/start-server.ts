// Starts the production server for the journeys on a fresh embedded database.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dir = resolve(import.meta.dirname, '../..', process.env.PGLITE_DIR ?? 'var/e2e');
rmSync(dir, { recursive: true, force: true });
await import('../../server/main.ts');
