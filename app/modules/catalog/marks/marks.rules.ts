import { COMPARE_CODES_MAX, COMPARE_PATH, MARKS_MESSAGES, PRODUCT_CODE_PATTERN } from './marks.constants.ts';
import type { CompareRow } from './marks.schema.ts';

/**
 * `/compare/{productCodes}`: codes separated by commas (`/compare/K735P,T150K`). Duplicates and
 * malformed codes are dropped, the order is kept, and at most COMPARE_CODES_MAX are read.
 */
export function parseCompareCodes(param: string | undefined | null): { codes: string[]; tooMany: boolean; malformed: string[] } {
  if (!param) return { codes: [], tooMany: false, malformed: [] };
  const seen = new Set<string>();
  const codes: string[] = [];
  const malformed: string[] = [];
  let tooMany = false;
  for (const raw of param.split(',')) {
    const code = raw.trim();
    if (!code) continue;
    if (!PRODUCT_CODE_PATTERN.test(code)) { if (malformed.length < 5) malformed.push(code.slice(0, 40)); continue; }
    const key = code.toUpperCase();
    if (seen.has(key)) continue;
    if (codes.length === COMPARE_CODES_MAX) { tooMany = true; break; }
    seen.add(key);
    codes.push(code);
  }
  return { codes, tooMany, malformed };
}

/** The shareable address of a comparison; no codes: the visitor's own list. */
export function compareLink(codes: readonly string[]): string {
  return codes.length ? `${COMPARE_PATH}/${codes.map(encodeURIComponent).join(',')}` : COMPARE_PATH;
}

/** 'Только различия': a row stays when its models do not all have the same value. One model: nothing differs. */
export function rowDiffers(row: Pick<CompareRow, 'values'>): boolean {
  const first = row.values[0] ?? null;
  return row.values.some((v) => (v ?? null) !== first);
}

export function visibleRows<R extends Pick<CompareRow, 'values'>>(rows: readonly R[], onlyDifferences: boolean): R[] {
  return onlyDifferences ? rows.filter(rowDiffers) : [...rows];
}

/** The notices of a shared address: codes we do not know and codes past the limit. */
export function compareNotices(unknown: readonly string[], tooMany: boolean): string[] {
  const notices: string[] = [];
  if (unknown.length) notices.push(MARKS_MESSAGES.unknownCodes([...unknown]));
  if (tooMany) notices.push(MARKS_MESSAGES.tooManyCodes);
  return notices;
}

