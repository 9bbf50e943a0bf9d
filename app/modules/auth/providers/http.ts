import nodemailer from 'nodemailer';
import {
  assertFlashCode,
  deliveryPhone,
  ProviderError,
  type CaptchaVerifier,
  type FlashCaller,
  type MailMessage,
  type Mailer,
  type ProviderName,
  type SmsSender,
} from './providers.ts';

/**
 * Real adapters. SMS and flash-call vendors differ in their APIs (SMS.ru, SMSC.ru, …), so both speak
 * one generic shape and a small gateway (or a vendor that offers a webhook-style API) translates:
 *
 *   POST <url>
 *   Authorization: Bearer <api key>
 *   Content-Type: application/json
 *   SMS:        {"phone": "79001234567", "text": "Код для входа: 1234"}
 *               (+ "idempotency_key" when a job sends it, ADR 075: the vendor drops a repeat of the key)
 *   flash call: {"phone": "79001234567", "code": "1234"}   — call from a number ending in the code
 *
 * Any 2xx answer means the vendor accepted the job; its body is not read. Anything else, a network
 * error or no answer within 10 s is a ProviderError carrying the status (never the text or code).
 */

export const DEFAULT_TIMEOUT_MS = 10_000;

export const YANDEX_CAPTCHA_VALIDATE_URL = 'https://smartcaptcha.yandexcloud.net/validate';

export interface JsonEndpoint {
  url: string;
  apiKey: string;
  /** For tests; the default is 10 s. */
  timeoutMs?: number;
}

async function postJson(provider: ProviderName, endpoint: JsonEndpoint, payload: Record<string, string>): Promise<void> {
  let response: Response;
  try {
    response = await fetch(endpoint.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      // A redirect would resend the key and the code somewhere we did not configure.
      redirect: 'error',
    });
  } catch (error) {
    // The cause is a fetch/abort error: it names the host, not the payload.
    throw new ProviderError(provider, `${provider} provider unreachable: ${errorName(error)}`, { cause: error });
  }
  // The body may echo the payload (and so the code): drain it without reading it into the error.
  await response.body?.cancel().catch(() => {});
  if (!response.ok) throw new ProviderError(provider, `${provider} provider answered ${response.status}`, { status: response.status });
}

export function httpSmsSender(endpoint: JsonEndpoint): SmsSender {
  return {
    async send(phone, text, options) {
      await postJson('sms', endpoint, { phone: deliveryPhone('sms', phone), text, ...(options?.idempotencyKey ? { idempotency_key: options.idempotencyKey } : {}) });
    },
  };
}

export function httpFlashCaller(endpoint: JsonEndpoint): FlashCaller {
  return {
    async call(phone, code) {
      assertFlashCode(code);
      await postJson('call', endpoint, { phone: deliveryPhone('call', phone), code });
    },
  };
}

/** What the mailer needs of a nodemailer transport; a jsonTransport stands in for SMTP in tests. */
export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string; html?: string; messageId?: string }): Promise<unknown>;
}

export interface SmtpSettings {
  host: string;
  port: number;
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it (587). */
  secure: boolean;
  user?: string;
  password?: string;
}

/**
 * nodemailer SMTP options. Its own timeouts are minutes long; a login request must not wait that
 * long for a mail server, so they are cut to the same order as the HTTP adapters'.
 */
export function smtpTransportOptions(settings: SmtpSettings) {
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: DEFAULT_TIMEOUT_MS,
    greetingTimeout: DEFAULT_TIMEOUT_MS,
    socketTimeout: 2 * DEFAULT_TIMEOUT_MS,
  };
}

/** `<key@sender's domain>`, the key's characters kept to those a Message-ID allows. */
export function messageIdOf(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${key.replace(/[^A-Za-z0-9._-]/g, (c) => `=${c.charCodeAt(0).toString(16)}`)}@${domain}>`;
}

/** nodemailer connects on the first send, not here, so building it at start-up costs nothing. */
export function createSmtpTransport(settings: SmtpSettings): MailTransport {
  return nodemailer.createTransport(smtpTransportOptions(settings));
}

export function smtpMailer(transport: MailTransport, from: string): Mailer {
  return {
    async send(message: MailMessage) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          // A job's key as the Message-ID: a letter sent again after a lost lease is the same letter.
          ...(message.idempotencyKey ? { messageId: messageIdOf(message.idempotencyKey, from) } : {}),
        });
      } catch (error) {
        const code = (error as { responseCode?: unknown } | null)?.responseCode;
        throw new ProviderError('mail', `SMTP delivery failed: ${errorName(error)}`, {
          status: typeof code === 'number' ? code : null,
          cause: error,
        });
      }
    },
  };
}

export interface CaptchaSettings {
  /** The server key of the SmartCaptcha instance. */
  serverKey: string;
  /** Default: Yandex's endpoint; tests point it at a local server. */
  validateUrl?: string;
  timeoutMs?: number;
  /** Where failures of the check itself are reported; default: a JSON line on stderr. */
  log?: (event: { msg: string; status?: number; error?: string }) => void;
}

/**
 * Yandex SmartCaptcha's server check: GET <validate>?secret=…&token=…&ip=… answers
 * {"status":"ok"} or {"status":"failed","message":"…"}.
 *
 * Yandex suggests letting the visitor through when its service fails; we decide closed instead — a
 * network error, a timeout, a non-2xx answer or an unreadable body all count as "not verified" and
 * are logged. The captcha guards code sending (money per SMS/call) and password guessing, and a user
 * who is refused can simply retry, while an attacker who can make the check fail must not pass.
 */
export function yandexCaptcha(settings: CaptchaSettings): CaptchaVerifier {
  const log = settings.log ?? ((event) => process.stderr.write(JSON.stringify({ level: 'warn', ...event }) + '\n'));
  return {
    async verify(token, ip) {
      // An empty token is the widget not solved; no need to ask.
      if (!token) return false;
      const url = new URL(settings.validateUrl ?? YANDEX_CAPTCHA_VALIDATE_URL);
      url.searchParams.set('secret', settings.serverKey);
      url.searchParams.set('token', token);
      if (ip) url.searchParams.set('ip', ip);
      try {
        const response = await fetch(url, {
          method: 'GET',
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(settings.timeoutMs ?? DEFAULT_TIMEOUT_MS),
          redirect: 'error',
        });
        if (!response.ok) {
          await response.body?.cancel().catch(() => {});
          log({ msg: 'captcha check failed, refusing', status: response.status });
          return false;
        }
        const answer = (await response.json()) as { status?: unknown };
        return answer?.status === 'ok';
      } catch (error) {
        // The URL carries the secret: log only the error's name and message, never the URL.
        log({ msg: 'captcha check failed, refusing', error: errorName(error) });
        return false;
      }
    },
  };
}

function errorName(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.name}${cause}`;
  }
  return 'unknown error';
}
