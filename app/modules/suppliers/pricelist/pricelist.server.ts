import { createChecker, type CheckContext } from './check.rules.ts';
import { mapColumns, type ColumnMapping, type MappingResult } from './columns.rules.ts';
import { normaliseRow } from './normalise.rules.ts';
import {
  FILE_CODE_LABELS, HEADER_SEARCH_ROWS, PRICE_LIST_LIMITS, PREVIEW_ROWS, type PriceListCurrency, type PriceListKind,
} from './pricelist.constants.ts';
import type { CheckedRow, CheckReport, ColumnTemplate, DetectedType, NormalisedRow, PartFacts, PartInfo, RawRow } from './pricelist.schema.ts';
import { PriceListError, slicer } from './raw.server.ts';
import { readPriceList, type PriceListInput, type ReadOptions } from './read.server.ts';

/*
 * A price list read, mapped, normalised and checked in one pass (issue 32 §3–§4, ADR 094): each
 * file of an archive and each sheet of a workbook finds its header in its top rows (or takes the
 * supplier's template), then its rows go through as checked chunks for the caller to stage. The
 * report is complete once the rows are; a refusal of the file is in the report, never thrown.
 */

export interface ProcessOptions extends ReadOptions, Omit<CheckContext, 'kind'> {
  template?: ColumnTemplate;
  kind?: PriceListKind;
  /** The supplier's currency, for rows and files that name none. */
  currency: PriceListCurrency;
  leadTimeDays?: number | null;
  /**
   * The supplier's current prices of just these rows' positions (by `positionKey`), asked for each
   * chunk before it is checked: a previous list is never held whole (ADR 108). Takes the place of
   * `previousPrices`.
   */
  previousPricesOf?: (rows: readonly NormalisedRow[]) => Promise<ReadonlyMap<string, number>>;
}

export interface MappedPart { part: PartInfo; mapping: ColumnMapping }
export type MappingFailure = Extract<MappingResult, { ok: false }> & { part: string };

export interface PriceListRun {
  name: string;
  size: number;
  type: DetectedType | null;
  kind: PriceListKind;
  /** The files and sheets read; filled while reading. */
  parts: PartFacts[];
  /** Parts whose columns were mapped; filled while reading. */
  mapped: MappedPart[];
  /** Parts left out for want of a header or a mapping (with the missing and doubled columns). */
  unmapped: MappingFailure[];
  report: CheckReport & { compared: number };
  /** Checked rows in chunks; once only. The report is final when it ends. */
  rows: AsyncGenerator<CheckedRow[]>;
  /** Stops reading and removes the temporary files, for a caller that leaves `rows` unread. */
  dispose: () => Promise<void>;
}

/** A part being read: its top rows until its columns are mapped (null: left out). */
interface PartState { key: string; part: PartInfo; top: RawRow[]; mapping: ColumnMapping | null | undefined }

const partName = (part: PartInfo) => (part.sheet ? `${part.file} — ${part.sheet}` : part.file);

export async function processPriceList(input: PriceListInput, options: ProcessOptions): Promise<PriceListRun> {
  const kind = options.kind ?? options.template?.kind ?? 'full';
  // Asked chunk by chunk, the previous prices are those of the chunk at hand.
  const none: ReadonlyMap<string, number> = new Map();
  let chunkPrices = none;
  const previousPricesOf = options.previousPricesOf;
  const checker = createChecker({ ...options, kind, ...(previousPricesOf ? { previousPrices: (key: string) => chunkPrices.get(key) } : {}) });
  const leadTimeDays = options.leadTimeDays ?? null;
  const sliceMs = options.limits?.sliceMs ?? PRICE_LIST_LIMITS.sliceMs;

  const run: PriceListRun = {
    name: input.name, size: 0, type: null, kind, parts: [], mapped: [], unmapped: [], report: checker.report,
    rows: (async function* () { /* nothing read */ })(),
    dispose: async () => {},
  };
  const refuse = (error: unknown) => {
    if (!(error instanceof PriceListError)) throw error;
    checker.fileProblem({ code: error.code, ...(error.detail ? { detail: error.detail } : {}) });
  };

  let reading;
  try {
    reading = await readPriceList(input, { ...options, sheet: options.sheet ?? options.template?.sheet });
  } catch (error) {
    refuse(error);
    return run;
  }
  Object.assign(run, { size: reading.size, type: reading.type, parts: reading.parts });
  run.dispose = async () => {
    await run.rows.return(undefined);
    await reading.dispose();
  };

  run.rows = (async function* () {
    const pause = slicer(sliceMs);
    let current = null as PartState | null;

    async function* checked(state: PartState, rows: RawRow[]): AsyncGenerator<CheckedRow[]> {
      const mapping = state.mapping;
      if (!mapping) return;
      const name = partName(state.part);
      // A currency column wins, then the template's, then the price header's, then the supplier's.
      const defaults = { currency: options.template?.currency ?? mapping.currency ?? options.currency, leadTimeDays };
      const normalised: Array<ReturnType<typeof normaliseRow>> = [];
      for (const raw of rows) {
        if (mapping.headerLine !== null && raw.line <= mapping.headerLine) continue;
        normalised.push(normaliseRow(raw, name, mapping.columns, defaults));
      }
      if (normalised.length === 0) return;
      if (previousPricesOf) chunkPrices = await previousPricesOf(normalised.map((n) => n.row));
      yield normalised.map(({ row, codes }) => checker.check(row, codes));
      chunkPrices = none;
    }

    /** Maps a part from its top rows once they are all in (or the part ended), then checks them. */
    async function* settle(state: PartState): AsyncGenerator<CheckedRow[]> {
      const result = mapColumns(state.top, options.template, kind);
      if (result.ok) {
        state.mapping = result.mapping;
        run.mapped.push({ part: state.part, mapping: result.mapping });
        yield* checked(state, state.top);
      } else {
        state.mapping = null;
        run.unmapped.push({ ...result, part: partName(state.part) });
      }
      state.top = [];
    }

    try {
      for await (const chunk of reading.chunks) {
        const key = `${chunk.part.file}\u0001${chunk.part.sheet ?? ''}`;
        if (current?.key !== key) {
          if (current?.mapping === undefined && current) yield* settle(current);
          current = { key, part: chunk.part, top: [], mapping: undefined };
        }
        if (current.mapping === undefined) {
          current.top.push(...chunk.rows);
          if (current.top.length >= HEADER_SEARCH_ROWS || current.top.at(-1)!.line >= HEADER_SEARCH_ROWS) yield* settle(current);
        } else {
          yield* checked(current, chunk.rows);
        }
        await pause();
      }
      if (current && current.mapping === undefined) yield* settle(current);
    } catch (error) {
      refuse(error);
    }
    if (run.mapped.length === 0 && checker.report.fileProblems.length === 0) {
      const failure = run.unmapped.find((u) => u.code !== 'no_header') ?? run.unmapped[0];
      const skipped = run.parts.find((p) => p.skipped);
      if (failure) checker.fileProblem({ code: failure.code, detail: failure.message || FILE_CODE_LABELS[failure.code], part: failure.part });
      else if (skipped?.skipped) checker.fileProblem({ code: skipped.skipped, ...(skipped.detail ? { detail: skipped.detail } : {}), part: skipped.file });
      else checker.fileProblem({ code: 'empty' });
    } else if (checker.report.rows === 0 && checker.report.fileProblems.length === 0) {
      checker.fileProblem({ code: 'empty' });
    }
  })();
  return run;
}

/** Reads every row through, returning the run with its final report (for checks and tests). */
export async function checkPriceList(input: PriceListInput, options: ProcessOptions, onRows?: (rows: CheckedRow[]) => void | Promise<void>): Promise<PriceListRun> {
  const run = await processPriceList(input, options);
  for await (const rows of run.rows) await onRows?.(rows);
  return run;
}

export interface PriceListPreview {
  type: DetectedType | null;
  kind: PriceListKind;
  mapped: MappedPart[];
  unmapped: MappingFailure[];
  fileProblems: CheckReport['fileProblems'];
  /** The first rows as they would be published, each with its codes. */
  rows: CheckedRow[];
}

/** The first ten mapped rows with their codes, before anything is published; reading stops there. */
export async function previewPriceList(input: PriceListInput, options: ProcessOptions, count = PREVIEW_ROWS): Promise<PriceListPreview> {
  const run = await processPriceList(input, options);
  const rows: CheckedRow[] = [];
  for await (const chunk of run.rows) {
    rows.push(...chunk.slice(0, count - rows.length));
    if (rows.length >= count) break;
  }
  return { type: run.type, kind: run.kind, mapped: run.mapped, unmapped: run.unmapped, fileProblems: run.report.fileProblems, rows };
}
