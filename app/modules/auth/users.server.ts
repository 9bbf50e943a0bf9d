import { sql } from 'kysely';
import * as clock from '#app/.server/clock.ts';
import type { RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { reserve, type RateLimitRule } from '#app/.server/rate-limit.ts';
import { KNOWN_ADDRESS_DAYS, SIGN_IN_ACCOUNT_PER_DAY, SIGN_IN_IP_BURST, SIGN_IN_IP_WINDOW_MS, SIGN_IN_PAIR_BURST, SIGN_IN_PAIR_PER_DAY, SIGN_IN_PAIR_WINDOW_MS } from './auth.constants.ts';
import { PasswordBusyError, hashPassword, verifyAgainstNothing, verifyPassword } from './password.server.ts';
import { registerSessionFact, sessionFact, type Persistence } from '#app/.server/session.ts';
import { GUEST, type Viewer } from './viewer.schema.ts';
import { employeeInput } from './auth.schema.ts';
import { ROLE_COLUMN, can, rolesOf, type Role } from './capabilities.rules.ts';

/** The version of the personal-data and ads consent texts a registration accepts (152-ФЗ record). */
export const CONSENT_TEXT_VERSION = 'policy-2026-01-01';

export { ROLES, type Role } from './capabilities.rules.ts';

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

/**
 * `npm run user -- create-employee`: an account with the role 'employee', from input checked by
 * the sign-in forms' own rules (an address sign-in would refuse is refused here, in the same words),
 * its e-mail (and phone, if given) confirmed. Refused too: an address or phone already taken.
 */
export async function createEmployee(db: DB, raw: unknown): Promise<{ ok: true; id: number } | { ok: false; message: string }> {
  const parsed = employeeInput.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const input = parsed.data;
  if (await findUserByEmail(db, input.email)) return { ok: false, message: `Адрес ${input.email} уже занят` };
  if (input.phone && await findUserByPhone(db, input.phone)) return { ok: false, message: `Телефон ${input.phone} уже занят` };
  // No consent is recorded: the employee gave none here (152-ФЗ records only what a person ticked).
  const id = await createUser(db, { ...input, emailVerified: true, phoneVerified: Boolean(input.phone), consents: [] });
  await setRole(db, id, 'employee');
  return { ok: true, id };
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

/** Names and contacts of some users (the transportation exchange's letters and its award), by id. */
export async function userContacts(db: DB, ids: readonly number[]): Promise<Map<number, { name: string; email: string | null; phone: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('auth_user').select(['id', 'name', 'email', 'phone']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email, phone: r.phone }]));
}

/** The signed-in user's flags for the page (spec §3), or the guest. */
interface ViewerRow {
  id: number; name: string; email: string | null; phone: string | null;
  is_employee: boolean; is_supplier: boolean; has_pp_access: boolean; is_ps_editor: boolean;
  is_branch_manager: boolean; is_content_editor: boolean; is_carrier: boolean; is_administrator: boolean; staff_branch_id: number | null;
}
const VIEWER_COLUMNS = ['id', 'name', 'email', 'phone', 'is_employee', 'is_supplier', 'has_pp_access', 'is_ps_editor', 'is_branch_manager', 'is_content_editor', 'is_carrier', 'is_administrator', 'staff_branch_id'] as const;

// A page reads the viewer with the session (session.ts): the same columns as the query below.
registerSessionFact('viewer', (userId) => sql`(select json_build_object(${sql.join(VIEWER_COLUMNS.map((c) => sql`${sql.lit(c)}, u.${sql.ref(c)}`))})
  from auth_user u where u.id = ${userId})`);

export async function viewerOf(ctx: RequestContext): Promise<Viewer> {
  const userId = ctx.session?.userId;
  if (userId == null) return GUEST;
  const read = sessionFact(ctx.session, 'viewer') as ViewerRow | null | undefined;
  const user: ViewerRow | undefined = read !== undefined ? read ?? undefined : await ctx.services.db.selectFrom('auth_user')
    .select(VIEWER_COLUMNS).where('id', '=', userId).executeTakeFirst();
  if (!user) return GUEST;
  const roles = rolesOf(user);
  return {
    isGuest: false, isLbrUser: user.is_employee, isSupplier: user.is_supplier, hasPPAccess: user.has_pp_access,
    isPsEditor: user.is_ps_editor, isBackoffice: can(roles, 'backoffice.enter'), roles, staffBranchId: user.staff_branch_id, id: user.id, userName: user.name, contacts: { email: user.email, phone: user.phone },
  };
}

/*
 * Sign-in throttling (docs/decisions/010): token buckets per login and address pair (a burst, then
 * growing delays), per address, and a higher per-login ceiling that addresses the account signed in
 * from are exempt from. A try is reserved in every bucket BEFORE the password is checked (one atomic
 * statement per bucket), so however many requests arrive at once, at most the pair's burst are
 * checked; a successful sign-in gives its tries back.
 */
const DAY_MS = 24 * 60 * 60_000;
const PAIR_RULES: RateLimitRule[] = [
  { name: 'signin:pair', limit: SIGN_IN_PAIR_BURST, windowMs: SIGN_IN_PAIR_WINDOW_MS },
  { name: 'signin:pair:day', limit: SIGN_IN_PAIR_PER_DAY, windowMs: DAY_MS },
];
const IP_RULE: RateLimitRule = { name: 'signin:ip', limit: SIGN_IN_IP_BURST, windowMs: SIGN_IN_IP_WINDOW_MS };
const ACCOUNT_RULE: RateLimitRule = { name: 'signin:account:day', limit: SIGN_IN_ACCOUNT_PER_DAY, windowMs: DAY_MS };

export type AuthorizeResult =
  | { ok: true; userId: number }
  | { ok: false; code: 'email_not_exists' | 'phone_not_exists' | 'password_error' | 'email_not_confirmed' | 'busy' }
  | { ok: false; code: 'too_many_attempts'; retryAfterSeconds: number };

async function isKnownAddress(db: DB, userId: number, ip: string, now: Date): Promise<boolean> {
  const row = await db.selectFrom('auth_known_address').select('user_id').where('user_id', '=', userId).where('ip', '=', ip)
    .where('last_success_at', '>', new Date(now.getTime() - KNOWN_ADDRESS_DAYS * DAY_MS)).executeTakeFirst();
  return Boolean(row);
}

async function rememberAddress(db: DB, userId: number, ip: string, now: Date): Promise<void> {
  await db.insertInto('auth_known_address').values({ user_id: userId, ip, last_success_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'ip']).doUpdateSet({ last_success_at: now })).execute();
}

/** Password sign-in by e-mail or phone; on success the session is rotated with the chosen persistence. */
export async function authorize(ctx: RequestContext, input: ({ email: string } | { phone: string }) & { password: string; persistence: Persistence }, now: Date = clock.now()): Promise<AuthorizeResult> {
  const { db } = ctx.services;
  const login = 'email' in input ? `email:${input.email.trim().toLowerCase()}` : `phone:${input.phone}`;
  const ip = ctx.ip ?? 'unknown';
  const user = 'email' in input ? await findUserByEmail(db, input.email) : await findUserByPhone(db, input.phone);
  const account = user ? `user:${user.id}` : login;
  const known = user ? await isKnownAddress(db, user.id, ip, now) : false;
  const reservation = await reserve(db, [
    ...PAIR_RULES.map((rule) => ({ rule, subject: `${account}|${ip}` })),
    { rule: IP_RULE, subject: ip },
    ...(known ? [] : [{ rule: ACCOUNT_RULE, subject: account }]),
  ], now);
  if (!reservation.ok) return { ok: false, code: 'too_many_attempts', retryAfterSeconds: reservation.retryAfterSeconds };
  try {
    if (!user) {
      await verifyAgainstNothing(input.password);
      return { ok: false, code: 'email' in input ? 'email_not_exists' : 'phone_not_exists' };
    }
    if (!user.password_hash || !(await verifyPassword(input.password, user.password_hash))) {
      if (!user.password_hash) await verifyAgainstNothing(input.password);
      return { ok: false, code: 'password_error' };
    }
  } catch (error) {
    // Refused before any check (the hashing queue is full): the try does not count.
    if (error instanceof PasswordBusyError) {
      await reservation.release();
      return { ok: false, code: 'busy' };
    }
    throw error;
  }
  // The right password: the tries go back and the address becomes one the owner uses.
  await reservation.release();
  await rememberAddress(db, user.id, ip, now);
  if ('email' in input && 'email_verified_at' in user && !user.email_verified_at) return { ok: false, code: 'email_not_confirmed' };
  await ctx.signIn(user.id, input.persistence);
  return { ok: true, userId: user.id };
}
