import type { PhoneCountry } from '#app/lib/phone.ts';

/** The numbers and ids of the accounts capability (spec §2 Authentication modal, §3, §5, §9), named. */

/** Spec §5/§9: a password has at least 6 characters. */
export const MIN_PASSWORD_LENGTH = 6;
/** Spec §2/§9: the closed modal fades out, then resets to EnterEmail after 550 ms. */
export const MODAL_RESET_DELAY_MS = 550;
/** The only token the sandbox captcha accepts; the development stand-in of the widget submits it. */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-ok';
/** Spec §9: the captcha widget is 100px high (reserved up front so the form does not jump). */
export const CAPTCHA_HEIGHT_PX = 100;

/*
 * Protection of phone codes (required by the accounts issue, not by the spec): a code lives
 * 10 minutes and survives 5 wrong tries; a phone gets at most 3 codes in 10 minutes and 10 a day,
 * an IP address 30 a day. Every code is a paid call or SMS, so the limits cap abuse of the budget.
 */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_WRONG_ATTEMPTS = 5;
export const CODES_PER_PHONE_WINDOW_MS = 10 * 60_000;
export const CODES_PER_PHONE_IN_WINDOW = 3;
export const CODES_PER_PHONE_PER_DAY = 10;
export const CODES_PER_IP_PER_DAY = 30;

/*
 * Password hashing (argon2id, 19 MiB, ~50 ms in libuv's thread pool): two at a time leave the pool's
 * other two threads to files, DNS and compression; 64 may wait (about 1.6 s at worst), more are
 * refused with 503 at once instead of queueing without end. See docs/decisions/010.
 */
export const PASSWORD_HASH_CONCURRENCY = 2;
export const PASSWORD_HASH_QUEUE = 64;

/*
 * Sign-in throttling (docs/decisions/010): token buckets counted BEFORE the password is checked.
 * Per login and address pair a burst of 5, then one try every 3 minutes, and at most 20 a day
 * (the delays grow: none, minutes, hours); per address 30 tries in 15 minutes across all logins;
 * per login a ceiling of 100 a day that applies only to addresses the account has not signed in
 * from successfully (so strangers can never lock the owner out of his usual address).
 */
export const SIGN_IN_PAIR_BURST = 5;
export const SIGN_IN_PAIR_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_PAIR_PER_DAY = 20;
export const SIGN_IN_IP_BURST = 30;
export const SIGN_IN_IP_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_ACCOUNT_PER_DAY = 100;
/** 'Выйти на всех устройствах' in 'Мои данные' posts here (profile.api.server.ts). */
export const SIGN_OUT_EVERYWHERE_PATH = '/api/profile/sessions/end-all';
/** An address the account signed in from is trusted for this long (exempt from the per-login ceiling). */
export const KNOWN_ADDRESS_DAYS = 90;

/*
 * E-mail flows (docs/decisions/010): every letter goes to an address someone typed, and the
 * registration answer 'email_exists' tells whether an address has an account. Per mailbox 3 letters
 * an hour and 10 a day, per client address 10 registrations or reset requests an hour and 30 a day.
 */
export const MAILS_PER_ADDRESS_PER_HOUR = 3;
export const MAILS_PER_ADDRESS_PER_DAY = 10;
export const EMAIL_REQUESTS_PER_IP_PER_HOUR = 10;
export const EMAIL_REQUESTS_PER_IP_PER_DAY = 30;

export type SocialProviderId = 'yandex' | 'mailru' | 'vkontakte' | 'ok';

export interface SocialProvider {
  id: SocialProviderId;
  name: string;
  /** Key of the sprite symbol in app/components/ui/icons. */
  icon: string;
  disabled: boolean;
}

/** Spec §3: four providers, all enabled; sign-in goes to /auth-social?authclient=<id>. */
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = [
  { id: 'yandex', name: 'Яндекс', icon: 'yandex', disabled: false },
  { id: 'mailru', name: 'Mail.ru', icon: 'mailru', disabled: false },
  { id: 'vkontakte', name: 'ВКонтакте', icon: 'vkontakte', disabled: false },
  { id: 'ok', name: 'Одноклассники', icon: 'ok', disabled: false },
];

/** Spec §5: the auth forms take Russian and Kazakh numbers only. */
export const AUTH_PHONE_COUNTRIES: readonly PhoneCountry[] = ['RU', 'KZ'];

export type CodeChannel = 'call' | 'sms';

/** Spec §2: the step 2 title depends on how the code is delivered. */
export const STEP2_TITLES: Readonly<Record<CodeChannel, string>> = {
  call: 'Введите последние 4 цифры входящего номера',
  sms: 'Введите код из SMS',
};

/** Spec §2: the forms of the auth modal; the modal element id is the form name. */
export const AUTH_FORM_NAMES = ['EnterEmail', 'RegistrationStage1', 'RegistrationStage2', 'RegistrationStage3', 'ForgotPass'] as const;
export type AuthFormName = (typeof AUTH_FORM_NAMES)[number];

/** Titles of the forms; RegistrationStage2 has none of its own (STEP2_TITLES by channel, see authFormTitle). */
export const AUTH_FORM_TITLES: Readonly<Record<Exclude<AuthFormName, 'RegistrationStage2'>, string>> = {
  EnterEmail: 'Вход',
  RegistrationStage1: 'Регистрация',
  RegistrationStage3: 'Задайте пароль',
  ForgotPass: 'Восстановление пароля',
};

/** Spec §4: the retry links of step 2. */
export const RETRY_LABELS = {
  call: 'Повторить звонок',
  sms: 'Запросить SMS код',
} as const;
