import { createHash, randomBytes } from 'node:crypto';
import { now } from '#app/.server/clock.ts';
import type { Transaction } from 'kysely';
import type { AppServices } from '#app/.server/context.ts';
import type { CurrencyCode, Database } from '#app/.server/db/schema.ts';
import { branchIdByCode } from '#app/modules/regions/regions.server.ts';
import { OFFER_CURRENCIES, OFFER_MESSAGES, offerImport, type ImportResult, type OfferContent, type OfferCurrencyCode, type OfferImport, type OfferState } from './offers.schema.ts';
import { isoDay, offerTotal } from './offers.rules.ts';

/*
 * Offers (ADR 083): made or updated from 1C's exchange, each sent version kept as it was.
 */

/** 128 random bits, URL-safe: the client's link is the offer's only key. */
export function newOfferHash(): string {
  return randomBytes(16).toString('base64url');
}

/** Keys in a fixed order, so one content always hashes alike (JSON text of objects keeps insertion order). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]));
  return value;
}

/** A version's stored content and its hash (of the canonical JSON: the same content hashes alike). */
export function versionRecord(content: OfferContent): { content: string; content_hash: string } {
  const json = JSON.stringify(canonical(content));
  return { content: json, content_hash: createHash('sha256').update(json).digest('hex') };
}

/**
 * Imports 1C's offers, each in its own transaction (one refused offer does not stop the others).
 */
export async function importOffers(services: AppServices, offers: readonly unknown[]): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  for (const raw of offers) {
    results.push(await services.db.transaction().execute((trx) => importOffer(trx, services.config.PUBLIC_ORIGIN, raw)));
  }
  return results;
}

/**
 * One offer from 1C, in the caller's transaction: a new `external_id` makes an offer with version 1;
 * a known one whose content changed makes the next version (the earlier ones stay as they were
 * sent); the same content again changes nothing; an accepted offer is refused (409). Parallel
 * imports of one id make one offer: its unique key, then its row lock.
 */
export async function importOffer(trx: Transaction<Database>, origin: string, raw: unknown): Promise<ImportResult> {
  const parsed = offerImport.safeParse(raw);
  const externalId = raw && typeof raw === 'object' && typeof (raw as { external_id?: unknown }).external_id === 'string' ? (raw as { external_id: string }).external_id.slice(0, 100) : null;
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { external_id: externalId, ok: false, status: 400, message: issue.message, path: issue.path.join('.') };
  }
  const offer = parsed.data;
  // The content's schema is the editor's too, where a document or a picture may name a file uploaded
  // to this offer (ADR 102). 1C has no way to upload one: a stored file's id from it is another
  // offer's file (downloading as a 404 here) or nothing at all.
  const fileAt = offer.docs.findIndex((d) => d.file !== undefined);
  if (fileAt >= 0) return { external_id: offer.external_id, ok: false, status: 400, message: OFFER_MESSAGES.importFile(offer.docs[fileAt]!.title), path: `docs.${fileAt}.file` };
  const imageAt = offer.media.findIndex((m) => m.image !== undefined);
  if (imageAt >= 0) return { external_id: offer.external_id, ok: false, status: 400, message: OFFER_MESSAGES.importImage, path: `media.${imageAt}.image` };
  const branchId = await branchIdByCode(trx, offer.branch_code);
  if (branchId === null) return { external_id: offer.external_id, ok: false, status: 400, message: OFFER_MESSAGES.unknownBranch(offer.branch_code), path: 'branch_code' };

  const { external_id: _id, branch_code: _code, ...content } = offer;
  const { content: contentJson, content_hash: contentHash } = versionRecord(content);
  const row = rowOf(offer, branchId, content);
  const link = (hash: string) => `${origin}/offer/${hash}`;

  const created = await trx.insertInto('offers_offer').values({ ...row, hash: newOfferHash(), external_id: offer.external_id, version: 1 })
    .onConflict((oc) => oc.column('external_id').doNothing())
    .returning(['id', 'hash']).executeTakeFirst();
  if (created) {
    await trx.insertInto('offers_version').values({ offer_id: created.id, version: 1, content: contentJson, content_hash: contentHash }).execute();
    return { external_id: offer.external_id, ok: true, hash: created.hash, link: link(created.hash), version: 1, created: true };
  }
  const known = await trx.selectFrom('offers_offer').select(['id', 'hash', 'state', 'version']).where('external_id', '=', offer.external_id).forUpdate().executeTakeFirstOrThrow();
  if (known.state === 'accepted') return { external_id: offer.external_id, ok: false, status: 409, message: OFFER_MESSAGES.accepted };
  const current = await trx.selectFrom('offers_version').select('content_hash').where('offer_id', '=', known.id).where('version', '=', known.version).executeTakeFirstOrThrow();
  if (current.content_hash === contentHash) {
    return { external_id: offer.external_id, ok: true, hash: known.hash, link: link(known.hash), version: known.version, created: false };
  }
  const version = known.version + 1;
  await trx.insertInto('offers_version').values({ offer_id: known.id, version, content: contentJson, content_hash: contentHash }).execute();
  // The client's unreviewed changes were made on the version 1C has now replaced: they stay in the
  // log, undecided, and the client starts again from the new version.
  await trx.updateTable('offers_offer').set({ ...row, version, diff: '{}', updated_at: now() }).where('id', '=', known.id).execute();
  return { external_id: offer.external_id, ok: true, hash: known.hash, link: link(known.hash), version, created: false };
}

function rowOf(offer: OfferImport, branchId: number, content: OfferContent) {
  return {
    variant: offer.variant, source: offer.source, branch_id: branchId,
    client_name: offer.client.company ? `${offer.client.company}, ${offer.client.name}` : offer.client.name,
    client_phone: offer.client.phone, client_email: offer.client.email ?? null,
    manager_name: offer.manager.name, folder: offer.folder ?? null, currency_code: offer.currency_code,
    valid_until: isoDay(offer.valid_date), total: offerTotal(content),
  };
}

export const OFFERS_PAGE_SIZE = 50;

export interface StaffOfferRow {
  hash: string; variant: OfferImport['variant']; source: OfferImport['source']; state: OfferState;
  branchId: number; clientName: string; clientPhone: string; managerName: string; folder: string | null;
  currency: CurrencyCode; total: number; validUntil: string; version: number; updatedAt: string; expired: boolean;
}

/**
 * The offers of a staff member's branch (`scope`), or of one or all for the head office, newest
 * first, by state; a page and whether there is a next one (no count over a growing table).
 */
export async function listStaffOffers(services: AppServices, scope: number | null, filter: { state?: string; branch?: number; page: number }): Promise<{ rows: StaffOfferRow[]; hasNext: boolean; page: number }> {
  let query = services.db.selectFrom('offers_offer')
    .select(['hash', 'variant', 'source', 'state', 'branch_id', 'client_name', 'client_phone', 'manager_name', 'folder', 'currency_code', 'total', 'valid_until', 'version', 'updated_at']);
  const branch = scope ?? filter.branch;
  if (branch !== undefined) query = query.where('branch_id', '=', branch);
  if (filter.state === 'sent' || filter.state === 'accepted' || filter.state === 'cancelled') query = query.where('state', '=', filter.state);
  const rows = await query.orderBy('id', 'desc').limit(OFFERS_PAGE_SIZE + 1).offset((filter.page - 1) * OFFERS_PAGE_SIZE).execute();
  const today = now().toISOString().slice(0, 10);
  return {
    rows: rows.slice(0, OFFERS_PAGE_SIZE).map((r) => {
      const validUntil = (r.valid_until instanceof Date ? r.valid_until.toISOString() : r.valid_until).slice(0, 10);
      return {
        hash: r.hash, variant: r.variant, source: r.source, state: r.state, branchId: r.branch_id, clientName: r.client_name, clientPhone: r.client_phone,
        managerName: r.manager_name, folder: r.folder, currency: OFFER_CURRENCIES[r.currency_code as OfferCurrencyCode] ?? 'RUB',
        total: Number(r.total), validUntil, version: r.version, updatedAt: r.updated_at.toISOString(), expired: validUntil < today,
      };
    }),
    hasNext: rows.length > OFFERS_PAGE_SIZE,
    page: filter.page,
  };
}
