import { Readable } from 'node:stream';
import { recordAudit } from '#app/.server/audit.ts';
import type { Config } from '#app/.server/config.ts';
import type { DB } from '#app/.server/db/connect.ts';
import type { OpenedObject } from '#app/.server/files/storage.ts';
import type { Staff } from '#app/modules/auth/staff.server.ts';
import { attachmentDisposition } from './letters.rules.ts';
import { LETTER_MESSAGES, LETTERS_PAGE_SIZE, type AttachmentState, type LetterState } from './letters.schema.ts';
import { pricelistStorage } from './mail-intake.server.ts';

/*
 * Suppliers' letters as the cabinet and the quarantine show them (issue 32 §2, ADR 095). Every query
 * of the cabinet takes the organisation from `supplierScope`: a letter of another organisation is
 * not found. The quarantine (letters of no organisation) is for employees ('suppliers.manage').
 */

type Actor = Pick<Staff, 'userId' | 'name'>;
type Outcome = { ok: true } | { ok: false; message: string; status: number };

export interface LetterRow {
  id: number; from: string; fromName: string | null; subject: string; receivedAt: string; state: LetterState; reason: string | null;
  attachments: Array<{ id: number; fileName: string; size: number; state: AttachmentState }>;
}

export interface LetterDetails extends LetterRow {
  messageId: string | null; sentAt: string | null; size: number;
  attachments: Array<{ id: number; fileName: string; contentType: string; size: number; state: AttachmentState; reason: string | null; stored: boolean }>;
}

const LETTER_COLUMNS = ['l.id', 'l.from_address', 'l.from_name', 'l.subject', 'l.received_at', 'l.state', 'l.reason'] as const;

type LetterScope = { organisationId: number } | { quarantine: true };

async function pageOf(db: DB, scope: LetterScope, page: number): Promise<{ rows: LetterRow[]; page: number; pageCount: number; total: number }> {
  let base = db.selectFrom('suppliers_letter as l');
  base = 'organisationId' in scope ? base.where('l.organisation_id', '=', scope.organisationId) : base.where('l.organisation_id', 'is', null);
  const { n } = await base.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / LETTERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const letters = await base.select([...LETTER_COLUMNS]).orderBy('l.id', 'desc').limit(LETTERS_PAGE_SIZE).offset((current - 1) * LETTERS_PAGE_SIZE).execute();
  const files = letters.length === 0 ? [] : await db.selectFrom('suppliers_letter_attachment').select(['id', 'letter_id', 'file_name', 'size', 'state'])
    .where('letter_id', 'in', letters.map((l) => l.id)).orderBy('id').execute();
  return {
    page: current, pageCount, total,
    rows: letters.map((l) => ({
      id: l.id, from: l.from_address, fromName: l.from_name, subject: l.subject, receivedAt: l.received_at.toISOString(), state: l.state, reason: l.reason,
      attachments: files.filter((f) => f.letter_id === l.id).map((f) => ({ id: f.id, fileName: f.file_name, size: f.size, state: f.state })),
    })),
  };
}

/** The organisation's letters, newest first, a page at a time. */
export function lettersOf(db: DB, organisationId: number, page = 1) {
  return pageOf(db, { organisationId }, page);
}

/** Letters of no organisation kept for employees (unknown senders, and refused letters of unknown senders), newest first. */
export function quarantinedLetters(db: DB, page = 1) {
  return pageOf(db, { quarantine: true }, page);
}

async function detailsOf(db: DB, scope: LetterScope, id: number): Promise<LetterDetails | null> {
  let query = db.selectFrom('suppliers_letter as l').select([...LETTER_COLUMNS, 'l.message_id', 'l.sent_at', 'l.size']).where('l.id', '=', id);
  query = 'organisationId' in scope ? query.where('l.organisation_id', '=', scope.organisationId) : query.where('l.organisation_id', 'is', null);
  const l = await query.executeTakeFirst();
  if (!l) return null;
  const files = await db.selectFrom('suppliers_letter_attachment').select(['id', 'file_name', 'content_type', 'size', 'state', 'reason', 'storage_key'])
    .where('letter_id', '=', id).orderBy('id').execute();
  return {
    id: l.id, from: l.from_address, fromName: l.from_name, subject: l.subject, receivedAt: l.received_at.toISOString(), state: l.state, reason: l.reason,
    messageId: l.message_id, sentAt: l.sent_at?.toISOString() ?? null, size: l.size,
    attachments: files.map((f) => ({ id: f.id, fileName: f.file_name, contentType: f.content_type, size: f.size, state: f.state, reason: f.reason, stored: f.storage_key !== null })),
  };
}

/** A letter of the organisation, or null (another organisation's letter is not found). */
export function letterOf(db: DB, organisationId: number, id: number) {
  return detailsOf(db, { organisationId }, id);
}

/** A letter in quarantine, for employees. */
export function quarantinedLetter(db: DB, id: number) {
  return detailsOf(db, { quarantine: true }, id);
}

export interface AttachmentDownload { fileName: string; opened: OpenedObject }

async function downloadOf(db: DB, config: Config, scope: LetterScope, letterId: number, attachmentId: number): Promise<AttachmentDownload | null> {
  let query = db.selectFrom('suppliers_letter_attachment as a').innerJoin('suppliers_letter as l', 'l.id', 'a.letter_id')
    .select(['a.file_name', 'a.storage_key']).where('a.id', '=', attachmentId).where('l.id', '=', letterId);
  query = 'organisationId' in scope ? query.where('l.organisation_id', '=', scope.organisationId) : query.where('l.organisation_id', 'is', null);
  const row = await query.executeTakeFirst();
  if (!row?.storage_key) return null;
  const opened = await pricelistStorage(config).open(row.storage_key);
  return opened ? { fileName: row.file_name, opened } : null;
}

/** A file of the organisation's letter, found by the letter's and the file's ids within its scope (never a path from the request). */
export function letterAttachment(db: DB, config: Config, organisationId: number, letterId: number, attachmentId: number) {
  return downloadOf(db, config, { organisationId }, letterId, attachmentId);
}

/** A file of a quarantined letter, for employees. */
export function quarantinedAttachment(db: DB, config: Config, letterId: number, attachmentId: number) {
  return downloadOf(db, config, { quarantine: true }, letterId, attachmentId);
}

/**
 * An employee gives a quarantined letter to an organisation: it becomes that organisation's,
 * accepted, its kept files wait for the reading; with `addSender` its address becomes one of the
 * organisation's senders (refused when another organisation has it). Under the letter's row lock:
 * two employees deciding at once, one wins.
 */
export async function assignLetter(db: DB, actor: Actor, letterId: number, organisationId: number, addSender: boolean, ip: string | null = null): Promise<Outcome> {
  return db.transaction().execute(async (trx): Promise<Outcome> => {
    const letter = await trx.selectFrom('suppliers_letter').select(['id', 'from_address', 'organisation_id', 'state']).where('id', '=', letterId).forUpdate().executeTakeFirst();
    if (!letter) return { ok: false, message: LETTER_MESSAGES.notFound, status: 404 };
    if (letter.organisation_id !== null || letter.state !== 'quarantined') return { ok: false, message: LETTER_MESSAGES.alreadyHandled, status: 409 };
    const org = await trx.selectFrom('suppliers_organisation').select(['id', 'name']).where('id', '=', organisationId).forUpdate().executeTakeFirst();
    if (!org) return { ok: false, message: LETTER_MESSAGES.organisation, status: 400 };
    let senderAdded = false;
    if (addSender && letter.from_address) {
      const owner = await trx.selectFrom('suppliers_sender as s').innerJoin('suppliers_organisation as o', 'o.id', 's.organisation_id')
        .select(['o.id', 'o.name']).where('s.email', '=', letter.from_address).executeTakeFirst();
      if (owner && owner.id !== org.id) return { ok: false, message: LETTER_MESSAGES.senderTaken(letter.from_address, owner.name), status: 409 };
      if (!owner) {
        await trx.insertInto('suppliers_sender').values({ email: letter.from_address, organisation_id: org.id }).onConflict((oc) => oc.column('email').doNothing()).execute();
        senderAdded = true;
      }
    }
    await trx.updateTable('suppliers_letter').set({ organisation_id: org.id, state: 'accepted', reason: null }).where('id', '=', letterId).execute();
    await trx.updateTable('suppliers_letter_attachment').set({ state: 'received' }).where('letter_id', '=', letterId).where('state', '=', 'quarantined').execute();
    await recordAudit(trx, {
      actor, action: 'supplier.letter_assign', entity: 'supplier_letter', entityId: letterId,
      after: { supplier: `${org.name} (#${org.id})`, from: letter.from_address, ...(senderAdded ? { senderAdded: letter.from_address } : {}) }, ip,
    });
    return { ok: true };
  });
}

/** An employee deletes a letter of no organisation (quarantined or refused) with its files. */
export async function deleteQuarantinedLetter(db: DB, config: Config, actor: Actor, letterId: number, ip: string | null = null): Promise<Outcome> {
  const keys = await db.transaction().execute(async (trx) => {
    const files = await trx.selectFrom('suppliers_letter_attachment').select('storage_key').where('letter_id', '=', letterId).execute();
    const letter = await trx.deleteFrom('suppliers_letter').where('id', '=', letterId).where('organisation_id', 'is', null)
      .returning(['id', 'from_address', 'subject']).executeTakeFirst();
    if (!letter) return null;
    await recordAudit(trx, { actor, action: 'supplier.letter_delete', entity: 'supplier_letter', entityId: letterId, before: { from: letter.from_address, subject: letter.subject }, ip });
    return files.flatMap((f) => (f.storage_key ? [f.storage_key] : []));
  });
  if (!keys) return { ok: false, message: LETTER_MESSAGES.notFound, status: 404 };
  const storage = pricelistStorage(config);
  await Promise.all(keys.map((key) => storage.delete(key)));
  return { ok: true };
}

/** How many letters wait in quarantine (the suppliers' admin shows it). */
export async function quarantineCount(db: DB): Promise<number> {
  const { n } = await db.selectFrom('suppliers_letter').select((e) => e.fn.countAll<number>().as('n'))
    .where('organisation_id', 'is', null).where('state', '=', 'quarantined').executeTakeFirstOrThrow();
  return Number(n);
}

/** A letter's file as a download a browser never renders in the shop's origin; a 404 when there is none. */
export function attachmentResponse(file: AttachmentDownload | null): Response {
  if (!file) return new Response(LETTER_MESSAGES.fileNotFound, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });
  return new Response(Readable.toWeb(file.opened.stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(file.opened.size),
      'Content-Disposition': attachmentDisposition(file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
