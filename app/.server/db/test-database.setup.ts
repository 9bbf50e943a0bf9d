import type { TestProject } from 'vitest/node';
import { prepareSeededDatabases } from './test-database.ts';

/**
 * Global setup of the database projects (vite.config.ts): migrates and seeds once per run the
 * databases every test file copies (createTestDatabase), on the project's engine.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { seeded, remove } = await prepareSeededDatabases(project.config.env.DATABASE_URL || undefined);
  project.provide('seededDatabases', seeded);
  return remove;
}
