import { describe, expect, it } from 'vitest';
import {
  authModalElementId,
  authModalReducer,
  authModalTitle,
  hasAuthTypeTabs,
  initialAuthModalState,
  socialSignInHref,
  type AuthModalState,
} from './auth-modal.rules.ts';

const run = (state: AuthModalState, ...actions: Parameters<typeof authModalReducer>[1][]) => actions.reduce(authModalReducer, state);

describe('auth modal state (spec §2, §4)', () => {
  it('starts on EnterEmail by e-mail and titles it «Вход»', () => {
    const s = initialAuthModalState();
    expect(s).toMatchObject({ form: 'EnterEmail', authType: 'email', notice: null });
    expect(authModalTitle(s)).toBe('Вход');
  });

  it('opening replaces the form and its params; authType also sets the auth type', () => {
    const s = run(initialAuthModalState(), { type: 'authType', authType: 'phone' }, { type: 'open', request: { form: 'RegistrationStage1', params: { email: 'a@b.ru' } } });
    expect(s).toMatchObject({ form: 'RegistrationStage1', params: { email: 'a@b.ru' }, authType: 'email' });
    const byPhone = authModalReducer(s, { type: 'open', request: { form: 'ForgotPass', params: { authType: 'phone' } } });
    expect(byPhone).toMatchObject({ form: 'ForgotPass', authType: 'phone', flow: { step: 'step1', reset: true, channel: 'phone' } });
    expect(authModalTitle(byPhone)).toBe('Восстановление пароля');
  });

  it('switching keeps the auth type unless the params set it', () => {
    const phone = run(initialAuthModalState(), { type: 'authType', authType: 'phone' }, { type: 'switch', form: 'ForgotPass' });
    expect(phone).toMatchObject({ form: 'ForgotPass', authType: 'phone', flow: { channel: 'phone', reset: true } });
    const email = authModalReducer(phone, { type: 'switch', form: 'RegistrationStage1', params: { authType: 'email', email: 'x@y.ru' } });
    expect(email).toMatchObject({ form: 'RegistrationStage1', authType: 'email', params: { email: 'x@y.ru' }, flow: { step: 'step1', reset: false, channel: 'email' } });
  });

  it('runs phone registration: step 1 → step 2 (call title) → SMS title → step 3 → done', () => {
    let s = run(initialAuthModalState({ form: 'RegistrationStage1' }), { type: 'authType', authType: 'phone' });
    s = authModalReducer(s, { type: 'flow', event: { type: 'codeSent', phone: '79123456789', name: 'Иван' }, acceptAds: true });
    expect(s).toMatchObject({ form: 'RegistrationStage2', acceptAds: true, flow: { step: 'step2', via: 'call', attempts: 1 } });
    expect(authModalTitle(s)).toBe('Введите последние 4 цифры входящего номера');
    s = authModalReducer(s, { type: 'flow', event: { type: 'codeResent', via: 'sms' } });
    expect(authModalTitle(s)).toBe('Введите код из SMS');
    s = authModalReducer(s, { type: 'flow', event: { type: 'codeConfirmed', code: '1234' } });
    expect(s).toMatchObject({ form: 'RegistrationStage3', flow: { step: 'step3', code: '1234', reset: false } });
    expect(authModalTitle(s)).toBe('Задайте пароль');
    s = authModalReducer(s, { type: 'flow', event: { type: 'passwordSaved' } });
    expect(s.flow.step).toBe('done');
  });

  it('recovery by phone reaches step 2 flagged as a reset', () => {
    const s = run(initialAuthModalState({ form: 'ForgotPass', params: { authType: 'phone' } }), { type: 'flow', event: { type: 'codeSent', phone: '79123456789', name: 'x' } });
    expect(s).toMatchObject({ form: 'RegistrationStage2', flow: { step: 'step2', reset: true, name: '' } });
  });

  it('the e-mail paths end with the success message under the same form', () => {
    const s = authModalReducer(initialAuthModalState({ form: 'RegistrationStage1' }), { type: 'flow', event: { type: 'emailAccepted' }, notice: 'Письмо отправлено' });
    expect(s).toMatchObject({ form: 'RegistrationStage1', notice: 'Письмо отправлено', flow: { step: 'emailSent' } });
    expect(authModalTitle(s)).toBe('Регистрация');
    expect(authModalReducer(s, { type: 'reset' })).toEqual(initialAuthModalState());
  });

  it('an event that does not apply leaves the state as it is', () => {
    const s = initialAuthModalState({ form: 'RegistrationStage1' });
    expect(authModalReducer(s, { type: 'flow', event: { type: 'codeSent', phone: '79123456789', name: 'x' } })).toBe(s);
  });

  it('stage 2 opened directly takes the phone, name and channel from the params', () => {
    const s = initialAuthModalState({ form: 'RegistrationStage2', params: { phone: '79123456789', name: 'Иван', channel: 'sms' } });
    expect(s.flow).toEqual({ step: 'step2', reset: false, phone: '79123456789', name: 'Иван', via: 'sms', attempts: 1 });
    expect(authModalTitle(s)).toBe('Введите код из SMS');
  });
});

describe('auth modal helpers', () => {
  it('element id is the form name with an optional prefix', () => {
    expect(authModalElementId('EnterEmail')).toBe('EnterEmail');
    expect(authModalElementId('ForgotPass', 'page')).toBe('page-ForgotPass');
  });

  it('tabs show on EnterEmail, RegistrationStage1 and ForgotPass only', () => {
    expect(['EnterEmail', 'RegistrationStage1', 'RegistrationStage2', 'RegistrationStage3', 'ForgotPass'].filter((f) => hasAuthTypeTabs(f as never)))
      .toEqual(['EnterEmail', 'RegistrationStage1', 'ForgotPass']);
  });

  it('social links go to /auth-social with authclient and the redirect', () => {
    expect(socialSignInHref('yandex')).toBe('/auth-social?authclient=yandex');
    expect(socialSignInHref('vkontakte', '/profile/bookmarks')).toBe('/auth-social?authclient=vkontakte&redirect=%2Fprofile%2Fbookmarks');
  });
});

describe("'Изменить номер' on step 2", () => {
  it('returns to step 1 by phone with the number and the name as typed', () => {
    let s = initialAuthModalState({ form: 'RegistrationStage1', params: { authType: 'phone' } });
    s = authModalReducer(s, { type: 'flow', event: { type: 'codeSent', phone: '79124693764', name: 'Иван' } });
    expect(s.form).toBe('RegistrationStage2');
    s = authModalReducer(s, { type: 'flow', event: { type: 'changePhone' } });
    expect(s).toMatchObject({ form: 'RegistrationStage1', authType: 'phone', params: { authType: 'phone', phone: '79124693764', name: 'Иван' } });
    expect(s.flow).toEqual({ step: 'step1', reset: false, channel: 'phone' });
  });
  it('on the recovery path returns to ForgotPass with the number', () => {
    let s = initialAuthModalState({ form: 'ForgotPass', params: { authType: 'phone' } });
    s = authModalReducer(s, { type: 'flow', event: { type: 'codeSent', phone: '79124693764', name: '' } });
    s = authModalReducer(s, { type: 'flow', event: { type: 'changePhone' } });
    expect(s).toMatchObject({ form: 'ForgotPass', params: { authType: 'phone', phone: '79124693764' } });
  });
});

describe('firstIssueByField', () => {
  it('keeps the first message of each field', async () => {
    const { emailRegistrationInput, AUTH_MESSAGES } = await import('#app/modules/auth/auth.schema.ts');
    const { firstIssueByField } = await import('#app/components/forms/form.rules.ts');
    const result = emailRegistrationInput.safeParse({ name: '', email: 'x', password: '1', confirm_password: '', acceptGDPR: false, acceptAds: true });
    expect(result.success).toBe(false);
    const errors = firstIssueByField(result.error!.issues);
    expect(errors).toMatchObject({ name: AUTH_MESSAGES.name, email: AUTH_MESSAGES.email, password: AUTH_MESSAGES.passwordTooShort, acceptGDPR: AUTH_MESSAGES.policy });
    expect(errors.acceptAds).toBeUndefined();
  });
});
