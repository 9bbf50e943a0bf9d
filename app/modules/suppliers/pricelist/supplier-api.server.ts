import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AppServices } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { fileStorage } from '#app/.server/files/files.ts';
import { readMultipart } from '#app/.server/multipart.ts';
import { hitRateLimits } from '#app/.server/rate-limit.ts';
import { organisationOfToken } from '../suppliers.server.ts';
import { FILE_STATE_LABELS, PRICE_LIST_MAX_BYTES, positionsQuery, type PositionRow } from './intake.schema.ts';
import { fileOf, positionsOf } from './intake.server.ts';
import { FILE_CODE_LABELS, PRICE_LIST_LIMITS, type PriceListCurrency, type PriceListKind } from './pricelist.constants.ts';
import { columnTemplate, type ColumnTemplate } from './pricelist.schema.ts';
import { previewPriceList } from './pricelist.server.ts';
import { priceListKey, registerPriceList } from './process.server.ts';
import { reportView, type FileReport } from './report.rules.ts';
import { API_MESSAGES, API_RATE_LIMIT, SUPPLIER_API_BASE, type ApiPush } from './supplier-api.schema.ts';

/*
 * The suppliers' REST API (issue 32 §2 "API", ADR 098): a bearer token of the organisation's
 * (ADR 091) pushes positions as JSON or a price-list file. Either way the list is kept in the
 * `pricelists` storage and registered for the one processing pipeline of ADR 096: JSON positions are
 * written as a CSV with a fixed layout, a file is kept as sent after its columns were found in its
 * first rows (so a missing or doubly mapped column is answered at once, 422). Every read takes the
 * token's organisation: another organisation's list is not found.
 */

export type Refusal = { ok: false; status: 401 | 403 | 404 | 413 | 415 | 422 | 429; message: string; extra?: Record<string, unknown>; retryAfter?: number };

/** The organisation a request's bearer token speaks for, once it allows the API and has calls left. */
export async function authorise(db: DB, header: string | undefined): Promise<{ ok: true; organisationId: number } | Refusal> {
  const match = /^Bearer[ \t]+(\S{1,200})[ \t]*$/i.exec(header ?? '');
  if (!match) return { ok: false, status: 401, message: API_MESSAGES.noToken };
  const token = match[1]!;
  const organisationId = await organisationOfToken(db, token);
  if (organisationId === null) return { ok: false, status: 401, message: API_MESSAGES.badToken };
  const org = await db.selectFrom('suppliers_organisation').select('sources').where('id', '=', organisationId).executeTakeFirst();
  if (!org?.sources.includes('api')) return { ok: false, status: 403, message: API_MESSAGES.notAllowed };
  // The limit's subject is the token's digest: the token itself is never written down.
  const limited = await hitRateLimits(db, createHash('sha256').update(token).digest('hex').slice(0, 32), [API_RATE_LIMIT]);
  if (!limited.ok) return { ok: false, status: 429, message: API_MESSAGES.rateLimited, retryAfter: limited.retryAfterSeconds };
  return { ok: true, organisationId };
}

/** The fixed layout of a JSON push kept as CSV: its header names are the reading's own (ADR 094). */
const CSV_TEMPLATE: ColumnTemplate = {
  headerRow: 1,
  columns: { code: 'A', brand: 'B', name: 'C', price: 'D', currency: 'E', stock: 'F', multiplicity: 'G', minOrder: 'H', leadTime: 'I' },
};
const CSV_HEADER = 'code;brand;name;price;currency;stock;multiplicity;min order;lead time';

const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** Positions as the CSV kept for them (UTF-8, `;`, every text quoted; prices with a decimal point). */
export function positionsCsv(push: ApiPush): string {
  const lines = [CSV_HEADER];
  for (const p of push.positions) {
    lines.push([
      cell(p.code), cell(p.brand), cell(p.name), p.price.toFixed(2), p.currency ?? '', p.stock ?? '', p.multiplicity, p.minOrder, p.leadTimeDays ?? '',
    ].join(';'));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface Accepted { ok: true; id: number; status: 'received' }

/** A JSON push: kept as CSV in the storage and registered for processing. */
export async function pushPositions(services: AppServices, organisationId: number, push: ApiPush): Promise<Accepted> {
  const storage = fileStorage(services.config, 'pricelists');
  const bytes = Buffer.from(positionsCsv(push), 'utf8');
  const key = priceListKey(organisationId);
  await storage.put(key, bytes);
  try {
    const name = push.name || `API ${new Date().toISOString().slice(0, 16).replace('T', ' ')} (${push.positions.length} поз.)`;
    const id = await registerPriceList(services.db, organisationId, { source: 'api', name, storageKey: key, sizeBytes: bytes.length, kind: push.kind }, { ...CSV_TEMPLATE, kind: push.kind });
    return { ok: true, id, status: 'received' };
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
}

export interface IncomingPriceList { name: string; kind: PriceListKind; template?: ColumnTemplate }

/**
 * A file kept in `tmp/` of the storage: its first rows are read and its columns mapped (by the
 * template sent, or by the header's names); a file whose columns cannot be mapped, or that is no
 * price list, is removed and answered 422 with what is missing or doubled. Otherwise it is kept under
 * the organisation and registered.
 */
async function acceptStoredFile(services: AppServices, organisationId: number, tempKey: string, size: number, file: IncomingPriceList): Promise<Accepted | Refusal> {
  const storage = fileStorage(services.config, 'pricelists');
  const discard = () => storage.delete(tempKey).catch(() => {});
  if (size === 0) { await discard(); return { ok: false, status: 422, message: API_MESSAGES.empty }; }
  const org = await services.db.selectFrom('suppliers_organisation').select(['currency', 'lead_time_days']).where('id', '=', organisationId).executeTakeFirstOrThrow();
  const opened = await storage.open(tempKey);
  if (!opened) { await discard(); return { ok: false, status: 422, message: API_MESSAGES.empty }; }
  let preview;
  try {
    preview = await previewPriceList({ stream: opened.stream, name: file.name, maxBytes: PRICE_LIST_LIMITS.maxBytes }, {
      currency: org.currency as PriceListCurrency, leadTimeDays: org.lead_time_days, kind: file.kind, ...(file.template ? { template: file.template } : {}),
    });
  } finally {
    opened.stream.destroy();
  }
  const failed = preview.unmapped.find((u) => u.code !== 'no_header') ?? (preview.mapped.length === 0 ? preview.unmapped[0] : undefined);
  if (failed) {
    await discard();
    return {
      ok: false, status: 422, message: API_MESSAGES.mapping(failed.message || FILE_CODE_LABELS[failed.code]),
      extra: { code: failed.code, part: failed.part, missing: failed.missing, doubled: failed.doubled, notFound: failed.notFound },
    };
  }
  if (preview.fileProblems.length > 0 && preview.mapped.length === 0) {
    await discard();
    const problem = preview.fileProblems[0]!;
    return { ok: false, status: 422, message: API_MESSAGES.fileRefused(problem.detail || FILE_CODE_LABELS[problem.code]), extra: { code: problem.code } };
  }
  const key = priceListKey(organisationId);
  await storage.promote(tempKey, key);
  try {
    const id = await registerPriceList(services.db, organisationId, { source: 'api', name: file.name, storageKey: key, sizeBytes: size, kind: file.kind }, file.template);
    return { ok: true, id, status: 'received' };
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
}

/** A file sent as the request's whole body (`Content-Type: text/csv`, xlsx, xls, zip or octet-stream). */
export async function pushRawFile(services: AppServices, organisationId: number, request: Request, file: IncomingPriceList): Promise<Accepted | Refusal> {
  if (!request.body) return { ok: false, status: 422, message: API_MESSAGES.empty };
  const storage = fileStorage(services.config, 'pricelists');
  let stored;
  try {
    stored = await storage.putTemp(Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>));
  } catch {
    // The body limit cut the stream (or the client went away): nothing is kept.
    return { ok: false, status: 413, message: API_MESSAGES.tooLarge };
  }
  if (stored.size > PRICE_LIST_MAX_BYTES) {
    await storage.delete(stored.key).catch(() => {});
    return { ok: false, status: 413, message: API_MESSAGES.tooLarge };
  }
  return acceptStoredFile(services, organisationId, stored.key, stored.size, file);
}

const textOf = (name: string) => name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).at(-1)!.trim().slice(0, 255);

/** A multipart push: `file`, with `kind` (full | delta), `name` and `template` (JSON) fields. */
export async function pushMultipart(services: AppServices, organisationId: number, request: Request): Promise<Accepted | Refusal> {
  const storage = fileStorage(services.config, 'pricelists');
  const staged: string[] = [];
  const read = await readMultipart<{ key: string; size: number; name: string }>(request, {
    limits: { fileBytes: PRICE_LIST_MAX_BYTES, files: 1, fields: 5, fieldBytes: 16 * 1024 },
    onFile: async (file) => {
      if (file.field !== 'file') throw new Error('unexpected file field');
      const stored = await storage.putTemp(file.stream, { signal: file.signal });
      staged.push(stored.key);
      return { key: stored.key, size: stored.size, name: textOf(file.filename) || 'прайс-лист' };
    },
  });
  const discard = () => Promise.all(staged.map((k) => storage.delete(k).catch(() => {})));
  if (!read.ok) {
    await discard();
    return { ok: false, status: read.status === 400 ? 422 : read.status, message: read.message };
  }
  const file = read.files[0];
  if (!file) { await discard(); return { ok: false, status: 422, message: API_MESSAGES.noFile }; }
  const kindText = read.fields.get('kind')?.[0] ?? 'full';
  if (kindText !== 'full' && kindText !== 'delta') { await discard(); return { ok: false, status: 422, message: API_MESSAGES.badKind }; }
  let template: ColumnTemplate | undefined;
  const templateText = read.fields.get('template')?.[0];
  if (templateText !== undefined && templateText.trim() !== '') {
    let parsed;
    try { parsed = columnTemplate.safeParse(JSON.parse(templateText)); } catch { parsed = null; }
    if (!parsed?.success) { await discard(); return { ok: false, status: 422, message: API_MESSAGES.badTemplate }; }
    template = parsed.data;
  }
  const name = textOf(read.fields.get('name')?.[0] ?? '') || file.name;
  return acceptStoredFile(services, organisationId, file.key, file.size, { name, kind: kindText, ...(template ? { template } : {}) });
}

export interface ApiListView {
  id: number; name: string; source: string; kind: PriceListKind; status: string; statusLabel: string;
  counts: { rows: number; matched: number; bad: number };
  report: FileReport; createdAt: string; processedAt: string | null; publishedAt: string | null; link: string; page: string;
}

/** A list's state, counts and report for the organisation; null when it is not the organisation's. */
export async function listView(db: DB, organisationId: number, id: number): Promise<ApiListView | null> {
  const file = await fileOf(db, organisationId, id);
  if (!file) return null;
  return {
    id: file.id, name: file.name, source: file.source, kind: file.kind, status: file.state, statusLabel: FILE_STATE_LABELS[file.state],
    counts: { rows: file.rowsTotal, matched: file.rowsMatched, bad: file.rowsBad },
    report: reportView(file.report), createdAt: file.createdAt, processedAt: file.processedAt, publishedAt: file.publishedAt,
    link: `${SUPPLIER_API_BASE}/price-lists/${file.id}`, page: file.source === 'api' ? `/suppliers/api/${file.id}/positions` : `/suppliers/files/${file.id}`,
  };
}

/** A page of a list's positions (`show`: unmatched | problems | matched; `q`; `page`). */
export async function listPositions(db: DB, organisationId: number, id: number, query: Record<string, string>): Promise<{ positions: PositionRow[]; page: number; hasNext: boolean } | null> {
  const q = positionsQuery.parse(query);
  const found = await positionsOf(db, organisationId, id, q);
  return found ? { ...found, page: q.page } : null;
}

/** The organisation's lists that came through the API, newest first (the cabinet's `/suppliers/api`). */
export async function apiLists(db: DB, organisationId: number, limit = 50) {
  const rows = await db.selectFrom('suppliers_file').select(['id', 'name', 'kind', 'state', 'rows_total', 'rows_matched', 'rows_bad', 'created_at'])
    .where('organisation_id', '=', organisationId).where('source', '=', 'api').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id, name: r.name, kind: r.kind, state: r.state, rowsTotal: r.rows_total, rowsMatched: r.rows_matched, rowsBad: r.rows_bad, createdAt: r.created_at.toISOString(),
  }));
}

/** The organisation's live tokens as the cabinet shows them: name and first characters, never the token. */
export async function tokenPrefixes(db: DB, organisationId: number) {
  const rows = await db.selectFrom('suppliers_api_token').select(['id', 'name', 'token_prefix', 'created_at', 'last_used_at'])
    .where('organisation_id', '=', organisationId).where('revoked_at', 'is', null).orderBy('id', 'desc').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, prefix: r.token_prefix, createdAt: r.created_at.toISOString(), lastUsedAt: r.last_used_at?.toISOString() ?? null }));
}

/** Whether the organisation's list came through the API (its positions' page lives under `/suppliers/api`). */
export async function isApiList(db: DB, organisationId: number, id: number): Promise<boolean> {
  const file = await fileOf(db, organisationId, id);
  return file?.source === 'api';
}
