import { describe, expect, it } from 'vitest';
import type { z } from '#app/lib/zod.ts';
import {
  AUTH_MESSAGES,
  codeStepInput,
  emailRegistrationInput,
  formValueDefaults,
  fromProps,
  passwordStepInput,
  phoneRegistrationInput,
  recoveryByEmailInput,
  recoveryByPhoneInput,
  recoveryCodeStepInput,
  signInByEmailInput,
  signInByPhoneInput,
} from './auth.schema.ts';

const NAME = 'Поле "Ваше Имя" не заполнено';
const EMAIL = 'Поле "Email" содержит некорректный Email адрес';
const PHONE = 'Поле "Номер телефона" содержит некорректный телефон';
const SHORT = 'Слишком короткий пароль. Длина пароля должна быть не менее 6 символов';
const DIFFER = 'Введённые пароли не совпадают';
const POLICY = 'Примите "Политику конфиденциальности"';
const CONSENT = 'Пожалуйста, подтвердите согласие';

function firstError(schema: z.ZodType, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

describe('spec §5 messages, verbatim', () => {
  it('pins every text of the auth forms', () => {
    expect(AUTH_MESSAGES.name).toBe('Поле "Ваше Имя" не заполнено');
    expect(AUTH_MESSAGES.email).toBe('Поле "Email" содержит некорректный Email адрес');
    expect(AUTH_MESSAGES.emailHyphenated).toBe('Поле "E-mail" содержит некорректный E-mail адрес');
    expect(AUTH_MESSAGES.phone).toBe('Поле "Номер телефона" содержит некорректный телефон');
    expect(AUTH_MESSAGES.passwordTooShort).toBe('Слишком короткий пароль. Длина пароля должна быть не менее 6 символов');
    expect(AUTH_MESSAGES.passwordsDiffer).toBe('Введённые пароли не совпадают');
    expect(AUTH_MESSAGES.policy).toBe('Примите "Политику конфиденциальности"');
    expect(AUTH_MESSAGES.consent).toBe('Пожалуйста, подтвердите согласие');
    expect(AUTH_MESSAGES.adsLabel).toBe('Соглашаюсь на получение рекламных рассылок');
  });
});

describe('sign-in by e-mail', () => {
  const valid = { email: 'farmer@agro.ru', password: 'secret1' };

  it('accepts a valid address and password; the flags default to false', () => {
    expect(signInByEmailInput.parse(valid)).toEqual({ ...valid, rememberMe: false, isGuest: false });
    expect(signInByEmailInput.parse({ ...valid, rememberMe: 'on', isGuest: '1' })).toMatchObject({ rememberMe: true, isGuest: true });
  });

  it('checks the e-mail pattern: domain ending of 2 to 4 letters (spec §5)', () => {
    expect(firstError(signInByEmailInput, { ...valid, email: 'farmer@agro.info' })).toBeNull();
    expect(firstError(signInByEmailInput, { ...valid, email: '  farmer@agro.kz ' })).toBeNull();
    expect(firstError(signInByEmailInput, { ...valid, email: 'farmer@agro.r' })).toBe(EMAIL);
    expect(firstError(signInByEmailInput, { ...valid, email: 'farmer@agro.store' })).toBe(EMAIL);
    expect(firstError(signInByEmailInput, { ...valid, email: 'farmer@agro' })).toBe(EMAIL);
    expect(firstError(signInByEmailInput, { ...valid, email: 'farmer agro.ru' })).toBe(EMAIL);
    expect(firstError(signInByEmailInput, { ...valid, email: '' })).toBe(EMAIL);
    expect(firstError(signInByEmailInput, { password: 'secret1' })).toBe(EMAIL);
  });

  it('needs a password of at least 6 characters (spec §5)', () => {
    expect(firstError(signInByEmailInput, { ...valid, password: '123456' })).toBeNull();
    expect(firstError(signInByEmailInput, { ...valid, password: '12345' })).toBe(SHORT);
    expect(firstError(signInByEmailInput, { email: valid.email })).toBe(SHORT);
  });
});

describe('sign-in by phone (spec §5: RU and KZ only, 11–12 digits)', () => {
  const valid = { phone: '+7 (912) 345-67-89', password: 'secret1' };

  it('normalises the phone to digits', () => {
    expect(signInByPhoneInput.parse(valid).phone).toBe('79123456789');
    expect(signInByPhoneInput.parse({ ...valid, phone: '8 912 345 67 89' }).phone).toBe('79123456789');
    expect(signInByPhoneInput.parse({ ...valid, phone: '77011234567' }).phone).toBe('77011234567');
  });

  it('refuses Belarus, other countries and wrong lengths', () => {
    expect(firstError(signInByPhoneInput, { ...valid, phone: '+375 (29) 123-45-67' })).toBe(PHONE);
    expect(firstError(signInByPhoneInput, { ...valid, phone: '+44 20 1234 5678' })).toBe(PHONE);
    expect(firstError(signInByPhoneInput, { ...valid, phone: '7912345678' })).toBe(PHONE);
    expect(firstError(signInByPhoneInput, { ...valid, phone: '791234567890' })).toBe(PHONE);
    expect(firstError(signInByPhoneInput, { ...valid, phone: '' })).toBe(PHONE);
    expect(firstError(signInByPhoneInput, { password: 'secret1' })).toBe(PHONE);
  });

  it('needs the password too', () => {
    expect(firstError(signInByPhoneInput, { ...valid, password: 'abc' })).toBe(SHORT);
  });
});

describe('registration by phone, stage 1', () => {
  const valid = { name: 'Иван', phone: '79123456789', acceptGDPR: true, captchaToken: 'token' };

  it('accepts name, RU/KZ phone, GDPR and a captcha token; ads stay optional', () => {
    expect(phoneRegistrationInput.parse(valid)).toEqual({ ...valid, acceptAds: false });
    expect(phoneRegistrationInput.parse({ ...valid, acceptAds: '1' }).acceptAds).toBe(true);
  });

  it('needs a name that is not blank (spec §5)', () => {
    expect(firstError(phoneRegistrationInput, { ...valid, name: '  ' })).toBe(NAME);
    expect(firstError(phoneRegistrationInput, { ...valid, name: undefined })).toBe(NAME);
  });

  it('needs acceptGDPR (spec §5)', () => {
    expect(firstError(phoneRegistrationInput, { ...valid, acceptGDPR: false })).toBe(POLICY);
    expect(firstError(phoneRegistrationInput, { ...valid, acceptGDPR: undefined })).toBe(POLICY);
    expect(firstError(phoneRegistrationInput, { ...valid, acceptGDPR: '0' })).toBe(POLICY);
  });

  it('needs a captcha token (spec §5)', () => {
    expect(firstError(phoneRegistrationInput, { ...valid, captchaToken: '' })).toBe(AUTH_MESSAGES.captcha);
    expect(firstError(phoneRegistrationInput, { ...valid, captchaToken: undefined })).toBe(AUTH_MESSAGES.captcha);
  });

  it('limits the phone to RU and KZ', () => {
    expect(firstError(phoneRegistrationInput, { ...valid, phone: '375291234567' })).toBe(PHONE);
    expect(firstError(phoneRegistrationInput, { ...valid, phone: '77611234567' })).toBeNull();
  });
});

describe('registration by e-mail', () => {
  const valid = { name: 'Иван', email: 'farmer@agro.ru', password: 'secret1', confirm_password: 'secret1', acceptGDPR: true, acceptAds: true };

  it('accepts a complete form', () => {
    expect(firstError(emailRegistrationInput, valid)).toBeNull();
  });

  it('needs acceptGDPR and, by e-mail, also acceptAds (spec §5)', () => {
    expect(firstError(emailRegistrationInput, { ...valid, acceptGDPR: false })).toBe(POLICY);
    expect(firstError(emailRegistrationInput, { ...valid, acceptAds: false })).toBe(CONSENT);
  });

  it('needs the passwords to be long enough and to match (spec §5)', () => {
    expect(firstError(emailRegistrationInput, { ...valid, password: '12345', confirm_password: '12345' })).toBe(SHORT);
    expect(firstError(emailRegistrationInput, { ...valid, confirm_password: 'secret2' })).toBe(DIFFER);
    expect(firstError(emailRegistrationInput, { ...valid, confirm_password: '' })).toBe(DIFFER);
    const parsed = emailRegistrationInput.safeParse({ ...valid, confirm_password: 'secret2' });
    expect(parsed.success ? null : parsed.error.issues[0]!.path).toEqual(['confirm_password']);
  });

  it('checks name and e-mail in form order', () => {
    expect(firstError(emailRegistrationInput, { ...valid, name: '' })).toBe(NAME);
    expect(firstError(emailRegistrationInput, { ...valid, email: 'farmer@agro.museum' })).toBe(EMAIL);
  });
});

describe('code step (spec §5: at least 4 characters)', () => {
  const valid = { phone: '79123456789', name: 'Иван', code: '1234' };

  it('accepts 4 or more letters and digits', () => {
    expect(firstError(codeStepInput, valid)).toBeNull();
    expect(firstError(codeStepInput, { ...valid, code: 'a1B2' })).toBeNull();
    expect(firstError(codeStepInput, { ...valid, code: '12345' })).toBeNull();
  });

  it('refuses shorter or non-alphanumeric codes', () => {
    expect(firstError(codeStepInput, { ...valid, code: '123' })).toBe(AUTH_MESSAGES.code);
    expect(firstError(codeStepInput, { ...valid, code: '12-4' })).toBe(AUTH_MESSAGES.code);
    expect(firstError(codeStepInput, { ...valid, code: '' })).toBe(AUTH_MESSAGES.code);
  });

  it('carries the phone and, for a registration, the name', () => {
    expect(firstError(codeStepInput, { ...valid, phone: '123' })).toBe(PHONE);
    expect(firstError(codeStepInput, { ...valid, name: '' })).toBe(NAME);
    expect(firstError(recoveryCodeStepInput, { phone: valid.phone, code: valid.code })).toBeNull();
  });
});

describe('password step (spec §5)', () => {
  it('needs pass1 of at least 6 characters and pass2 equal to it', () => {
    expect(firstError(passwordStepInput, { pass1: 'secret1', pass2: 'secret1' })).toBeNull();
    expect(firstError(passwordStepInput, { pass1: 'short', pass2: 'short' })).toBe(SHORT);
    expect(firstError(passwordStepInput, { pass1: 'secret1', pass2: 'secret2' })).toBe(DIFFER);
    expect(firstError(passwordStepInput, { pass1: 'secret1' })).toBe(DIFFER);
  });

  it('reports the short password first when both rules fail', () => {
    expect(firstError(passwordStepInput, { pass1: 'abc', pass2: 'abd' })).toBe(SHORT);
  });

  it('does not trim: a trailing space is part of the password', () => {
    expect(firstError(passwordStepInput, { pass1: 'secret1 ', pass2: 'secret1' })).toBe(DIFFER);
  });
});

describe('recovery', () => {
  it('by phone needs a RU/KZ phone and a captcha token (spec §5)', () => {
    expect(firstError(recoveryByPhoneInput, { phone: '79123456789', captchaToken: 't' })).toBeNull();
    expect(firstError(recoveryByPhoneInput, { phone: '79123456789' })).toBe(AUTH_MESSAGES.captcha);
    expect(firstError(recoveryByPhoneInput, { phone: '375291234567', captchaToken: 't' })).toBe(PHONE);
  });

  it('by e-mail needs a valid address', () => {
    expect(firstError(recoveryByEmailInput, { email: 'farmer@agro.ru' })).toBeNull();
    expect(firstError(recoveryByEmailInput, { email: 'farmer@' })).toBe(EMAIL);
  });
});

describe('formValueDefaults (spec §3 Auth form value)', () => {
  it('starts on e-mail with consents unticked and the policy ticked', () => {
    expect(formValueDefaults).toEqual({
      authType: 'email',
      name: '',
      email: '',
      phone: '',
      emailCode: '',
      password: '',
      pass1: '',
      pass2: '',
      code: '',
      captchaToken: '',
      acceptGDPR: false,
      acceptAds: false,
      checkPolicy: true,
      rememberMe: false,
      isGuest: false,
    });
  });
});

describe('fromProps (spec §7 payload names)', () => {
  it('reads form keys props[...] and renames captcha-token', () => {
    expect(fromProps({
      type: 'phone',
      'props[phone]': '79123456789',
      'props[name]': 'Иван',
      'props[captcha-token]': 'tok',
      'props[acceptGDPR]': '1',
      'props[acceptAds]': '0',
    })).toEqual({ phone: '79123456789', name: 'Иван', captchaToken: 'tok', acceptGDPR: true, acceptAds: false });
  });

  it('reads a nested JSON props object', () => {
    expect(fromProps({ props: { email: 'a@b.ru', password: 'secret1', isGuest: true, reset_password: 1 } }))
      .toEqual({ email: 'a@b.ru', password: 'secret1', isGuest: true, reset_password: true });
    expect(fromProps({ props: { email: 'a@b.ru', reset_password: '1' } })).toEqual({ email: 'a@b.ru', reset_password: true });
  });

  it('turns "1", "true", "on", true and 1 into true, anything else into false', () => {
    for (const on of ['1', 'true', 'on', true, 1]) expect(fromProps({ 'props[isGuest]': on }).isGuest).toBe(true);
    for (const off of ['0', 'false', '', 'off', false, null, 0]) expect(fromProps({ 'props[isGuest]': off }).isGuest).toBe(false);
  });

  it('takes both spellings of the reset flag and every step 3 key', () => {
    expect(fromProps({ 'props[reset-password]': '1' })).toEqual({ reset_password: true });
    expect(fromProps({ 'props[pass1]': 'a', 'props[pass2]': 'b', 'props[code]': '1234', 'props[confirm_password]': 'c' }))
      .toEqual({ pass1: 'a', pass2: 'b', code: '1234', confirm_password: 'c' });
  });

  it('drops unknown keys, files and objects, and ignores a __proto__ key', () => {
    const parsed = fromProps(JSON.parse('{"props":{"__proto__":{"polluted":true},"role":"admin","phone":{"x":1},"name":"Иван"}}'));
    expect(parsed).toEqual({ name: 'Иван' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(fromProps(null)).toEqual({});
    expect(fromProps('props[phone]=1')).toEqual({});
  });

  it('feeds the schemas directly', () => {
    const body = { 'props[phone]': '+7 912 345-67-89', 'props[captcha-token]': 'tok' };
    expect(recoveryByPhoneInput.parse(fromProps(body))).toEqual({ phone: '79123456789', captchaToken: 'tok' });
  });
});
