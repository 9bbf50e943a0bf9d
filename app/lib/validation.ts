import { textField } from './text.ts';

/**
 * The validation messages of spec §5, verbatim, shared by every form (accounts, 'Написать нам', the
 * profile, and the cart and offers to come). Module-specific texts live with their module.
 */
export const VALIDATION_MESSAGES = {
  name: 'Поле "Ваше Имя" не заполнено',
  /** The sign-in and registration e-mail field. */
  email: 'Поле "Email" содержит некорректный Email адрес',
  /** The spelling of 'Написать нам' and the profile; same rule, other label. */
  emailHyphenated: 'Поле "E-mail" содержит некорректный E-mail адрес',
  phone: 'Поле "Номер телефона" содержит некорректный телефон',
  passwordTooShort: 'Слишком короткий пароль. Длина пароля должна быть не менее 6 символов',
  passwordsDiffer: 'Введённые пароли не совпадают',
  /** acceptGDPR refused by the server. */
  policy: 'Примите "Политику конфиденциальности"',
  /** Under a required consent left unticked. */
  consent: 'Пожалуйста, подтвердите согласие',
  adsLabel: 'Соглашаюсь на получение рекламных рассылок',
} as const;

const M = VALIDATION_MESSAGES;

/** Spec §5: an e-mail address with a domain ending of 2 to 4 letters (Latin or Cyrillic). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[a-zа-я]{2,4}$/i;
export const MAX_NAME_LENGTH = 120;
/** RFC 5321's limit of a whole address. */
export const MAX_EMAIL_LENGTH = 254;

/** The digits of a phone as typed ('+7 (912) 345-67-89' → '79123456789'). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** 'Ваше Имя': not empty (spec §5), trimmed, no control characters. */
export function nameField() {
  return textField('Ваше Имя', { error: M.name }).trim().min(1, M.name).max(MAX_NAME_LENGTH, M.name);
}

/** An e-mail address by spec §5, with the message in the form's own spelling ('Email' or 'E-mail'). */
export function emailField(spelling: 'Email' | 'E-mail' = 'Email') {
  const message = spelling === 'Email' ? M.email : M.emailHyphenated;
  return textField(spelling, { error: message }).trim().max(MAX_EMAIL_LENGTH, message).regex(EMAIL_PATTERN, message);
}

/** Spec §5: an unticked required consent shows the message, once the user has tried to submit. */
export function consentError({ required, checked, submitAttempted }: { required: boolean; checked: boolean; submitAttempted: boolean }): string | null {
  return required && !checked && submitAttempted ? M.consent : null;
}
