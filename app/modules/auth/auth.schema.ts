import { MIN_CODE_LENGTH } from '#app/lib/code.ts';
import { isFullPhoneValid, normalisePhone } from '#app/lib/phone.ts';
import { textField } from '#app/lib/text.ts';
import { VALIDATION_MESSAGES, emailField, nameField } from '#app/lib/validation.ts';
import { z } from '#app/lib/zod.ts';
import { AUTH_PHONE_COUNTRIES, MIN_PASSWORD_LENGTH } from '#app/modules/auth/auth.constants.ts';

/**
 * Texts of the auth forms: the spec's §5 messages (shared with every form, app/lib/validation.ts)
 * and those of inputs the spec leaves without a message (captcha, code, an over-long password).
 */
export const AUTH_MESSAGES = {
  ...VALIDATION_MESSAGES,
  captcha: 'Подтвердите, что вы не робот',
  code: 'Введите код полностью: не менее 4 букв или цифр',
  passwordTooLong: 'Слишком длинный пароль. Длина пароля должна быть не более 128 символов',
} as const;

const M = AUTH_MESSAGES;

/** Longer passwords only cost hashing time; 128 leaves room for any passphrase or password manager. */
export const MAX_PASSWORD_LENGTH = 128;
const MAX_CODE_LENGTH = 16;
const MAX_CAPTCHA_TOKEN_LENGTH = 4096;

/** How a checkbox arrives: true (or 1) from JSON, '1' / 'true' / 'on' from a form (spec §7 sends '1'). */
export function isFlagSet(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true' || value === 'on';
}

const flag = z.preprocess((v) => isFlagSet(v), z.boolean());
const requiredFlag = (message: string) => z.preprocess((v) => isFlagSet(v), z.literal(true, { error: message }));

/*
 * Every text field refuses control characters first ('Поле "…" содержит недопустимые символы',
 * app/lib/text.ts): a NUL byte passes the e-mail pattern and the length checks, and PostgreSQL
 * refuses it in text.
 */
const name = nameField();
const email = emailField('Email');
/** Digits of a Russian or Kazakh number (spec §5: the auth forms take RU and KZ only). */
const phone = textField('Номер телефона', { error: M.phone }).transform(normalisePhone).refine((v) => isFullPhoneValid(v, AUTH_PHONE_COUNTRIES), M.phone);
// Passwords are not trimmed: a space is a character the user chose.
const password = textField('Пароль', { error: M.passwordTooShort }).min(MIN_PASSWORD_LENGTH, M.passwordTooShort).max(MAX_PASSWORD_LENGTH, M.passwordTooLong);
const repeated = textField('Повторите пароль', { error: M.passwordsDiffer });
const code = textField('Код', { error: M.code }).trim().min(MIN_CODE_LENGTH, M.code).max(MAX_CODE_LENGTH, M.code).regex(/^[0-9a-z]+$/i, M.code);
const captchaToken = textField('Капча', { error: M.captcha }).trim().min(1, M.captcha).max(MAX_CAPTCHA_TOKEN_LENGTH, M.captcha);

/** Sign-in by e-mail (EnterEmail, authType email). */
export const signInByEmailInput = z.object({ email, password, rememberMe: flag, isGuest: flag });

/**
 * An employee made from the command line (`npm run user -- create-employee`): the fields and rules
 * of the forms he will sign in with, so the account it makes can always sign in.
 */
export const employeeInput = z.object({ name, email, phone: phone.optional(), password });

/** Sign-in by phone (EnterEmail, authType phone). */
export const signInByPhoneInput = z.object({ phone, password, rememberMe: flag, isGuest: flag });

/** RegistrationStage1 by phone: spec §5 needs acceptGDPR and a captcha token; ads stay optional. */
export const phoneRegistrationInput = z.object({
  name,
  phone,
  acceptGDPR: requiredFlag(M.policy),
  acceptAds: flag,
  captchaToken,
});

/** Registration by e-mail: spec §5 'by e-mail also acceptAds', so both consents are required. */
export const emailRegistrationInput = z.object({
  name,
  email,
  password,
  confirm_password: repeated,
  acceptGDPR: requiredFlag(M.policy),
  acceptAds: requiredFlag(M.consent),
}).refine((v) => v.confirm_password === v.password, { message: M.passwordsDiffer, path: ['confirm_password'] });

/** RegistrationStage2 of a registration (POST /api/auth/verify: phone, name, code). */
export const codeStepInput = z.object({ phone, name, code });

/** RegistrationStage2 of a recovery by phone: there is no name to carry. */
export const recoveryCodeStepInput = z.object({ phone, code });

/** RegistrationStage3: the new password twice. */
export const passwordStepInput = z.object({ pass1: password, pass2: repeated })
  .refine((v) => v.pass2 === v.pass1, { message: M.passwordsDiffer, path: ['pass2'] });

/** ForgotPass by phone: spec §5 needs a captcha token. */
export const recoveryByPhoneInput = z.object({ phone, captchaToken });

/** ForgotPass by e-mail. */
export const recoveryByEmailInput = z.object({ email });

export type AuthType = 'email' | 'phone';

/** Spec §3 'Auth form value'. */
export interface AuthFormValue {
  authType: AuthType;
  name: string;
  email: string;
  phone: string;
  emailCode: string;
  password: string;
  pass1: string;
  pass2: string;
  code: string;
  captchaToken: string;
  acceptGDPR: boolean;
  acceptAds: boolean;
  checkPolicy: boolean;
  rememberMe: boolean;
  isGuest: boolean;
}

/** Spec §3 defaults: e-mail, consents unticked, policy ticked; the spec gives none for rememberMe and isGuest, so they start off. */
export const formValueDefaults: Readonly<AuthFormValue> = {
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
};

const STRING_PROPS = ['phone', 'name', 'code', 'pass1', 'pass2', 'password', 'confirm_password', 'captchaToken', 'email'] as const;
const FLAG_PROPS = ['acceptGDPR', 'acceptAds', 'isGuest', 'rememberMe', 'reset_password'] as const;

export type AuthProps =
  & Partial<Record<(typeof STRING_PROPS)[number], string>>
  & Partial<Record<(typeof FLAG_PROPS)[number], boolean>>;

/** Wire names of spec §7 that differ from the field names. §7 spells the reset flag both ways. */
const WIRE_ALIASES: Readonly<Record<string, string>> = {
  'captcha-token': 'captchaToken',
  'reset-password': 'reset_password',
};

/**
 * The `props` of a spec §7 request as a plain object: from form keys `props[phone]`, … or a JSON
 * `props` object; captcha-token becomes captchaToken and checkboxes become booleans. Unknown keys
 * and values that are neither text nor boolean (files, nested objects) are left out, so the schema
 * reports them as missing.
 */
export function fromProps(body: unknown): AuthProps {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  // A Map, not an object: a JSON key '__proto__' must stay a key, not become a prototype.
  const raw = new Map<string, unknown>();
  const nested = record.props;
  if (typeof nested === 'object' && nested !== null && !Array.isArray(nested)) {
    for (const [key, value] of Object.entries(nested)) raw.set(key, value);
  }
  for (const [key, value] of Object.entries(record)) {
    const match = /^props\[([^\]]+)\]$/.exec(key);
    if (match) raw.set(match[1]!, value);
  }

  const out: Record<string, string | boolean> = {};
  for (const [wireKey, rawValue] of raw) {
    const key = Object.hasOwn(WIRE_ALIASES, wireKey) ? WIRE_ALIASES[wireKey]! : wireKey;
    // A repeated form key arrives as an array; the last value wins, as in a plain form post.
    const value = Array.isArray(rawValue) ? rawValue[rawValue.length - 1] : rawValue;
    if ((FLAG_PROPS as readonly string[]).includes(key)) {
      out[key] = isFlagSet(value);
    } else if ((STRING_PROPS as readonly string[]).includes(key)) {
      if (typeof value === 'string') out[key] = value;
      else if (typeof value === 'number' && Number.isFinite(value)) out[key] = String(value);
    }
  }
  return out as AuthProps;
}
