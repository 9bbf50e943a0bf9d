import type { RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { ROLES, ROLE_CAPABILITIES, ROLE_COLUMN, capabilitiesOf, type Capability, type Role } from './capabilities.rules.ts';
import { viewerOf } from './users.server.ts';

/** A signed-in user acting with his capabilities: who he is, what he may do, which branch he works. */
export interface Staff {
  userId: number;
  name: string;
  roles: Role[];
  capabilities: ReadonlySet<Capability>;
  /**
   * The branch whose orders and requests he works; null: every branch. Queries take it as their
   * scope (`branchScope`), so data of another branch is never read, not merely hidden.
   */
  branchId: number | null;
}

/** The answer to a visitor without the capability: 403, and whether signing in could help. */
export const FORBIDDEN_MESSAGE = 'Доступ запрещён';

function forbidden(guest: boolean): Response {
  return Response.json(
    { error_status: 'error', message: guest ? 'Войдите, чтобы открыть эту страницу' : FORBIDDEN_MESSAGE, guest },
    { status: 403, headers: { 'Cache-Control': 'private, no-store' } },
  );
}

/** The signed-in visitor as staff, or null for a guest. */
export async function staffOf(ctx: RequestContext): Promise<Staff | null> {
  const viewer = await viewerOf(ctx);
  if (viewer.isGuest || viewer.id === null) return null;
  const capabilities = capabilitiesOf(viewer.roles);
  // An administrator works for every branch whatever his own.
  const branchId = capabilities.has('users.manage') ? null : viewer.staffBranchId;
  return { userId: viewer.id, name: viewer.userName ?? '', roles: viewer.roles, capabilities, branchId };
}

/**
 * The one check of loaders, actions, middleware and the API: the visitor holds `capability`, or a
 * 403 `Response` is thrown (React Router shows the route's error boundary with its JSON as
 * `error.data`; the API's error handler answers it as it is). A guest's 403 says so (`guest: true`),
 * so the page can offer to sign in.
 */
export async function requireCapability(ctx: RequestContext, capability: Capability): Promise<Staff> {
  const staff = await staffOf(ctx);
  if (!staff?.capabilities.has(capability)) throw forbidden(staff === null);
  return staff;
}

/** The branches a staff member's queries may read: his own, or every one (null). */
export function branchScope(staff: Pick<Staff, 'branchId'>): number | null {
  return staff.branchId;
}

/**
 * The staff members who work one branch and hold `capability` (through any of their roles): whom a
 * request of that branch may be given to. Administrators work every branch and are not listed.
 */
export async function staffMembersOf(db: DB, branchId: number, capability: Capability): Promise<Array<{ id: number; name: string }>> {
  const columns = ROLES.filter((role) => role !== 'administrator' && ROLE_CAPABILITIES[role].includes(capability)).map((role) => ROLE_COLUMN[role]);
  if (columns.length === 0) return [];
  return db.selectFrom('auth_user').select(['id', 'name'])
    .where('staff_branch_id', '=', branchId)
    .where((eb) => eb.or(columns.map((c) => eb(c, '=', true))))
    .orderBy('name').orderBy('id').execute();
}
