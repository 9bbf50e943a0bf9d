import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { sql } from 'kysely';
import { nowMs } from '#app/.server/clock.ts';
import { recordAudit } from '#app/.server/audit.ts';
import type { AppServices } from '#app/.server/context.ts';
import { imageStorage } from '#app/.server/files/image-variants.ts';
import { IMAGE_MAX_BYTES } from '#app/.server/files/image-variants.ts';
import { readStoredImage, storeImage } from '#app/.server/files/images.ts';
import { fileStorage } from '#app/.server/files/files.ts';
import type { FileStorage } from '#app/.server/files/storage.ts';
import { readMultipart } from '#app/.server/multipart.ts';
import { OFFER_DOC_MAX_BYTES, OFFER_DOC_TYPES } from './offer-files.constants.ts';
import type { OfferContent } from './offers.schema.ts';

/*
 * Documents and pictures uploaded in the manager's offer editor (ADR 102). A document is recognised
 * by its content (PDF, DOCX, XLSX or a picture: an executable renamed .pdf is refused) and kept in
 * the file storage under `offers/{offer id}/{uuid}`, named in `offers_file`; a picture goes through
 * the files service's `storeImage` (its AVIF/WebP variants are public by their content's id). The
 * editor then puts what was uploaded into the working copy; saving checks that every file it names
 * is the offer's own.
 */

export const OFFER_FILE_MESSAGES = {
  notFound: 'Предложение не найдено',
  locked: 'Предложение принято или отменено: его больше не меняют',
  missing: 'Выберите файл',
  empty: 'Файл пустой',
  docType: (name: string) => `Файл «${name}» не принят: подходят PDF, DOCX, XLSX и изображения JPEG, PNG, WebP`,
  unknownFile: 'Файл документа не найден: загрузите его снова',
  unknownImage: 'Изображение не найдено: загрузите его снова',
} as const;

export type UploadKind = 'doc' | 'image';
export type UploadedDoc = { kind: 'doc'; file: { id: string; name: string; mime: string; size: number } };
export type UploadedImage = { kind: 'image'; image: { id: string; width: number; height: number } };
export type UploadOutcome = { ok: true; value: UploadedDoc | UploadedImage } | { ok: false; status: 400 | 404 | 409 | 413 | 415; message: string };

interface Staff { userId: number; name: string; branchId: number | null }

/** The offer's storage of uploaded documents (the `attachments` area). */
export const offerFileStorage = (services: AppServices): FileStorage => fileStorage(services.config, 'attachments');

/** The name kept for a download: no path, no control characters, the extension its content has. */
export function offerFileName(fileName: string, extension: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120);
  return `${base || 'Документ'}.${extension}`;
}

/**
 * Takes one uploaded file for an offer of the staff member's branch (another branch's is a 404, as in
 * the editor): the request is multipart with one file `file`; `kind` says a document or a picture.
 */
export async function uploadOfferFile(services: AppServices, staff: Staff, hash: string, kind: UploadKind, request: Request, ip: string | null): Promise<UploadOutcome> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash)) return { ok: false, status: 404, message: OFFER_FILE_MESSAGES.notFound };
  let query = services.db.selectFrom('offers_offer').select(['id', 'state']).where('hash', '=', hash);
  if (staff.branchId !== null) query = query.where('branch_id', '=', staff.branchId);
  const offer = await query.executeTakeFirst();
  if (!offer) return { ok: false, status: 404, message: OFFER_FILE_MESSAGES.notFound };
  if (offer.state === 'accepted' || offer.state === 'cancelled') return { ok: false, status: 409, message: OFFER_FILE_MESSAGES.locked };

  if (kind === 'image') {
    const read = await readMultipart(request, {
      limits: { fileBytes: IMAGE_MAX_BYTES, files: 1, fields: 4, fieldBytes: 1024 },
      onFile: async (file) => (file.field === 'file' ? storeImage(imageStorage(services.config), file.stream) : (file.stream.resume(), null)),
    });
    if (!read.ok) return { ok: false, status: read.status, message: read.message };
    const stored = read.files.find((f) => f !== null);
    if (!stored) return { ok: false, status: 400, message: OFFER_FILE_MESSAGES.missing };
    if (!stored.ok) return { ok: false, status: stored.code === 'too-large' ? 413 : stored.code === 'not-image' ? 415 : 400, message: stored.message };
    const image = { id: stored.image.id, width: stored.image.width, height: stored.image.height };
    await recordAudit(services.db, { actor: staff, action: 'offer.file_upload', entity: 'offer', entityId: hash, after: { kind: 'image', image: image.id }, ip });
    return { ok: true, value: { kind: 'image', image } };
  }

  const storage = offerFileStorage(services);
  const written: string[] = [];
  const discard = () => Promise.all(written.map((k) => storage.delete(k).catch(() => {})));
  const read = await readMultipart(request, {
    limits: { fileBytes: OFFER_DOC_MAX_BYTES, files: 1, fields: 4, fieldBytes: 1024 },
    onFile: async (file: { field: string; filename: string; stream: Readable; signal: AbortSignal }) => {
      if (file.field !== 'file') { file.stream.resume(); return null; }
      const put = await storage.putTemp(file.stream, { signal: file.signal });
      written.push(put.key);
      return { stored: put, filename: file.filename };
    },
  });
  if (!read.ok) { await discard(); return { ok: false, status: read.status, message: read.message }; }
  const upload = read.files.find((f) => f !== null);
  if (!upload) { await discard(); return { ok: false, status: 400, message: OFFER_FILE_MESSAGES.missing }; }
  if (upload.stored.size === 0) { await discard(); return { ok: false, status: 400, message: OFFER_FILE_MESSAGES.empty }; }
  const detected = (await fileTypeFromBuffer(upload.stored.head))?.ext;
  const type = detected ? OFFER_DOC_TYPES[detected] : undefined;
  if (!type) { await discard(); return { ok: false, status: 415, message: OFFER_FILE_MESSAGES.docType(upload.filename.slice(0, 120) || 'без имени') }; }
  const id = randomUUID();
  const key = `offers/${offer.id}/${id}`;
  await storage.promote(upload.stored.key, key);
  const file = { id, name: offerFileName(upload.filename, type.extension), mime: type.mime, size: upload.stored.size };
  try {
    await services.db.transaction().execute(async (trx) => {
      await trx.insertInto('offers_file').values({ offer_id: offer.id, id, key, name: file.name, mime: file.mime, size: file.size, sha256: upload.stored.sha256, created_by: staff.userId }).execute();
      await recordAudit(trx, { actor: staff, action: 'offer.file_upload', entity: 'offer', entityId: hash, after: { kind: 'doc', ...file }, ip });
    });
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
  return { ok: true, value: { kind: 'doc', file } };
}

/**
 * Checks the files a working copy names: each document's file is one of the offer's own (its name,
 * type and size are taken from the record, not from the page), each uploaded picture is stored.
 */
export async function checkOfferFiles(services: AppServices, offerId: number, content: OfferContent): Promise<{ ok: true; content: OfferContent } | { ok: false; message: string; path: string }> {
  const ids = content.docs.flatMap((d) => (d.file ? [d.file.id] : []));
  const rows = ids.length ? await services.db.selectFrom('offers_file').select(['id', 'name', 'mime', 'size']).where('offer_id', '=', offerId).where('id', 'in', ids).execute() : [];
  const known = new Map(rows.map((r) => [r.id, r]));
  const docs: OfferContent['docs'] = [];
  for (const [i, d] of content.docs.entries()) {
    if (!d.file) { docs.push(d); continue; }
    const row = known.get(d.file.id);
    if (!row) return { ok: false, message: OFFER_FILE_MESSAGES.unknownFile, path: `docs.${i}` };
    docs.push({ ...d, file: { id: row.id, name: row.name, mime: row.mime, size: row.size } });
  }
  const storage = imageStorage(services.config);
  const media: OfferContent['media'] = [];
  for (const [i, m] of content.media.entries()) {
    if (!m.image) { media.push(m); continue; }
    const stored = await readStoredImage(storage, m.image.id);
    if (!stored) return { ok: false, message: OFFER_FILE_MESSAGES.unknownImage, path: `media.${i}` };
    media.push({ ...m, image: { id: stored.id, width: stored.width, height: stored.height } });
  }
  return { ok: true, content: { ...content, docs, media } };
}

/** Gives a duplicate of an offer its own records of the documents its content names. */
export async function copyOfferFiles(trx: Pick<AppServices, 'db'>['db'], fromOfferId: number, toOfferId: number, content: OfferContent): Promise<void> {
  const ids = content.docs.flatMap((d) => (d.file ? [d.file.id] : []));
  if (!ids.length) return;
  const rows = await trx.selectFrom('offers_file').selectAll().where('offer_id', '=', fromOfferId).where('id', 'in', ids).execute();
  if (rows.length) await trx.insertInto('offers_file').values(rows.map(({ created_at: _c, ...r }) => ({ ...r, offer_id: toOfferId }))).execute();
}

/**
 * A document of an offer for download, by the offer's current link and the file's id: the client
 * gets the documents of the version he was sent; staff of the offer's branch (`staffScope`: their
 * branch, null for the head office) also those of the working copy. Anything else is null (404).
 */
export async function openOfferFile(services: AppServices, hash: string, fileId: string, staffScope?: number | null) {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash) || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(fileId)) return null;
  const offer = await services.db.selectFrom('offers_offer').select(['id', 'state', 'version', 'draft', 'branch_id']).where('hash', '=', hash).executeTakeFirst();
  if (!offer) return null;
  const names = (content: unknown) => {
    const c = (typeof content === 'string' ? JSON.parse(content) : content) as OfferContent | null;
    return (c?.docs ?? []).some((d) => d.file?.id === fileId);
  };
  let allowed = false;
  if (offer.state !== 'draft') {
    const version = await services.db.selectFrom('offers_version').select('content').where('offer_id', '=', offer.id).where('version', '=', offer.version).executeTakeFirst();
    allowed = names(version?.content ?? null);
  }
  const staffMay = staffScope !== undefined && (staffScope === null || staffScope === offer.branch_id);
  if (!allowed && staffMay) allowed = names(offer.draft);
  if (!allowed) return null;
  const row = await services.db.selectFrom('offers_file').select(['key', 'name', 'mime', 'size']).where('offer_id', '=', offer.id).where('id', '=', fileId).executeTakeFirst();
  if (!row) return null;
  const opened = await offerFileStorage(services).open(row.key);
  return opened ? { name: row.name, mime: row.mime, file: opened } : null;
}

/** How long an uploaded document may wait for a working copy or a version to name it (ADR 106). */
export const UNNAMED_FILE_KEEP_MS = 7 * 24 * 3_600_000;

/**
 * Housekeeping (ADR 106): documents uploaded in the editor that neither the working copy nor any
 * version names a week later (the manager uploaded them and left without saving, or removed them
 * from a working copy never sent) lose their record and their file. A version's document is never
 * touched: versions are immutable and the client downloads by them. Each offer is handled under its
 * row's lock, as the editor's sends are.
 */
export async function deleteUnnamedOfferFiles(services: AppServices): Promise<number> {
  const before = new Date(nowMs() - UNNAMED_FILE_KEEP_MS);
  const offers = await services.db.selectFrom('offers_file').select('offer_id').distinct().where('created_at', '<', before).limit(200).execute();
  const keys: string[] = [];
  for (const { offer_id } of offers) {
    const deleted = await services.db.transaction().execute(async (trx) => {
      await trx.selectFrom('offers_offer').select('id').where('id', '=', offer_id).forUpdate().execute();
      // A file's id is a UUID: named wherever its text is in the content.
      return trx.deleteFrom('offers_file as f').where('f.offer_id', '=', offer_id).where('f.created_at', '<', before)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('offers_version as v').select(sql`1`.as('one')).where('v.offer_id', '=', offer_id).where(sql<boolean>`position(f.id::text in v.content::text) > 0`))))
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('offers_offer as o').select(sql`1`.as('one')).where('o.id', '=', offer_id).where(sql<boolean>`position(f.id::text in coalesce(o.draft::text, '')) > 0`))))
        .returning('f.key').execute();
    });
    keys.push(...deleted.map((d) => d.key));
  }
  const storage = offerFileStorage(services);
  // After the commits: a crash between leaves a file without a record (harmless), never a record without its file.
  for (const key of keys) await storage.delete(key).catch(() => {});
  return keys.length;
}
