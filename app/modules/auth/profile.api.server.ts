import { Hono, type Context } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { answerOutcome, readBody, type OutcomeStatus } from '#app/.server/http.ts';
import type { Outcome } from './auth.server.ts';
import {
  changePassword, markNotificationShown, pendingNotifications, requestEmailChange,
  requestPhoneChange, confirmPhoneChange, signOutEverywhere, updateName,
} from './profile.server.ts';
import { SIGN_OUT_EVERYWHERE_PATH } from './auth.constants.ts';
import {
  PROFILE_MESSAGES, profileEmailInput, profileNameInput, profilePasswordInput, profilePhoneConfirmInput, profilePhoneInput,
} from './profile.schema.ts';

type C = Context<HonoEnv>;

const STATUS: Record<string, OutcomeStatus> = {
  sign_in_required: 401, captcha_error: 403, not_found: 404, email_exists: 409, phone_exists: 409, email_same: 400, phone_same: 400,
  wrong_code: 422, code_expired: 422, too_many_attempts: 429, too_soon: 429, too_many_codes: 429, too_many_emails: 429,
  delivery_error: 503, link_invalid: 422, password_error: 422, busy: 503,
};

function answer(c: C, outcome: Outcome, extra: Record<string, unknown> = {}) {
  return answerOutcome(c, outcome, STATUS, extra);
}

function signInRequired(c: C) {
  return c.json({ error_status: 'error', message: PROFILE_MESSAGES.signInRequired, code: 'sign_in_required' }, 401);
}

/**
 * The signed-in user's API (mounted under /api): notifications of spec §4 and the 'Мои данные'
 * forms. Guests get 401 before anything is read.
 */
export const profileApi = new Hono<HonoEnv>()
  .use('/notifications/*', async (c, next) => { c.header('Cache-Control', 'no-store'); await next(); })
  .use('/profile/*', async (c, next) => { c.header('Cache-Control', 'no-store'); await next(); })
  .get('/notifications', async (c) => {
    const list = await pendingNotifications(c.get('ctx'));
    if (!list) return signInRequired(c);
    return c.json({ error_status: 'success', notifications: list });
  })
  .post('/notifications/:id/shown', async (c) => {
    const ctx = c.get('ctx');
    if (ctx.session?.userId == null) return signInRequired(c);
    const raw = c.req.param('id');
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
    if (id === null) return answer(c, { ok: false, message: PROFILE_MESSAGES.notificationNotFound, code: 'not_found' });
    return answer(c, await markNotificationShown(ctx, id));
  })
  .post('/profile', async (c) => {
    if (c.get('ctx').session?.userId == null) return signInRequired(c);
    const input = await readBody(c, profileNameInput);
    if (!input.ok) return input.response;
    return answer(c, await updateName(c.get('ctx'), input.data.name), { name: input.data.name });
  })
  .post('/profile/email', async (c) => {
    if (c.get('ctx').session?.userId == null) return signInRequired(c);
    const input = await readBody(c, profileEmailInput);
    if (!input.ok) return input.response;
    return answer(c, await requestEmailChange(c.get('ctx'), input.data.email));
  })
  .post('/profile/phone', async (c) => {
    if (c.get('ctx').session?.userId == null) return signInRequired(c);
    const input = await readBody(c, profilePhoneInput);
    if (!input.ok) return input.response;
    return answer(c, await requestPhoneChange(c.get('ctx'), input.data));
  })
  .post('/profile/phone/confirm', async (c) => {
    if (c.get('ctx').session?.userId == null) return signInRequired(c);
    const input = await readBody(c, profilePhoneConfirmInput);
    if (!input.ok) return input.response;
    return answer(c, await confirmPhoneChange(c.get('ctx'), input.data), { phone: input.data.phone });
  })
  /** 'Сменить пароль': the current password and the new one twice; the user's other sessions end. */
  .post('/profile/password', async (c) => {
    if (c.get('ctx').session?.userId == null) return signInRequired(c);
    const input = await readBody(c, profilePasswordInput);
    if (!input.ok) return input.response;
    return answer(c, await changePassword(c.get('ctx'), { current: input.data.current, password: input.data.pass1 }));
  })
  /** 'Выйти на всех устройствах': every session of the account ends, this one too. */
  .post(SIGN_OUT_EVERYWHERE_PATH.replace(/^\/api/, ''), async (c) => {
    if (c.get('ctx').session?.userId == null) return signInRequired(c);
    return answer(c, await signOutEverywhere(c.get('ctx')), { redirect: '/' });
  });
