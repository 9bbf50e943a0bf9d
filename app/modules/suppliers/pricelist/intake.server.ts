import { sql } from 'kysely';
import type { AppServices } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { dataChanged } from '#app/.server/db/changes.ts';
import type { CurrencyCode, SupplierFileState } from '#app/.server/db/schema.ts';
import { analogPairs, partsByCodes, unknownPartIds, type SupplierOfferLine } from '#app/modules/parts/parts.server.ts';
import { partsReference } from '#app/modules/parts/pages/pages.server.ts';
import { partSummariesAt } from '#app/modules/parts/part-summary.server.ts';
import { markupFor } from '../suppliers.schema.ts';
import { FILES_PAGE_SIZE, POSITIONS_PAGE_SIZE, type FileRow, type PositionRow, type PositionsQuery } from './intake.schema.ts';
import { ROW_ERROR_CODES } from './pricelist.constants.ts';
import { reportView } from './report.rules.ts';
import { codesOf, manualKey, matchRow, normalizeBrand, type Candidate, type MatchContext } from './matching.rules.ts';

/*
 * A price list's way from rows to the storefront (issue 32 §5–§6, ADR 096): its rows are staged
 * chunk by chunk as `suppliers_position`, each matched to our parts on the way; publishing writes the
 * organisation's `suppliers_offer` rows from the matched positions in one transaction, so a buyer
 * sees the previous list or the new one, never half of one. Every statement takes the organisation's
 * id: a file of another organisation is not found.
 */

export const CURRENCIES: readonly CurrencyCode[] = ['RUB', 'KZT', 'USD', 'EUR', 'CNY'];

/** The row codes that keep a row out (ADR 094); warnings (a price jump, an unknown brand) do not. */
const ERROR_CODES: string[] = [...ROW_ERROR_CODES];
const isErrorCode = (code: string) => ERROR_CODES.includes(code);

/** One row of a list as read and normalised. Money in minor units of `currency` (null: the organisation's). */
export interface StagedRow {
  rowNumber: number;
  /** Its line in its file or sheet. */
  line?: number | null;
  code: string;
  brand: string;
  name: string;
  price: number | null;
  currency: string | null;
  stock: number | null;
  multiplicity: number;
  minOrder: number;
  leadTimeDays: number | null;
  /** Check codes of the row (ADR 094); a row with an error code is neither matched nor published, warnings are kept. */
  problems: string[];
}

export interface NewFile { source: 'upload' | 'mail' | 'api'; name: string; storageKey?: string | null; sizeBytes?: number; kind?: 'full' | 'delta'; createdBy?: number | null }

/** Registers a list that came in, for the organisation; its id. */
export async function createFile(db: DB, organisationId: number, file: NewFile, state: 'received' | 'processing' = 'processing'): Promise<number> {
  const { id } = await db.insertInto('suppliers_file').values({
    organisation_id: organisationId, source: file.source, name: file.name.slice(0, 255) || 'без имени', storage_key: file.storageKey ?? null,
    size_bytes: file.sizeBytes ?? 0, kind: file.kind ?? 'full', state, created_by: file.createdBy ?? null,
  }).returning('id').executeTakeFirstOrThrow();
  return id;
}

interface OrganisationRules { currency: string; leadTimeDays: number }

async function rulesOf(db: DB, organisationId: number): Promise<OrganisationRules | null> {
  const row = await db.selectFrom('suppliers_organisation').select(['currency', 'lead_time_days']).where('id', '=', organisationId).executeTakeFirst();
  return row ? { currency: row.currency, leadTimeDays: row.lead_time_days } : null;
}

/** Makers we know by normalised name and slug, for the matching's "another maker's part" rule. */
async function knownBrands(services: AppServices): Promise<Set<string>> {
  const ref = await partsReference(services);
  const brands = new Set<string>();
  for (const m of ref.makers.values()) { brands.add(normalizeBrand(m.name)); brands.add(normalizeBrand(m.slug)); }
  return brands;
}

/**
 * What matching a batch needs, in four statements whatever its size: the parts of every number the
 * rows may mean, the analog pairs among parts sharing a number, and the organisation's manual matches.
 */
async function matchContext(services: AppServices, organisationId: number, codes: readonly string[], brands: ReadonlySet<string>): Promise<MatchContext> {
  const db = services.db;
  const wanted = [...new Set(codes.flatMap((code) => codesOf(code)))];
  const [candidates, manualRows] = await Promise.all([
    partsByCodes(db, wanted),
    wanted.length
      ? db.selectFrom('suppliers_manual_match').select(['code_norm', 'brand_norm', 'part_id'])
        .where('organisation_id', '=', organisationId).where(sql<boolean>`code_norm = any(${wanted}::text[])`).execute()
      : Promise.resolve([]),
  ]);
  const byCode = new Map<string, Candidate[]>();
  for (const c of candidates) byCode.set(c.codeNorm, [...(byCode.get(c.codeNorm) ?? []), c]);
  const shared = [...byCode.values()].filter((list) => list.length > 1).flat().map((c) => c.id);
  const pairs = await analogPairs(db, shared);
  return {
    byCode,
    knownBrands: brands,
    analogs: new Set(pairs.map(([a, b]) => `${Math.min(a, b)}:${Math.max(a, b)}`)),
    manual: new Map(manualRows.map((m) => [manualKey(m.code_norm, m.brand_norm), m.part_id])),
  };
}

/** Rows staged at once: one statement each for candidates, manual matches, analogs and the insert. */
export const STAGE_CHUNK = 5_000;

/** A typed column's value for "none" (row numbers, lines and quantities are never negative). */
const NONE = -1;

/**
 * Rows waiting to be staged, kept as columns (ADR 108): the numbers in typed arrays reused from batch
 * to batch, the texts in arrays written in place. No object per row lives until its batch is
 * written, so what a row's reading makes dies young instead of being promoted with the batch and
 * filling V8's old space between major collections.
 */
class StagingColumns {
  length = 0;
  readonly row = new Int32Array(STAGE_CHUNK);
  readonly line = new Int32Array(STAGE_CHUNK);
  /** Minor units up to 10^12: beyond an Int32Array. NaN: none. */
  readonly price = new Float64Array(STAGE_CHUNK);
  readonly stock = new Int32Array(STAGE_CHUNK);
  readonly mult = new Int32Array(STAGE_CHUNK);
  readonly min = new Int32Array(STAGE_CHUNK);
  readonly lead = new Int32Array(STAGE_CHUNK);
  /** 1: the row has an error code and is neither matched nor published. */
  readonly bad = new Uint8Array(STAGE_CHUNK);
  readonly code: string[] = new Array<string>(STAGE_CHUNK).fill('');
  readonly brand: string[] = new Array<string>(STAGE_CHUNK).fill('');
  readonly name: string[] = new Array<string>(STAGE_CHUNK).fill('');
  readonly currency: Array<string | null> = new Array<string | null>(STAGE_CHUNK).fill(null);
  /** The codes as one text per row: arrays of arrays do not pass through unnest. */
  readonly problems: string[] = new Array<string>(STAGE_CHUNK).fill('');

  add(r: StagedRow): void {
    const i = this.length++;
    this.row[i] = r.rowNumber;
    this.line[i] = r.line ?? NONE;
    this.code[i] = r.code.slice(0, 100);
    this.brand[i] = r.brand.slice(0, 100);
    this.name[i] = r.name.slice(0, 300);
    this.price[i] = r.price ?? NaN;
    this.currency[i] = r.currency;
    this.stock[i] = r.stock ?? NONE;
    this.mult[i] = r.multiplicity;
    this.min[i] = r.minOrder;
    this.lead[i] = r.leadTimeDays ?? NONE;
    this.problems[i] = r.problems.join(',');
    this.bad[i] = r.problems.some(isErrorCode) ? 1 : 0;
  }

  /** Empties the batch; the texts are let go at once. */
  clear(): void {
    const n = this.length;
    this.code.fill('', 0, n); this.brand.fill('', 0, n); this.name.fill('', 0, n);
    this.currency.fill(null, 0, n); this.problems.fill('', 0, n);
    this.length = 0;
  }
}

/** A typed column's first `n` values as an array for a statement, "none" as null. */
function valuesOf(column: Int32Array | Float64Array, n: number): Array<number | null> {
  const out = new Array<number | null>(n);
  for (let i = 0; i < n; i++) {
    const v = column[i]!;
    out[i] = v === NONE || Number.isNaN(v) ? null : v;
  }
  return out;
}

export interface Stager {
  /** Takes a row; true when the batch is full and must be written (`flush`) before the next. */
  add(row: StagedRow): boolean;
  /** Matches and inserts the rows taken so far, in one statement. */
  flush(): Promise<void>;
  /** Rows matched so far. */
  readonly matched: number;
}

/**
 * Stages the rows of a file being processed, batch by batch: each batch matched, then inserted in
 * one statement. The organisation's currency and lead time fill what a row leaves empty.
 */
export async function createStager(services: AppServices, organisationId: number, fileId: number): Promise<Stager> {
  const db = services.db;
  const [rules, brands] = await Promise.all([rulesOf(db, organisationId), knownBrands(services)]);
  if (!rules) throw new Error(`No supplier organisation ${organisationId}`);
  const cols = new StagingColumns();
  let matched = 0;
  return {
    get matched() { return matched; },
    add(row) {
      cols.add(row);
      return cols.length >= STAGE_CHUNK;
    },
    async flush() {
      const n = cols.length;
      if (n === 0) return;
      const codes = cols.code.slice(0, n);
      const ctx = await matchContext(services, organisationId, codes, brands);
      const part = new Array<number | null>(n);
      const by = new Array<string | null>(n);
      const norm = new Array<string>(n);
      const currency = new Array<string>(n);
      const lead = new Array<number>(n);
      for (let i = 0; i < n; i++) {
        const code = codes[i]!;
        const match = cols.bad[i] ? null : matchRow({ code, brand: cols.brand[i]! }, ctx);
        if (match) matched += 1;
        part[i] = match?.partId ?? null;
        by[i] = match?.by ?? null;
        norm[i] = codesOf(code)[0] ?? '';
        currency[i] = cols.currency[i] ?? rules.currency;
        lead[i] = cols.lead[i] === NONE ? rules.leadTimeDays : cols.lead[i]!;
      }
      await sql`
        insert into suppliers_position (file_id, row_number, line, code, code_norm, brand, name, price, currency, stock, multiplicity, min_order, lead_time_days, problems, part_id, matched_by)
        select ${fileId}, r.row_number, r.line, r.code, r.code_norm, r.brand, r.name, r.price, r.currency, r.stock, r.mult, r.min_order, r.lead,
          case when r.problems = '' then '{}'::text[] else string_to_array(r.problems, ',') end, r.part_id, r.matched_by
        from unnest(${Array.from(cols.row.subarray(0, n))}::int[], ${valuesOf(cols.line, n)}::int[], ${codes}::text[], ${norm}::text[],
          ${cols.brand.slice(0, n)}::text[], ${cols.name.slice(0, n)}::text[], ${valuesOf(cols.price, n)}::bigint[], ${currency}::text[],
          ${valuesOf(cols.stock, n)}::int[], ${Array.from(cols.mult.subarray(0, n))}::int[], ${Array.from(cols.min.subarray(0, n))}::int[], ${lead}::int[],
          ${cols.problems.slice(0, n)}::text[], ${part}::int[], ${by}::text[])
          as r(row_number, line, code, code_norm, brand, name, price, currency, stock, mult, min_order, lead, problems, part_id, matched_by)`.execute(db);
      cols.clear();
    },
  };
}

/** Stages rows of a file being processed (see `createStager`); answers how many matched. */
export async function stageRows(services: AppServices, organisationId: number, fileId: number, rows: readonly StagedRow[]): Promise<{ matched: number }> {
  const stager = await createStager(services, organisationId, fileId);
  for (const row of rows) if (stager.add(row)) await stager.flush();
  await stager.flush();
  return { matched: stager.matched };
}

/** Records what processing found and where the file stands: 'held' waits for an acknowledgement. */
export async function finishProcessing(db: DB, organisationId: number, fileId: number, outcome: { state: Extract<SupplierFileState, 'held' | 'failed' | 'processing'>; report: unknown }): Promise<void> {
  await sql`
    update suppliers_file f set state = ${outcome.state}, report = ${JSON.stringify(outcome.report)}::jsonb, processed_at = clock_timestamp(),
      rows_total = c.total, rows_matched = c.matched, rows_bad = c.bad
    from (select count(*)::int as total, count(part_id)::int as matched, count(*) filter (where problems && ${ERROR_CODES}::text[])::int as bad
          from suppliers_position where file_id = ${fileId}) c
    where f.id = ${fileId} and f.organisation_id = ${organisationId}`.execute(db);
}

export type PublishOutcome =
  | { ok: true; offers: number; withdrawn: number }
  | { ok: false; reason: 'not_found' | 'already_published' | 'failed' };

/**
 * Publishes a processed file: in one transaction, under the organisation's row lock (two
 * publications of one organisation run one after the other), its matched, priced positions become
 * the organisation's offers — one per part, the cheapest row — and, for a full list, the offers it no
 * longer has are deactivated, deleted or kept as the organisation's rule says. Readers see the
 * previous offers until the commit, then all of the new ones.
 */
export async function publishFile(db: DB, organisationId: number, fileId: number): Promise<PublishOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<PublishOutcome> => {
    const org = await trx.selectFrom('suppliers_organisation').select(['missing_rows']).where('id', '=', organisationId).forUpdate().executeTakeFirst();
    if (!org) return { ok: false as const, reason: 'not_found' as const };
    const file = await trx.selectFrom('suppliers_file').select(['state', 'kind']).where('id', '=', fileId).where('organisation_id', '=', organisationId).forUpdate().executeTakeFirst();
    if (!file) return { ok: false as const, reason: 'not_found' as const };
    if (file.state === 'published') return { ok: false as const, reason: 'already_published' as const };
    if (file.state === 'failed') return { ok: false as const, reason: 'failed' as const };
    const written = await sql`
      insert into suppliers_offer (organisation_id, part_id, price, currency, stock, multiplicity, min_order, lead_time_days, active, file_id, updated_at)
      select distinct on (part_id) ${organisationId}, part_id, price, currency, stock, multiplicity, min_order, lead_time_days, true, ${fileId}, clock_timestamp()
      from suppliers_position
      where file_id = ${fileId} and part_id is not null and price is not null and not (problems && ${ERROR_CODES}::text[])
        and currency = any(${[...CURRENCIES]}::text[])
      order by part_id, price, row_number
      on conflict (organisation_id, part_id) do update set price = excluded.price, currency = excluded.currency, stock = excluded.stock,
        multiplicity = excluded.multiplicity, min_order = excluded.min_order, lead_time_days = excluded.lead_time_days,
        active = true, file_id = excluded.file_id, updated_at = excluded.updated_at`.execute(trx);
    let withdrawn = 0;
    if (file.kind === 'full' && org.missing_rows !== 'keep') {
      const res = org.missing_rows === 'delete'
        ? await trx.deleteFrom('suppliers_offer').where('organisation_id', '=', organisationId).where((eb) => eb.or([eb('file_id', 'is', null), eb('file_id', '!=', fileId)])).executeTakeFirst()
        : await trx.updateTable('suppliers_offer').set({ active: false }).where('organisation_id', '=', organisationId).where('active', '=', true)
          .where((eb) => eb.or([eb('file_id', 'is', null), eb('file_id', '!=', fileId)])).executeTakeFirst();
      withdrawn = Number('numDeletedRows' in res ? res.numDeletedRows : res.numUpdatedRows);
    }
    await trx.updateTable('suppliers_file').set({ state: 'published', published_at: sql<Date>`clock_timestamp()` }).where('id', '=', fileId).execute();
    return { ok: true as const, offers: Number(written.numAffectedRows ?? 0), withdrawn };
  });
  // The storefront's kept offers of this process are dropped at the commit, not a round trip later
  // when PostgreSQL's notification comes back (db/changes.ts).
  if (outcome.ok) dataChanged(db, 'suppliers_offer');
  return outcome;
}

/**
 * Matches a position by hand and remembers it for the organisation's next lists (the code and brand
 * as normalised). False: no such position of the organisation's, or no such part.
 */
export async function matchByHand(db: DB, organisationId: number, fileId: number, rowNumber: number, partId: number, actorId: number | null): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const pos = await trx.selectFrom('suppliers_position as p').innerJoin('suppliers_file as f', 'f.id', 'p.file_id')
      .select(['p.code_norm', 'p.brand']).where('p.file_id', '=', fileId).where('p.row_number', '=', rowNumber).where('f.organisation_id', '=', organisationId)
      .executeTakeFirst();
    if (!pos || !pos.code_norm) return false;
    if ((await unknownPartIds(trx, [partId])).length) return false;
    await trx.updateTable('suppliers_position').set({ part_id: partId, matched_by: 'manual' }).where('file_id', '=', fileId).where('row_number', '=', rowNumber).execute();
    await trx.insertInto('suppliers_manual_match')
      .values({ organisation_id: organisationId, code_norm: pos.code_norm, brand_norm: normalizeBrand(pos.brand), part_id: partId, created_by: actorId })
      .onConflict((oc) => oc.columns(['organisation_id', 'code_norm', 'brand_norm']).doUpdateSet({ part_id: partId, created_by: actorId }))
      .execute();
    return true;
  });
}

/**
 * The storefront's port (`SupplierOffersPort` of the parts module): each part's best active offer in
 * `currency` — the supplier's price with its organisation's markup, cheapest first, then quickest.
 * One statement. Offers in another currency are not shown (there are no exchange rates to convert).
 */
export async function supplierOffersForParts(db: DB, partIds: readonly number[], currency: CurrencyCode): Promise<Map<number, SupplierOfferLine>> {
  const rows = await db.selectFrom('suppliers_offer as s').innerJoin('suppliers_organisation as o', 'o.id', 's.organisation_id')
    .select(['s.part_id', 's.organisation_id', 's.price', 's.stock', 's.multiplicity', 's.min_order', 's.lead_time_days', 'o.markup_rules'])
    .where(sql<boolean>`s.part_id = any(${[...partIds]}::int[])`).where('s.active', '=', true).where('s.currency', '=', currency)
    .where((eb) => eb.or([eb('s.stock', 'is', null), eb('s.stock', '>', 0)]))
    .execute();
  const best = new Map<number, SupplierOfferLine>();
  for (const r of rows) {
    const rules = (typeof r.markup_rules === 'string' ? JSON.parse(r.markup_rules) : r.markup_rules) as Array<{ from: number; percent: number }>;
    const price = Math.round(r.price * (100 + markupFor(rules, r.price)) / 100);
    const line: SupplierOfferLine = { organisationId: r.organisation_id, price, currency, leadTimeDays: r.lead_time_days, stock: r.stock, multiplicity: r.multiplicity, minOrder: r.min_order };
    const held = best.get(r.part_id);
    if (!held || line.price < held.price || (line.price === held.price && line.leadTimeDays < held.leadTimeDays)) best.set(r.part_id, line);
  }
  return best;
}

// ── The cabinet's screens (issue 32 §2, ADR 096): every read takes the organisation's id ─────────

function fileRow(r: { id: number; name: string; source: FileRow['source']; kind: FileRow['kind']; state: FileRow['state']; rows_total: number; rows_matched: number; rows_bad: number; size_bytes: number; created_at: Date; published_at: Date | null }): FileRow {
  return {
    id: r.id, name: r.name, source: r.source, kind: r.kind, state: r.state, rowsTotal: r.rows_total, rowsMatched: r.rows_matched, rowsBad: r.rows_bad,
    sizeBytes: Number(r.size_bytes), createdAt: r.created_at.toISOString(), publishedAt: r.published_at?.toISOString() ?? null,
  };
}

const FILE_COLUMNS = ['id', 'name', 'source', 'kind', 'state', 'rows_total', 'rows_matched', 'rows_bad', 'size_bytes', 'created_at', 'published_at'] as const;

/** The organisation's lists, newest first, a page at a time (one row more tells whether a next page exists). */
export async function listFiles(db: DB, organisationId: number, page: number): Promise<{ files: FileRow[]; hasNext: boolean }> {
  const rows = await db.selectFrom('suppliers_file').select(FILE_COLUMNS).where('organisation_id', '=', organisationId)
    .orderBy('id', 'desc').limit(FILES_PAGE_SIZE + 1).offset((page - 1) * FILES_PAGE_SIZE).execute();
  return { files: rows.slice(0, FILES_PAGE_SIZE).map(fileRow), hasNext: rows.length > FILES_PAGE_SIZE };
}

/** One list of the organisation's, with its report; null for another organisation's or no list. */
export async function fileOf(db: DB, organisationId: number, fileId: number): Promise<(FileRow & { report: unknown; processedAt: string | null }) | null> {
  if (!Number.isSafeInteger(fileId) || fileId < 1 || fileId > 2 ** 31 - 1) return null;
  const r = await db.selectFrom('suppliers_file').select([...FILE_COLUMNS, 'report', 'processed_at'])
    .where('id', '=', fileId).where('organisation_id', '=', organisationId).executeTakeFirst();
  if (!r) return null;
  return { ...fileRow(r), report: typeof r.report === 'string' ? JSON.parse(r.report) : r.report, processedAt: r.processed_at?.toISOString() ?? null };
}

/** A page of a list's positions, filtered; the matched ones with our part's number, name and page. */
export async function positionsOf(db: DB, organisationId: number, fileId: number, q: PositionsQuery): Promise<{ positions: PositionRow[]; hasNext: boolean } | null> {
  if (!(await fileOf(db, organisationId, fileId))) return null;
  let query = db.selectFrom('suppliers_position')
    .select(['row_number', 'code', 'brand', 'name', 'price', 'currency', 'stock', 'lead_time_days', 'problems', 'part_id', 'matched_by'])
    .where('file_id', '=', fileId);
  if (q.show === 'unmatched') query = query.where('part_id', 'is', null);
  if (q.show === 'matched') query = query.where('part_id', 'is not', null);
  if (q.show === 'problems') query = query.where(sql<boolean>`problems <> '{}'`);
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, '\\$&')}%`;
    query = query.where((eb) => eb.or([eb('code', 'ilike', like), eb('name', 'ilike', like), eb('brand', 'ilike', like)]));
  }
  const rows = await query.orderBy('row_number').limit(POSITIONS_PAGE_SIZE + 1).offset((q.page - 1) * POSITIONS_PAGE_SIZE).execute();
  const page = rows.slice(0, POSITIONS_PAGE_SIZE);
  const parts = await partSummariesAt(db, [...new Set(page.flatMap((r) => (r.part_id === null ? [] : [r.part_id])))], null, false);
  return {
    positions: page.map((r) => {
      const p = r.part_id === null ? undefined : parts.get(r.part_id);
      return {
        rowNumber: r.row_number, code: r.code, brand: r.brand, name: r.name, price: r.price, currency: r.currency, stock: r.stock,
        leadTimeDays: r.lead_time_days, problems: r.problems, matchedBy: r.matched_by,
        part: p ? { id: p.id, code: p.code, name: p.name, link: p.link } : null,
      };
    }),
    hasNext: rows.length > POSITIONS_PAGE_SIZE,
  };
}

/**
 * Our part a person names for a manual match: a number ('RE59754'), or a number and a brand
 * ('W 940/25 MANN') when several makers have it. The whole text is tried as a number first, then
 * split before each space into number and brand.
 */
export async function partNamed(services: AppServices, text: string): Promise<{ ok: true; partId: number } | { ok: false; reason: 'not_found' | 'ambiguous' }> {
  const words = text.split(/\s+/).filter(Boolean).slice(0, 8);
  const tries = [{ code: words.join(' '), brand: '' }, ...words.slice(1).map((_, i) => ({ code: words.slice(0, i + 1).join(' '), brand: words.slice(i + 1).join(' ') }))];
  const brands = await knownBrands(services);
  const candidates = await partsByCodes(services.db, [...new Set(tries.flatMap((t) => codesOf(t.code)))]);
  const byCode = new Map<string, Candidate[]>();
  for (const c of candidates) byCode.set(c.codeNorm, [...(byCode.get(c.codeNorm) ?? []), c]);
  const ctx: MatchContext = { byCode, knownBrands: brands, analogs: new Set(), manual: new Map() };
  for (const t of tries) {
    const match = matchRow(t, ctx);
    if (match) return { ok: true, partId: match.partId };
  }
  return { ok: false, reason: candidates.length ? 'ambiguous' : 'not_found' };
}

export interface ProcessingLogRow { id: number; name: string; source: FileRow['source']; state: FileRow['state']; createdAt: string; ms: number | null; rowsBad: number; error: string | null }

/** The organisation's intakes as a log: when each began, how long its steps took, its first error. */
export async function processingLogs(db: DB, organisationId: number, page: number): Promise<{ logs: ProcessingLogRow[]; hasNext: boolean }> {
  const rows = await db.selectFrom('suppliers_file').select(['id', 'name', 'source', 'state', 'created_at', 'rows_bad', 'report'])
    .where('organisation_id', '=', organisationId).orderBy('id', 'desc').limit(FILES_PAGE_SIZE + 1).offset((page - 1) * FILES_PAGE_SIZE).execute();
  return {
    logs: rows.slice(0, FILES_PAGE_SIZE).map((r) => {
      const { steps } = reportView(typeof r.report === 'string' ? JSON.parse(r.report) : r.report);
      return {
        id: r.id, name: r.name, source: r.source, state: r.state, createdAt: r.created_at.toISOString(), rowsBad: r.rows_bad,
        ms: steps.length ? steps.reduce((sum, s) => sum + s.ms, 0) : null, error: steps.find((s) => s.error)?.error ?? null,
      };
    }),
    hasNext: rows.length > FILES_PAGE_SIZE,
  };
}
