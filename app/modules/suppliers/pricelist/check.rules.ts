import {
  DEFAULT_PRICE_JUMP_PERCENT, FILE_CODE_LABELS, HOLD_REASON_LABELS, isRowError, ROW_CODE_LABELS, type FileCode, type HoldReason, type PriceListKind, type RowCode,
} from './pricelist.constants.ts';
import type { CheckedRow, CheckReport, FileProblem, NormalisedRow, PublishThresholds } from './pricelist.schema.ts';

/*
 * The check of a price list (issue 32 §4, ADR 094): each row gets its codes (errors keep it out,
 * warnings let it through), the file gets its problems, and the report counts them. One bad row
 * never stops the file. Within the supplier's thresholds a list publishes by itself; otherwise it
 * waits for the supplier or an employee to acknowledge the report.
 */

/** Rows of each code kept as examples in the report. */
export const SAMPLES_PER_CODE = 20;

/** A code and a brand as compared: upper case, spaces collapsed. */
export function positionKey(code: string, brand: string): string {
  return `${code.toUpperCase().replace(/\s+/g, ' ')}\u0001${brand.toUpperCase().replace(/\s+/g, ' ')}`;
}

/**
 * The positions seen in a file, kept as 64-bit hashes of their keys in typed arrays (open
 * addressing): a million positions take 32 MB and make no garbage, where a `Set` of their keys took
 * 160 MB. Two different keys share a hash with a chance of about 1 in 10^7 for a file of a million
 * rows (the birthday bound); the position would then be called a duplicate.
 */
export class SeenKeys {
  private lo = new Uint32Array(1 << 12);
  private hi = new Uint32Array(1 << 12);
  size = 0;

  /** Adds the key; false when it was there already. */
  add(key: string): boolean {
    let a = 0x811c9dc5;
    let b = 0x9747b28c;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 15;
    }
    a = mix(a);
    b = mix(b ^ key.length);
    if (a === 0 && b === 0) b = 1;
    if ((this.size + 1) * 2 > this.lo.length) this.grow();
    return this.insert(a >>> 0, b >>> 0);
  }

  private insert(a: number, b: number): boolean {
    const mask = this.lo.length - 1;
    for (let i = a & mask; ; i = (i + 1) & mask) {
      const lo = this.lo[i]!;
      const hi = this.hi[i]!;
      if (lo === 0 && hi === 0) {
        this.lo[i] = a;
        this.hi[i] = b;
        this.size++;
        return true;
      }
      if (lo === a && hi === b) return false;
    }
  }

  private grow(): void {
    const { lo, hi } = this;
    this.lo = new Uint32Array(lo.length * 2);
    this.hi = new Uint32Array(hi.length * 2);
    this.size = 0;
    for (let i = 0; i < lo.length; i++) if (lo[i] !== 0 || hi[i] !== 0) this.insert(lo[i]!, hi[i]!);
  }
}

function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

export function brandKey(brand: string): string {
  return brand.toUpperCase().replace(/\s+/g, ' ').trim();
}

export interface CheckContext {
  kind?: PriceListKind;
  /** Brands we know (any case); without it no brand is called unknown. */
  knownBrands?: ReadonlySet<string>;
  /** The supplier's current prices by `positionKey`, in minor units of the same currency. */
  previousPrices?: ReadonlyMap<string, number> | ((key: string) => number | undefined);
  /** A price moving by more than this percent is a jump (`DEFAULT_PRICE_JUMP_PERCENT` when absent). */
  priceJumpPercent?: number;
}

export interface Checker {
  /** The row with its codes (those of reading given) added to the report. */
  check(row: NormalisedRow, readingCodes: readonly RowCode[]): CheckedRow;
  fileProblem(problem: FileProblem): void;
  report: CheckReport & { compared: number };
}

export function emptyReport(kind: PriceListKind = 'full'): CheckReport & { compared: number } {
  return { kind, fileProblems: [], rows: 0, okRows: 0, errorRows: 0, counts: {}, samples: {}, compared: 0 };
}

export function createChecker(context: CheckContext = {}): Checker {
  const report = emptyReport(context.kind);
  const seen = new SeenKeys();
  const known = context.knownBrands ? new Set([...context.knownBrands].map(brandKey)) : null;
  const previous = context.previousPrices;
  const lookup = typeof previous === 'function' ? previous : previous ? (key: string) => previous.get(key) : null;
  const jump = context.priceJumpPercent ?? DEFAULT_PRICE_JUMP_PERCENT;

  return {
    report,
    fileProblem(problem) {
      if (!report.fileProblems.some((p) => p.code === problem.code && p.part === problem.part)) report.fileProblems.push(problem);
    },
    check(row, readingCodes) {
      const codes = [...readingCodes];
      if (row.code !== '') {
        const key = positionKey(row.code, row.brand);
        if (!seen.add(key)) codes.push('duplicate');
        else {
          if (row.price !== null && lookup) {
            const before = lookup(key);
            if (before !== undefined && before > 0) {
              report.compared++;
              if ((Math.abs(row.price - before) / before) * 100 > jump) codes.push('price_jump');
            }
          }
        }
      }
      if (known && row.brand !== '' && !known.has(brandKey(row.brand))) codes.push('unknown_brand');
      const ok = !codes.some(isRowError);
      report.rows++;
      if (ok) report.okRows++;
      else report.errorRows++;
      for (const code of codes) {
        report.counts[code] = (report.counts[code] ?? 0) + 1;
        const samples = (report.samples[code] ??= []);
        if (samples.length < SAMPLES_PER_CODE) samples.push({ part: row.part, line: row.line });
      }
      return { ...row, codes, ok };
    },
  };
}

export interface PublishDecision {
  decision: 'publish' | 'hold';
  reasons: Array<{ code: HoldReason; label: string; detail?: string }>;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : (part / whole) * 100);
const shown = (n: number) => `${Math.round(n * 10) / 10} %`;

/** Whether a checked list publishes by itself or waits for a person, and why. */
export function decideAutoPublish(report: CheckReport & { compared?: number }, thresholds: PublishThresholds): PublishDecision {
  const reasons: PublishDecision['reasons'] = [];
  const add = (code: HoldReason, detail?: string) => reasons.push({ code, label: HOLD_REASON_LABELS[code], ...(detail ? { detail } : {}) });
  if (report.fileProblems.length > 0) add('file_problem', report.fileProblems.map((p) => FILE_CODE_LABELS[p.code]).join('; '));
  if (report.okRows === 0) add('empty');
  const errors = percent(report.errorRows, report.rows);
  if (report.rows > 0 && errors > thresholds.maxErrorPercent) add('too_many_errors', `${shown(errors)} при пороге ${thresholds.maxErrorPercent} %`);
  const jumps = percent(report.counts.price_jump ?? 0, report.compared ?? report.rows);
  if ((report.counts.price_jump ?? 0) > 0 && jumps > thresholds.maxPriceJumpPercent) add('too_many_price_jumps', `${shown(jumps)} при пороге ${thresholds.maxPriceJumpPercent} %`);
  const unknown = percent(report.counts.unknown_brand ?? 0, report.rows);
  if ((report.counts.unknown_brand ?? 0) > 0 && unknown > thresholds.maxUnknownBrandPercent) add('too_many_unknown_brands', `${shown(unknown)} при пороге ${thresholds.maxUnknownBrandPercent} %`);
  if (report.kind === 'full' && thresholds.previousRows && report.okRows > 0) {
    const shrink = percent(thresholds.previousRows - report.okRows, thresholds.previousRows);
    if (shrink > thresholds.maxShrinkPercent) add('list_shrank', `${report.okRows} позиций вместо ${thresholds.previousRows}`);
  }
  return { decision: reasons.length === 0 ? 'publish' : 'hold', reasons };
}

/** The report's lines for a person: each code with its Russian label and count. */
export function reportLines(report: CheckReport): Array<{ code: FileCode | RowCode; label: string; count?: number; detail?: string }> {
  return [
    ...report.fileProblems.map((p) => ({ code: p.code, label: FILE_CODE_LABELS[p.code], ...(p.detail ? { detail: p.part ? `${p.part}: ${p.detail}` : p.detail } : {}) })),
    ...(Object.entries(report.counts) as Array<[RowCode, number]>).map(([code, count]) => ({ code, label: ROW_CODE_LABELS[code], count })),
  ];
}
