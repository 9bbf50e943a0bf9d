import { sql } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import { currentOutboxReader, withOutboxReader } from '#app/.server/outbox-reader.ts';
import type { AuthOutboxTable } from '#app/.server/db/schema.ts';
import { csrfTokenId, sha256 } from '#app/.server/security/tokens.ts';
import {
  assertFlashCode,
  deliveryPhone,
  type AuthProviders,
  type CaptchaVerifier,
  type FlashCaller,
  type Mailer,
  type MailMessage,
  type SmsSender,
} from './providers.ts';
import { SANDBOX_CAPTCHA_TOKEN } from '../auth.constants.ts';

/**
 * Sandbox providers: nothing leaves the machine. Every SMS, flash call and e-mail is written to the
 * `auth_outbox` table, where tests (and the outbox page, /__dev/outbox) read the codes and links.
 * `createProviders` allows them only in development, tests and demo mode.
 *
 * The outbox stands in for every phone and mailbox at once, so it is scoped to browsers (ADR 011,
 * amended by ADR 066):
 * - each request runs inside `withOutboxReader`, which names its browser (a key derived from the
 *   XSRF cookie, read lazily); a job runs inside the one of the request that enqueued it (ADR 075),
 *   and a background step no visitor caused names no browser;
 * - a phone or address belongs to the browser that proved it: one signed in to the account that has
 *   confirmed it (`claimAccountOutbox`, after a sign-in or any write of a signed-in visitor; the
 *   latest proof wins). Every message to it, whoever caused it and whenever it is sent, is readable by
 *   that browser only;
 * - an address or phone that an account has confirmed but no browser proved here (an employee created
 *   by `npm run user`) belongs to nobody: its messages are kept but shown to no one;
 * - any other address (typed, never confirmed) belongs to nobody either: a message to it is shown to
 *   the browser whose request sent it, and claims nothing, so mentioning an address first gives no
 *   hold on it;
 * - a letter to the shop's own staff (`MailMessage.staff`, e.g. 'Написать нам' to a branch) is shown
 *   to the browser that sent it and claims nothing.
 */

export { withOutboxReader };

/**
 * The outbox's name for a browser: a hash of its XSRF token's random part, which only that browser
 * holds and which stays when the token is signed again for a new session (a sign-in, ADR 065).
 */
export function outboxReaderKey(csrfToken: string): string {
  return sha256(`outbox-reader:${csrfTokenId(csrfToken)}`);
}

/** True when an account has confirmed this address or phone: its mailbox was never this outbox's to give away. */
async function confirmedByAccount(db: DB, recipient: string): Promise<boolean> {
  const row = recipient.includes('@')
    ? await db.selectFrom('auth_user').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', recipient)).where('email_verified_at', 'is not', null).executeTakeFirst()
    : await db.selectFrom('auth_user').select('id').where('phone', '=', recipient).where('phone_verified_at', 'is not', null).executeTakeFirst();
  return row !== undefined;
}

/** Which browser may read a new message to `recipient` (see the rules above); null: nobody. */
export async function outboxReaderFor(db: DB, recipient: string, sender: string | null, staff = false): Promise<string | null> {
  if (staff) return sender;
  const known = await db.selectFrom('auth_outbox_owner').select('reader_key').where('recipient', '=', recipient).executeTakeFirst();
  if (known) return known.reader_key;
  return sender !== null && !(await confirmedByAccount(db, recipient)) ? sender : null;
}

/**
 * The browser `readerKey` is signed in to account `userId`: the account's confirmed address and
 * phone become this browser's (one statement; a browser that proved them later takes them over).
 */
export async function claimAccountOutbox(db: DB, readerKey: string, userId: number): Promise<void> {
  await sql`
    insert into auth_outbox_owner (recipient, reader_key)
    select r.recipient, ${readerKey} from auth_user u
    cross join lateral (values
      (case when u.email_verified_at is not null then lower(trim(u.email)) end),
      (case when u.phone_verified_at is not null then regexp_replace(u.phone, '\\D', '', 'g') end)
    ) as r (recipient)
    where u.id = ${userId} and r.recipient is not null and r.recipient <> ''
    on conflict (recipient) do update set reader_key = excluded.reader_key, created_at = now()
      where auth_outbox_owner.reader_key <> excluded.reader_key`.execute(db);
}

/**
 * Writes one message. `idempotencyKey` (a job's key): a message sent again under the same key (its job
 * taken again after a lost lease) is written once.
 */
async function record(db: DB, message: { channel: OutboxChannel; recipient: string; subject: string | null; body: string; staff?: boolean; idempotencyKey?: string }): Promise<void> {
  const readerKey = await outboxReaderFor(db, message.recipient, currentOutboxReader(), message.staff);
  await db.insertInto('auth_outbox')
    .values({ channel: message.channel, recipient: message.recipient, subject: message.subject, body: message.body, reader_key: readerKey, idempotency_key: message.idempotencyKey ?? null })
    .onConflict((oc) => oc.column('idempotency_key').where('idempotency_key', 'is not', null).doNothing())
    .execute();
}

export { SANDBOX_CAPTCHA_TOKEN };

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
    async send(phone, text, options) {
      await record(db, { channel: 'sms', recipient: deliveryPhone('sms', phone), subject: null, body: text, idempotencyKey: options?.idempotencyKey });
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
      await record(db, { channel: 'call', recipient: deliveryPhone('call', phone), subject: null, body: `Звонок с номера ${sandboxCallerNumber(code)}` });
    },
  };
}

/** Separates the plain text from the HTML part in an e-mail's outbox body. */
export const OUTBOX_HTML_SEPARATOR = '\n\n--- HTML ---\n';

export function sandboxMailer(db: DB): Mailer {
  return {
    async send(message: MailMessage) {
      const body = message.html ? `${message.text}${OUTBOX_HTML_SEPARATOR}${message.html}` : message.text;
      await record(db, { channel: 'email', recipient: outboxRecipient(message.to), subject: message.subject, body, staff: message.staff, idempotencyKey: message.idempotencyKey });
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

/** Everything sent to one phone or address, oldest first (all browsers: for tests). */
export async function readOutbox(db: DB, recipient: string): Promise<OutboxMessage[]> {
  const rows = await db
    .selectFrom('auth_outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at'])
    .where('recipient', '=', outboxRecipient(recipient))
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toMessage);
}

/** What one browser may read, newest first: its own messages, optionally to one phone or address. */
export async function readOutboxFor(db: DB, readerKey: string, options: { recipient?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
  let query = db
    .selectFrom('auth_outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at'])
    .where('reader_key', '=', readerKey);
  if (options.recipient) query = query.where('recipient', '=', outboxRecipient(options.recipient));
  const rows = await query.orderBy('id', 'desc').limit(options.limit ?? 20).execute();
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
