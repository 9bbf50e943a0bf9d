import type { RequestContext } from '#app/.server/context.ts';
import { randomToken, sha256 } from '#app/.server/security/tokens.ts';
import { issueCode, verifyCode, type CodeChannel, type CodePurpose, type VerifyResult } from './codes.server.ts';
import { ProviderError } from './providers/providers.ts';
import { lockText } from './phone.rules.ts';
import { hashPassword } from './password.server.ts';
import { consentsGiven, createUser, findUserByEmail, findUserByPhone } from './users.server.ts';

/** Messages of the auth endpoints beyond spec §5 (the modal shows them in an alert, spec §8). */
export const AUTH_ERRORS = {
  captcha: 'Подтвердите, что вы не робот: проверка не пройдена',
  phoneTaken: 'Этот номер уже зарегистрирован. Войдите или восстановите пароль',
  emailTaken: 'Этот e-mail уже зарегистрирован. Войдите или восстановите пароль',
  phoneUnknown: 'Пользователь с таким номером не найден',
  emailUnknown: 'Пользователь с таким e-mail не найден',
  tooManyCodes: 'Слишком много запросов кода. Попробуйте позже',
  wrongCode: (left: number) => `Неверный код. Осталось попыток: ${left}`,
  tooManyAttempts: 'Слишком много неверных попыток. Запросите новый код',
  codeExpired: 'Код устарел или уже использован. Запросите новый код',
  delivery: 'Не удалось отправить код. Попробуйте ещё раз через минуту',
  mailDelivery: 'Не удалось отправить письмо. Попробуйте ещё раз через минуту',
  linkInvalid: 'Ссылка устарела или уже использована. Запросите новую',
  tooManySignIns: (minutes: number) => `Слишком много попыток входа. Попробуйте через ${minutes} мин.`,
  passwordError: 'Неверный пароль',
  emailNotConfirmed: 'E-mail не подтверждён. Перейдите по ссылке из письма, которое мы отправили при регистрации',
} as const;

export const AUTH_SUCCESS = {
  callPlaced: 'Мы звоним на ваш номер. Введите последние 4 цифры входящего номера',
  smsSent: 'Мы отправили SMS с кодом на ваш номер',
  emailRegistered: 'Мы отправили письмо на ваш e-mail. Чтобы завершить регистрацию, подтвердите e-mail по ссылке из письма',
  resetLinkSent: 'Если такой e-mail зарегистрирован, мы отправили на него ссылку для восстановления пароля',
} as const;

const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60_000;

export type Outcome = { ok: true; message?: string } | { ok: false; message: string; code?: string };

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
  if (!issued.ok) {
    return issued.code === 'too_soon'
      ? { ok: false, message: lockText(issued.retryAfterSeconds), code: 'too_soon' }
      : { ok: false, message: AUTH_ERRORS.tooManyCodes, code: 'too_many_codes' };
  }
  try {
    if (input.channel === 'call') await providers.call.call(input.phone, issued.code);
    else await providers.sms.send(input.phone, `Код для входа в Агротехнику: ${issued.code}. Никому его не сообщайте.`);
  } catch (error) {
    if (error instanceof ProviderError) return { ok: false, message: AUTH_ERRORS.delivery, code: 'delivery_error' };
    throw error;
  }
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
  const userId = await createUser(db, { name: input.name, phone: input.phone, phoneVerified: true, password: input.password, consents: consentsGiven({ acceptGDPR: true, acceptAds: input.acceptAds }), ip: ctx.ip });
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
  await db.updateTable('auth_user').set({ password_hash: await hashPassword(input.password), phone_verified_at: new Date() }).where('id', '=', user.id).execute();
  await ctx.signIn(user.id, 'browser');
  return { ok: true };
}

async function sendEmailLink(ctx: RequestContext, input: { userId: number; email: string; purpose: 'confirm' | 'reset' }): Promise<void> {
  const token = randomToken();
  await ctx.services.db.insertInto('auth_email_token').values({
    token_hash: sha256(token), purpose: input.purpose, user_id: input.userId, email: input.email,
    expires_at: new Date(Date.now() + EMAIL_TOKEN_TTL_MS),
  }).execute();
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
  if (await findUserByEmail(db, input.email)) return { ok: false, message: AUTH_ERRORS.emailTaken, code: 'email_exists' };
  const userId = await createUser(db, { name: input.name, email: input.email, password: input.password, consents: consentsGiven({ acceptGDPR: true, acceptAds: input.acceptAds }), ip: ctx.ip });
  try {
    await sendEmailLink(ctx, { userId, email: input.email.trim().toLowerCase(), purpose: 'confirm' });
  } catch (error) {
    if (error instanceof ProviderError) return { ok: false, message: AUTH_ERRORS.mailDelivery, code: 'delivery_error' };
    throw error;
  }
  return { ok: true, message: AUTH_SUCCESS.emailRegistered };
}

/** Recovery by e-mail (spec §7 authorize with reset_password=1): the same answer whether or not the address is known. */
export async function requestPasswordResetByEmail(ctx: RequestContext, email: string): Promise<Outcome> {
  const user = await findUserByEmail(ctx.services.db, email);
  if (user) {
    try {
      await sendEmailLink(ctx, { userId: user.id, email: email.trim().toLowerCase(), purpose: 'reset' });
    } catch (error) {
      if (error instanceof ProviderError) return { ok: false, message: AUTH_ERRORS.mailDelivery, code: 'delivery_error' };
      throw error;
    }
  }
  return { ok: true, message: AUTH_SUCCESS.resetLinkSent };
}

/** Uses an e-mail link once; the caller acts for the user it names. */
async function consumeEmailToken(ctx: RequestContext, token: string, purpose: 'confirm' | 'reset'): Promise<{ userId: number; email: string } | null> {
  const row = await ctx.services.db.updateTable('auth_email_token').set({ used_at: new Date() })
    .where('token_hash', '=', sha256(token)).where('purpose', '=', purpose)
    .where('used_at', 'is', null).where('expires_at', '>', new Date())
    .returning(['user_id', 'email']).executeTakeFirst();
  return row ? { userId: row.user_id, email: row.email } : null;
}

/** The confirmation link: marks the e-mail confirmed and signs the user in. */
export async function confirmEmail(ctx: RequestContext, token: string): Promise<Outcome> {
  const used = await consumeEmailToken(ctx, token, 'confirm');
  if (!used) return { ok: false, message: AUTH_ERRORS.linkInvalid, code: 'link_invalid' };
  await ctx.services.db.updateTable('auth_user').set({ email_verified_at: new Date() }).where('id', '=', used.userId).execute();
  await ctx.services.db.insertInto('auth_notification').values({ user_id: used.userId, view_type: 'hint', title: 'E-mail подтверждён', content: 'Добро пожаловать в Агротехнику!' }).execute();
  await ctx.signIn(used.userId, 'browser');
  return { ok: true };
}

/** Whether a reset link is still usable (the page shows the form only then). */
export async function isResetTokenValid(ctx: RequestContext, token: string): Promise<boolean> {
  const row = await ctx.services.db.selectFrom('auth_email_token').select('user_id').where('token_hash', '=', sha256(token))
    .where('purpose', '=', 'reset').where('used_at', 'is', null).where('expires_at', '>', new Date()).executeTakeFirst();
  return Boolean(row);
}

/** The reset link's form: uses the link, sets the password (the e-mail is thereby confirmed), signs in. */
export async function resetPasswordByEmailToken(ctx: RequestContext, token: string, password: string): Promise<Outcome> {
  const used = await consumeEmailToken(ctx, token, 'reset');
  if (!used) return { ok: false, message: AUTH_ERRORS.linkInvalid, code: 'link_invalid' };
  await ctx.services.db.updateTable('auth_user').set({ password_hash: await hashPassword(password), email_verified_at: new Date() }).where('id', '=', used.userId).execute();
  await ctx.signIn(used.userId, 'browser');
  return { ok: true };
}
