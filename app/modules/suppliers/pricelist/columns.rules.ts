import { parseCurrency } from './normalise.rules.ts';
import {
  FIELD_LABELS, HEADER_SEARCH_ROWS, PRICE_LIST_FIELDS, REQUIRED_FIELDS, type PriceListCurrency, type PriceListField, type PriceListKind,
} from './pricelist.constants.ts';
import type { ColumnRef, ColumnTemplate, RawRow } from './pricelist.schema.ts';

/*
 * Finding a price list's header and mapping its columns (issue 32 §3, ADR 094): the header is the
 * first row of the top 30 naming a code and a price among the known Russian and English names;
 * columns are mapped by those names, or by a supplier's saved template (letters, indexes or header
 * texts). A template whose headers are no longer there is a changed layout, not a guess.
 */

const SYNONYMS: Record<PriceListField, string[]> = {
  code: [
    'код', 'артикул', 'арт', 'номер', 'каталожный номер', 'кат номер', 'номер детали', 'номер запчасти', 'код детали', 'код товара',
    'артикул товара', 'артикул производителя', 'код производителя', 'оригинальный номер', 'оем', 'oem', 'part number', 'partnumber',
    'part no', 'part', 'pn', 'code', 'article', 'sku', 'number', 'item', 'item number', 'catalog number', 'catalogue number',
  ],
  brand: ['бренд', 'производитель', 'марка', 'изготовитель', 'фирма', 'торговая марка', 'brand', 'manufacturer', 'maker', 'make', 'vendor'],
  name: ['наименование', 'название', 'наименование товара', 'товар', 'описание', 'номенклатура', 'name', 'description', 'product', 'title'],
  price: ['цена', 'стоимость', 'прайс', 'цена за шт', 'price', 'cost', 'unit price'],
  stock: ['остаток', 'остатки', 'наличие', 'кол во', 'количество', 'склад', 'в наличии', 'доступно', 'stock', 'qty', 'quantity', 'available', 'amount'],
  multiplicity: ['кратность', 'кратность отгрузки', 'кратность заказа', 'упаковка', 'в упаковке', 'multiplicity', 'pack', 'package', 'pack size', 'lot'],
  minOrder: [
    'мин заказ', 'минимальный заказ', 'минимальная партия', 'мин партия', 'мин кол во', 'минимальное количество', 'мин количество',
    'min order', 'moq', 'minimum order', 'min qty', 'min quantity',
  ],
  currency: ['валюта', 'вал', 'currency', 'cur'],
  leadTime: ['срок', 'срок поставки', 'срок доставки', 'срок дн', 'срок дней', 'дней', 'срок поставки дней', 'lead time', 'delivery', 'delivery time', 'days'],
};

/** Row numbers, not codes: '№', '№ п/п', 'п/п', '#'. */
const NOT_A_FIELD = /^(№|#|п п\b|n п п|номер п п|nn?$|no$)/;

/** A header's text compared: lower case, ё as е, punctuation as spaces, spaces collapsed. */
export function normaliseHeader(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/[^\p{L}\p{N}№#]+/gu, ' ').trim();
}

const EXACT = new Map<string, PriceListField>();
const PREFIXES: Array<[string, PriceListField]> = [];
for (const field of PRICE_LIST_FIELDS) {
  for (const synonym of SYNONYMS[field]) {
    EXACT.set(synonym, field);
    PREFIXES.push([`${synonym} `, field]);
  }
}
PREFIXES.sort((a, b) => b[0].length - a[0].length);

/** The field a header names: exactly ('Цена'), or by its first words ('Цена с НДС, руб.'). */
export function fieldOfHeader(text: string): { field: PriceListField; exact: boolean } | null {
  const header = normaliseHeader(text);
  if (header === '' || NOT_A_FIELD.test(header)) return null;
  const exact = EXACT.get(header);
  if (exact) return { field: exact, exact: true };
  const prefix = PREFIXES.find(([p]) => header.startsWith(p));
  return prefix ? { field: prefix[1], exact: false } : null;
}

/** A column's letters ('A', 'AB') as an index from 0; -1 when they are not letters. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) return -1;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

/** An index from 0 as the column's letters, as spreadsheets show them. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export type Columns = Partial<Record<PriceListField, number>>;

export interface ColumnMapping {
  /** The header's row number, or null when the file has none. */
  headerLine: number | null;
  columns: Columns;
  /** The header's cells (empty without a header). */
  headers: string[];
  kind: PriceListKind;
  /** The currency the price's header names ('Цена, USD', 'Цена, ₽'), for rows that name none. */
  currency?: PriceListCurrency;
}

/** The currency a header names among its words: 'Цена, руб.', 'Price (EUR)', 'Цена $'. */
export function currencyOfHeader(text: string): PriceListCurrency | undefined {
  for (const word of text.split(/[\s,;:()[\]/]+/)) {
    const currency = parseCurrency(word);
    if (currency) return currency;
  }
  return undefined;
}

function withCurrency(mapping: ColumnMapping): ColumnMapping {
  const currency = mapping.columns.price === undefined ? undefined : currencyOfHeader(mapping.headers[mapping.columns.price] ?? '');
  return currency ? { ...mapping, currency } : mapping;
}

export interface DoubleMapping { field?: PriceListField; column?: number; fields?: PriceListField[]; columns?: number[] }

export type MappingProblem = 'no_header' | 'layout_changed' | 'mapping';

export type MappingResult =
  | { ok: true; mapping: ColumnMapping }
  | { ok: false; code: MappingProblem; missing: PriceListField[]; doubled: DoubleMapping[]; notFound: string[]; message: string };

function describe(missing: PriceListField[], doubled: DoubleMapping[], notFound: string[]): string {
  const parts: string[] = [];
  if (notFound.length > 0) parts.push(`не найдены колонки ${notFound.map((h) => `«${h}»`).join(', ')}`);
  if (missing.length > 0) parts.push(`не указаны колонки: ${missing.map((f) => FIELD_LABELS[f]).join(', ')}`);
  for (const d of doubled) {
    if (d.field && d.columns) parts.push(`«${FIELD_LABELS[d.field]}» найдена в нескольких колонках: ${d.columns.map(columnLetter).join(', ')}`);
    if (d.column !== undefined && d.fields) parts.push(`колонка ${columnLetter(d.column)} указана для нескольких полей: ${d.fields.map((f) => FIELD_LABELS[f]).join(', ')}`);
  }
  return parts.join('; ');
}

function failure(code: MappingProblem, missing: PriceListField[] = [], doubled: DoubleMapping[] = [], notFound: string[] = []): MappingResult {
  return { ok: false, code, missing, doubled, notFound, message: describe(missing, doubled, notFound) };
}

/** The fields a header row names, each with the columns naming it (exact names first). */
function namedColumns(cells: string[]): Map<PriceListField, { exact: number[]; loose: number[] }> {
  const found = new Map<PriceListField, { exact: number[]; loose: number[] }>();
  cells.forEach((cell, index) => {
    const match = fieldOfHeader(cell);
    if (!match) return;
    const entry = found.get(match.field) ?? { exact: [], loose: [] };
    (match.exact ? entry.exact : entry.loose).push(index);
    found.set(match.field, entry);
  });
  return found;
}

/** The first row of the top ones naming every required field. */
export function findHeaderRow(rows: readonly RawRow[]): RawRow | null {
  for (const row of rows.slice(0, HEADER_SEARCH_ROWS)) {
    if (row.line > HEADER_SEARCH_ROWS) break;
    const named = namedColumns(row.cells);
    if (REQUIRED_FIELDS.every((f) => named.has(f))) return row;
  }
  return null;
}

function byHeaderNames(rows: readonly RawRow[], kind: PriceListKind): MappingResult {
  const header = findHeaderRow(rows);
  if (!header) {
    // A row naming some fields but not the required ones says which are missing.
    const near = rows.slice(0, HEADER_SEARCH_ROWS).map((r) => namedColumns(r.cells)).find((n) => n.size >= 2);
    return near ? failure('mapping', REQUIRED_FIELDS.filter((f) => !near.has(f))) : failure('no_header');
  }
  const columns: Columns = {};
  const doubled: DoubleMapping[] = [];
  for (const [field, { exact, loose }] of namedColumns(header.cells)) {
    const candidates = exact.length > 0 ? exact : loose;
    if (candidates.length === 1) columns[field] = candidates[0];
    else doubled.push({ field, columns: candidates });
  }
  if (doubled.length > 0) return failure('mapping', [], doubled);
  return { ok: true, mapping: withCurrency({ headerLine: header.line, columns, headers: header.cells, kind }) };
}

const isLetters = (ref: string) => /^[A-Z]{1,3}$/.test(ref);

/** The column a reference names in a header (by normalised text); -1 when it is not there. */
function resolve(ref: ColumnRef, headers: readonly string[]): number {
  if (typeof ref === 'number') return ref;
  if (isLetters(ref)) return columnIndex(ref);
  const wanted = normaliseHeader(ref);
  return headers.findIndex((h) => normaliseHeader(h) === wanted);
}

function byTemplate(rows: readonly RawRow[], template: ColumnTemplate, kind: PriceListKind): MappingResult {
  const refs = PRICE_LIST_FIELDS.flatMap((f) => (template.columns[f] === undefined ? [] : [[f, template.columns[f]!] as const]));
  const missing = REQUIRED_FIELDS.filter((f) => template.columns[f] === undefined);
  if (missing.length > 0) return failure('mapping', missing);
  const names = refs.flatMap(([, ref]) => (typeof ref === 'string' && !isLetters(ref) ? [normaliseHeader(ref)] : []));
  const top = rows.filter((r) => r.line <= HEADER_SEARCH_ROWS);

  let header: RawRow | null = null;
  if (template.headerRow !== undefined && template.headerRow > 0) {
    header = top.find((r) => r.line === template.headerRow) ?? null;
    if (!header) return failure('layout_changed', [], [], [`строка заголовков ${template.headerRow}`]);
  } else if (template.headerRow === undefined) {
    header = names.length > 0
      ? top.find((r) => { const cells = new Set(r.cells.map(normaliseHeader)); return names.every((n) => cells.has(n)); }) ?? null
      : findHeaderRow(rows);
    if (!header && names.length > 0) {
      const best = top.map((r) => new Set(r.cells.map(normaliseHeader))).sort((a, b) => names.filter((n) => b.has(n)).length - names.filter((n) => a.has(n)).length)[0];
      return failure('layout_changed', [], [], refs.flatMap(([, ref]) => (typeof ref === 'string' && !isLetters(ref) && !best?.has(normaliseHeader(ref)) ? [ref] : [])));
    }
  }
  const headers = header?.cells ?? [];
  const columns: Columns = {};
  const notFound: string[] = [];
  for (const [field, ref] of refs) {
    const index = resolve(ref, headers);
    if (index < 0) notFound.push(String(ref));
    else columns[field] = index;
  }
  if (notFound.length > 0) return failure('layout_changed', [], [], notFound);
  // The headers seen when the template was saved must still stand over its columns.
  if (template.headers && header) {
    const moved = PRICE_LIST_FIELDS.filter((f) => {
      const expected = template.headers?.[f];
      return expected !== undefined && columns[f] !== undefined && normaliseHeader(headers[columns[f]!] ?? '') !== normaliseHeader(expected);
    });
    if (moved.length > 0) return failure('layout_changed', [], [], moved.map((f) => template.headers![f]!));
  }
  const byColumn = new Map<number, PriceListField[]>();
  for (const [field, index] of Object.entries(columns) as Array<[PriceListField, number]>) byColumn.set(index, [...(byColumn.get(index) ?? []), field]);
  const doubled = [...byColumn].filter(([, fields]) => fields.length > 1).map(([column, fields]) => ({ column, fields }));
  if (doubled.length > 0) return failure('mapping', [], doubled);
  return { ok: true, mapping: withCurrency({ headerLine: header?.line ?? null, columns, headers, kind }) };
}

/**
 * The mapping of a sheet's columns from its top rows (at least the first 30, as read): by the
 * supplier's template when there is one, else by the header's names.
 */
export function mapColumns(rows: readonly RawRow[], template?: ColumnTemplate, kind: PriceListKind = template?.kind ?? 'full'): MappingResult {
  return template ? byTemplate(rows, template, kind) : byHeaderNames(rows, kind);
}

/** The template to save from a mapping the supplier accepted: columns by header text when there is a header. */
export function templateOf(mapping: ColumnMapping, sheet?: string | null): ColumnTemplate {
  const columns: ColumnTemplate['columns'] = {};
  const headers: NonNullable<ColumnTemplate['headers']> = {};
  for (const [field, index] of Object.entries(mapping.columns) as Array<[PriceListField, number]>) {
    const text = mapping.headers[index]?.trim();
    columns[field] = text ? text : index;
    if (text) headers[field] = text;
  }
  return {
    ...(mapping.headerLine === null ? { headerRow: 0 } : {}),
    ...(sheet ? { sheet } : {}),
    columns,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    kind: mapping.kind,
  };
}
