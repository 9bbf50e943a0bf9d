import { z } from '#app/lib/zod.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { createSmtpTransport, httpFlashCaller, httpSmsSender, smtpMailer, yandexCaptcha, YANDEX_CAPTCHA_VALIDATE_URL } from './http.ts';
import type { AuthProviders } from './providers.ts';
import { createSandboxProviders } from './sandbox.ts';

export const DEFAULT_MAIL_FROM = 'Агротехника <no-reply@agrotechnika.example>';

const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * The providers' settings, read from the environment by this module rather than by
 * `app/.server/config.ts`: only the accounts capability needs them. README's table is generated from
 * PROVIDER_SETTINGS_DOC below; keep the two in step (a test checks that every key is documented).
 */
export const providerSettings = z.object({
  AUTH_PROVIDERS: z.enum(['sandbox', 'http']).default('sandbox'),
  SMS_API_URL: httpUrl.optional(),
  SMS_API_KEY: z.string().optional(),
  FLASHCALL_API_URL: httpUrl.optional(),
  FLASHCALL_API_KEY: z.string().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1'),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default(DEFAULT_MAIL_FROM),
  CAPTCHA_SERVER_KEY: z.string().optional(),
  CAPTCHA_SITE_KEY: z.string().optional(),
  CAPTCHA_VALIDATE_URL: httpUrl.default(YANDEX_CAPTCHA_VALIDATE_URL),
});

export type ProviderSettings = z.infer<typeof providerSettings>;
export type ProviderSettingName = keyof typeof providerSettings.shape;

export interface ProviderSettingDoc {
  name: ProviderSettingName;
  /** As written in the environment; null when there is none. */
  default: string | null;
  meaning: string;
}

/** The variables, in the order README lists them. */
export const PROVIDER_SETTINGS_DOC: readonly ProviderSettingDoc[] = [
  { name: 'AUTH_PROVIDERS', default: 'sandbox', meaning: '`sandbox`: SMS, calls and e-mail land in the outbox (`/__dev/outbox`, each browser sees only what its own requests caused) and the captcha accepts the test token `sandbox-captcha-ok`; `http`: the real services below. `sandbox` runs only in development, tests and demo mode (`DEMO=true`); otherwise the server refuses to start, whatever the database.' },
  { name: 'SMS_API_URL', default: null, meaning: 'SMS gateway: receives `POST {"phone", "text"}` as JSON with `Authorization: Bearer SMS_API_KEY`; any 2xx means accepted. Required with `http`.' },
  { name: 'SMS_API_KEY', default: null, meaning: 'Bearer key of the SMS gateway. Required with `http`.' },
  { name: 'FLASHCALL_API_URL', default: null, meaning: 'Flash-call gateway: receives `POST {"phone", "code"}` and calls from a number ending in the 4-digit code. Required with `http`.' },
  { name: 'FLASHCALL_API_KEY', default: null, meaning: 'Bearer key of the flash-call gateway. Required with `http`.' },
  { name: 'SMTP_HOST', default: null, meaning: 'SMTP server for e-mail (nodemailer). Required with `http`.' },
  { name: 'SMTP_PORT', default: '587', meaning: 'SMTP port: 587 for STARTTLS, 465 with `SMTP_SECURE=true`.' },
  { name: 'SMTP_SECURE', default: 'false', meaning: '`true`: TLS from the start (usually port 465); `false`: STARTTLS when offered (587).' },
  { name: 'SMTP_USER', default: null, meaning: 'SMTP login; unset for a relay without authentication. Set together with `SMTP_PASSWORD`.' },
  { name: 'SMTP_PASSWORD', default: null, meaning: 'SMTP password.' },
  { name: 'MAIL_FROM', default: DEFAULT_MAIL_FROM, meaning: 'Sender of account e-mails.' },
  { name: 'CAPTCHA_SERVER_KEY', default: null, meaning: 'Yandex SmartCaptcha server key, for the server-side token check. Required with `http`.' },
  { name: 'CAPTCHA_SITE_KEY', default: null, meaning: 'Yandex SmartCaptcha client key, public, rendered into the page for the widget. Required with `http`.' },
  { name: 'CAPTCHA_VALIDATE_URL', default: YANDEX_CAPTCHA_VALIDATE_URL, meaning: 'SmartCaptcha check endpoint (`GET ?secret&token&ip`). When it fails or cannot be reached the check refuses.' },
];

/**
 * Parses the settings. An empty variable counts as unset, as `FOO=` in an env file means "not
 * configured" far more often than "the empty string".
 */
export function loadProviderSettings(env: Record<string, string | undefined>): ProviderSettings {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = providerSettings.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid provider configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

const REQUIRED_FOR_HTTP = [
  'SMS_API_URL',
  'SMS_API_KEY',
  'FLASHCALL_API_URL',
  'FLASHCALL_API_KEY',
  'SMTP_HOST',
  'CAPTCHA_SERVER_KEY',
  'CAPTCHA_SITE_KEY',
] as const satisfies readonly ProviderSettingName[];

export interface CreateProvidersOptions {
  env: Record<string, string | undefined>;
  nodeEnv: string;
  /** Where the sandboxes write their outbox. */
  db: DB;
  /** DEMO=true (`npm start`): the sandboxes are the point of the demo, so they are allowed in production mode. */
  demo?: boolean;
}

/** Why a sandbox may not run here, naming the settings that decide it; null when it may. */
export function sandboxRefusal(setting: string, nodeEnv: string, demo: boolean): string | null {
  if (demo || nodeEnv === 'development' || nodeEnv === 'test') return null;
  return `${setting}=sandbox is refused when NODE_ENV=${nodeEnv} without DEMO=true: the sandbox delivers nothing and shows every code and link on /__dev/outbox. `
    + 'Configure the real services, or set DEMO=true for a local demonstration (never for real use).';
}

/**
 * Builds the providers once at start-up, so a misconfiguration stops the process instead of
 * failing the first user who asks for a code. The sandboxes run only in development, tests and an
 * explicit demo: a production start with them would hand every visitor every code (ADR 011).
 */
export function createProviders({ env, nodeEnv, db, demo = false }: CreateProvidersOptions): AuthProviders {
  const settings = loadProviderSettings(env);
  if (settings.AUTH_PROVIDERS === 'sandbox') {
    const refusal = sandboxRefusal('AUTH_PROVIDERS', nodeEnv, demo);
    if (refusal) throw new Error(refusal);
    return createSandboxProviders(db);
  }
  const missing: string[] = REQUIRED_FOR_HTTP.filter((name) => !settings[name]);
  // A login without its password (or the reverse) is a half-finished setup, not a relay without auth.
  if (settings.SMTP_USER && !settings.SMTP_PASSWORD) missing.push('SMTP_PASSWORD');
  if (settings.SMTP_PASSWORD && !settings.SMTP_USER) missing.push('SMTP_USER');
  if (missing.length > 0) throw new Error(`AUTH_PROVIDERS=http needs ${missing.join(', ')}`);
  const s = settings as ProviderSettings & Record<(typeof REQUIRED_FOR_HTTP)[number], string>;
  return {
    sms: httpSmsSender({ url: s.SMS_API_URL, apiKey: s.SMS_API_KEY }),
    call: httpFlashCaller({ url: s.FLASHCALL_API_URL, apiKey: s.FLASHCALL_API_KEY }),
    mail: smtpMailer(
      createSmtpTransport({ host: s.SMTP_HOST, port: s.SMTP_PORT, secure: s.SMTP_SECURE, user: s.SMTP_USER, password: s.SMTP_PASSWORD }),
      s.MAIL_FROM,
    ),
    captcha: yandexCaptcha({ serverKey: s.CAPTCHA_SERVER_KEY, validateUrl: s.CAPTCHA_VALIDATE_URL }),
    captchaSiteKey: s.CAPTCHA_SITE_KEY,
    sandbox: false,
  };
}
