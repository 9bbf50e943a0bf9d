import { z } from '#app/lib/zod.ts';
import {
  HEADER_SEARCH_ROWS, PRICE_LIST_CURRENCIES, PRICE_LIST_FIELDS, PRICE_LIST_KINDS, type FileCode, type PriceListCurrency, type PriceListField,
  type PriceListKind, type RowCode,
} from './pricelist.constants.ts';

/*
 * The shapes of price-list reading (ADR 094): a supplier's column template (saved with the
 * organisation, sent by the API), the rows as read and as normalised, and the check's report.
 */

/** A column: its letter ('A'…'CV'), its index from 0, or its header's text. */
export const columnRef = z.union([
  z.number().int().min(0).max(999),
  z.string().trim().min(1).max(200),
]);
export type ColumnRef = z.infer<typeof columnRef>;

const fieldShape = Object.fromEntries(PRICE_LIST_FIELDS.map((f) => [f, columnRef.optional()])) as Record<PriceListField, z.ZodOptional<typeof columnRef>>;
const headerShape = Object.fromEntries(PRICE_LIST_FIELDS.map((f) => [f, z.string().max(200).optional()])) as Record<PriceListField, z.ZodOptional<z.ZodString>>;

/**
 * How a supplier's files are read. `headerRow`: the header's row number from 1 (within the top
 * 30), 0 when the file has none (columns by position, data from the first row); absent: found by
 * the columns' names. `headers`: the header texts seen when the template was saved, so a file whose columns moved is
 * told apart (`layout_changed`) even when the columns are kept by position.
 */
export const columnTemplate = z.object({
  headerRow: z.number().int().min(0).max(HEADER_SEARCH_ROWS).optional(),
  sheet: z.string().max(100).optional(),
  columns: z.object(fieldShape),
  headers: z.object(headerShape).optional(),
  kind: z.enum(PRICE_LIST_KINDS).optional(),
  currency: z.enum(PRICE_LIST_CURRENCIES).optional(),
});
export type ColumnTemplate = z.infer<typeof columnTemplate>;

export type DetectedType = 'csv' | 'xlsx' | 'xls' | 'zip';

/** A row as read: its number in its sheet or file (from 1) and its cells as text. */
export interface RawRow { line: number; cells: string[]; /** Cut to the limits of columns or characters. */ tooLong?: true }

/** Where rows come from: a file (an archive's entry) and, for workbooks, a sheet. */
export interface PartInfo {
  /** The file's name, or `archive.zip/entry.csv` for an archive's entry. */
  file: string;
  type: Exclude<DetectedType, 'zip'>;
  sheet: string | null;
  encoding?: string;
  delimiter?: string;
}

export interface RawChunk { part: PartInfo; rows: RawRow[] }

/** What a part of the file came to, or why it was left out. */
export interface PartFacts extends PartInfo { rows: number; skipped?: FileCode; detail?: string }

export interface FileProblem { code: FileCode; detail?: string; part?: string }

/** The stock as a supplier writes it: a number, 'больше N', 'есть/много', 'нет'. */
export interface Stock { quantity: number | null; kind: 'exact' | 'at_least' | 'in_stock' | 'none' }

export interface NormalisedRow {
  line: number;
  part: string;
  code: string;
  brand: string;
  name: string;
  /** Minor units (kopecks, tiyn, cents…) of `currency`; null when unreadable. */
  price: number | null;
  currency: PriceListCurrency | null;
  stock: Stock | null;
  multiplicity: number;
  minOrder: number;
  leadTimeDays: number | null;
}

export interface CheckedRow extends NormalisedRow { codes: RowCode[]; ok: boolean }

export interface CheckReport {
  kind: PriceListKind;
  fileProblems: FileProblem[];
  rows: number;
  okRows: number;
  errorRows: number;
  counts: Partial<Record<RowCode, number>>;
  /** The first rows of each code (part and line), for the report's screen. */
  samples: Partial<Record<RowCode, Array<{ part: string; line: number }>>>;
}

export const publishThresholds = z.object({
  /** Rows with errors, percent of all rows, above which the list waits. */
  maxErrorPercent: z.number().min(0).max(100),
  /** Rows whose price jumped, percent of the rows with a previous price. */
  maxPriceJumpPercent: z.number().min(0).max(100),
  /** Rows of unknown brands, percent. */
  maxUnknownBrandPercent: z.number().min(0).max(100),
  /** A full list shorter than the previous one by more than this percent waits. */
  maxShrinkPercent: z.number().min(0).max(100),
  previousRows: z.number().int().min(0).optional(),
});
export type PublishThresholds = z.infer<typeof publishThresholds>;
