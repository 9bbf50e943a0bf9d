import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '#app/.server/context.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { testClient } from './test-client.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });

const isEmployee = async (email: string) =>
  (await t.db.selectFrom('auth_user').select('is_employee').where('email', '=', email).executeTakeFirstOrThrow()).is_employee;

describe('POST /__test/role', () => {
  it('gives an account a role in a server started with NODE_ENV=test', async () => {
    await createUser(t.db, { name: 'Иван', email: 'role@agro.test', password: 'secret1' });
    const res = await testClient(t.services).post('/__test/role', { email: 'role@agro.test', role: 'employee' });
    expect(res.status).toBe(200);
    expect(await isEmployee('role@agro.test')).toBe(true);
    expect((await testClient(t.services).post('/__test/role', { email: 'nobody@agro.test', role: 'employee' })).status).toBe(404);
    expect((await testClient(t.services).post('/__test/role', { email: 'role@agro.test', role: 'supplier' })).status).toBe(200);
    expect((await testClient(t.services).post('/__test/role', { email: 'role@agro.test', role: 'king' })).status).toBe(400);
  });

  it('names the branch the employee works when asked', async () => {
    const branch = await t.db.selectFrom('region_branch').select('id').limit(1).executeTakeFirstOrThrow();
    await createUser(t.db, { name: 'Анна', email: 'branch-role@agro.test', password: 'secret1' });
    expect((await testClient(t.services).post('/__test/role', { email: 'branch-role@agro.test', role: 'employee', branchId: branch.id })).status).toBe(200);
    expect((await t.db.selectFrom('auth_user').select('staff_branch_id').where('email', '=', 'branch-role@agro.test').executeTakeFirstOrThrow()).staff_branch_id).toBe(branch.id);
    expect((await testClient(t.services).post('/__test/role', { email: 'branch-role@agro.test', role: 'employee', branchId: -1 })).status).toBe(400);
  });

  // Granting roles over HTTP must not exist in any mode a visitor can reach.
  it.each([
    ['production', false], ['production', true], ['development', false], ['development', true],
  ] as const)('does not exist with NODE_ENV=%s, DEMO=%s', async (NODE_ENV, DEMO) => {
    await createUser(t.db, { name: 'Пётр', email: `role-${NODE_ENV}-${DEMO}@agro.test`, password: 'secret1' });
    const services: AppServices = {
      ...t.services,
      config: { ...t.services.config, NODE_ENV, DEMO, isProduction: NODE_ENV === 'production' },
      providers: { ...t.services.providers, sandbox: false },
    };
    const res = await testClient(services).post('/__test/role', { email: `role-${NODE_ENV}-${DEMO}@agro.test`, role: 'employee' });
    expect(res.status).toBe(404);
    expect(await isEmployee(`role-${NODE_ENV}-${DEMO}@agro.test`)).toBe(false);
  });
});
