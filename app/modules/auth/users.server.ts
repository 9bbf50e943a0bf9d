import * as clock from '#app/.server/clock.ts';
import type { RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { hitRateLimits, isRateLimited, type RateLimitRule } from '#app/.server/rate-limit.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password.server.ts';
import type { Persistence } from './session.server.ts';
import { GUEST, type Viewer } from './viewer.schema.ts';

/** The version of the personal-data and ads consent texts a registration accepts (152-ФЗ record). */
export const CONSENT_TEXT_VERSION = 'policy-2026-01-01';

export type Role = 'employee' | 'supplier' | 'pp_access' | 'ps_editor';
const ROLE_COLUMN = { employee: 'is_employee', supplier: 'is_supplier', pp_access: 'has_pp_access', ps_editor: 'is_ps_editor' } as const;
export const ROLES = Object.keys(ROLE_COLUMN) as Role[];

export type ConsentKind = 'personal_data' | 'ads';

export interface NewUser {
  name: string;
  email?: string | null;
  phone?: string | null;
  password?: string | null;
  emailVerified?: boolean;
  phoneVerified?: boolean;
  /**
   * The 152-ФЗ consents the person gave in this request (the form's acceptGDPR → 'personal_data',
   * acceptAds → 'ads'). Only these are recorded: an account made by a command or before a consent
   * form was posted gets none.
   */
  consents?: readonly ConsentKind[];
  ip?: string | null;
}

/** The consents a posted form gave: acceptGDPR and acceptAds ticked. */
export function consentsGiven(form: { acceptGDPR?: boolean; acceptAds?: boolean }): ConsentKind[] {
  return [...(form.acceptGDPR ? ['personal_data' as const] : []), ...(form.acceptAds ? ['ads' as const] : [])];
}

/** Creates an account and records the consents it was given (time, address, text version) in one transaction. */
export async function createUser(db: DB, input: NewUser): Promise<number> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const at = clock.now();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('auth_user').values({
      name: input.name.trim(),
      email: input.email?.trim().toLowerCase() || null,
      email_verified_at: input.emailVerified ? at : null,
      phone: input.phone || null,
      phone_verified_at: input.phoneVerified ? at : null,
      password_hash: passwordHash,
    }).returning('id').executeTakeFirstOrThrow();
    const kinds = [...new Set(input.consents ?? [])];
    if (kinds.length > 0) {
      await trx.insertInto('auth_consent')
        .values(kinds.map((kind) => ({ user_id: id, kind, text_version: CONSENT_TEXT_VERSION, ip: input.ip ?? null, accepted_at: at })))
        .execute();
    }
    return id;
  });
}

export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom('auth_user').select(['id', 'name', 'password_hash', 'email_verified_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase())).executeTakeFirst();
}

export function findUserByPhone(db: DB, phone: string) {
  return db.selectFrom('auth_user').select(['id', 'name', 'password_hash', 'phone_verified_at']).where('phone', '=', phone).executeTakeFirst();
}

export async function setRole(db: DB, userId: number, role: Role, granted = true): Promise<boolean> {
  const result = await db.updateTable('auth_user').set({ [ROLE_COLUMN[role]]: granted }).where('id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The signed-in user's flags for the page (spec §3), or the guest. */
export async function viewerOf(ctx: RequestContext): Promise<Viewer> {
  const userId = ctx.session?.userId;
  if (userId == null) return GUEST;
  const user = await ctx.services.db.selectFrom('auth_user')
    .select(['id', 'name', 'email', 'phone', 'is_employee', 'is_supplier', 'has_pp_access', 'is_ps_editor'])
    .where('id', '=', userId).executeTakeFirst();
  if (!user) return GUEST;
  return {
    isGuest: false, isLbrUser: user.is_employee, isSupplier: user.is_supplier, hasPPAccess: user.has_pp_access,
    isPsEditor: user.is_ps_editor, id: user.id, userName: user.name, contacts: { email: user.email, phone: user.phone },
  };
}

/** Failed sign-ins slow down per account and per address (spec protection rules). */
const FAILURES_PER_ACCOUNT: RateLimitRule[] = [{ name: 'signin-fail:account:15min', limit: 5, windowMs: 15 * 60_000 }];
const FAILURES_PER_IP: RateLimitRule[] = [{ name: 'signin-fail:ip:15min', limit: 20, windowMs: 15 * 60_000 }];

export type AuthorizeResult =
  | { ok: true; userId: number }
  | { ok: false; code: 'email_not_exists' | 'phone_not_exists' | 'password_error' | 'email_not_confirmed' }
  | { ok: false; code: 'too_many_attempts'; retryAfterSeconds: number };

/** Password sign-in by e-mail or phone; on success the session is rotated with the chosen persistence. */
export async function authorize(ctx: RequestContext, input: ({ email: string } | { phone: string }) & { password: string; persistence: Persistence }, now = new Date()): Promise<AuthorizeResult> {
  const { db } = ctx.services;
  const login = 'email' in input ? `email:${input.email.trim().toLowerCase()}` : `phone:${input.phone}`;
  const ip = ctx.ip ?? 'unknown';
  for (const check of [await isRateLimited(db, login, FAILURES_PER_ACCOUNT, now), await isRateLimited(db, ip, FAILURES_PER_IP, now)]) {
    if (!check.ok) return { ok: false, code: 'too_many_attempts', retryAfterSeconds: check.retryAfterSeconds };
  }
  const user = 'email' in input ? await findUserByEmail(db, input.email) : await findUserByPhone(db, input.phone);
  const fail = async (code: 'email_not_exists' | 'phone_not_exists' | 'password_error'): Promise<AuthorizeResult> => {
    await hitRateLimits(db, login, FAILURES_PER_ACCOUNT, now);
    await hitRateLimits(db, ip, FAILURES_PER_IP, now);
    return { ok: false, code };
  };
  if (!user) {
    await verifyAgainstNothing(input.password);
    return fail('email' in input ? 'email_not_exists' : 'phone_not_exists');
  }
  if (!user.password_hash || !(await verifyPassword(input.password, user.password_hash))) {
    if (!user.password_hash) await verifyAgainstNothing(input.password);
    return fail('password_error');
  }
  if ('email' in input && 'email_verified_at' in user && !user.email_verified_at) return { ok: false, code: 'email_not_confirmed' };
  await ctx.signIn(user.id, input.persistence);
  return { ok: true, userId: user.id };
}
