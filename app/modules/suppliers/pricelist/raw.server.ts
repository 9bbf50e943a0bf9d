import { setImmediate as turn } from 'node:timers/promises';
import { HEADER_SEARCH_ROWS, type FileCode, type PriceListLimits } from './pricelist.constants.ts';
import type { RawRow } from './pricelist.schema.ts';

/*
 * What the readers of each format share (ADR 094): the refusal of a whole file, the limits of a row,
 * and the turns given to the event loop so no slice of reading holds it long.
 */

/** A file refused as a whole; `code` is the report's file-level code. */
export class PriceListError extends Error {
  readonly code: FileCode;
  readonly detail?: string;
  constructor(code: FileCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'PriceListError';
    this.code = code;
    if (detail !== undefined) this.detail = detail;
  }
}

/** A function to await between rows: it gives the event loop a turn once `sliceMs` have passed. */
export function slicer(sliceMs: number): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    const now = performance.now();
    if (now - since < sliceMs) return undefined;
    return turn().then(() => { since = performance.now(); });
  };
}

/**
 * A row's cells within the limits: empty cells at its end dropped, cells cut to `maxCellChars`.
 * Too many columns or characters in the rows where the header is looked for refuse the file; further
 * down, the row is cut and marked, and the check keeps it out.
 */
export function limitRow(cells: string[], line: number, limits: PriceListLimits): RawRow | null {
  let end = cells.length;
  while (end > 0 && cells[end - 1]!.trim() === '') end--;
  if (end === 0) return null;
  if (end !== cells.length) cells.length = end;
  let chars = 0;
  for (let i = 0; i < end; i++) {
    const cell = cells[i]!;
    if (cell.length > limits.maxCellChars) cells[i] = cell.slice(0, limits.maxCellChars);
    chars += cell.length;
  }
  if (end <= limits.maxColumns && chars <= limits.maxRowChars) return { line, cells };
  if (line <= HEADER_SEARCH_ROWS) {
    if (end > limits.maxColumns) throw new PriceListError('too_many_columns', `${end} колонок в строке ${line}, допустимо не больше ${limits.maxColumns}`);
    throw new PriceListError('row_too_long', `строка ${line}: ${chars} символов`);
  }
  return { line, cells: cells.slice(0, limits.maxColumns), tooLong: true };
}

