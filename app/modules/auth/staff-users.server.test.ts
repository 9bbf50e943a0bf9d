import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit, auditFilter } from '#app/.server/audit.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { capabilitiesOf, type Role } from './capabilities.rules.ts';
import type { Staff } from './staff.server.ts';
import { ROLES_MESSAGES, userFilter } from './staff-users.schema.ts';
import { listUsers, setUserRoles, userForAdmin } from './staff-users.server.ts';
import { createUser, setRole } from './users.server.ts';

let t: TestDatabase;
let admin: Staff;
beforeAll(async () => {
  t = await createTestDatabase();
  const id = await createUser(t.db, { name: 'Анна Администратор', email: 'anna-admin@agro.test' });
  await setRole(t.db, id, 'administrator');
  admin = { userId: id, name: 'Анна Администратор', roles: ['administrator'], capabilities: capabilitiesOf(['administrator']), branchId: null };
});
afterAll(async () => { await t?.destroy(); });

const branchIds = async () => (await t.db.selectFrom('region_branch').select('id').orderBy('id').limit(2).execute()).map((b) => String(b.id));

describe('roles set by an administrator', () => {
  it('changes roles and branch in one go, with the before and after in the audit log', async () => {
    const id = await createUser(t.db, { name: 'Пётр Новиков', email: 'petr-roles@agro.test', phone: '79120000077' });
    const [branch] = await branchIds();
    expect(await setUserRoles(t.db, admin, id, { roles: ['employee', 'branch_manager'], staffBranchId: branch! }, '10.0.0.1')).toEqual({ ok: true, changed: true });
    expect(await userForAdmin(t.db, id)).toMatchObject({ roles: ['employee', 'branch_manager'], staffBranchId: Number(branch) });
    // Saving the same again changes nothing and writes nothing.
    expect(await setUserRoles(t.db, admin, id, { roles: ['branch_manager', 'employee'], staffBranchId: branch! }, null)).toEqual({ ok: true, changed: false });
    const { rows } = await listAudit(t.db, auditFilter.parse({ entity: 'user', entityId: String(id) }));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'user.roles', actorId: admin.userId, actorName: 'Анна Администратор', ip: '10.0.0.1',
      before: { roles: [], staffBranchId: null }, after: { roles: ['employee', 'branch_manager'], staffBranchId: Number(branch) },
    });
  });

  it('refuses an unknown branch, an unknown user, and an administrator taking his own role away', async () => {
    const id = await createUser(t.db, { name: 'Иван', email: 'ivan-roles@agro.test' });
    expect(await setUserRoles(t.db, admin, id, { roles: ['employee'], staffBranchId: '999999' }, null)).toEqual({ ok: false, status: 400, message: ROLES_MESSAGES.unknownBranch });
    expect(await setUserRoles(t.db, admin, 99_999_999, { roles: [], staffBranchId: '' }, null)).toEqual({ ok: false, status: 404, message: ROLES_MESSAGES.notFound });
    expect(await setUserRoles(t.db, admin, admin.userId, { roles: ['employee'], staffBranchId: '' }, null)).toEqual({ ok: false, status: 409, message: ROLES_MESSAGES.ownAdministrator });
    expect((await userForAdmin(t.db, id))!.roles).toEqual([]);
  });

  it('keeps a true "before" for each of two administrators saving at once', async () => {
    const id = await createUser(t.db, { name: 'Олег', email: 'oleg-roles@agro.test' });
    const sets: Role[][] = [['employee'], ['content_editor'], ['ps_editor'], ['employee', 'content_editor']];
    const results = await Promise.all(sets.map((roles) => setUserRoles(t.db, admin, id, { roles, staffBranchId: '' }, null)));
    expect(results.every((r) => r.ok)).toBe(true);
    const { rows } = await listAudit(t.db, auditFilter.parse({ entity: 'user', entityId: String(id) }));
    // Oldest first, each record's "before" is the previous record's "after": no lost update.
    const chain = rows.sort((a, b) => Number(a.id) - Number(b.id)).filter((r) => JSON.stringify(r.before) !== JSON.stringify(r.after));
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.before).toEqual(chain[i - 1]!.after);
    expect(chain.at(-1)!.after).toEqual({ roles: (await userForAdmin(t.db, id))!.roles, staffBranchId: null });
  });
});

describe('the users list', () => {
  it('finds by name, e-mail, phone digits and number, and by role', async () => {
    const id = await createUser(t.db, { name: 'Семён Поисков', email: 'semen.search@agro.test', phone: '79125550011' });
    await setRole(t.db, id, 'supplier');
    for (const q of ['поиско', 'SEMEN.SEARCH', '555-00-11', String(id)]) {
      expect((await listUsers(t.db, userFilter.parse({ q }))).rows.map((r) => r.id), q).toContain(id);
    }
    expect((await listUsers(t.db, userFilter.parse({ q: 'Поисков', role: 'supplier' }))).rows).toHaveLength(1);
    expect((await listUsers(t.db, userFilter.parse({ q: 'Поисков', role: 'employee' }))).rows).toHaveLength(0);
    // A wildcard is a character like any other; a control character is dropped; junk reads as no filter.
    expect((await listUsers(t.db, userFilter.parse({ q: '%' }))).rows).toHaveLength(0);
    expect(userFilter.parse({ q: 'a\u0000b', role: 'king', page: '-3' })).toEqual({ q: 'ab', role: undefined, page: 1 });
  });
});
