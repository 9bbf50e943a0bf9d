import type { Columns } from './columns.rules.ts';
import {
  MAX_CODE_LENGTH, MAX_LEAD_DAYS, MAX_NAME_LENGTH, MAX_PRICE_MINOR, MAX_QUANTITY, type PriceListCurrency, type RowCode,
} from './pricelist.constants.ts';
import type { NormalisedRow, RawRow, Stock } from './pricelist.schema.ts';

/*
 * A price list's row as data (issue 32 §3, ADR 094): numbers as suppliers write them ('1 234,50',
 * '1.234,50', '1,234.50', '1234.5 руб.'), stock as words and bounds ('>10', '10+', 'много', 'нет'),
 * multiplicity and minimum order, the currency by its codes, signs and Russian names.
 */

const SPACES = /[\s\u00a0\u2007\u2009\u202f']/g;
const CONTROLS = /[\u0000-\u001f\u007f]+/g;

/** Text with control characters and lone surrogates taken out and the spaces trimmed. */
export function cleanText(text: string, max: number): string {
  const clean = text.replace(CONTROLS, ' ').trim();
  return (clean.length > max ? clean.slice(0, max) : clean).toWellFormed();
}

/**
 * A decimal number written with spaces or NBSP between thousands and a comma or a point as the
 * decimal mark; with both, the last one is the decimal mark. Null when it is not a number.
 */
export function parseDecimal(text: string): number | null {
  let s = text.replace(SPACES, '').replace(/[−–]/g, '-');
  if (s === '') return null;
  const comma = s.lastIndexOf(',');
  const point = s.lastIndexOf('.');
  if (comma !== -1 && point !== -1) {
    s = comma > point ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (comma !== -1) {
    // '1,234,567' groups thousands; a single comma is the decimal mark (the Russian way).
    s = /^-?\d{1,3}(,\d{3}){2,}$/.test(s) ? s.replace(/,/g, '') : s.replace(',', '.');
  } else if (/^-?\d{1,3}(\.\d{3}){2,}$/.test(s)) {
    s = s.replace(/\./g, '');
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

const CURRENCY_WORDS: Array<[RegExp, PriceListCurrency]> = [
  [/^(rub|rur|руб|рубл[а-я]*|р|₽)$/, 'RUB'],
  [/^(kzt|тенге|тг|₸)$/, 'KZT'],
  [/^(usd|\$|us\$|долл[а-я]*|дол)$/, 'USD'],
  [/^(eur|€|евро)$/, 'EUR'],
  [/^(cny|rmb|юан[а-я]*|¥|cn¥|元)$/, 'CNY'],
];

/** A currency as written: 'руб.', '₽', 'RUR' are RUB; null when it is none we know; undefined when empty. */
export function parseCurrency(text: string): PriceListCurrency | null | undefined {
  const word = text.trim().toLowerCase().replace(/\.$/, '').replace(/\s+/g, ' ');
  if (word === '') return undefined;
  for (const [pattern, currency] of CURRENCY_WORDS) if (pattern.test(word)) return currency;
  return null;
}

/** A price with its currency written beside it ('1 234,50 руб.', '$12.5', '12 €'). */
export function parsePrice(text: string): { minor: number | null; negative: boolean; currency: PriceListCurrency | null | undefined } {
  const trimmed = text.trim();
  const match = /^([^\d\-−+.,]*)([-−+]?[\d\s\u00a0\u2009\u202f'.,]*\d[\d.,]*)([^\d]*)$/.exec(trimmed);
  if (!match) return { minor: null, negative: false, currency: undefined };
  const around = `${match[1]!.trim()}${match[3]!.trim()}`;
  const currency = around === '' ? undefined : parseCurrency(around);
  const value = parseDecimal(match[2]!);
  if (value === null || (around !== '' && currency === null && !/^[*\s]*$/.test(around))) return { minor: null, negative: false, currency };
  const minor = Math.round(value * 100);
  if (minor <= 0) return { minor, negative: true, currency };
  if (minor > MAX_PRICE_MINOR) return { minor: null, negative: false, currency };
  return { minor, negative: false, currency };
}

const IN_STOCK = /^(есть|да|в наличии|много|достаточно|имеется|\+|\+\+|\+\+\+|yes|many|in stock|available)$/;
const NONE = /^(нет|-|—|–|0|отсутствует|нет в наличии|под заказ|no|none|out of stock)$/;

/**
 * Stock as a number or as suppliers write it: '>10', '10+', 'более 10' at least ten; '5-10' at least
 * five; 'есть', 'много' in stock without a number; 'нет', '-' none. Null when unreadable.
 */
export function parseStock(text: string): Stock | null {
  const s = text.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').replace(/\s*(шт|ед|pcs)\.?$/, '');
  if (s === '') return null;
  if (NONE.test(s)) return { quantity: 0, kind: 'none' };
  if (IN_STOCK.test(s)) return { quantity: null, kind: 'in_stock' };
  const atLeast = /^(?:>=?|≥|более|больше|свыше|от|over)\s*([\d\s.,]+)$|^([\d\s.,]+)\s*(?:\+|и более|и больше|<)$/.exec(s);
  if (atLeast) {
    const n = parseDecimal(atLeast[1] ?? atLeast[2]!);
    return n !== null && n >= 0 ? { quantity: Math.min(Math.floor(n), MAX_QUANTITY), kind: 'at_least' } : null;
  }
  const under = /^(?:<=?|≤|менее|меньше|до)\s*([\d\s.,]+)$/.exec(s);
  if (under) {
    const n = parseDecimal(under[1]!);
    return n !== null && n > 0 ? { quantity: 1, kind: 'at_least' } : null;
  }
  const range = /^([\d\s.,]+?)\s*(?:-|–|—|\.\.)\s*([\d\s.,]+)$/.exec(s);
  if (range) {
    const low = parseDecimal(range[1]!);
    const high = parseDecimal(range[2]!);
    return low !== null && high !== null && low >= 0 && high >= low ? { quantity: Math.min(Math.floor(low), MAX_QUANTITY), kind: 'at_least' } : null;
  }
  const n = parseDecimal(s);
  if (n === null || n < 0) return null;
  const quantity = Math.min(Math.floor(n), MAX_QUANTITY);
  return quantity === 0 ? { quantity: 0, kind: 'none' } : { quantity, kind: 'exact' };
}

/** A positive whole quantity (multiplicity, minimum order); null when unreadable, undefined when empty. */
export function parseQuantity(text: string): number | null | undefined {
  const s = text.trim().replace(/\s*(шт|ед|pcs)\.?$/i, '');
  if (s === '') return undefined;
  const n = parseDecimal(s);
  if (n === null || n <= 0 || n > MAX_QUANTITY || Math.abs(n - Math.round(n)) > 1e-9) return null;
  return Math.round(n);
}

/** Lead time in days: '3', '3 дня', '2-5 дней' (the longer), '1 нед.'; null when unreadable, undefined when empty. */
export function parseLeadTime(text: string): number | null | undefined {
  const s = text.trim().toLowerCase();
  if (s === '') return undefined;
  const match = /^(?:до\s*)?(\d{1,3})(?:\s*(?:-|–|—|\.\.)\s*(\d{1,3}))?\s*(дн[а-я]*|д|раб[а-я. ]*дн[а-я]*|р\s*д|нед[а-я]*|мес[а-я]*|days?|d|weeks?)?\.?$/.exec(s);
  if (!match) return null;
  const n = Number(match[2] ?? match[1]);
  const unit = match[3] ?? '';
  const days = /^(нед|week)/.test(unit) ? n * 7 : /^мес/.test(unit) ? n * 30 : n;
  return days <= MAX_LEAD_DAYS ? days : null;
}

export interface NormaliseDefaults { currency: PriceListCurrency; leadTimeDays?: number | null }

export interface Normalised { row: NormalisedRow; codes: RowCode[] }

/**
 * A raw row as a position, with the codes of what could not be read in it. The codes of the file
 * (duplicates, brands, price jumps) are the check's.
 */
export function normaliseRow(raw: RawRow, part: string, columns: Columns, defaults: NormaliseDefaults): Normalised {
  const cell = (index: number | undefined) => (index === undefined ? '' : raw.cells[index] ?? '');
  const codes: RowCode[] = [];
  if (raw.tooLong) codes.push('row_too_long');

  // Excel's ways of keeping leading zeros: a leading apostrophe, or a formula ="00123" in a CSV.
  const code = cleanText(cell(columns.code), MAX_CODE_LENGTH).replace(/^'|^="(.*)"$/, '$1').replace(/\s+/g, ' ').trim();
  if (code === '') codes.push('empty_code');
  const brand = cleanText(cell(columns.brand), MAX_CODE_LENGTH).replace(/\s+/g, ' ');
  const name = cleanText(cell(columns.name), MAX_NAME_LENGTH).replace(/\s+/g, ' ');

  const price = parsePrice(cell(columns.price));
  if (price.minor === null) codes.push('bad_price');
  else if (price.negative) codes.push('negative_price');
  const written = columns.currency === undefined ? undefined : parseCurrency(cell(columns.currency));
  let currency: PriceListCurrency | null = defaults.currency;
  if (written !== undefined) currency = written;
  else if (price.currency !== undefined) currency = price.currency;
  if (currency === null) codes.push('unknown_currency');

  let stock: Stock | null = null;
  if (columns.stock !== undefined) {
    const text = cell(columns.stock);
    stock = parseStock(text);
    if (stock === null && text.trim() !== '') codes.push('bad_stock');
  }
  const multiplicity = parseQuantity(cell(columns.multiplicity));
  const minOrder = parseQuantity(cell(columns.minOrder));
  if (multiplicity === null || minOrder === null) codes.push('bad_multiplicity');
  const lead = parseLeadTime(cell(columns.leadTime));
  if (lead === null) codes.push('bad_lead_time');

  return {
    row: {
      line: raw.line, part, code, brand, name,
      price: price.minor !== null && !price.negative ? price.minor : null,
      currency, stock,
      multiplicity: multiplicity ?? 1,
      minOrder: Math.max(minOrder ?? 1, multiplicity ?? 1),
      leadTimeDays: lead ?? defaults.leadTimeDays ?? null,
    },
    codes,
  };
}
