import type { TestProject } from 'vitest/node';
import { prepareSeededDatabases } from './test-database.ts';

type Prepared = ReturnType<typeof prepareSeededDatabases>;
interface Seeding { prepared: Prepared; claimed: boolean }

/**
 * The seedings of the run, one per engine, shared by the projects' setups. Vitest runs the
 * projects' global setups one after another, and each setup may load this file anew, hence a
 * global rather than a module variable.
 */
const run = globalThis as { testDatabaseSeedings?: Map<string, Seeding> };

/**
 * Global setup of the database projects (vite.config.ts): migrates and seeds once per run the
 * databases every test file copies (createTestDatabase), on the project's engine.
 *
 * The first database project to start begins the seeding of every database project of the run at
 * once: seeding PGlite keeps one core busy in this process, seeding PostgreSQL keeps the server's
 * core busy, and one after the other they left a core idle for half a minute before the first test.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const seedings = (run.testDatabaseSeedings ??= new Map());
  const first = seedings.size === 0;
  for (const other of project.vitest.projects) {
    if (!other.config.globalSetup.some((file) => file.endsWith('/test-database.setup.ts'))) continue;
    const url = engineOf(other);
    if (seedings.has(url)) continue;
    const prepared = prepareSeededDatabases(url || undefined);
    // Awaited by its own project's setup; an unclaimed failure must not end the process meanwhile.
    prepared.catch(() => {});
    seedings.set(url, { prepared, claimed: false });
  }
  const own = seedings.get(engineOf(project));
  if (!own) throw new Error(`test-database.setup: no seeding started for the project ${project.name}`);
  own.claimed = true;
  const { seeded, remove } = await own.prepared;
  project.provide('seededDatabases', seeded);
  return async () => {
    await remove();
    // A seeding begun for a project that then never started (none of its files ran) is removed
    // with the first one's.
    if (first) {
      for (const other of seedings.values()) {
        if (!other.claimed) await other.prepared.then((made) => made.remove(), () => {});
      }
    }
  };
}

function engineOf(project: TestProject): string {
  return project.config.env.DATABASE_URL || '';
}
