import * as clock from '#app/.server/clock.ts';
import type { RequestContext } from '#app/.server/context.ts';
import { hitRateLimits, reserve, type RateLimitRule } from '#app/.server/rate-limit.ts';
import { randomToken, sha256 } from '#app/.server/security/tokens.ts';
import { AUTH_ERRORS, codeRefusal, deliveryFailure, minutesOf, type Outcome } from './auth.server.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { issueCode, verifyCode } from './codes.server.ts';
import { sanitizeHtml, type NotificationView } from './notification.rules.ts';
import { PROFILE_MESSAGES, type ProfileView } from './profile.schema.ts';
import { revokeUserSessions } from '#app/.server/session.ts';
import { PASSWORD_BUSY_MESSAGE, PasswordBusyError, hashPassword, verifyPassword } from './password.server.ts';
import { isUniqueViolation } from '#app/.server/db/errors.ts';

/*
 * 'Личный кабинет': the signed-in user's data (name, e-mail re-confirmed by link, phone re-verified
 * by an SMS code) and notifications (spec §3 Notification, §4). Every use-case acts for the user
 * of the session only; without one it answers `sign_in_required`.
 */

const M = PROFILE_MESSAGES;
const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
/** Each link is a letter to an address the user typed: a few an hour is plenty and caps abuse. */
const EMAIL_CHANGE_LIMITS: RateLimitRule[] = [{ name: 'email-change:user:hour', limit: 5, windowMs: 60 * 60_000 }];
/** Where the link in the letter points: a page whose button confirms (app/routes/auth.confirm-email-change.tsx). */
export const EMAIL_CHANGE_LINK_PATH = '/auth/confirm-email-change';

/** The answer of 'Выйти на всех устройствах' (the page reloads as a guest right after). */
export const SIGNED_OUT_EVERYWHERE = 'Вы вышли на всех устройствах';

const SIGN_IN_REQUIRED = { ok: false, message: M.signInRequired, code: 'sign_in_required' } as const;

function userIdOf(ctx: RequestContext): number | null {
  return ctx.session?.userId ?? null;
}

/** Whether the request has a signed-in user (the 'Личный кабинет' pages send guests to /login). */
export function isSignedIn(ctx: RequestContext): boolean {
  return userIdOf(ctx) !== null;
}

/** The sign-in address for a guest who asked for `path`: the login modal, then back there. */
export function signInRedirect(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/** 'Мои данные': the user with confirmation states and a pending e-mail change; null for a guest. */
export async function profileOf(ctx: RequestContext, now = clock.now()): Promise<ProfileView | null> {
  const userId = userIdOf(ctx);
  if (userId == null) return null;
  const { db } = ctx.services;
  const user = await db.selectFrom('auth_user').select(['id', 'name', 'email', 'email_verified_at', 'phone', 'phone_verified_at', 'password_hash'])
    .where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const pending = await db.selectFrom('auth_email_token').select('email')
    .where('user_id', '=', userId).where('purpose', '=', 'email_change').where('used_at', 'is', null).where('expires_at', '>', now)
    .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailConfirmed: Boolean(user.email && user.email_verified_at),
    pendingEmail: pending && pending.email !== user.email?.toLowerCase() ? pending.email : null,
    phone: user.phone,
    phoneConfirmed: Boolean(user.phone && user.phone_verified_at),
    hasPassword: Boolean(user.password_hash),
  };
}

export async function updateName(ctx: RequestContext, name: string): Promise<Outcome> {
  const userId = userIdOf(ctx);
  if (userId == null) return SIGN_IN_REQUIRED;
  await ctx.services.db.updateTable('auth_user').set({ name: name.trim() }).where('id', '=', userId).execute();
  return { ok: true, message: M.nameSaved };
}

async function emailOwner(ctx: RequestContext, email: string): Promise<number | null> {
  const row = await ctx.services.db.selectFrom('auth_user').select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email)).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Step 1 of an e-mail change: a one-time link goes to the NEW address; the profile keeps the old one
 * until the link is opened. An address of another account is refused; earlier links stop working.
 */
export async function requestEmailChange(ctx: RequestContext, rawEmail: string, now = clock.now()): Promise<Outcome> {
  const userId = userIdOf(ctx);
  if (userId == null) return SIGN_IN_REQUIRED;
  const { db, config, providers } = ctx.services;
  const email = rawEmail.trim().toLowerCase();
  const owner = await emailOwner(ctx, email);
  if (owner !== null && owner !== userId) return { ok: false, message: M.emailTaken, code: 'email_exists' };
  if (owner === userId) {
    const current = await db.selectFrom('auth_user').select('email_verified_at').where('id', '=', userId).executeTakeFirst();
    if (current?.email_verified_at) return { ok: false, message: M.emailSame, code: 'email_same' };
  }
  const limited = await hitRateLimits(db, String(userId), EMAIL_CHANGE_LIMITS, now);
  if (!limited.ok) return { ok: false, message: M.tooManyEmails, code: 'too_many_emails' };

  await db.updateTable('auth_email_token').set({ used_at: now })
    .where('user_id', '=', userId).where('purpose', '=', 'email_change').where('used_at', 'is', null).execute();
  const token = randomToken();
  await db.insertInto('auth_email_token').values({
    token_hash: sha256(token), purpose: 'email_change', user_id: userId, email, created_at: now,
    expires_at: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
  }).execute();
  const link = `${config.PUBLIC_ORIGIN}${EMAIL_CHANGE_LINK_PATH}?token=${token}`;
  const intro = 'Чтобы указать этот адрес в личном кабинете Агротехники, подтвердите его по ссылке:';
  const failed = await deliveryFailure(AUTH_ERRORS.mailDelivery, () => providers.mail.send({
    to: email,
    subject: 'Подтвердите новый e-mail — Агротехника',
    text: `${intro}\n${link}\n\nСсылка действует 24 часа. Если вы не меняли e-mail, просто удалите это письмо.`,
    html: `<p>${intro}</p><p><a href="${link}">${link}</a></p><p>Ссылка действует 24 часа. Если вы не меняли e-mail, просто удалите это письмо.</p>`,
  }));
  if (failed) return failed;
  return { ok: true, message: M.emailLinkSent(email) };
}

/**
 * An address the customer typed into an order, offered to a profile that has none (issue 28 point
 * 13): the usual confirmation link goes there. Not stored as the account's address before it is
 * confirmed, so nobody can claim another person's address (and letters go to confirmed ones only).
 * A profile with an address, or one already waiting for its link, is left alone; a refusal (taken,
 * too many links) is silent: the order is what the customer asked for.
 */
export async function offerOrderEmail(ctx: RequestContext, email: string): Promise<void> {
  const profile = await profileOf(ctx);
  if (!profile || profile.email || profile.pendingEmail || !email) return;
  await requestEmailChange(ctx, email);
}

/** Whether an e-mail change link is still usable (its page offers the button only then). */
export async function isEmailChangeTokenValid(ctx: RequestContext, token: string, now = clock.now()): Promise<boolean> {
  if (!token) return false;
  const row = await ctx.services.db.selectFrom('auth_email_token').select('user_id').where('token_hash', '=', sha256(token))
    .where('purpose', '=', 'email_change').where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  return Boolean(row);
}

/**
 * Step 2, the button on the link's page (never the GET of the link, which mail scanners open): uses the token once and sets the address as the account's
 * confirmed e-mail. It needs no session (the link may be opened in another browser); the token
 * names the user. An address taken by another account in the meantime is refused.
 */
export async function confirmEmailChange(ctx: RequestContext, token: string, now = clock.now()): Promise<Outcome> {
  const { db } = ctx.services;
  if (!token) return { ok: false, message: M.emailLinkInvalid, code: 'link_invalid' };
  const used = await db.updateTable('auth_email_token').set({ used_at: now })
    .where('token_hash', '=', sha256(token)).where('purpose', '=', 'email_change')
    .where('used_at', 'is', null).where('expires_at', '>', now)
    .returning(['user_id', 'email']).executeTakeFirst();
  if (!used) return { ok: false, message: M.emailLinkInvalid, code: 'link_invalid' };
  const owner = await emailOwner(ctx, used.email);
  if (owner !== null && owner !== used.user_id) return { ok: false, message: M.emailTaken, code: 'email_exists' };
  try {
    await db.updateTable('auth_user').set({ email: used.email, email_verified_at: now }).where('id', '=', used.user_id).execute();
  } catch (error) {
    // The unique index on lower(email): another account took the address between the check and the update.
    if (isUniqueViolation(error)) return { ok: false, message: M.emailTaken, code: 'email_exists' };
    throw error;
  }
  await db.insertInto('auth_notification').values({ user_id: used.user_id, view_type: 'hint', title: M.emailChanged, content: used.email }).execute();
  return { ok: true, message: M.emailChanged };
}

async function phoneOwner(ctx: RequestContext, phone: string): Promise<number | null> {
  const row = await ctx.services.db.selectFrom('auth_user').select('id').where('phone', '=', phone).executeTakeFirst();
  return row?.id ?? null;
}

/** Step 1 of a phone change: captcha, the number free, then a code by SMS to the new number. */
export async function requestPhoneChange(ctx: RequestContext, input: { phone: string; captchaToken: string }): Promise<Outcome> {
  const userId = userIdOf(ctx);
  if (userId == null) return SIGN_IN_REQUIRED;
  const { db, providers } = ctx.services;
  if (!(await providers.captcha.verify(input.captchaToken, ctx.ip))) return { ok: false, message: AUTH_ERRORS.captcha, code: 'captcha_error' };
  const owner = await phoneOwner(ctx, input.phone);
  if (owner !== null && owner !== userId) return { ok: false, message: M.phoneTaken, code: 'phone_exists' };
  if (owner === userId) {
    const current = await db.selectFrom('auth_user').select('phone_verified_at').where('id', '=', userId).executeTakeFirst();
    if (current?.phone_verified_at) return { ok: false, message: M.phoneSame, code: 'phone_same' };
  }
  const issued = await issueCode(ctx.services, { phone: input.phone, purpose: 'phone_change', channel: 'sms', ip: ctx.ip });
  if (!issued.ok) return codeRefusal(issued);
  const failed = await deliveryFailure(AUTH_ERRORS.delivery, () => providers.sms.send(input.phone, `Код для смены телефона в Агротехнике: ${issued.code}. Никому его не сообщайте.`));
  if (failed) return failed;
  return { ok: true, message: M.phoneCodeSent(formatPhoneDisplay(input.phone)) };
}

/** Step 2: the code from the SMS; the number becomes the account's verified phone. */
export async function confirmPhoneChange(ctx: RequestContext, input: { phone: string; code: string }, now = clock.now()): Promise<Outcome> {
  const userId = userIdOf(ctx);
  if (userId == null) return SIGN_IN_REQUIRED;
  const owner = await phoneOwner(ctx, input.phone);
  if (owner !== null && owner !== userId) return { ok: false, message: M.phoneTaken, code: 'phone_exists' };
  const result = await verifyCode(ctx.services, { phone: input.phone, purpose: 'phone_change', code: input.code }, now);
  if (!result.ok) {
    if (result.code === 'wrong_code') return { ok: false, message: AUTH_ERRORS.wrongCode(result.attemptsLeft), code: 'wrong_code' };
    return { ok: false, message: result.code === 'too_many_attempts' ? AUTH_ERRORS.tooManyAttempts : AUTH_ERRORS.codeExpired, code: result.code };
  }
  try {
    await ctx.services.db.updateTable('auth_user').set({ phone: input.phone, phone_verified_at: now }).where('id', '=', userId).execute();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: M.phoneTaken, code: 'phone_exists' };
    throw error;
  }
  return { ok: true, message: M.phoneChanged };
}

/**
 * 'Выйти на всех устройствах': ends every session of the user, this one included, and clears this
 * browser's cookie. All of them rather than all others: the button is also what one presses on a
 * shared computer, and after it no session of the account is left anywhere (docs/decisions/010).
 */
export async function signOutEverywhere(ctx: RequestContext): Promise<Outcome> {
  const userId = userIdOf(ctx);
  if (userId == null) return SIGN_IN_REQUIRED;
  await revokeUserSessions(ctx.services.db, userId, null);
  await ctx.signOut();
  return { ok: true, message: SIGNED_OUT_EVERYWHERE };
}

/** Spec §4: the user's notifications not yet shown, oldest first; a modal's html is sanitised here, on output. */
export async function pendingNotifications(ctx: RequestContext): Promise<NotificationView[] | null> {
  const userId = userIdOf(ctx);
  if (userId == null) return null;
  const rows = await ctx.services.db.selectFrom('auth_notification').select(['id', 'view_type', 'title', 'content', 'html'])
    .where('user_id', '=', userId).where('shown_at', 'is', null).orderBy('id').limit(50).execute();
  return rows.map((row): NotificationView => row.view_type === 'modal'
    ? { id: row.id, view_type: 'modal', html: sanitizeHtml(row.html ?? '') }
    : { id: row.id, view_type: 'hint', data: { title: row.title ?? '', content: row.content ?? '' } });
}

/** Marks one of the user's own notifications shown (again is fine); someone else's is not found. */
export async function markNotificationShown(ctx: RequestContext, id: number, now = clock.now()): Promise<Outcome> {
  const userId = userIdOf(ctx);
  if (userId == null) return SIGN_IN_REQUIRED;
  const row = await ctx.services.db.updateTable('auth_notification')
    .set((eb) => ({ shown_at: eb.fn.coalesce('shown_at', eb.val(now)) }))
    .where('id', '=', id).where('user_id', '=', userId).returning('id').executeTakeFirst();
  return row ? { ok: true } : { ok: false, message: M.notificationNotFound, code: 'not_found' };
}

/**
 * Guessing the current password through this form is a sign-in by other means: wrong tries of one
 * account are counted like sign-ins (5 in 15 minutes), and a right one gives them back.
 */
const PASSWORD_CHANGE_RULE: RateLimitRule = { name: 'password-change:user', limit: 5, windowMs: 15 * 60_000 };

/**
 * 'Сменить пароль' in 'Мои данные': the current password (when the account has one), then the new
 * one hashed with argon2id. As after a reset, every other session of the user ends (whoever knew the
 * old password or held a session elsewhere is out) and reset links still in mail stop working; this
 * browser stays signed in.
 */
export async function changePassword(ctx: RequestContext, input: { current: string; password: string }): Promise<Outcome> {
  const userId = userIdOf(ctx);
  if (userId == null) return SIGN_IN_REQUIRED;
  const { db } = ctx.services;
  const user = await db.selectFrom('auth_user').select('password_hash').where('id', '=', userId).executeTakeFirst();
  if (!user) return SIGN_IN_REQUIRED;
  try {
    if (user.password_hash) {
      const reservation = await reserve(db, [{ rule: PASSWORD_CHANGE_RULE, subject: `user:${userId}` }], clock.now());
      if (!reservation.ok) {
        return { ok: false, message: M.tooManyPasswordTries(minutesOf(reservation.retryAfterSeconds)), code: 'too_many_attempts', retryAfterSeconds: reservation.retryAfterSeconds };
      }
      let right: boolean;
      try {
        right = input.current !== '' && await verifyPassword(input.current, user.password_hash);
      } catch (error) {
        await reservation.release();
        throw error;
      }
      if (!right) return { ok: false, message: M.currentPasswordWrong, code: 'password_error' };
      await reservation.release();
    }
    const passwordHash = await hashPassword(input.password);
    const at = clock.now();
    await db.updateTable('auth_user').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await db.updateTable('auth_email_token').set({ used_at: at })
      .where('user_id', '=', userId).where('purpose', '=', 'reset').where('used_at', 'is', null).execute();
    const ended = await revokeUserSessions(db, userId, ctx.session?.id ?? null);
    return { ok: true, message: M.passwordChanged(ended) };
  } catch (error) {
    if (error instanceof PasswordBusyError) return { ok: false, message: PASSWORD_BUSY_MESSAGE, code: 'busy' };
    throw error;
  }
}
