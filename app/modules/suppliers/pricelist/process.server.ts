import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import { recordAudit } from '#app/.server/audit.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { fileStorage } from '#app/.server/files/files.ts';
import { enqueueJob } from '#app/.server/jobs/enqueue.ts';
import { readMultipart } from '#app/.server/multipart.ts';
import { FORBIDDEN_MESSAGE } from '#app/modules/auth/staff.server.ts';
import { defineJobKind } from '#app/.server/jobs/kinds.ts';
import { partsReference } from '#app/modules/parts/pages/pages.server.ts';
import { decideAutoPublish, positionKey, reportLines } from './check.rules.ts';
import { createFile, createStager, finishProcessing, publishFile, type NewFile, type StagedRow } from './intake.server.ts';
import { codesOf } from './matching.rules.ts';
import { supplierScope } from '../suppliers.server.ts';
import { INTAKE_MESSAGES, PRICE_LIST_MAX_BYTES, UPLOAD_MESSAGES, uploadKindInput } from './intake.schema.ts';
import { templateOf } from './columns.rules.ts';
import { notifyOrganisation } from './notices.server.ts';
import { DEFAULT_PRICE_JUMP_PERCENT, DEFAULT_PUBLISH_THRESHOLDS, PRICE_LIST_FIELDS, PRICE_LIST_LIMITS, type PriceListCurrency, type PriceListField } from './pricelist.constants.ts';
import { processPriceList } from './pricelist.server.ts';
import { reportView, STEP_LABELS, type FileReport, type ProcessingStep, type StoredMapping } from './report.rules.ts';
import { columnTemplate, type CheckedRow, type ColumnTemplate, type NormalisedRow } from './pricelist.schema.ts';

/*
 * A received price list's processing (issue 32 §2–§7, ADR 096), as a job: the stored file is read and
 * checked (ADR 094) in chunks, each chunk matched and staged; then the list publishes by itself when
 * its report is within the organisation's thresholds, or waits for an acknowledgement; every step
 * is logged with its time and the organisation is told the outcome. A job that runs again after a
 * lost lease starts the file over (its staged rows are removed first); a file already decided is
 * left as it is.
 */

export const FIRST_LIST_HELD = 'Проверьте, как прочитаны колонки: после подтверждения следующие прайс-листы с такими же колонками будут публиковаться сами';

/** The organisation's saved column template, or null (none saved, or unreadable). */
export function savedTemplate(stored: unknown): ColumnTemplate | null {
  if (stored === null || stored === undefined) return null;
  const parsed = columnTemplate.safeParse(typeof stored === 'string' ? JSON.parse(stored) : stored);
  return parsed.success ? parsed.data : null;
}

/** The stored file's place: `pricelists/{organisation}/{uuid}` in the file storage. */
export function priceListKey(organisationId: number): string {
  return `pricelists/${organisationId}/${randomUUID()}`;
}

/**
 * Registers a list kept in the storage (an upload, a letter's attachment, an API body) and queues its
 * processing, in one transaction: the file's row and its job.
 */
export async function registerPriceList(
  db: DB, organisationId: number, file: NewFile & { storageKey: string; sizeBytes: number }, template?: ColumnTemplate,
): Promise<number> {
  const register = async (trx: DB) => {
    const id = await createFile(trx, organisationId, file, 'received');
    // A column template sent with the file (the API, ADR 098) travels in the job's payload.
    await enqueueJob(trx, processPriceListJob, { fileId: id, ...(template ? { template } : {}) }, { key: `suppliers.process-file:${id}` });
    return id;
  };
  return db.isTransaction ? register(db) : db.transaction().execute(register);
}

export type UploadOutcome = { ok: true; id: number } | { ok: false; status: 400 | 403 | 413 | 415; message: string };

/**
 * A price list uploaded in the cabinet (multipart: `file`, `kind` full or delta): the supplier's
 * organisation must allow uploads; the file is streamed to the storage's `tmp/`, then kept under the
 * organisation's key and registered. A refused upload leaves nothing behind.
 */
export async function uploadPriceList(ctx: RequestContext, request: Request): Promise<UploadOutcome> {
  let scope;
  try {
    scope = await supplierScope(ctx);
  } catch (refusal) {
    if (refusal instanceof Response) return { ok: false, status: 403, message: FORBIDDEN_MESSAGE };
    throw refusal;
  }
  const { staff, organisation } = scope;
  if (!organisation) return { ok: false, status: 403, message: UPLOAD_MESSAGES.noOrganisation };
  const db = ctx.services.db;
  const org = await db.selectFrom('suppliers_organisation').select('sources').where('id', '=', organisation.id).executeTakeFirstOrThrow();
  if (!org.sources.includes('upload')) return { ok: false, status: 403, message: UPLOAD_MESSAGES.notAllowed };
  const storage = fileStorage(ctx.services.config, 'pricelists');
  const staged: string[] = [];
  const read = await readMultipart<{ key: string; size: number; name: string }>(request, {
    limits: { fileBytes: PRICE_LIST_MAX_BYTES, files: 1, fields: 5, fieldBytes: 1024 },
    onFile: async (file) => {
      if (file.field !== 'file') throw new Error('unexpected file field');
      const stored = await storage.putTemp(file.stream, { signal: file.signal });
      staged.push(stored.key);
      return { key: stored.key, size: stored.size, name: textOf(file.filename) || 'прайс-лист' };
    },
  });
  const discard = () => Promise.all(staged.map((k) => storage.delete(k).catch(() => {})));
  if (!read.ok) { await discard(); return read; }
  const file = read.files[0];
  if (!file) { await discard(); return { ok: false, status: 400, message: UPLOAD_MESSAGES.noFile }; }
  if (file.size === 0) { await discard(); return { ok: false, status: 400, message: UPLOAD_MESSAGES.empty }; }
  const kind = uploadKindInput.parse(read.fields.get('kind')?.[0]);
  const key = priceListKey(organisation.id);
  await storage.promote(file.key, key);
  try {
    const id = await registerPriceList(db, organisation.id, { source: 'upload', name: file.name, storageKey: key, sizeBytes: file.size, kind, createdBy: staff.userId });
    return { ok: true, id };
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
}

/** A file's name as shown: no control characters, no path, at most 255 characters. */
function textOf(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).at(-1)!.trim().slice(0, 255);
}

export const processPriceListJob = defineJobKind({
  kind: 'suppliers.process-file',
  label: 'Прайс-лист поставщика',
  payload: z.object({ fileId: z.number().int().positive(), template: columnTemplate.optional() }),
  maxAttempts: 3,
  // A million rows take about a minute on PostgreSQL; the lease outlives the slowest run.
  leaseMs: 15 * 60_000,
  retry: { baseMs: 60_000, maxMs: 15 * 60_000 },
  run: (services, { fileId, template }) => processFile(services, fileId, template),
  failed: async (services, { fileId }, _job, error) => { await failFile(services, fileId, `Ошибка обработки: ${error.slice(0, 300)}`); },
});

function stagedOf(row: CheckedRow, rowNumber: number): StagedRow {
  const stock = row.stock === null ? null : row.stock.kind === 'none' ? 0 : row.stock.quantity;
  return {
    rowNumber, line: row.line, code: row.code, brand: row.brand, name: row.name, price: row.price, currency: row.currency,
    stock, multiplicity: row.multiplicity, minOrder: row.minOrder, leadTimeDays: row.leadTimeDays, problems: [...row.codes],
  };
}

/** The organisation's last published full list (its id and rows), whose prices a new list is compared with. */
async function previousList(db: DB, organisationId: number): Promise<{ id: number; rows: number } | null> {
  const last = await db.selectFrom('suppliers_file').select(['id', 'rows_total']).where('organisation_id', '=', organisationId)
    .where('state', '=', 'published').where('kind', '=', 'full').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return last ? { id: last.id, rows: last.rows_total } : null;
}

/**
 * The previous list's prices of a chunk's positions, by the check's position key (ADR 108): asked by
 * the normalised codes (an index of the positions), compared by the key here; a position listed
 * twice keeps its last price. A code without a letter or digit has no normalised code and is asked
 * as written.
 */
async function previousPricesOf(db: DB, previousFileId: number, rows: readonly NormalisedRow[]): Promise<Map<string, number>> {
  const norms = new Set<string>();
  const bare = new Set<string>();
  for (const r of rows) {
    if (r.code === '' || r.price === null) continue;
    const norm = codesOf(r.code)[0];
    if (norm) norms.add(norm);
    else bare.add(r.code);
  }
  const prices = new Map<string, number>();
  type Price = { code: string; brand: string; price: string | number; row_number: number };
  // Two statements rather than an `or`, which PostgreSQL answered by reading the whole previous list.
  const [byNorm, byCode] = await Promise.all([
    norms.size ? sql<Price>`
      select code, brand, price, row_number from suppliers_position
      where file_id = ${previousFileId} and code_norm = any(${[...norms]}::text[]) and price is not null`.execute(db) : null,
    bare.size ? sql<Price>`
      select code, brand, price, row_number from suppliers_position
      where file_id = ${previousFileId} and code_norm = '' and code = any(${[...bare]}::text[]) and price is not null`.execute(db) : null,
  ]);
  const found = [...(byNorm?.rows ?? []), ...(byCode?.rows ?? [])].sort((a, b) => a.row_number - b.row_number);
  for (const r of found) prices.set(positionKey(r.code, r.brand), Number(r.price));
  return prices;
}

async function failFile(services: AppServices, fileId: number, message: string): Promise<void> {
  const file = await services.db.selectFrom('suppliers_file').select(['organisation_id', 'name', 'state', 'report']).where('id', '=', fileId).executeTakeFirst();
  if (!file || file.state === 'published' || file.state === 'held' || file.state === 'failed') return;
  const report = (typeof file.report === 'string' ? JSON.parse(file.report) : file.report) as Partial<FileReport>;
  const steps = [...(report.steps ?? []), { step: 'read', label: STEP_LABELS.read!, startedAt: new Date().toISOString(), ms: 0, error: message }];
  await services.db.transaction().execute(async (trx) => {
    await finishProcessing(trx, file.organisation_id, fileId, { state: 'failed', report: { lines: report.lines ?? [], held: [], steps } });
    await notifyOrganisation(trx, file.organisation_id, { kind: 'failed', fileId, text: `Прайс-лист «${file.name}» не обработан: ${message}`, link: `/suppliers/files/${fileId}` }, services.config.PUBLIC_ORIGIN);
  });
}

/** Reads, checks, matches and stages a received list, then publishes it or holds it. */
export async function processFile(services: AppServices, fileId: number, sent?: ColumnTemplate): Promise<void> {
  const db = services.db;
  const file = await db.selectFrom('suppliers_file as f').innerJoin('suppliers_organisation as o', 'o.id', 'f.organisation_id')
    .select(['f.organisation_id', 'f.name', 'f.kind', 'f.state', 'f.storage_key', 'o.currency', 'o.lead_time_days', 'o.auto_publish_max_change', 'o.column_template'])
    .where('f.id', '=', fileId).executeTakeFirst();
  if (!file || (file.state !== 'received' && file.state !== 'processing')) return;
  const org = file.organisation_id;
  // A run after a lost lease starts over.
  await db.deleteFrom('suppliers_position').where('file_id', '=', fileId).execute();
  await db.updateTable('suppliers_file').set({ state: 'processing' }).where('id', '=', fileId).execute();

  const steps: ProcessingStep[] = [];
  const step = (name: string, started: number, extra: Partial<ProcessingStep> = {}) =>
    steps.push({ step: name, label: STEP_LABELS[name] ?? name, startedAt: new Date(started).toISOString(), ms: Date.now() - started, ...extra });

  let started = Date.now();
  const opened = file.storage_key ? await fileStorage(services.config, 'pricelists').open(file.storage_key) : null;
  if (!opened) {
    step('receive', started, { error: 'Файл не найден в хранилище' });
    await finishProcessing(db, org, fileId, { state: 'failed', report: { lines: [], held: [], steps } });
    await notifyOrganisation(db, org, { kind: 'failed', fileId, text: `Прайс-лист «${file.name}» не обработан: файл не найден`, link: `/suppliers/files/${fileId}` }, services.config.PUBLIC_ORIGIN);
    return;
  }
  step('receive', started, { count: 1 });

  started = Date.now();
  const [previous, ref, stager] = await Promise.all([previousList(db, org), partsReference(services), createStager(services, org, fileId)]);
  // The previous list's prices are asked chunk by chunk through its index by code; a list staged
  // moments ago is not yet in the planner's statistics, which then read the whole list for each
  // chunk (0.2–0.6 s instead of 1 ms a chunk). Sampling the table takes under a second.
  if (previous) await sql`analyze suppliers_position`.execute(db);
  // A template sent with the file (the API, ADR 098) reads it; else the organisation's saved one.
  const template = sent ?? savedTemplate(file.column_template);
  const run = await processPriceList({ stream: opened.stream, name: file.name, maxBytes: PRICE_LIST_LIMITS.maxBytes }, {
    template: template ? { ...template, kind: file.kind } : undefined,
    currency: file.currency as PriceListCurrency, leadTimeDays: file.lead_time_days, kind: file.kind,
    knownBrands: new Set([...ref.makers.values()].map((m) => m.name)),
    ...(previous ? { previousPricesOf: (rows: readonly NormalisedRow[]) => previousPricesOf(db, previous.id, rows) } : {}),
    priceJumpPercent: DEFAULT_PRICE_JUMP_PERCENT,
  });
  // Each chunk's rows go into the stager's columns at once (ADR 108): no row object waits for its batch.
  let rowNumber = 0;
  for await (const chunk of run.rows) {
    for (const row of chunk) if (stager.add(stagedOf(row, ++rowNumber))) await stager.flush();
  }
  await stager.flush();
  const matched = stager.matched;
  const lines = reportLines(run.report);
  const first = run.mapped[0]?.mapping;
  const mapping: StoredMapping | undefined = first ? {
    headerLine: first.headerLine, headers: first.headers.slice(0, 100).map((h) => h.slice(0, 200)),
    columns: Object.fromEntries(Object.entries(first.columns).filter(([, i]) => i !== undefined)) as Record<string, number>, fromTemplate: template !== null,
  } : undefined;
  const fileError = run.report.fileProblems.map((p) => lines.find((l) => l.code === p.code)?.label ?? p.code).join('; ');
  step('read', started, { count: run.report.rows, ...(fileError ? { error: fileError } : {}) });
  steps.push({ step: 'match', label: STEP_LABELS.match!, startedAt: steps.at(-1)!.startedAt, ms: 0, count: matched });

  started = Date.now();
  if (run.report.okRows === 0) {
    step('decide', started, { error: fileError || 'В файле нет ни одной годной позиции' });
    await db.transaction().execute(async (trx) => {
      await finishProcessing(trx, org, fileId, { state: 'failed', report: { lines, held: [], steps, mapping } });
      await notifyOrganisation(trx, org, { kind: 'failed', fileId, text: `Прайс-лист «${file.name}» не обработан: ${fileError || 'в файле нет ни одной годной позиции'}.`, link: `/suppliers/files/${fileId}` }, services.config.PUBLIC_ORIGIN);
    });
    return;
  }
  const decision = decideAutoPublish(run.report, {
    ...DEFAULT_PUBLISH_THRESHOLDS, maxPriceJumpPercent: file.auto_publish_max_change, ...(previous ? { previousRows: previous.rows } : {}),
  });
  const held = decision.reasons.map((r) => (r.detail ? `${r.label} (${r.detail})` : r.label));
  // The first list of an organisation waits until its columns are confirmed (the template saved).
  if (!template) held.push(FIRST_LIST_HELD);
  step('decide', started, { count: run.report.okRows });
  if (held.length) {
    await db.transaction().execute(async (trx) => {
      await finishProcessing(trx, org, fileId, { state: 'held', report: { lines, held, steps, mapping } });
      await notifyOrganisation(trx, org, { kind: 'held', fileId, text: `Прайс-лист «${file.name}» ждёт подтверждения: ${held.join('; ')}.`, link: `/suppliers/files/${fileId}` }, services.config.PUBLIC_ORIGIN);
      if (decision.reasons.some((r) => r.code === 'too_many_price_jumps')) {
        await notifyOrganisation(trx, org, { kind: 'price_jump', fileId, text: `В прайс-листе «${file.name}» цены изменились сильнее порога: ${run.report.counts.price_jump ?? 0} позиций.`, link: `/suppliers/files/${fileId}/positions?show=problems` }, services.config.PUBLIC_ORIGIN);
      }
    });
    return;
  }
  await finishProcessing(db, org, fileId, { state: 'processing', report: { lines, held: [], steps, mapping } });
  started = Date.now();
  const published = await publishFile(db, org, fileId);
  step('publish', started, published.ok ? { count: published.offers } : { error: published.reason });
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('suppliers_file').set({ report: JSON.stringify({ lines, held: [], steps, mapping } satisfies FileReport) }).where('id', '=', fileId).execute();
    if (published.ok) {
      await notifyOrganisation(trx, org, { kind: 'processed', fileId, text: `Прайс-лист «${file.name}» опубликован: ${published.offers} предложений в каталоге, ${run.report.rows - matched} строк не сопоставлено.`, link: `/suppliers/files/${fileId}` }, services.config.PUBLIC_ORIGIN);
    }
  });
}

// ── The columns a supplier confirms (ADR 096) ───────────────────────────────────────────────────

export const COLUMN_MESSAGES = {
  noMapping: 'Колонки этого файла не прочитаны: загрузите прайс-лист с заголовками колонок',
  required: 'Укажите колонки кода и цены',
  doubled: 'Одна колонка выбрана для нескольких полей',
  state: 'Колонки можно изменить, пока прайс-лист не опубликован',
} as const;

type Actor = { userId: number; name: string };

async function saveTemplate(trx: DB, actor: Actor, organisationId: number, template: ColumnTemplate): Promise<void> {
  const { kind: _kind, ...kept } = template;
  await trx.updateTable('suppliers_organisation').set({ column_template: JSON.stringify(kept) }).where('id', '=', organisationId).execute();
  await recordAudit(trx, { actor, action: 'supplier.columns', entity: 'supplier', entityId: organisationId, after: { columns: JSON.stringify(kept.columns) } });
}

/**
 * The columns a supplier chose for a held or failed list (each field: a column of its header, or
 * none) become the organisation's template, and the list is read again by a new job.
 */
export async function confirmColumns(db: DB, actor: Actor, organisationId: number, fileId: number, chosen: Partial<Record<string, number>>): Promise<{ ok: true } | { ok: false; message: string }> {
  return db.transaction().execute(async (trx) => {
    const file = await trx.selectFrom('suppliers_file').select(['state', 'report', 'kind']).where('id', '=', fileId).where('organisation_id', '=', organisationId).forUpdate().executeTakeFirst();
    if (!file) return { ok: false as const, message: INTAKE_MESSAGES.notFound };
    if (file.state !== 'held' && file.state !== 'failed') return { ok: false as const, message: COLUMN_MESSAGES.state };
    const mapping = reportView(typeof file.report === 'string' ? JSON.parse(file.report) : file.report).mapping;
    if (!mapping) return { ok: false as const, message: COLUMN_MESSAGES.noMapping };
    const columns: Partial<Record<PriceListField, number>> = {};
    for (const field of PRICE_LIST_FIELDS) {
      const index = chosen[field];
      if (index !== undefined && Number.isInteger(index) && index >= 0 && index < Math.max(mapping.headers.length, 1) + 100) columns[field] = index;
    }
    if (columns.code === undefined || columns.price === undefined) return { ok: false as const, message: COLUMN_MESSAGES.required };
    const used = Object.values(columns);
    if (new Set(used).size !== used.length) return { ok: false as const, message: COLUMN_MESSAGES.doubled };
    await saveTemplate(trx, actor, organisationId, templateOf({ headerLine: mapping.headerLine, headers: mapping.headers, columns, kind: file.kind }));
    await trx.deleteFrom('suppliers_position').where('file_id', '=', fileId).execute();
    await trx.updateTable('suppliers_file').set({ state: 'received', report: '{}', rows_total: 0, rows_matched: 0, rows_bad: 0, processed_at: null }).where('id', '=', fileId).execute();
    await enqueueJob(trx, processPriceListJob, { fileId }, { key: `suppliers.process-file:${fileId}:${randomUUID()}` });
    return { ok: true as const };
  });
}

/**
 * Publishing a held list by hand; when its columns were found by their headers' names, they are
 * confirmed with it and saved as the organisation's template.
 */
export async function publishHeld(db: DB, actor: Actor, organisationId: number, fileId: number) {
  const file = await db.selectFrom('suppliers_file').select(['report', 'kind']).where('id', '=', fileId).where('organisation_id', '=', organisationId).executeTakeFirst();
  const mapping = file ? reportView(typeof file.report === 'string' ? JSON.parse(file.report) : file.report).mapping : undefined;
  const started = Date.now();
  const outcome = await publishFile(db, organisationId, fileId);
  if (outcome.ok && file) {
    // The log shows the publication by hand as its last step.
    const report = reportView(typeof file.report === 'string' ? JSON.parse(file.report) : file.report);
    report.steps.push({ step: 'publish', label: STEP_LABELS.publish!, startedAt: new Date(started).toISOString(), ms: Date.now() - started, count: outcome.offers });
    await db.updateTable('suppliers_file').set({ report: JSON.stringify(report) }).where('id', '=', fileId).execute();
  }
  if (outcome.ok && mapping && !mapping.fromTemplate) {
    await db.transaction().execute((trx) => saveTemplate(trx, actor, organisationId, templateOf({ headerLine: mapping.headerLine, headers: mapping.headers, columns: mapping.columns as Partial<Record<PriceListField, number>>, kind: file!.kind })));
  }
  return outcome;
}
