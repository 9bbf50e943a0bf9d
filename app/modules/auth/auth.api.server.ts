import { Hono, type Context } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { answerOutcome, readRawBody, validate, type OutcomeStatus } from '#app/.server/http.ts';
import {
  codeStepInput, emailRegistrationInput, fromProps, passwordStepInput, phoneRegistrationInput,
  recoveryByEmailInput, recoveryByPhoneInput, recoveryCodeStepInput, signInByEmailInput, signInByPhoneInput,
} from './auth.schema.ts';
import {
  AUTH_ERRORS, checkPhoneCode, minutesOf, registerByEmail, registerByPhone, requestPasswordResetByEmail,
  resendConfirmation, resetPasswordByPhone, sendPhoneCode, type Outcome,
} from './auth.server.ts';
import { persistenceOf } from '#app/.server/session.ts';
import { authorize } from './users.server.ts';

type C = Context<HonoEnv>;

/**
 * The request of spec §7: `type` and `props[...]` from the body (form or JSON) and, for
 * verify-by-captcha, the query string.
 */
async function readAuthRequest(c: C) {
  const raw = await readRawBody(c);
  if (!raw.ok) return raw;
  const body = (typeof raw.data === 'object' && raw.data !== null ? raw.data : {}) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...c.req.query(), ...body };
  const type = typeof merged.type === 'string' ? merged.type : '';
  return { ok: true as const, type, props: fromProps(merged) };
}

const STATUS: Record<string, OutcomeStatus> = {
  captcha_error: 403, phone_exists: 409, email_exists: 409, phone_not_exists: 404, email_not_exists: 404,
  password_error: 401, email_not_confirmed: 403, wrong_code: 422, too_many_attempts: 429, code_expired: 422,
  too_soon: 429, too_many_codes: 429, too_many_requests: 429, delivery_error: 503, link_invalid: 422, busy: 503,
};

export function answer(c: C, outcome: Outcome, extra: Record<string, unknown> = {}) {
  return answerOutcome(c, outcome, STATUS, extra);
}

export const authApi = new Hono<HonoEnv>()
  /** Step 1 by phone: registration (acceptGDPR) or recovery (reset-password flag); a flash call follows. */
  .post('/auth/verify-by-captcha', async (c) => {
    const req = await readAuthRequest(c);
    if (!req.ok) return req.response;
    const reset = req.props.reset_password === true;
    const input = reset ? validate(c, recoveryByPhoneInput, req.props) : validate(c, phoneRegistrationInput.omit({ name: true }), req.props);
    if (!input.ok) return input.response;
    return answer(c, await sendPhoneCode(c.get('ctx'), { phone: input.data.phone, captchaToken: input.data.captchaToken, purpose: reset ? 'reset' : 'registration', channel: 'call' }));
  })
  /** 'Повторить звонок' (type phone) or 'Запросить SMS код' (type sms); the captcha is solved again. */
  .post('/auth/verification-retry', async (c) => {
    const req = await readAuthRequest(c);
    if (!req.ok) return req.response;
    const input = validate(c, recoveryByPhoneInput, req.props);
    if (!input.ok) return input.response;
    const channel = req.type === 'sms' ? 'sms' : 'call';
    return answer(c, await sendPhoneCode(c.get('ctx'), { phone: input.data.phone, captchaToken: input.data.captchaToken, purpose: req.props.reset_password ? 'reset' : 'registration', channel }));
  })
  /** Step 2: the code is right (it is used up in step 3). */
  .post('/auth/verify', async (c) => {
    const req = await readAuthRequest(c);
    if (!req.ok) return req.response;
    const reset = req.props.reset_password === true;
    const input = reset ? validate(c, recoveryCodeStepInput, req.props) : validate(c, codeStepInput, req.props);
    if (!input.ok) return input.response;
    return answer(c, await checkPhoneCode(c.get('ctx'), { phone: input.data.phone, code: input.data.code, purpose: reset ? 'reset' : 'registration' }));
  })
  /** Registration by e-mail (name, email, password twice, both consents) or, by phone, step 3. */
  .post('/auth/registration', async (c) => {
    const req = await readAuthRequest(c);
    if (!req.ok) return req.response;
    const ctx = c.get('ctx');
    if (req.type === 'email' || (req.type !== 'phone' && req.props.email !== undefined)) {
      const input = validate(c, emailRegistrationInput, req.props);
      if (!input.ok) return input.response;
      return answer(c, await registerByEmail(ctx, input.data));
    }
    const input = validate(c, codeStepInput.and(passwordStepInput), req.props);
    if (!input.ok) return input.response;
    return answer(c, await registerByPhone(ctx, { phone: input.data.phone, name: input.data.name, code: input.data.code, password: input.data.pass1, acceptAds: req.props.acceptAds === true }));
  })
  /** Recovery by phone, step 3: the reset code and the new password twice. */
  .post('/auth/reset-password', async (c) => {
    const req = await readAuthRequest(c);
    if (!req.ok) return req.response;
    const input = validate(c, recoveryCodeStepInput.and(passwordStepInput), req.props);
    if (!input.ok) return input.response;
    return answer(c, await resetPasswordByPhone(c.get('ctx'), { phone: input.data.phone, code: input.data.code, password: input.data.pass1 }));
  })
  /** Sign-in by e-mail or phone with a password; with reset_password=1 and an e-mail, a reset link. */
  .post('/auth/authorize', async (c) => {
    const req = await readAuthRequest(c);
    if (!req.ok) return req.response;
    const ctx = c.get('ctx');
    if (req.props.reset_password) {
      const input = validate(c, recoveryByEmailInput, req.props);
      if (!input.ok) return input.response;
      return answer(c, await requestPasswordResetByEmail(ctx, input.data.email));
    }
    const byPhone = req.type === 'phone';
    const input = byPhone ? validate(c, signInByPhoneInput, req.props) : validate(c, signInByEmailInput, req.props);
    if (!input.ok) return input.response;
    const persistence = persistenceOf(input.data);
    const login = 'email' in input.data ? { email: input.data.email as string } : { phone: input.data.phone as string };
    const result = await authorize(ctx, { ...login, password: input.data.password, persistence });
    if (result.ok) return answer(c, { ok: true });
    if (result.code === 'too_many_attempts') {
      return answer(c, { ok: false, code: 'too_many_attempts', message: AUTH_ERRORS.tooManySignIns(minutesOf(result.retryAfterSeconds)), retryAfterSeconds: result.retryAfterSeconds });
    }
    const messages = {
      email_not_exists: AUTH_ERRORS.emailUnknown, phone_not_exists: AUTH_ERRORS.phoneUnknown,
      password_error: AUTH_ERRORS.passwordError, email_not_confirmed: AUTH_ERRORS.emailNotConfirmed, busy: AUTH_ERRORS.busy,
    } as const;
    return answer(c, { ok: false, code: result.code, message: messages[result.code] });
  })
  /** 'Отправить письмо ещё раз' after 'E-mail не подтверждён': a neutral answer, the registration letters' limits. */
  .post('/auth/resend-confirmation', async (c) => {
    const req = await readAuthRequest(c);
    if (!req.ok) return req.response;
    const input = validate(c, recoveryByEmailInput, req.props);
    if (!input.ok) return input.response;
    return answer(c, await resendConfirmation(c.get('ctx'), input.data.email));
  })
  .post('/auth/logout', async (c) => {
    await c.get('ctx').signOut();
    return c.json({ error_status: 'success', redirect: '/' });
  });
