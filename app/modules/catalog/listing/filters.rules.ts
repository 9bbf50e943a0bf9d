import { DISPLAY_TYPES, SORT_ORDERS, type CatalogFilterState, type DisplayType, type SortOrder, type SpecRange } from './listing.schema.ts';

/**
 * The catalogue filter in the URL (spec §3 Catalogue filter query keys) and its transitions (spec §4
 * Filters), pure and isomorphic: the server parses the page's URL with it, the sidebar encodes the
 * next URL with it. Bad input is dropped, never thrown: a shared or hand-edited link always opens.
 */

/** Id lists the URL may carry (spec §3 keys), in the order they are written. */
export const ID_LIST_KEYS = ['techniqueTypes', 'techniqueManufacturers', 'techniqueModelLines', 'categories', 'models', 'stock'] as const;
export type IdListKey = (typeof ID_LIST_KEYS)[number];

/** Spec §3 also names these keys; they mean the technique lists. */
const KEY_ALIASES: Readonly<Record<string, IdListKey>> = {
  typeTechnique: 'techniqueTypes',
  typeManufacturer: 'techniqueManufacturers',
  typeModelsLine: 'techniqueModelLines',
};

/** Spec §3 stock options. */
export const STOCK_OPTIONS = [
  { id: 1, name: 'Товар со скидкой' },
  { id: 2, name: 'Суперцена' },
] as const;
const STOCK_IDS: ReadonlySet<number> = new Set(STOCK_OPTIONS.map((o) => o.id));

/** More ids than this in one list is not a person clicking: the rest is dropped. */
export const MAX_IDS_PER_LIST = 50;
/** Ranges and text values: at most this many specifications, values per specification. */
export const MAX_SPECS = 30;
export const MAX_VALUES_PER_SPEC = 30;
export const MAX_TEXT_VALUE_LENGTH = 100;
/** A page number beyond this is garbage (24 per page: more than the catalogue could hold). */
export const MAX_PAGE = 10_000;
const MAX_ID = 2_147_483_647;

export const DEFAULT_SORT_ORDER: SortOrder = SORT_ORDERS[0];
export const DEFAULT_DISPLAY_TYPE: DisplayType = DISPLAY_TYPES[0];

export function emptyFilterState(): CatalogFilterState {
  return {
    techniqueTypes: [], techniqueManufacturers: [], techniqueModelLines: [], categories: [], models: [], stock: [],
    inStock: false, isWithPrice: false, specValues: [], ranges: [],
    displayType: DEFAULT_DISPLAY_TYPE, sortOrder: DEFAULT_SORT_ORDER, page: 1,
  };
}

function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** A specification value as a person writes it: '150', '2.5', '2,5', '-10'; nothing exotic ('1e999', '0x10'). */
function parseNumber(raw: string): number | null {
  const text = raw.trim().replace(',', '.');
  if (!/^-?\d{1,12}(\.\d{1,6})?$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** 'id-value' (spec §3): the id, a hyphen, the rest (a text value may itself hold hyphens). */
function splitIdValue(raw: string): { specId: number; value: string } | null {
  const dash = raw.indexOf('-');
  if (dash <= 0) return null;
  const specId = parseId(raw.slice(0, dash));
  return specId === null ? null : { specId, value: raw.slice(dash + 1) };
}

/** Control characters never belong in a value; surrounding spaces are noise. */
function cleanText(raw: string): string | null {
  const text = raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return text && text.length <= MAX_TEXT_VALUE_LENGTH ? text : null;
}

const byNumber = (a: number, b: number) => a - b;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function uniqueIds(ids: Iterable<number>): number[] {
  return [...new Set(ids)].sort(byNumber).slice(0, MAX_IDS_PER_LIST);
}

/** Values of every key written as `key[]`, `key` or `key[n]` (what forms and other clients send). */
function valuesOf(params: URLSearchParams, key: string): string[] {
  const out: string[] = [];
  for (const [name, value] of params) {
    if (name === key || name === `${key}[]` || (name.startsWith(`${key}[`) && /^\[\d{1,3}\]$/.test(name.slice(key.length)))) out.push(value);
  }
  return out;
}

function readRanges(params: URLSearchParams): SpecRange[] {
  const byId = new Map<number, SpecRange>();
  for (const [key, side] of [['specificationsFrom', 'from'], ['specificationsTo', 'to']] as const) {
    for (const raw of valuesOf(params, key)) {
      const pair = splitIdValue(raw);
      const value = pair ? parseNumber(pair.value) : null;
      if (!pair || value === null) continue;
      const range = byId.get(pair.specId) ?? { specId: pair.specId, from: null, to: null };
      // A later value of the same specification replaces the earlier one (spec §4).
      range[side] = value;
      byId.set(pair.specId, range);
    }
  }
  return [...byId.values()].map(orderedRange);
}

/** From above to is a slip of the hand, not a wish for nothing: the bounds are swapped. */
function orderedRange(range: SpecRange): SpecRange {
  return range.from !== null && range.to !== null && range.from > range.to ? { ...range, from: range.to, to: range.from } : range;
}

function readSpecValues(params: URLSearchParams): CatalogFilterState['specValues'] {
  const byId = new Map<number, Set<string>>();
  for (const raw of valuesOf(params, 'specifications')) {
    const pair = splitIdValue(raw);
    const value = pair ? cleanText(pair.value) : null;
    if (!pair || value === null) continue;
    const values = byId.get(pair.specId) ?? new Set<string>();
    values.add(value);
    byId.set(pair.specId, values);
  }
  return [...byId].map(([specId, values]) => ({ specId, values: [...values] }));
}

function readFlag(params: URLSearchParams, key: string): boolean {
  const value = params.get(key);
  return value === '1' || value === 'true' || value === 'on';
}

/** Every query key the filter reads (with `[]` or `[n]` after a list's name): a listing page's own keys for the page cache. */
export const FILTER_QUERY_KEYS: readonly string[] = [
  ...ID_LIST_KEYS, ...Object.keys(KEY_ALIASES), 'model', 'inStock', 'isWithPrice', 'specifications', 'specificationsFrom', 'specificationsTo', 'displayType', 'sortOrder', 'page',
];

/**
 * The filter state of a URL's query (spec §3 keys; `model`, the single model, joins `models`).
 * Deterministic: ids sorted and unique, so equal states come from equal choices.
 */
export function parseFilterQuery(params: URLSearchParams): CatalogFilterState {
  const state = emptyFilterState();
  for (const key of ID_LIST_KEYS) {
    const raw = [...valuesOf(params, key)];
    for (const [alias, target] of Object.entries(KEY_ALIASES)) if (target === key) raw.push(...valuesOf(params, alias));
    if (key === 'models') raw.push(...valuesOf(params, 'model'));
    const ids: number[] = [];
    for (const r of raw) {
      const id = parseId(r);
      if (id !== null && (key !== 'stock' || STOCK_IDS.has(id))) ids.push(id);
    }
    state[key] = ids;
  }
  state.inStock = readFlag(params, 'inStock');
  state.isWithPrice = readFlag(params, 'isWithPrice');
  state.ranges = readRanges(params);
  state.specValues = readSpecValues(params);
  const display = params.get('displayType');
  if ((DISPLAY_TYPES as readonly string[]).includes(display ?? '')) state.displayType = display as DisplayType;
  const sort = params.get('sortOrder');
  if ((SORT_ORDERS as readonly string[]).includes(sort ?? '')) state.sortOrder = sort as SortOrder;
  const page = parseId(params.get('page') ?? '');
  state.page = page !== null && page <= MAX_PAGE ? page : 1;
  return normalizeFilterState(state);
}

/**
 * The one written form of a state: ids sorted and unique within the limits, ranges and text values
 * sorted by specification, empty ranges gone, inverted ranges swapped.
 */
export function normalizeFilterState(state: CatalogFilterState): CatalogFilterState {
  const out: CatalogFilterState = { ...state };
  for (const key of ID_LIST_KEYS) out[key] = uniqueIds(state[key].filter((id) => Number.isInteger(id) && id >= 1 && id <= MAX_ID));
  out.stock = out.stock.filter((id) => STOCK_IDS.has(id));
  out.ranges = state.ranges
    .filter((r) => r.from !== null || r.to !== null)
    .map(orderedRange)
    .sort((a, b) => a.specId - b.specId)
    .filter((r, i, all) => i === 0 || all[i - 1]!.specId !== r.specId)
    .slice(0, MAX_SPECS);
  out.specValues = state.specValues
    .map((s) => ({ specId: s.specId, values: [...new Set(s.values)].sort(byText).slice(0, MAX_VALUES_PER_SPEC) }))
    .filter((s) => s.values.length > 0)
    .sort((a, b) => a.specId - b.specId)
    .filter((s, i, all) => i === 0 || all[i - 1]!.specId !== s.specId)
    .slice(0, MAX_SPECS);
  out.page = Number.isInteger(state.page) && state.page >= 1 && state.page <= MAX_PAGE ? state.page : 1;
  return out;
}

/**
 * The query of a state with the spec §3 keys; defaults are left out, order is fixed, so equal states
 * give equal URLs (one cache entry, one canonical link).
 */
export function encodeFilterQuery(state: CatalogFilterState): URLSearchParams {
  const s = normalizeFilterState(state);
  const params = new URLSearchParams();
  if (s.inStock) params.append('inStock', '1');
  if (s.isWithPrice) params.append('isWithPrice', '1');
  for (const key of ID_LIST_KEYS) for (const id of s[key]) params.append(`${key}[]`, String(id));
  for (const spec of s.specValues) for (const value of spec.values) params.append('specifications[]', `${spec.specId}-${value}`);
  for (const r of s.ranges) if (r.from !== null) params.append('specificationsFrom[]', `${r.specId}-${r.from}`);
  for (const r of s.ranges) if (r.to !== null) params.append('specificationsTo[]', `${r.specId}-${r.to}`);
  if (s.displayType !== DEFAULT_DISPLAY_TYPE) params.append('displayType', s.displayType);
  if (s.sortOrder !== DEFAULT_SORT_ORDER) params.append('sortOrder', s.sortOrder);
  if (s.page !== 1) params.append('page', String(s.page));
  return params;
}

/** '?…' for a link, or '' when the state is the default. */
export function filterSearch(state: CatalogFilterState): string {
  const query = encodeFilterQuery(state).toString();
  return query ? `?${query}` : '';
}

/** Whether anything narrows the list (view settings and the page do not). */
export function isFiltered(state: CatalogFilterState): boolean {
  return ID_LIST_KEYS.some((k) => state[k].length > 0) || state.inStock || state.isWithPrice
    || state.ranges.length > 0 || state.specValues.length > 0;
}

/** How many filters are chosen: the number on the mobile 'Фильтры' button. */
export function countChosenFilters(state: CatalogFilterState): number {
  return ID_LIST_KEYS.reduce((n, k) => n + state[k].length, 0) + Number(state.inStock) + Number(state.isWithPrice)
    + state.ranges.length + state.specValues.reduce((n, s) => n + s.values.length, 0);
}

/* ——— Spec §4 transitions. Each returns the next state and whether the filter changed; any change of
   what is listed returns to page 1 (the old page may not exist in the new list). ——— */

export interface Transition { state: CatalogFilterState; changed: boolean }

function changedTo(state: CatalogFilterState): Transition {
  return { state: normalizeFilterState({ ...state, page: 1 }), changed: true };
}

/**
 * Spec §4: selecting one model line replaces the others; selecting the chosen one again clears it.
 * The chosen models belong to lines, so they go with the line they came from.
 */
export function selectModelLine(state: CatalogFilterState, id: number): Transition {
  const chosen = state.techniqueModelLines.length === 1 && state.techniqueModelLines[0] === id;
  return changedTo({ ...state, techniqueModelLines: chosen ? [] : [id], models: [] });
}

/** Ticks or unticks one entry of a list (spec §4: toggling marks the filter changed). */
export function toggle(state: CatalogFilterState, key: IdListKey, id: number): Transition {
  if (key === 'techniqueModelLines') return selectModelLine(state, id);
  const list = state[key];
  return changedTo({ ...state, [key]: list.includes(id) ? list.filter((x) => x !== id) : [...list, id] });
}

export function toggleFlag(state: CatalogFilterState, key: 'inStock' | 'isWithPrice'): Transition {
  return changedTo({ ...state, [key]: !state[key] });
}

/**
 * Spec §4 'Сбросить': every filter goes. How the list is shown (grid or list, the sort order) is
 * the visitor's preference, not a filter, and stays.
 */
export function clearAll(state: CatalogFilterState): Transition {
  return changedTo({ ...emptyFilterState(), displayType: state.displayType, sortOrder: state.sortOrder });
}

/**
 * Spec §4: a from/to value replaces the earlier value of the same specification and is removed when
 * both ends are empty.
 */
export function setRange(state: CatalogFilterState, specId: number, from: number | null, to: number | null): Transition {
  const others = state.ranges.filter((r) => r.specId !== specId);
  const clean = (v: number | null) => (v !== null && Number.isFinite(v) ? v : null);
  const range = { specId, from: clean(from), to: clean(to) };
  return changedTo({ ...state, ranges: range.from === null && range.to === null ? others : [...others, range] });
}

export function toggleSpecValue(state: CatalogFilterState, specId: number, value: string): Transition {
  const current = state.specValues.find((s) => s.specId === specId)?.values ?? [];
  const values = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const others = state.specValues.filter((s) => s.specId !== specId);
  return changedTo({ ...state, specValues: values.length ? [...others, { specId, values }] : others });
}

/** A new order lists from the start. */
export function setSortOrder(state: CatalogFilterState, sortOrder: SortOrder): Transition {
  return changedTo({ ...state, sortOrder });
}

/** Grid or list shows the same models: the page stays. */
export function setDisplayType(state: CatalogFilterState, displayType: DisplayType): Transition {
  return { state: { ...state, displayType }, changed: state.displayType !== displayType };
}

export function setPage(state: CatalogFilterState, page: number): Transition {
  return { state: normalizeFilterState({ ...state, page }), changed: false };
}

/**
 * Spec §4: where a model is required (the model line page's current model) and none is chosen, the
 * first one is. Nothing changes when one is chosen or there are none.
 */
export function autoSelectFirstModel(state: CatalogFilterState, models: readonly { id: number }[]): Transition {
  if (state.models.length > 0 || models.length === 0) return { state, changed: false };
  return { state: { ...state, models: [models[0]!.id] }, changed: true };
}
