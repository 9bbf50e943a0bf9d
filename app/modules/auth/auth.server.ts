import * as clock from '#app/.server/clock.ts';
import type { RequestContext } from '#app/.server/context.ts';
import { reserve, type RateLimitRule } from '#app/.server/rate-limit.ts';
import { randomToken, sha256 } from '#app/.server/security/tokens.ts';
import { issueCode, verifyCode, type CodeChannel, type CodePurpose, type IssueResult, type VerifyResult } from './codes.server.ts';
import { ProviderError } from './providers/providers.ts';
import { lockText } from '#app/lib/code.ts';
import { EMAIL_REQUESTS_PER_IP_PER_DAY, EMAIL_REQUESTS_PER_IP_PER_HOUR, MAILS_PER_ADDRESS_PER_DAY, MAILS_PER_ADDRESS_PER_HOUR } from './auth.constants.ts';
import { PASSWORD_BUSY_MESSAGE, PasswordBusyError, hashPassword } from './password.server.ts';
import { revokeUserSessions } from '#app/.server/session.ts';
import { consentsGiven, createUser, findUserByEmail, findUserByPhone } from './users.server.ts';
import type { Outcome } from '#app/.server/http.ts';
import { isUniqueViolation } from '#app/.server/db/errors.ts';

/** Messages of the auth endpoints beyond spec §5 (the modal shows them in an alert, spec §8). */
export const AUTH_ERRORS = {
  captcha: 'Подтвердите, что вы не робот: проверка не пройдена',
  phoneTaken: 'Этот номер уже зарегистрирован. Войдите или восстановите пароль',
  emailTaken: 'Этот e-mail уже зарегистрирован. Войдите или восстановите пароль',
  phoneUnknown: 'Пользователь с таким номером не найден',
  emailUnknown: 'Пользователь с таким e-mail не найден',
  tooManyCodes: (minutes: number) => `Слишком много запросов кода. Попробуйте через ${minutes} мин.`,
  wrongCode: (left: number) => `Неверный код. Осталось попыток: ${left}`,
  tooManyAttempts: 'Слишком много неверных попыток. Запросите новый код',
  codeExpired: 'Код устарел или уже использован. Запросите новый код',
  delivery: 'Не удалось отправить код. Попробуйте ещё раз через минуту',
  mailDelivery: 'Не удалось отправить письмо. Попробуйте ещё раз через минуту',
  linkInvalid: 'Ссылка устарела или уже использована. Запросите новую',
  tooManySignIns: (minutes: number) => `Слишком много попыток входа. Попробуйте через ${minutes} мин.`,
  passwordError: 'Неверный пароль',
  emailNotConfirmed: 'E-mail не подтверждён. Перейдите по ссылке из письма, которое мы отправили при регистрации, или получите письмо ещё раз',
  tooManyEmailRequests: (minutes: number) => `Слишком много запросов с вашего адреса. Попробуйте через ${minutes} мин.`,
  busy: PASSWORD_BUSY_MESSAGE,
} as const;

export const AUTH_SUCCESS = {
  callPlaced: 'Мы звоним на ваш номер. Введите последние 4 цифры входящего номера',
  smsSent: 'Мы отправили SMS с кодом на ваш номер',
  emailRegistered: (email: string) => `Мы отправили письмо на ${email}. Чтобы завершить регистрацию, подтвердите e-mail по ссылке из письма`,
  resetLinkSent: (email: string) => `Если ${email} зарегистрирован, мы отправили на него ссылку для восстановления пароля`,
  /** Neutral: the same whether the address is unknown, already confirmed or waiting (nobody learns which). */
  confirmationResent: (email: string) => `Если ${email} ждёт подтверждения, мы отправили на него новое письмо со ссылкой. Ссылки из прежних писем больше не действуют`,
} as const;

/** Minutes to wait, as the messages say them ('Попробуйте через 3 мин.'): never 0. */
export function minutesOf(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/*
 * E-mail flows (docs/decisions/010). Per client address: registrations by e-mail and reset requests
 * together, so that the 'email_exists' answer cannot be used to test many addresses, and letters
 * cannot be sprayed. Per mailbox: letters to one address, so that nobody floods someone's inbox.
 */
const EMAIL_IP_RULES: RateLimitRule[] = [
  { name: 'email-flow:ip:hour', limit: EMAIL_REQUESTS_PER_IP_PER_HOUR, windowMs: HOUR_MS },
  { name: 'email-flow:ip:day', limit: EMAIL_REQUESTS_PER_IP_PER_DAY, windowMs: 24 * HOUR_MS },
];
const MAILBOX_RULES: RateLimitRule[] = [
  { name: 'mail:address:hour', limit: MAILS_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS },
  { name: 'mail:address:day', limit: MAILS_PER_ADDRESS_PER_DAY, windowMs: 24 * HOUR_MS },
];

/** One more e-mail request from this client address, or the refusal with the wait in minutes. */
async function emailRequestAllowed(ctx: RequestContext, at: Date): Promise<Outcome> {
  const limited = await reserve(ctx.services.db, EMAIL_IP_RULES.map((rule) => ({ rule, subject: ctx.ip ?? 'unknown' })), at);
  if (limited.ok) return { ok: true };
  return { ok: false, message: AUTH_ERRORS.tooManyEmailRequests(minutesOf(limited.retryAfterSeconds)), code: 'too_many_requests', retryAfterSeconds: limited.retryAfterSeconds };
}

/** Whether one more letter may go to this mailbox (taken only when a letter is really to be sent). */
async function mailboxAllows(ctx: RequestContext, email: string, at: Date): Promise<boolean> {
  return (await reserve(ctx.services.db, MAILBOX_RULES.map((rule) => ({ rule, subject: email })), at)).ok;
}

const BUSY: Outcome = { ok: false, message: AUTH_ERRORS.busy, code: 'busy' };

/** `retryAfterSeconds`: a limit refused and lifts then (the API sends it as Retry-After and in the body). */
export type { Outcome };

/** A refused code request as the forms show it: the lock's countdown, or when to try again. */
export function codeRefusal(issued: Extract<IssueResult, { ok: false }>): Outcome {
  return issued.code === 'too_soon'
    ? { ok: false, message: lockText(issued.retryAfterSeconds), code: 'too_soon', retryAfterSeconds: issued.retryAfterSeconds }
    : { ok: false, message: AUTH_ERRORS.tooManyCodes(minutesOf(issued.retryAfterSeconds)), code: 'too_many_codes', retryAfterSeconds: issued.retryAfterSeconds };
}

/**
 * Runs a delivery (a call, an SMS, a letter). A provider that fails becomes the answer to show
 * (`message`, code delivery_error); anything else is a bug and throws. Null when it went out.
 */
export async function deliveryFailure(message: string, send: () => Promise<unknown>): Promise<Outcome | null> {
  try {
    await send();
    return null;
  } catch (error) {
    if (error instanceof ProviderError) return { ok: false, message, code: 'delivery_error' };
    throw error;
  }
}

/**
 * Step 1 of phone registration or recovery (spec §7 verify-by-captcha, verification-retry): checks
 * the captcha, refuses a taken number for registration and an unknown one for recovery, issues a
 * code and has it delivered by flash call or SMS.
 */
export async function sendPhoneCode(ctx: RequestContext, input: { phone: string; captchaToken: string; purpose: CodePurpose; channel: CodeChannel }): Promise<Outcome> {
  const { db, providers } = ctx.services;
  if (!(await providers.captcha.verify(input.captchaToken, ctx.ip))) return { ok: false, message: AUTH_ERRORS.captcha, code: 'captcha_error' };
  const existing = await findUserByPhone(db, input.phone);
  if (input.purpose === 'registration' && existing?.password_hash) return { ok: false, message: AUTH_ERRORS.phoneTaken, code: 'phone_exists' };
  if (input.purpose === 'reset' && !existing) return { ok: false, message: AUTH_ERRORS.phoneUnknown, code: 'phone_not_exists' };
  const issued = await issueCode(ctx.services, { phone: input.phone, purpose: input.purpose, channel: input.channel, ip: ctx.ip });
  if (!issued.ok) return codeRefusal(issued);
  const failed = await deliveryFailure(AUTH_ERRORS.delivery, () => input.channel === 'call'
    ? providers.call.call(input.phone, issued.code)
    : providers.sms.send(input.phone, `Код для входа в Агротехнику: ${issued.code}. Никому его не сообщайте.`));
  if (failed) return failed;
  return { ok: true, message: input.channel === 'call' ? AUTH_SUCCESS.callPlaced : AUTH_SUCCESS.smsSent };
}

function codeOutcome(result: VerifyResult): Outcome {
  if (result.ok) return { ok: true };
  if (result.code === 'wrong_code') return { ok: false, message: AUTH_ERRORS.wrongCode(result.attemptsLeft), code: 'wrong_code' };
  return { ok: false, message: result.code === 'too_many_attempts' ? AUTH_ERRORS.tooManyAttempts : AUTH_ERRORS.codeExpired, code: result.code };
}

/** Step 2 (spec §7 verify): checks the code without using it up; step 3 sends it again. */
export async function checkPhoneCode(ctx: RequestContext, input: { phone: string; code: string; purpose: CodePurpose }): Promise<Outcome> {
  return codeOutcome(await verifyCode(ctx.services, { ...input, consume: false }));
}

/** Step 3 of phone registration: uses the code, creates the account with a verified phone, signs in. */
export async function registerByPhone(ctx: RequestContext, input: { phone: string; name: string; code: string; password: string; acceptAds: boolean }): Promise<Outcome> {
  const { db } = ctx.services;
  if ((await findUserByPhone(db, input.phone))?.password_hash) return { ok: false, message: AUTH_ERRORS.phoneTaken, code: 'phone_exists' };
  const checked = codeOutcome(await verifyCode(ctx.services, { phone: input.phone, purpose: 'registration', code: input.code }));
  if (!checked.ok) return checked;
  let userId: number;
  try {
    userId = await createUser(db, { name: input.name, phone: input.phone, phoneVerified: true, password: input.password, consents: consentsGiven({ acceptGDPR: true, acceptAds: input.acceptAds }), ip: ctx.ip });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: AUTH_ERRORS.phoneTaken, code: 'phone_exists' };
    if (error instanceof PasswordBusyError) return BUSY;
    throw error;
  }
  await ctx.signIn(userId, 'browser');
  return { ok: true };
}

/** Recovery by phone, step 3 (spec §7 reset-password): uses the reset code, sets the password, signs in. */
export async function resetPasswordByPhone(ctx: RequestContext, input: { phone: string; code: string; password: string }): Promise<Outcome> {
  const { db } = ctx.services;
  const user = await findUserByPhone(db, input.phone);
  if (!user) return { ok: false, message: AUTH_ERRORS.phoneUnknown, code: 'phone_not_exists' };
  const checked = codeOutcome(await verifyCode(ctx.services, { phone: input.phone, purpose: 'reset', code: input.code }));
  if (!checked.ok) return checked;
  return setNewPassword(ctx, user.id, input.password, { phone_verified_at: clock.now() });
}

/**
 * Sets a new password after a recovery and signs this browser in; every other session of the user
 * ends (whoever knew the old password or held a session is out), reset links still in mail stop working.
 */
async function setNewPassword(ctx: RequestContext, userId: number, password: string, verified: { phone_verified_at?: Date; email_verified_at?: Date }): Promise<Outcome> {
  const { db } = ctx.services;
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(password);
  } catch (error) {
    if (error instanceof PasswordBusyError) return BUSY;
    throw error;
  }
  const at = clock.now();
  await db.updateTable('auth_user').set({ password_hash: passwordHash, ...verified }).where('id', '=', userId).execute();
  await db.updateTable('auth_email_token').set({ used_at: at })
    .where('user_id', '=', userId).where('purpose', '=', 'reset').where('used_at', 'is', null).execute();
  await revokeUserSessions(db, userId, ctx.session?.id ?? null);
  await ctx.signIn(userId, 'browser');
  return { ok: true };
}

async function sendEmailLink(ctx: RequestContext, input: { userId: number; email: string; purpose: 'confirm' | 'reset' }): Promise<void> {
  const token = randomToken();
  const at = clock.now();
  // A new link revokes the earlier ones of its kind: only the newest letter works. The user's row is
  // locked so that two requests at the same moment cannot both leave their link alive.
  await ctx.services.db.transaction().execute(async (trx) => {
    await trx.selectFrom('auth_user').select('id').where('id', '=', input.userId).forUpdate().execute();
    await trx.updateTable('auth_email_token').set({ used_at: at })
      .where('user_id', '=', input.userId).where('purpose', '=', input.purpose).where('used_at', 'is', null).execute();
    await trx.insertInto('auth_email_token').values({
      token_hash: sha256(token), purpose: input.purpose, user_id: input.userId, email: input.email,
      created_at: at, expires_at: new Date(at.getTime() + EMAIL_TOKEN_TTL_MS),
    }).execute();
  });
  const origin = ctx.services.config.PUBLIC_ORIGIN;
  const link = input.purpose === 'confirm' ? `${origin}/auth/confirm-email?token=${token}` : `${origin}/auth/reset-password?token=${token}`;
  const [subject, intro] = input.purpose === 'confirm'
    ? ['Подтвердите e-mail — Агротехника', 'Чтобы завершить регистрацию, подтвердите e-mail по ссылке:']
    : ['Восстановление пароля — Агротехника', 'Чтобы задать новый пароль, перейдите по ссылке:'];
  const text = `${intro}\n${link}\n\nСсылка действует 24 часа. Если вы не запрашивали это письмо, просто удалите его.`;
  await ctx.services.providers.mail.send({ to: input.email, subject, text, html: `<p>${intro}</p><p><a href="${link}">${link}</a></p><p>Ссылка действует 24 часа.</p>` });
}

/** Registration by e-mail (spec §7 registration): an unconfirmed account and a confirmation link. */
export async function registerByEmail(ctx: RequestContext, input: { name: string; email: string; password: string; acceptAds: boolean }): Promise<Outcome> {
  const { db } = ctx.services;
  const at = clock.now();
  // Counted before the lookup: each answer, 'email_exists' included, costs the asking address a request.
  const allowed = await emailRequestAllowed(ctx, at);
  if (!allowed.ok) return allowed;
  if (await findUserByEmail(db, input.email)) return { ok: false, message: AUTH_ERRORS.emailTaken, code: 'email_exists' };
  let userId: number;
  try {
    userId = await createUser(db, { name: input.name, email: input.email, password: input.password, consents: consentsGiven({ acceptGDPR: true, acceptAds: input.acceptAds }), ip: ctx.ip });
  } catch (error) {
    // Two registrations of one address at the same moment: the unique index lets one through.
    if (isUniqueViolation(error)) return { ok: false, message: AUTH_ERRORS.emailTaken, code: 'email_exists' };
    if (error instanceof PasswordBusyError) return BUSY;
    throw error;
  }
  const email = input.email.trim().toLowerCase();
  if (await mailboxAllows(ctx, email, at)) {
    const failed = await deliveryFailure(AUTH_ERRORS.mailDelivery, () => sendEmailLink(ctx, { userId, email, purpose: 'confirm' }));
    if (failed) return failed;
  }
  return { ok: true, message: AUTH_SUCCESS.emailRegistered(email) };
}

/** Recovery by e-mail (spec §7 authorize with reset_password=1): the same answer whether or not the address is known. */
export async function requestPasswordResetByEmail(ctx: RequestContext, email: string): Promise<Outcome> {
  const at = clock.now();
  const allowed = await emailRequestAllowed(ctx, at);
  if (!allowed.ok) return allowed;
  const user = await findUserByEmail(ctx.services.db, email);
  const address = email.trim().toLowerCase();
  // A full mailbox gets no more letters but the same answer: the answer never tells whether an account exists.
  if (user && await mailboxAllows(ctx, address, at)) {
    const failed = await deliveryFailure(AUTH_ERRORS.mailDelivery, () => sendEmailLink(ctx, { userId: user.id, email: address, purpose: 'reset' }));
    if (failed) return failed;
  }
  return { ok: true, message: AUTH_SUCCESS.resetLinkSent(address) };
}

/**
 * 'Отправить письмо ещё раз' after 'E-mail не подтверждён': a new confirmation link (the earlier ones
 * stop working), under the limits of registration letters — per client address and per mailbox. The
 * answer is the same whether the address is unknown, confirmed or waiting, so it tells nobody which.
 */
export async function resendConfirmation(ctx: RequestContext, email: string): Promise<Outcome> {
  const at = clock.now();
  const allowed = await emailRequestAllowed(ctx, at);
  if (!allowed.ok) return allowed;
  const address = email.trim().toLowerCase();
  const user = await findUserByEmail(ctx.services.db, address);
  const waiting = user && !user.email_verified_at;
  if (waiting && await mailboxAllows(ctx, address, at)) {
    const failed = await deliveryFailure(AUTH_ERRORS.mailDelivery, () => sendEmailLink(ctx, { userId: user.id, email: address, purpose: 'confirm' }));
    if (failed) return failed;
  }
  return { ok: true, message: AUTH_SUCCESS.confirmationResent(address) };
}

/** Uses an e-mail link once; the caller acts for the user it names. */
async function consumeEmailToken(ctx: RequestContext, token: string, purpose: 'confirm' | 'reset'): Promise<{ userId: number; email: string } | null> {
  const at = clock.now();
  const row = await ctx.services.db.updateTable('auth_email_token').set({ used_at: at })
    .where('token_hash', '=', sha256(token)).where('purpose', '=', purpose)
    .where('used_at', 'is', null).where('expires_at', '>', at)
    .returning(['user_id', 'email']).executeTakeFirst();
  return row ? { userId: row.user_id, email: row.email } : null;
}

/** The confirmation link: marks the e-mail confirmed and signs the user in. */
export async function confirmEmail(ctx: RequestContext, token: string): Promise<Outcome> {
  const used = await consumeEmailToken(ctx, token, 'confirm');
  if (!used) return { ok: false, message: AUTH_ERRORS.linkInvalid, code: 'link_invalid' };
  await ctx.services.db.updateTable('auth_user').set({ email_verified_at: clock.now() }).where('id', '=', used.userId).execute();
  await ctx.services.db.insertInto('auth_notification').values({ user_id: used.userId, view_type: 'hint', title: 'E-mail подтверждён', content: 'Добро пожаловать в Агротехнику!' }).execute();
  await ctx.signIn(used.userId, 'browser');
  return { ok: true };
}

async function isTokenValid(ctx: RequestContext, token: string, purpose: 'confirm' | 'reset'): Promise<boolean> {
  const row = await ctx.services.db.selectFrom('auth_email_token').select('user_id').where('token_hash', '=', sha256(token))
    .where('purpose', '=', purpose).where('used_at', 'is', null).where('expires_at', '>', clock.now()).executeTakeFirst();
  return Boolean(row);
}

/** Whether a reset link is still usable (the page shows the form only then). */
export async function isResetTokenValid(ctx: RequestContext, token: string): Promise<boolean> {
  return isTokenValid(ctx, token, 'reset');
}

/**
 * Whether a confirmation link is still usable. Opening the link only asks this (mail scanners open
 * links too); the token is spent by the page's button (a POST), see app/routes/auth.confirm-email.tsx.
 */
export async function isConfirmTokenValid(ctx: RequestContext, token: string): Promise<boolean> {
  return isTokenValid(ctx, token, 'confirm');
}

/** The reset link's form: uses the link, sets the password (the e-mail is thereby confirmed), signs in. */
export async function resetPasswordByEmailToken(ctx: RequestContext, token: string, password: string): Promise<Outcome> {
  const used = await consumeEmailToken(ctx, token, 'reset');
  if (!used) return { ok: false, message: AUTH_ERRORS.linkInvalid, code: 'link_invalid' };
  return setNewPassword(ctx, used.userId, password, { email_verified_at: clock.now() });
}
