import { emailField } from '#app/lib/validation.ts';
import { z } from '#app/lib/zod.ts';
import { textField } from '#app/lib/text.ts';
import { AUTH_MESSAGES, MAX_PASSWORD_LENGTH, passwordStepInput, phoneRegistrationInput, recoveryCodeStepInput } from './auth.schema.ts';

/*
 * 'Мои данные' (/profile): what the page shows and the inputs of its forms. The name, phone, code
 * and captcha rules are the auth forms' own (taken from their schemas, not repeated); the e-mail
 * keeps the same pattern with the profile's spelling of the message ('E-mail').
 */

const { name, phone, captchaToken } = phoneRegistrationInput.shape;
const { code } = recoveryCodeStepInput.shape;
const email = emailField('E-mail');

export const profileNameInput = z.object({ name });
export const profileEmailInput = z.object({ email });
export const profilePhoneInput = z.object({ phone, captchaToken });
export const profilePhoneConfirmInput = z.object({ phone, code });
/**
 * 'Сменить пароль': the current password and the new one twice (the rules of registration). The
 * current one may be empty on the wire: an account made by social sign-in has none yet; the server
 * asks for it whenever the account has one.
 */
export const profilePasswordInput = z.object({
  current: textField('Текущий пароль').max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong).optional().default(''),
}).and(passwordStepInput);
/** The form of an account that has a password: the current one must be typed. */
export const profilePasswordChangeInput = z.object({
  current: textField('Текущий пароль', { error: 'Введите текущий пароль' }).min(1, 'Введите текущий пароль').max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong),
}).and(passwordStepInput);

/** The signed-in user's data as 'Мои данные' shows it. */
export interface ProfileView {
  id: number;
  name: string;
  email: string | null;
  emailConfirmed: boolean;
  /** An address waiting for its confirmation link (the e-mail changes only when the link is opened). */
  pendingEmail: string | null;
  phone: string | null;
  phoneConfirmed: boolean;
  /** The account has a password (one made by social sign-in may not): changing it asks for the current one. */
  hasPassword: boolean;
}

/** Texts of the profile endpoints and page (not in the spec). */
export const PROFILE_MESSAGES = {
  signInRequired: 'Войдите на сайт, чтобы открыть личный кабинет',
  nameSaved: 'Имя сохранено',
  emailLinkSent: (email: string) => `Мы отправили письмо на ${email}. E-mail изменится, когда вы перейдёте по ссылке из письма`,
  emailSame: 'Этот e-mail уже указан в вашем профиле',
  emailTaken: 'Этот e-mail уже привязан к другому аккаунту',
  emailChanged: 'E-mail изменён и подтверждён',
  emailLinkInvalid: 'Ссылка для смены e-mail устарела или уже использована. Запросите новую',
  tooManyEmails: 'Слишком много запросов на смену e-mail. Попробуйте позже',
  phoneCodeSent: (phone: string) => `Мы отправили SMS с кодом на ${phone}`,
  phoneSame: 'Этот номер уже указан в вашем профиле',
  phoneTaken: 'Этот номер уже привязан к другому аккаунту',
  phoneChanged: 'Номер телефона изменён и подтверждён',
  notificationNotFound: 'Уведомление не найдено',
  currentPasswordWrong: 'Текущий пароль указан неверно',
  tooManyPasswordTries: (minutes: number) => `Слишком много попыток. Попробуйте через ${minutes} мин.`,
  passwordChanged: (others: number) => (others > 0
    ? `Пароль изменён. Другие сеансы завершены: ${others}`
    : 'Пароль изменён'),
  confirmed: 'подтверждён',
  notConfirmed: 'не подтверждён',
} as const;

/** Where the e-mail change link lands (query of /profile), and what the page says then. */
export const EMAIL_CHANGE_RESULT_PARAM = 'email';
export const EMAIL_CHANGE_RESULTS = {
  changed: { ok: true, message: PROFILE_MESSAGES.emailChanged },
  'link-invalid': { ok: false, message: PROFILE_MESSAGES.emailLinkInvalid },
  taken: { ok: false, message: PROFILE_MESSAGES.emailTaken },
} as const;
export type EmailChangeResult = keyof typeof EMAIL_CHANGE_RESULTS;
