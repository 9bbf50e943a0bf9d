import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ImapFlow } from 'imapflow';
import { sql } from 'kysely';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';
import { now } from '#app/.server/clock.ts';
import type { Config } from '#app/.server/config.ts';
import type { AppServices } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { fileStorage } from '#app/.server/files/files.ts';
import type { FileStorage } from '#app/.server/files/storage.ts';
import { enqueueJob } from '#app/.server/jobs/enqueue.ts';
import { defineJobKind } from '#app/.server/jobs/kinds.ts';
import { registerPriceList } from '../pricelist/process.server.ts';
import { noticeQuarantinedLetter } from './quarantine-notices.server.ts';
import { z } from '#app/lib/zod.ts';
import {
  LETTER_MESSAGES, LETTERS_PER_RUN, MAX_ATTACHMENTS, MAX_LETTER_BYTES, MAX_QUARANTINE_BYTES, type AttachmentState, type LetterState,
} from './letters.schema.ts';

/*
 * The suppliers' mailbox (issue 32 §2, ADR 095): read over IMAP on a schedule, each message taken
 * once. A letter from a registered sender of an organisation that sends by mail has its attachments
 * kept for the price-list reading (state `received`); any other is quarantined for employees; a
 * letter too large or with too many attachments is refused with the reason.
 */

export interface MailboxSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  folder: string;
  /** What the letters and the mailbox's row are keyed by: host, port, user and folder. */
  name: string;
}

/** The mailbox named by SUPPLIERS_IMAP_URL, or null when none is configured. */
export function mailboxSettings(config: Pick<Config, 'SUPPLIERS_IMAP_URL'>): MailboxSettings | null {
  if (!config.SUPPLIERS_IMAP_URL) return null;
  const url = new URL(config.SUPPLIERS_IMAP_URL);
  const secure = url.protocol === 'imaps:';
  const port = url.port ? Number(url.port) : secure ? 993 : 143;
  const user = decodeURIComponent(url.username);
  const folder = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX';
  return { host: url.hostname, port, secure, user, password: decodeURIComponent(url.password), folder, name: `${url.hostname}:${port}/${user}/${folder}`.slice(0, 500) };
}

export interface IntakeLimits {
  maxLetterBytes: number;
  maxAttachments: number;
  maxQuarantineBytes: number;
  lettersPerRun: number;
}

export const DEFAULT_LIMITS: IntakeLimits = {
  maxLetterBytes: MAX_LETTER_BYTES, maxAttachments: MAX_ATTACHMENTS, maxQuarantineBytes: MAX_QUARANTINE_BYTES, lettersPerRun: LETTERS_PER_RUN,
};

export interface IntakeOutcome {
  /** Another intake holds the mailbox's lease: this one read nothing. */
  busy: boolean;
  accepted: number;
  quarantined: number;
  failed: number;
  /** Messages another intake stored first (taken once, by the unique key). */
  skipped: number;
}

export interface IntakeOptions {
  limits?: Partial<IntakeLimits>;
  /**
   * Read even while another intake holds the lease (tests of the unique key). Each message is still
   * stored once: by the key on (mailbox, uidvalidity, uid).
   */
  ignoreLease?: boolean;
  /** How long the lease is held (default 10 minutes: a run's longest). */
  leaseMs?: number;
}

const LEASE_MS = 10 * 60_000;

/** The storage of price lists (PRICELISTS_DIR, or `pricelists/` in the S3 bucket). */
export function pricelistStorage(config: Parameters<typeof fileStorage>[0]): FileStorage {
  return fileStorage(config, 'pricelists');
}

/**
 * Reads the mailbox once: the messages above the highest UID taken (of the current UIDVALIDITY),
 * oldest first, at most `lettersPerRun`. Answers what became of them.
 */
export async function readSupplierMailbox(services: Pick<AppServices, 'db' | 'config'>, mailbox: MailboxSettings, options: IntakeOptions = {}): Promise<IntakeOutcome> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const { db } = services;
  const outcome: IntakeOutcome = { busy: false, accepted: 0, quarantined: 0, failed: 0, skipped: 0 };
  if (!options.ignoreLease && !(await takeLease(db, mailbox.name, options.leaseMs ?? LEASE_MS))) return { ...outcome, busy: true };
  const client = new ImapFlow({
    host: mailbox.host, port: mailbox.port, secure: mailbox.secure, auth: { user: mailbox.user, pass: mailbox.password },
    logger: false, connectionTimeout: 30_000, greetingTimeout: 15_000, socketTimeout: 120_000,
  });
  // An error on the socket after connecting ends the run through the failed command; not the process.
  client.on('error', () => {});
  let read = false;
  try {
    await client.connect();
    const lock = await client.getMailboxLock(mailbox.folder);
    try {
      const opened = client.mailbox;
      if (!opened) throw new Error(`IMAP: ${mailbox.folder} not opened`);
      const uidValidity = Number(opened.uidValidity);
      const lastUid = await lastUidOf(db, mailbox.name, uidValidity);
      if (opened.exists === 0 || Number(opened.uidNext) <= lastUid + 1) {
        read = true;
        return outcome;
      }
      // The UIDs above the mark (`N:*` answers the last message even when its UID is below N), the
      // oldest `lettersPerRun` of them: a mailbox of years is read a run at a time.
      const uids = ((await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || [])
        .filter((uid) => uid > lastUid).sort((a, b) => a - b).slice(0, limits.lettersPerRun);
      if (uids.length === 0) {
        read = true;
        return outcome;
      }
      // Their sizes and envelopes first, the messages after: no command may run inside a fetch.
      const found: Array<{ uid: number; size: number; from: string; subject: string; messageId: string | null; date: Date | null }> = [];
      const seen = new Set<number>();
      for await (const m of client.fetch(uids.join(','), { uid: true, size: true, envelope: true }, { uid: true })) {
        // Another session's flag change arrives as an answer without a UID, or with the size and
        // envelope missing (skipped: the message's own answer comes too).
        if (typeof m.uid !== 'number' || m.uid <= lastUid || m.size === undefined || seen.has(m.uid)) continue;
        seen.add(m.uid);
        const sender = m.envelope?.from?.[0];
        found.push({
          uid: m.uid, size: m.size, from: (sender?.address ?? '').toLowerCase(), subject: m.envelope?.subject ?? '',
          messageId: m.envelope?.messageId ?? null, date: dateOf(m.envelope?.date),
        });
      }
      found.sort((a, b) => a.uid - b.uid);
      for (const message of found) {
        const base = { mailbox: mailbox.name, uidvalidity: uidValidity, uid: message.uid, size: message.size };
        let letter: LetterDraft;
        if (message.size > limits.maxLetterBytes) {
          letter = {
            ...base, from: clean(message.from, 254), fromName: null, subject: clean(message.subject, 500), messageId: clean(message.messageId, 500) || null, sentAt: message.date,
            state: 'failed', reason: LETTER_MESSAGES.tooLarge(message.size, limits.maxLetterBytes), organisationId: mailAllowed(await organisationOfSender(db, message.from)), attachments: [],
          };
        } else {
          const download = await client.download(String(message.uid), undefined, { uid: true, maxBytes: limits.maxLetterBytes });
          letter = download.content
            ? await takeLetter(services, base, download.content, limits)
            : { ...base, from: clean(message.from, 254), fromName: null, subject: clean(message.subject, 500), messageId: null, sentAt: message.date, state: 'failed', reason: LETTER_MESSAGES.unreadable, organisationId: null, attachments: [] };
        }
        const stored = await storeLetter(db, letter, services.config.PUBLIC_ORIGIN);
        if (!stored) {
          outcome.skipped += 1;
          await Promise.all(letter.attachments.map((a) => a.key && pricelistStorage(services.config).delete(a.key)));
        } else {
          outcome[letter.state] += 1;
        }
        // For people reading the mailbox too: taken letters show as read. Not what decides what is taken.
        await client.messageFlagsAdd(String(message.uid), ['\\Seen'], { uid: true }).catch(() => {});
      }
    } finally {
      lock.release();
    }
    await client.logout();
    read = true;
  } finally {
    client.close();
    // The lease given back; `checked_at`: the last reading that went through (a failed one is the job's error).
    if (read || !options.ignoreLease) {
      await db.updateTable('suppliers_mailbox').set({ ...(read ? { checked_at: now() } : {}), ...(options.ignoreLease ? {} : { locked_until: null }) })
        .where('mailbox', '=', mailbox.name).execute();
    }
  }
  return outcome;
}

function dateOf(value: Date | string | undefined): Date | null {
  const date = value === undefined ? null : new Date(value);
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** The lease on the mailbox's row: one intake reads it at a time; a lease of a process that died runs out. */
async function takeLease(db: DB, mailbox: string, leaseMs: number): Promise<boolean> {
  const at = now();
  const until = new Date(at.getTime() + leaseMs);
  const row = await db.insertInto('suppliers_mailbox').values({ mailbox, locked_until: until })
    .onConflict((oc) => oc.column('mailbox').doUpdateSet({ locked_until: until })
      .where((eb) => eb.or([eb('suppliers_mailbox.locked_until', 'is', null), eb('suppliers_mailbox.locked_until', '<', at)])))
    .returning('mailbox').executeTakeFirst();
  return row !== undefined;
}

export interface MailboxStatus { mailbox: string; checkedAt: string | null }

/** When the configured mailbox was last read through (null: none configured; checkedAt null: never). */
export async function mailboxStatus(services: Pick<AppServices, 'db' | 'config'>): Promise<MailboxStatus | null> {
  const mailbox = mailboxSettings(services.config);
  if (!mailbox) return null;
  const row = await services.db.selectFrom('suppliers_mailbox').select('checked_at').where('mailbox', '=', mailbox.name).executeTakeFirst();
  return { mailbox: `${mailbox.user}@${mailbox.host}/${mailbox.folder}`, checkedAt: row?.checked_at?.toISOString() ?? null };
}

/** The highest UID taken of this UIDVALIDITY; a new UIDVALIDITY (the folder was recreated) starts again from 0. */
async function lastUidOf(db: DB, mailbox: string, uidValidity: number): Promise<number> {
  await db.insertInto('suppliers_mailbox').values({ mailbox, uidvalidity: uidValidity }).onConflict((oc) => oc.column('mailbox').doNothing()).execute();
  await db.updateTable('suppliers_mailbox').set({ uidvalidity: uidValidity, last_uid: 0 }).where('mailbox', '=', mailbox).where('uidvalidity', '<>', uidValidity).execute();
  const { last_uid } = await db.selectFrom('suppliers_mailbox').select('last_uid').where('mailbox', '=', mailbox).executeTakeFirstOrThrow();
  return Number(last_uid);
}

interface AttachmentDraft {
  fileName: string;
  contentType: string;
  size: number;
  sha256: string | null;
  key: string | null;
  state: AttachmentState;
  reason: string | null;
}

interface LetterDraft {
  mailbox: string;
  uidvalidity: number;
  uid: number;
  size: number;
  from: string;
  fromName: string | null;
  subject: string;
  messageId: string | null;
  sentAt: Date | null;
  state: LetterState;
  reason: string | null;
  organisationId: number | null;
  attachments: AttachmentDraft[];
}

/** Text PostgreSQL accepts and the screens show: no control characters, at most `max` characters. */
function clean(value: string | null | undefined, max: number): string {
  return (value ?? '').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').replace(/\s+/g, ' ').trim().slice(0, max);
}

/**
 * A file name as shown and offered for download: the last part of any path, without control
 * characters and characters file systems refuse, at most 200 characters with its extension kept.
 */
export function safeFileName(name: string | null | undefined, n: number): string {
  const last = clean(name, 1000).split(/[\\/]/).pop() ?? '';
  let safe = last.replace(/[<>:"|?*]/g, '_').replace(/^[.\s]+|[.\s]+$/g, '');
  if (safe.length > 200) {
    const dot = safe.lastIndexOf('.');
    const ext = dot > 0 && safe.length - dot <= 10 ? safe.slice(dot) : '';
    safe = safe.slice(0, 200 - ext.length) + ext;
  }
  return safe || `вложение-${n}`;
}

function firstAddress(from: AddressObject | AddressObject[] | undefined): { address: string; name: string } | null {
  const list = Array.isArray(from) ? from : from ? [from] : [];
  const first = list.flatMap((a) => a.value).find((v) => v.address);
  return first ? { address: first.address!.toLowerCase(), name: first.name } : null;
}

/** The files of a letter, without the pictures its text shows inline (logos of a signature). */
function filesOf(parsed: ParsedMail): Attachment[] {
  return parsed.attachments.filter((a) => !(a.related && a.contentDisposition !== 'attachment'));
}

/** Reads a message and decides what it is; keeps the files of one taken or quarantined. */
async function takeLetter(
  services: Pick<AppServices, 'db' | 'config'>, base: Pick<LetterDraft, 'mailbox' | 'uidvalidity' | 'uid' | 'size'>, source: Readable, limits: IntakeLimits,
): Promise<LetterDraft> {
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(source, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  } catch {
    return { ...base, from: '', fromName: null, subject: '', messageId: null, sentAt: null, state: 'failed', reason: LETTER_MESSAGES.unreadable, organisationId: null, attachments: [] };
  }
  const sender = firstAddress(parsed.from);
  const head = {
    ...base,
    from: clean(sender?.address, 254),
    fromName: clean(sender?.name, 200) || null,
    subject: clean(parsed.subject, 500),
    messageId: clean(parsed.messageId, 500) || null,
    sentAt: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null,
  };
  const owner = sender ? await organisationOfSender(services.db, head.from) : null;
  const files = filesOf(parsed);
  if (files.length > limits.maxAttachments) {
    return { ...head, state: 'failed', reason: LETTER_MESSAGES.tooManyAttachments(files.length, limits.maxAttachments), organisationId: mailAllowed(owner), attachments: [] };
  }
  const accepted = owner !== null && owner.sources.includes('mail');
  const storage = pricelistStorage(services.config);
  const attachments: AttachmentDraft[] = [];
  let quarantined = 0;
  for (const [i, file] of files.entries()) {
    const draft = { fileName: safeFileName(file.filename, i + 1), contentType: clean(file.contentType, 200) || 'application/octet-stream', size: file.size ?? file.content.length };
    if (!accepted && quarantined + file.content.length > limits.maxQuarantineBytes) {
      attachments.push({ ...draft, sha256: null, key: null, state: 'refused', reason: LETTER_MESSAGES.quarantineFull });
      continue;
    }
    // In the area `pricelists` (its own directory, or prefix in the bucket): `letters/{organisation}/…`, quarantine apart.
    const key = accepted ? `letters/${owner.id}/${randomUUID()}` : `letters/quarantine/${randomUUID()}`;
    const stored = await storage.put(key, file.content, { contentType: 'application/octet-stream', headBytes: 0 });
    if (!accepted) quarantined += stored.size;
    attachments.push({ ...draft, size: stored.size, sha256: stored.sha256, key, state: accepted ? 'received' : 'quarantined', reason: null });
  }
  if (accepted) return { ...head, state: 'accepted', reason: files.length ? null : LETTER_MESSAGES.noAttachments, organisationId: owner.id, attachments };
  const reason = !sender ? LETTER_MESSAGES.noSender : owner ? LETTER_MESSAGES.mailNotAllowed(owner.name) : LETTER_MESSAGES.unknownSender;
  return { ...head, state: 'quarantined', reason, organisationId: null, attachments };
}

/** The organisation a refused letter is shown to: its sender's, when it sends by mail. */
function mailAllowed(owner: { id: number; sources: string[] } | null): number | null {
  return owner?.sources.includes('mail') ? owner.id : null;
}

async function organisationOfSender(db: DB, address: string): Promise<{ id: number; name: string; sources: string[] } | null> {
  if (!address) return null;
  const row = await db.selectFrom('suppliers_sender as s').innerJoin('suppliers_organisation as o', 'o.id', 's.organisation_id')
    .select(['o.id', 'o.name', 'o.sources']).where('s.email', '=', address).executeTakeFirst();
  return row ?? null;
}

/**
 * Writes the letter and its files' rows, and moves the mailbox's mark past it, in one transaction;
 * a quarantined letter's notices (the employees', its sender's organisation's) in the same one.
 * False when another intake stored the same message first (the unique key on mailbox, UIDVALIDITY, UID).
 */
async function storeLetter(db: DB, letter: LetterDraft, origin: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('suppliers_letter').values({
      organisation_id: letter.organisationId, mailbox: letter.mailbox, uidvalidity: letter.uidvalidity, uid: letter.uid,
      from_address: letter.from, from_name: letter.fromName, subject: letter.subject, message_id: letter.messageId, sent_at: letter.sentAt,
      size: Math.min(letter.size, 2_147_483_647), state: letter.state, reason: letter.reason?.slice(0, 500) ?? null,
    }).onConflict((oc) => oc.columns(['mailbox', 'uidvalidity', 'uid']).doNothing()).returning('id').executeTakeFirst();
    if (row && letter.attachments.length) {
      await trx.insertInto('suppliers_letter_attachment').values(letter.attachments.map((a) => ({
        letter_id: row.id, file_name: a.fileName, content_type: a.contentType, size: Math.min(a.size, 2_147_483_647), sha256: a.sha256,
        storage_key: a.key, state: a.state, reason: a.reason,
      }))).execute();
    }
    if (row && letter.state === 'quarantined') {
      await noticeQuarantinedLetter(trx, { id: row.id, from: letter.from, subject: letter.subject, reason: letter.reason }, origin);
    }
    await trx.updateTable('suppliers_mailbox').set({ last_uid: sql<number>`greatest(last_uid, ${letter.uid})` })
      .where('mailbox', '=', letter.mailbox).where('uidvalidity', '=', letter.uidvalidity).execute();
    return row !== undefined;
  });
}

/** The scheduled reading of the mailbox: one job per interval (its key), whichever process enqueues it. */
export const supplierMailIntakeJob = defineJobKind({
  kind: 'suppliers.mail-intake',
  label: 'Почта поставщиков',
  payload: z.object({}),
  maxAttempts: 1,
  leaseMs: LEASE_MS + 60_000,
  async run(services) {
    const mailbox = mailboxSettings(services.config);
    if (mailbox) await readSupplierMailbox(services, mailbox);
    await takeLetterPriceLists(services.db);
  },
});

/** Enqueues this interval's reading of the mailbox (once per interval, however many processes ask). */
export async function scheduleMailIntake(services: Pick<AppServices, 'db' | 'config'>, at: Date = now()): Promise<boolean> {
  if (!mailboxSettings(services.config)) return false;
  const slot = Math.floor(at.getTime() / (services.config.SUPPLIERS_IMAP_POLL_SECONDS * 1000));
  const { created } = await enqueueJob(services.db, supplierMailIntakeJob, {}, { key: `suppliers.mail-intake:${slot}` });
  return created;
}

/**
 * Reads the mailbox every SUPPLIERS_IMAP_POLL_SECONDS from the server process (server/main.ts):
 * enqueues the interval's job, which any runner (this process or `npm run worker`) takes. Nothing
 * when no mailbox is configured. Answers the function that stops it.
 */
export function startMailIntakeSchedule(services: Pick<AppServices, 'db' | 'config'>, onError: (error: unknown) => void): () => void {
  if (!mailboxSettings(services.config)) return () => {};
  const tick = () => { scheduleMailIntake(services).catch(onError); };
  tick();
  const timer = setInterval(tick, Math.min(services.config.SUPPLIERS_IMAP_POLL_SECONDS * 1000, 60_000));
  timer.unref();
  return () => clearInterval(timer);
}

/*
 * The hand-over to the price-list reading (issue 32 §3, ADR 096): the letters' files waiting for it,
 * each registered as a price list as it is marked taken.
 */

export interface ReceivedPricelist {
  attachmentId: number;
  letterId: number;
  organisationId: number;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
}

/** Letters' files of organisations waiting to be read, oldest first. Open one with `pricelistStorage(config).open(storageKey)`. */
export async function pricelistsAwaitingReading(db: DB, limit = 20): Promise<ReceivedPricelist[]> {
  const rows = await db.selectFrom('suppliers_letter_attachment as a').innerJoin('suppliers_letter as l', 'l.id', 'a.letter_id')
    .select(['a.id', 'a.letter_id', 'l.organisation_id', 'a.file_name', 'a.content_type', 'a.size', 'a.storage_key'])
    .where('a.state', '=', 'received').where('l.organisation_id', 'is not', null).where('a.storage_key', 'is not', null)
    .orderBy('a.id').limit(limit).execute();
  return rows.map((r) => ({
    attachmentId: r.id, letterId: r.letter_id, organisationId: r.organisation_id!, fileName: r.file_name, contentType: r.content_type,
    size: r.size, storageKey: r.storage_key!,
  }));
}

/** The reading's outcome for a letter's file: processed, or failed with the reason the cabinet shows. */
export async function settleReceivedPricelist(db: DB, attachmentId: number, outcome: { state: 'processed' } | { state: 'failed'; reason: string }): Promise<boolean> {
  const done = await db.updateTable('suppliers_letter_attachment')
    .set({ state: outcome.state, reason: outcome.state === 'failed' ? outcome.reason.slice(0, 500) : null })
    .where('id', '=', attachmentId).where('state', '=', 'received').executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

/**
 * The letters' files waiting for the reading (ADR 095) become price lists: each handed over and
 * registered in one transaction, so a file is read once however many processes take them.
 */
export async function takeLetterPriceLists(db: DB): Promise<number> {
  let taken = 0;
  for (;;) {
    const waiting = await pricelistsAwaitingReading(db, 20);
    let moved = 0;
    for (const a of waiting) {
      await db.transaction().execute(async (trx) => {
        if (!(await settleReceivedPricelist(trx, a.attachmentId, { state: 'processed' }))) return;
        await registerPriceList(trx, a.organisationId, { source: 'mail', name: a.fileName, storageKey: a.storageKey, sizeBytes: a.size });
        moved += 1;
      });
    }
    taken += moved;
    if (waiting.length < 20 || moved === 0) return taken;
  }
}
