import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFilter, listAudit } from '#app/.server/audit.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { userForAdmin } from '#app/modules/auth/staff-users.server.ts';
import { createUser, setRole } from '#app/modules/auth/users.server.ts';
import { createApp } from '../../server/app.ts';
import { fakeServerBuild } from '../../server/test-build.ts';
import { testClient } from '../../server/test-client.ts';
import * as layout from './admin.layout.tsx';
import * as user from './admin.users.$id.tsx';

/* /admin/users/{id}'s action (ADR 073, 079): roles granted at once; roles taken away only once confirmed. */

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); }, 120_000);
afterAll(async () => { await t?.destroy(); });

const build = () => fakeServerBuild({ admin: { path: 'admin', module: layout }, 'routes/admin.users.$id': { parentId: 'admin', path: 'users/:id', module: user } });

async function administrator() {
  const email = 'roles-admin@agro.test';
  const id = await createUser(t.db, { name: 'Анна Администратор', email, password: 'secret1', emailVerified: true });
  await setRole(t.db, id, 'administrator');
  const c = testClient(t.services, { app: createApp({ services: t.services, build: build() }) });
  expect((await c.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  return c;
}

describe('/admin/users/{id}', () => {
  it('grants a role at once, and takes one away only when the form says it was confirmed, each change audited', async () => {
    const admin = await administrator();
    const id = await createUser(t.db, { name: 'Пётр Новиков', email: 'roles-petr@agro.test' });
    const path = `/admin/users/${id}`;
    const roles = async () => (await userForAdmin(t.db, id))!.roles;

    const granted = await admin.post(path, undefined, { body: 'roles=employee&roles=content_editor&staffBranchId=', contentType: 'application/x-www-form-urlencoded' });
    expect(granted.status).toBe(200);
    expect(await roles()).toEqual(['employee', 'content_editor']);

    // Taking 'content_editor' away: the answer asks first and nothing changes.
    const asked = await admin.form(path, { roles: 'employee', staffBranchId: '' });
    expect(asked.status).toBe(200);
    expect(await roles()).toEqual(['employee', 'content_editor']);
    expect((await listAudit(t.db, auditFilter.parse({ entity: 'user', entityId: String(id) }))).rows).toHaveLength(1);
    // Anything but '1' is no confirmation.
    await admin.form(path, { roles: 'employee', staffBranchId: '', confirmed: 'yes' });
    expect(await roles()).toEqual(['employee', 'content_editor']);

    expect((await admin.form(path, { roles: 'employee', staffBranchId: '', confirmed: '1' })).status).toBe(200);
    expect(await roles()).toEqual(['employee']);
    expect((await listAudit(t.db, auditFilter.parse({ entity: 'user', entityId: String(id) }))).rows).toHaveLength(2);
  });
});
