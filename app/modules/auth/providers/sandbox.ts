import type { DB } from '#app/.server/db/connect.ts';
import type { AuthOutboxTable } from '#app/.server/db/schema.ts';
import {
  assertFlashCode,
  deliveryPhone,
  type AuthProviders,
  type CaptchaVerifier,
  type FlashCaller,
  type Mailer,
  type SmsSender,
} from './providers.ts';

/**
 * Sandbox providers: nothing leaves the machine. Every SMS, flash call and e-mail is written to the
 * `auth_outbox` table, where tests (and a development-only outbox page) read the codes and links.
 * `createProviders` refuses them when NODE_ENV=production.
 */

/** The only token the sandbox captcha accepts; the development widget stand-in submits it. */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-ok';

/**
 * The first 6 digits of the number the sandbox "calls" from; the last 4 are the code. A fixed prefix
 * keeps the outbox readable and the tests deterministic.
 */
export const SANDBOX_CALLER_PREFIX = '+7 800 000';

export type OutboxChannel = AuthOutboxTable['channel'];

export interface OutboxMessage {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: Date;
}

/**
 * The form recipients are stored in, so that a lookup by '+7 (900) 123-45-67' finds a message sent
 * to '79001234567' and 'User@Example.ru' finds 'user@example.ru'.
 */
export function outboxRecipient(value: string): string {
  return value.includes('@') ? value.trim().toLowerCase() : value.replace(/\D/g, '');
}

export function sandboxSms(db: DB): SmsSender {
  return {
    async send(phone, text) {
      const recipient = deliveryPhone('sms', phone);
      await db.insertInto('auth_outbox').values({ channel: 'sms', recipient, subject: null, body: text }).execute();
    },
  };
}

/** The caller's number as the user would see it: '+7 800 000 45 67' for code 4567. */
export function sandboxCallerNumber(code: string): string {
  return `${SANDBOX_CALLER_PREFIX} ${code.slice(0, 2)} ${code.slice(2, 4)}`;
}

export function sandboxFlashCall(db: DB): FlashCaller {
  return {
    async call(phone, code) {
      assertFlashCode(code);
      const recipient = deliveryPhone('call', phone);
      await db
        .insertInto('auth_outbox')
        .values({ channel: 'call', recipient, subject: null, body: `Звонок с номера ${sandboxCallerNumber(code)}` })
        .execute();
    },
  };
}

/** Separates the plain text from the HTML part in an e-mail's outbox body. */
export const OUTBOX_HTML_SEPARATOR = '\n\n--- HTML ---\n';

export function sandboxMailer(db: DB): Mailer {
  return {
    async send(message) {
      const body = message.html ? `${message.text}${OUTBOX_HTML_SEPARATOR}${message.html}` : message.text;
      await db
        .insertInto('auth_outbox')
        .values({ channel: 'email', recipient: outboxRecipient(message.to), subject: message.subject, body })
        .execute();
    },
  };
}

export function sandboxCaptcha(): CaptchaVerifier {
  return {
    async verify(token) {
      return token === SANDBOX_CAPTCHA_TOKEN;
    },
  };
}

export function createSandboxProviders(db: DB): AuthProviders {
  return { sms: sandboxSms(db), call: sandboxFlashCall(db), mail: sandboxMailer(db), captcha: sandboxCaptcha(), captchaSiteKey: null, sandbox: true };
}

/** Everything sent to one phone or address, oldest first. */
export async function readOutbox(db: DB, recipient: string): Promise<OutboxMessage[]> {
  const rows = await db
    .selectFrom('auth_outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at'])
    .where('recipient', '=', outboxRecipient(recipient))
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toMessage);
}

/** The newest message of a channel to one phone or address, or null when none was sent. */
export async function lastOutboxMessage(db: DB, recipient: string, channel: OutboxChannel): Promise<OutboxMessage | null> {
  const row = await db
    .selectFrom('auth_outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at'])
    .where('recipient', '=', outboxRecipient(recipient))
    .where('channel', '=', channel)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toMessage(row) : null;
}

function toMessage(row: { id: number; channel: OutboxChannel; recipient: string; subject: string | null; body: string; created_at: Date }): OutboxMessage {
  return { id: row.id, channel: row.channel, recipient: row.recipient, subject: row.subject, body: row.body, createdAt: row.created_at };
}

const CALL_BODY = /Звонок с номера \+7 \d{3} \d{3} (\d{2}) (\d{2})/;
const CODE_AFTER_WORD = /код\D{0,30}?(?<!\d)(\d{4})(?!\d)/iu;
const ANY_CODE = /(?<!\d)\d{4}(?!\d)/;

/**
 * The 4-digit code in an outbox body: the last 4 digits of a sandbox call's number, else the digits
 * after the word 'код', else the first standalone group of 4 digits. Null when there is none.
 */
export function extractCode(body: string): string | null {
  const call = CALL_BODY.exec(body);
  if (call) return `${call[1]}${call[2]}`;
  const afterWord = CODE_AFTER_WORD.exec(body);
  if (afterWord?.[1]) return afterWord[1];
  return ANY_CODE.exec(body)?.[0] ?? null;
}

/**
 * The first http(s) link in an outbox body (the plain-text part comes first), without the
 * punctuation that ends the sentence around it. Null when there is none.
 */
export function extractLink(body: string): string | null {
  const match = /https?:\/\/[^\s<>"'«»]+/.exec(body);
  if (!match) return null;
  return match[0].replace(/[.,;:!?)\]]+$/, '');
}
