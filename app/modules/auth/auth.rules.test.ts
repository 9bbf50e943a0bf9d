import { describe, expect, it } from 'vitest';
import { AUTH_FORM_NAMES, CAPTCHA_HEIGHT_PX, CODE_MAX_WRONG_ATTEMPTS, CODE_TTL_MS, CODES_PER_IP_PER_DAY, CODES_PER_PHONE_IN_WINDOW, CODES_PER_PHONE_PER_DAY, CODES_PER_PHONE_WINDOW_MS, MIN_PASSWORD_LENGTH, MODAL_RESET_DELAY_MS, RETRY_LABELS, SOCIAL_PROVIDERS } from './auth.constants.ts';
import { ALL_MAX_DIGITS, PHONE_COUNTRIES, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '#app/lib/phone.ts';
import { CODE_CHUNK_LENGTH, CODE_CHUNKS, MIN_CODE_LENGTH, RESEND_LOCK_SECONDS } from '#app/lib/code.ts';
import { authFormTitle, flowFormName, passwordEndpoint, registrationFlow, retryOptions, startRecovery, startRegistration, withRetryTime, type FlowEvent, type FlowState } from './auth.rules.ts';
import { backspaceChunk, canSubmitCode, isCodeComplete, pasteCode, sanitizeCode, splitCode, typeIntoChunk } from '#app/lib/code.ts';
import { consentError } from '#app/lib/validation.ts';

describe('constants (spec §9 and the accounts issue)', () => {
  it('names the spec numbers', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(MIN_CODE_LENGTH).toBe(4);
    expect([PHONE_MIN_DIGITS, PHONE_MAX_DIGITS]).toEqual([11, 12]);
    expect(ALL_MAX_DIGITS).toBe(18);
    expect(RESEND_LOCK_SECONDS).toBe(30);
    expect(MODAL_RESET_DELAY_MS).toBe(550);
    expect([CODE_CHUNKS, CODE_CHUNK_LENGTH]).toEqual([4, 1]);
    expect(CAPTCHA_HEIGHT_PX).toBe(100);
  });

  it('names the code protection of the issue', () => {
    expect(CODE_TTL_MS).toBe(10 * 60 * 1000);
    expect(CODE_MAX_WRONG_ATTEMPTS).toBe(5);
    expect([CODES_PER_PHONE_IN_WINDOW, CODES_PER_PHONE_WINDOW_MS]).toEqual([3, 10 * 60 * 1000]);
    expect(CODES_PER_PHONE_PER_DAY).toBe(10);
    expect(CODES_PER_IP_PER_DAY).toBe(30);
  });

  it('has four social providers, all enabled', () => {
    expect(SOCIAL_PROVIDERS.map((p) => [p.id, p.name])).toEqual([
      ['yandex', 'Яндекс'], ['mailru', 'Mail.ru'], ['vkontakte', 'ВКонтакте'], ['ok', 'Одноклассники'],
    ]);
    expect(SOCIAL_PROVIDERS.every((p) => !p.disabled && p.icon !== '')).toBe(true);
  });

  it('lists the phone countries of spec §3', () => {
    expect(PHONE_COUNTRIES.map((c) => `${c.id} ${c.label} ${c.prefix}`.trim())).toEqual([
      'RU Россия +7', 'KZ Казахстан +7', 'BY Беларусь +375', 'ALL Другая страна',
    ]);
  });

  it('lists the forms and their titles (spec §2)', () => {
    expect(AUTH_FORM_NAMES).toEqual(['EnterEmail', 'RegistrationStage1', 'RegistrationStage2', 'RegistrationStage3', 'ForgotPass']);
    expect(authFormTitle('EnterEmail')).toBe('Вход');
    expect(authFormTitle('RegistrationStage1')).toBe('Регистрация');
    expect(authFormTitle('RegistrationStage2', 'call')).toBe('Введите последние 4 цифры входящего номера');
    expect(authFormTitle('RegistrationStage2', 'sms')).toBe('Введите код из SMS');
    expect(authFormTitle('RegistrationStage3')).toBe('Задайте пароль');
    expect(authFormTitle('ForgotPass')).toBe('Восстановление пароля');
  });
});

describe('canSubmitCode (spec §5)', () => {
  it('is true from 4 characters on', () => {
    expect(canSubmitCode('')).toBe(false);
    expect(canSubmitCode('123')).toBe(false);
    expect(canSubmitCode(' 123 ')).toBe(false);
    expect(canSubmitCode('1234')).toBe(true);
    expect(canSubmitCode('12345')).toBe(true);
  });
});

describe('registrationFlow', () => {
  const run = (state: FlowState, ...events: FlowEvent[]) => events.reduce(registrationFlow, state);

  it('registration by phone: step1 → step2 → step3 → done', () => {
    const step1 = startRegistration('phone');
    expect(step1).toEqual({ step: 'step1', reset: false, channel: 'phone' });
    expect(flowFormName(step1)).toBe('RegistrationStage1');

    const step2 = registrationFlow(step1, { type: 'codeSent', phone: '79123456789', name: 'Иван' });
    expect(step2).toEqual({ step: 'step2', reset: false, phone: '79123456789', name: 'Иван', via: 'call', attempts: 1 });
    expect(flowFormName(step2)).toBe('RegistrationStage2');

    const step3 = registrationFlow(step2, { type: 'codeConfirmed', code: '1234' });
    expect(step3).toEqual({ step: 'step3', reset: false, phone: '79123456789', name: 'Иван', code: '1234' });
    expect(flowFormName(step3)).toBe('RegistrationStage3');
    expect(step3.step === 'step3' && passwordEndpoint(step3)).toBe('/api/auth/registration');

    const done = registrationFlow(step3, { type: 'passwordSaved' });
    expect(done).toEqual({ step: 'done', reset: false });
    expect(flowFormName(done)).toBeNull();
  });

  it('registration by e-mail: step1 → emailSent', () => {
    const sent = run(startRegistration(), { type: 'emailAccepted' });
    expect(sent).toEqual({ step: 'emailSent', reset: false });
    expect(flowFormName(sent)).toBeNull();
  });

  it('recovery by phone: step1 → step2 (reset) → step3 (reset) → done, saved through reset-password', () => {
    const step1 = startRecovery('phone');
    expect(flowFormName(step1)).toBe('ForgotPass');
    const step2 = registrationFlow(step1, { type: 'codeSent', phone: '77011234567', name: 'ignored' });
    expect(step2).toEqual({ step: 'step2', reset: true, phone: '77011234567', name: '', via: 'call', attempts: 1 });
    const step3 = registrationFlow(step2, { type: 'codeConfirmed', code: 'ab12' });
    expect(step3).toMatchObject({ step: 'step3', reset: true, code: 'ab12' });
    expect(step3.step === 'step3' && passwordEndpoint(step3)).toBe('/api/auth/reset-password');
    expect(registrationFlow(step3, { type: 'passwordSaved' })).toEqual({ step: 'done', reset: true });
  });

  it('recovery by e-mail: step1 → emailSent', () => {
    expect(run(startRecovery('email'), { type: 'emailAccepted' })).toEqual({ step: 'emailSent', reset: true });
  });

  it('switching the channel on step 1 decides the path', () => {
    const phone = run(startRegistration('email'), { type: 'channelChanged', channel: 'phone' });
    expect(phone).toEqual({ step: 'step1', reset: false, channel: 'phone' });
    expect(registrationFlow(phone, { type: 'emailAccepted' })).toBe(phone);
    const email = startRegistration('email');
    expect(registrationFlow(email, { type: 'codeSent', phone: '79123456789', name: 'Иван' })).toBe(email);
  });

  it('retries stay on step 2: a call counts as an attempt, an SMS switches the title', () => {
    const step2 = run(startRegistration('phone'), { type: 'codeSent', phone: '79123456789', name: 'Иван' });
    const secondCall = registrationFlow(step2, { type: 'codeResent', via: 'call' });
    expect(secondCall).toMatchObject({ step: 'step2', via: 'call', attempts: 2 });
    const sms = registrationFlow(secondCall, { type: 'codeResent', via: 'sms' });
    expect(sms).toMatchObject({ step: 'step2', via: 'sms', attempts: 2 });
    expect(sms.step === 'step2' && authFormTitle('RegistrationStage2', sms.via)).toBe('Введите код из SMS');
  });

  it('a code shorter than 4 characters does not leave step 2', () => {
    const step2 = run(startRegistration('phone'), { type: 'codeSent', phone: '79123456789', name: 'Иван' });
    expect(registrationFlow(step2, { type: 'codeConfirmed', code: '123' })).toBe(step2);
  });

  it('ignores events that do not belong to the step', () => {
    const step1 = startRegistration('phone');
    expect(registrationFlow(step1, { type: 'codeConfirmed', code: '1234' })).toBe(step1);
    expect(registrationFlow(step1, { type: 'passwordSaved' })).toBe(step1);
    const step2 = registrationFlow(step1, { type: 'codeSent', phone: '79123456789', name: 'Иван' });
    expect(registrationFlow(step2, { type: 'passwordSaved' })).toBe(step2);
    expect(registrationFlow(step2, { type: 'emailAccepted' })).toBe(step2);
    const step3 = registrationFlow(step2, { type: 'codeConfirmed', code: '1234' });
    expect(registrationFlow(step3, { type: 'codeResent', via: 'sms' })).toBe(step3);
    const done = registrationFlow(step3, { type: 'passwordSaved' });
    expect(registrationFlow(done, { type: 'codeSent', phone: '1', name: 'x' })).toBe(done);
    const sent = run(startRecovery(), { type: 'emailAccepted' });
    expect(registrationFlow(sent, { type: 'passwordSaved' })).toBe(sent);
  });
});

describe('retryOptions (spec §4 step 2)', () => {
  it('hides the links during the lock and shows the countdown', () => {
    expect(retryOptions({ attempts: 1, secondsLeft: 30 })).toEqual({
      lockText: 'Получить новый код можно через 0:30', retryCall: false, requestSms: false, captchaRequired: false, linksDisabled: false,
    });
    expect(retryOptions({ attempts: 3, secondsLeft: 1 }).lockText).toBe('Получить новый код можно через 0:01');
    expect(retryOptions({ attempts: 3, secondsLeft: 1 }).requestSms).toBe(false);
  });

  it("after the lock shows 'Повторить звонок', which needs a captcha", () => {
    expect(retryOptions({ attempts: 1, secondsLeft: 0 })).toEqual({ lockText: null, retryCall: true, requestSms: false, captchaRequired: true, linksDisabled: false });
  });

  it("from the second call attempt on also shows 'Запросить SMS код'", () => {
    expect(retryOptions({ attempts: 2, secondsLeft: 0 })).toMatchObject({ retryCall: true, requestSms: true });
    expect(retryOptions({ attempts: 5, secondsLeft: 0 })).toMatchObject({ retryCall: true, requestSms: true });
  });

  it('while a server limit stands: the links are disabled, no captcha and no countdown show', () => {
    expect(retryOptions({ attempts: 2, secondsLeft: 0, limitSeconds: 540 })).toEqual({ lockText: null, retryCall: true, requestSms: true, captchaRequired: false, linksDisabled: true });
  });

  it('the captcha and the lock countdown never show together', () => {
    for (const secondsLeft of [0, 1, 15, 30]) {
      for (const limitSeconds of [0, 1, 600]) {
        const options = retryOptions({ attempts: 2, secondsLeft, limitSeconds });
        expect(options.captchaRequired && (options.lockText !== null || options.linksDisabled)).toBe(false);
      }
    }
  });

  it('labels the links as the spec does', () => {
    expect(RETRY_LABELS).toEqual({ call: 'Повторить звонок', sms: 'Запросить SMS код' });
  });
});

describe('consentError (spec §5)', () => {
  it('shows the message for a required, unticked consent after a submit attempt only', () => {
    expect(consentError({ required: true, checked: false, submitAttempted: true })).toBe('Пожалуйста, подтвердите согласие');
    expect(consentError({ required: true, checked: false, submitAttempted: false })).toBeNull();
    expect(consentError({ required: true, checked: true, submitAttempted: true })).toBeNull();
  });

  it('never for an optional consent (ads by default)', () => {
    expect(consentError({ required: false, checked: false, submitAttempted: true })).toBeNull();
  });
});

describe('code input (spec §5: 4 chunks of 1 alphanumeric character)', () => {
  const empty = ['', '', '', ''];

  it('keeps letters and digits only', () => {
    expect(sanitizeCode(' 12-3a_Б!')).toBe('123a');
  });

  it('splits a value into the chunks', () => {
    expect(splitCode('12')).toEqual(['1', '2', '', '']);
    expect(splitCode('123456')).toEqual(['1', '2', '3', '4']);
    expect(splitCode('abcdef', { chunks: 3, chunkLength: 2 })).toEqual(['ab', 'cd', 'ef']);
  });

  it('is complete when every chunk is full', () => {
    expect(isCodeComplete(['1', '2', '3', '4'])).toBe(true);
    expect(isCodeComplete(['1', '2', '', '4'])).toBe(false);
    expect(isCodeComplete(['ab', 'c'], { chunks: 2, chunkLength: 2 })).toBe(false);
  });

  it('advances to the next chunk when one is full, and stays on the last', () => {
    expect(typeIntoChunk(empty, 0, '7')).toEqual({ chunks: ['7', '', '', ''], focus: 1 });
    expect(typeIntoChunk(['1', '2', '3', ''], 3, '4')).toEqual({ chunks: ['1', '2', '3', '4'], focus: 3 });
  });

  it('refuses other characters', () => {
    expect(typeIntoChunk(empty, 1, '-')).toEqual({ chunks: empty, focus: 1 });
  });

  it('typing over a filled chunk runs on into the next one', () => {
    expect(typeIntoChunk(['1', '', '', ''], 0, '15')).toEqual({ chunks: ['1', '5', '', ''], focus: 2 });
  });

  it('a paste fills every chunk from the first', () => {
    expect(pasteCode('12 34')).toEqual({ chunks: ['1', '2', '3', '4'], focus: 3 });
    expect(pasteCode('98')).toEqual({ chunks: ['9', '8', '', ''], focus: 2 });
  });

  it('Backspace empties the chunk, or goes back and empties the previous one', () => {
    expect(backspaceChunk(['1', '2', '', ''], 1)).toEqual({ chunks: ['1', '', '', ''], focus: 1 });
    expect(backspaceChunk(['1', '2', '', ''], 2)).toEqual({ chunks: ['1', '', '', ''], focus: 1 });
    expect(backspaceChunk(empty, 0)).toEqual({ chunks: empty, focus: 0 });
  });
});

describe('withRetryTime: a limit message says when to try again', () => {
  it('keeps a message that already names the wait', () => {
    expect(withRetryTime('Слишком много запросов кода. Попробуйте через 9 мин.', 540)).toBe('Слишком много запросов кода. Попробуйте через 9 мин.');
  });
  it("makes 'Попробуйте позже' concrete from retryAfterSeconds, rounding up to whole minutes", () => {
    expect(withRetryTime('Слишком много запросов на смену e-mail. Попробуйте позже', 3000)).toBe('Слишком много запросов на смену e-mail. Попробуйте через 50 мин.');
    expect(withRetryTime('Слишком много запросов. Попробуйте позже', 5)).toBe('Слишком много запросов. Попробуйте через 1 мин.');
  });
  it('adds the wait to a message without one, and leaves a message without a limit alone', () => {
    expect(withRetryTime('Слишком много запросов', 120)).toBe('Слишком много запросов. Попробуйте через 2 мин.');
    expect(withRetryTime('Неверный код. Осталось попыток: 4')).toBe('Неверный код. Осталось попыток: 4');
  });
});

describe("'Изменить номер' on step 2", () => {
  it('goes back to step 1 of the same path, by phone', () => {
    const step2: FlowState = { step: 'step2', reset: false, phone: '79124693764', name: 'Иван', via: 'call', attempts: 2 };
    expect(registrationFlow(step2, { type: 'changePhone' })).toEqual({ step: 'step1', reset: false, channel: 'phone' });
    expect(registrationFlow({ ...step2, reset: true }, { type: 'changePhone' })).toEqual({ step: 'step1', reset: true, channel: 'phone' });
  });
  it('means nothing on the other steps', () => {
    const step1 = startRegistration('phone');
    expect(registrationFlow(step1, { type: 'changePhone' })).toBe(step1);
  });
});
