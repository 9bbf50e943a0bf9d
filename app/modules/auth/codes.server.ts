import { createHmac, randomInt } from 'node:crypto';
import type { AppServices } from '#app/.server/context.ts';
import { now as clockNow } from '#app/.server/clock.ts';
import { reserve, type RateLimitRule } from '#app/.server/rate-limit.ts';
import { safeEqual } from '#app/.server/security/tokens.ts';
import { CODES_PER_IP_PER_DAY, CODES_PER_PHONE_IN_WINDOW, CODES_PER_PHONE_PER_DAY, CODES_PER_PHONE_WINDOW_MS, CODE_MAX_WRONG_ATTEMPTS, CODE_TTL_MS } from './auth.constants.ts';
import { MIN_CODE_LENGTH, RESEND_LOCK_SECONDS } from '#app/lib/code.ts';

/** The issue's protection rules for phone codes. */
export const CODE_POLICY = {
  length: MIN_CODE_LENGTH,
  ttlMs: CODE_TTL_MS,
  maxWrongAttempts: CODE_MAX_WRONG_ATTEMPTS,
  /** Spec §9: a new code can be requested 30 s after the previous one. */
  resendLockMs: RESEND_LOCK_SECONDS * 1000,
} as const;

const DAY_MS = 24 * 60 * 60_000;
const PHONE_LIMITS: RateLimitRule[] = [
  { name: 'code:phone:window', limit: CODES_PER_PHONE_IN_WINDOW, windowMs: CODES_PER_PHONE_WINDOW_MS },
  { name: 'code:phone:day', limit: CODES_PER_PHONE_PER_DAY, windowMs: DAY_MS },
];
const IP_LIMITS: RateLimitRule[] = [{ name: 'code:ip:day', limit: CODES_PER_IP_PER_DAY, windowMs: DAY_MS }];

export type CodePurpose = 'registration' | 'reset' | 'phone_change' | 'offer_accept';
export type CodeChannel = 'call' | 'sms';

export type IssueResult =
  | { ok: true; code: string }
  | { ok: false; code: 'too_soon' | 'too_many_codes'; retryAfterSeconds: number };

export type VerifyResult =
  /** `codeId`: the code's record, which a signature made with it names. */
  | { ok: true; codeId: number }
  | { ok: false; code: 'wrong_code'; attemptsLeft: number }
  | { ok: false; code: 'too_many_attempts' | 'code_expired' };

/** Codes are stored as HMACs: the table alone does not reveal a code that is still valid. */
function codeHash(services: AppServices, phone: string, code: string): string {
  return createHmac('sha256', services.config.sessionSecret).update(`code:${phone}:${code}`).digest('hex');
}

/**
 * Creates a code for a phone after checking the 30 s lock, the per-phone limits (3 in 10 minutes,
 * 10 a day) and the per-address daily limit. The caller delivers it (call or SMS).
 */
export async function issueCode(services: AppServices, input: { phone: string; purpose: CodePurpose; channel: CodeChannel; ip: string | null }, now: Date = clockNow()): Promise<IssueResult> {
  const { db } = services;
  const last = await db.selectFrom('auth_code').select('created_at').where('phone', '=', input.phone)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (last) {
    const waitMs = new Date(last.created_at).getTime() + CODE_POLICY.resendLockMs - now.getTime();
    if (waitMs > 0) return { ok: false, code: 'too_soon', retryAfterSeconds: Math.ceil(waitMs / 1000) };
  }
  const limited = await reserve(db, [
    ...PHONE_LIMITS.map((rule) => ({ rule, subject: input.phone })),
    ...IP_LIMITS.map((rule) => ({ rule, subject: input.ip ?? 'unknown' })),
  ], now);
  if (!limited.ok) return { ok: false, code: 'too_many_codes', retryAfterSeconds: limited.retryAfterSeconds };

  const code = String(randomInt(0, 10 ** CODE_POLICY.length)).padStart(CODE_POLICY.length, '0');
  await db.insertInto('auth_code').values({
    purpose: input.purpose,
    channel: input.channel,
    phone: input.phone,
    code_hash: codeHash(services, input.phone, code),
    created_at: now,
    expires_at: new Date(now.getTime() + CODE_POLICY.ttlMs),
  }).execute();
  return { ok: true, code };
}

/**
 * Checks the newest live code for the phone and purpose: at most five tries, single use (a replayed
 * code fails), expired after ten minutes. `consume: false` checks without using it up: step 2 of the
 * flow checks the code, step 3 sends it again with the password and uses it.
 *
 * A try is spent BEFORE the comparison, in one statement (`attempts < 5` re-checked on the locked
 * row), and only a caller that got the row back may compare: however many guesses arrive at once,
 * exactly five are compared. A right code gives its try back, so checking it in step 2 and using
 * it in step 3 never costs the user one of the five.
 */
export async function verifyCode(services: AppServices, input: { phone: string; purpose: CodePurpose; code: string; consume?: boolean }, now: Date = clockNow()): Promise<VerifyResult> {
  const { db } = services;
  const live = db.selectFrom('auth_code').select('id')
    .where('phone', '=', input.phone).where('purpose', '=', input.purpose)
    .where('used_at', 'is', null).where('expires_at', '>', now)
    .orderBy('id', 'desc').limit(1);
  const spent = await db.updateTable('auth_code').set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', live).where('attempts', '<', CODE_POLICY.maxWrongAttempts)
    .where('used_at', 'is', null).where('expires_at', '>', now)
    .returning(['id', 'code_hash', 'attempts']).executeTakeFirst();
  if (!spent) {
    // Nothing spent: either the newest live code has no tries left, or there is no live code.
    const row = await live.executeTakeFirst();
    return row ? { ok: false, code: 'too_many_attempts' } : { ok: false, code: 'code_expired' };
  }
  if (!safeEqual(codeHash(services, input.phone, input.code.trim()), spent.code_hash)) {
    const attemptsLeft = CODE_POLICY.maxWrongAttempts - spent.attempts;
    return attemptsLeft > 0 ? { ok: false, code: 'wrong_code', attemptsLeft } : { ok: false, code: 'too_many_attempts' };
  }
  if (input.consume === false) {
    await db.updateTable('auth_code').set((eb) => ({ attempts: eb('attempts', '-', 1) })).where('id', '=', spent.id).execute();
    return { ok: true, codeId: spent.id };
  }
  // Marking it used in a statement that requires it unused keeps two concurrent submissions from both passing.
  const used = await db.updateTable('auth_code').set((eb) => ({ used_at: now, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', spent.id).where('used_at', 'is', null)
    .returning('id').executeTakeFirst();
  return used ? { ok: true, codeId: spent.id } : { ok: false, code: 'code_expired' };
}
