import { sql } from 'kysely';
import { recordAudit } from '#app/.server/audit.ts';
import type { DB } from '#app/.server/db/connect.ts';
import type { z } from '#app/lib/zod.ts';
import { ROLES, ROLE_COLUMN, rolesOf, type Role } from './capabilities.rules.ts';
import type { Staff } from './staff.server.ts';
import { ROLES_MESSAGES, type UserFilter, type rolesInput } from './staff-users.schema.ts';

/*
 * /admin/users (ADR 073): an administrator finds accounts and sets their roles and the branch they
 * work for. Every change is written to the audit log with the roles before and after.
 */

export const USERS_PAGE_SIZE = 50;


export interface UserListRow {
  id: number; name: string; email: string | null; phone: string | null; roles: Role[]; staffBranchId: number | null; createdAt: string;
}

const ROLE_COLUMNS = ROLES.map((r) => ROLE_COLUMN[r]);

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of accounts, newest first, matching the words by name, e-mail or phone digits. */
export async function listUsers(db: DB, filter: UserFilter): Promise<{ rows: UserListRow[]; hasNext: boolean; page: number }> {
  let query = db.selectFrom('auth_user').select(['id', 'name', 'email', 'phone', 'staff_branch_id', 'created_at', ...ROLE_COLUMNS]);
  if (filter.q) {
    const digits = filter.q.replace(/\D/g, '');
    query = query.where((eb) => eb.or([
      eb('name', 'ilike', like(filter.q)),
      eb('email', 'ilike', like(filter.q.toLowerCase())),
      ...(digits.length >= 3 ? [eb('phone', 'like', like(digits))] : []),
      ...(/^\d{1,9}$/.test(filter.q) ? [eb('id', '=', Number(filter.q))] : []),
    ]));
  }
  if (filter.role === 'staff') query = query.where((eb) => eb.or(['employee', 'branch_manager', 'content_editor', 'ps_editor', 'administrator'].map((r) => eb(ROLE_COLUMN[r as Role], '=', true))));
  else if (filter.role) query = query.where(ROLE_COLUMN[filter.role], '=', true);
  const rows = await query.orderBy('id', 'desc').limit(USERS_PAGE_SIZE + 1).offset((filter.page - 1) * USERS_PAGE_SIZE).execute();
  return {
    page: filter.page,
    hasNext: rows.length > USERS_PAGE_SIZE,
    rows: rows.slice(0, USERS_PAGE_SIZE).map((r) => ({
      id: r.id, name: r.name, email: r.email, phone: r.phone, roles: rolesOf(r), staffBranchId: r.staff_branch_id, createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

export async function userForAdmin(db: DB, id: number): Promise<UserListRow | null> {
  const r = await db.selectFrom('auth_user').select(['id', 'name', 'email', 'phone', 'staff_branch_id', 'created_at', ...ROLE_COLUMNS]).where('id', '=', id).executeTakeFirst();
  return r ? { id: r.id, name: r.name, email: r.email, phone: r.phone, roles: rolesOf(r), staffBranchId: r.staff_branch_id, createdAt: new Date(r.created_at).toISOString() } : null;
}


export type SetRolesResult =
  | { ok: true; changed: boolean }
  | { ok: false; status: 400 | 404 | 409; message: string };


/**
 * Sets a user's roles and branch in one transaction with its audit record; the row is locked while
 * it is read and written, so two administrators saving at once each leave a true 'before'.
 */
export async function setUserRoles(db: DB, actor: Staff, userId: number, input: z.infer<typeof rolesInput>, ip: string | null): Promise<SetRolesResult> {
  const roles = new Set(input.roles);
  const branchId = input.staffBranchId === '' ? null : Number(input.staffBranchId);
  if (userId === actor.userId && actor.roles.includes('administrator') && !roles.has('administrator')) {
    return { ok: false, status: 409, message: ROLES_MESSAGES.ownAdministrator };
  }
  return db.transaction().execute(async (trx) => {
    if (branchId !== null && !(await trx.selectFrom('region_branch').select('id').where('id', '=', branchId).executeTakeFirst())) {
      return { ok: false, status: 400, message: ROLES_MESSAGES.unknownBranch } as const;
    }
    const row = await trx.selectFrom('auth_user').select(['id', 'staff_branch_id', ...ROLE_COLUMNS]).where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!row) return { ok: false, status: 404, message: ROLES_MESSAGES.notFound } as const;
    const before = { roles: rolesOf(row), staffBranchId: row.staff_branch_id };
    const after = { roles: ROLES.filter((r) => roles.has(r)), staffBranchId: branchId };
    if (JSON.stringify(before) === JSON.stringify(after)) return { ok: true, changed: false } as const;
    await trx.updateTable('auth_user')
      .set({ ...Object.fromEntries(ROLES.map((r) => [ROLE_COLUMN[r], roles.has(r)])), staff_branch_id: branchId })
      .where('id', '=', userId).execute();
    await recordAudit(trx, { actor: { userId: actor.userId, name: actor.name }, action: 'user.roles', entity: 'user', entityId: userId, before, after, ip });
    return { ok: true, changed: true } as const;
  });
}

/** For the list's header: how many accounts hold each role (one statement). */
export async function roleCounts(db: DB): Promise<Record<Role, number>> {
  const row = await db.selectFrom('auth_user')
    .select(ROLES.map((r) => sql<number>`count(*) filter (where ${sql.ref(ROLE_COLUMN[r])})::int`.as(r)))
    .executeTakeFirstOrThrow();
  return row as Record<Role, number>;
}
