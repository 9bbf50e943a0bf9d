import { parseSerialInput, serialInRange } from '../serial.rules.ts';
import { PARTS_ID_KEYS, PARTS_SORT_ORDERS, type PartsIdKey, type PartsLineState, type PartsSortOrder, type StockTone } from './line.schema.ts';

/**
 * The parts page's filter in the URL (spec §3 keys: categories[], manufacturers[], drawings[],
 * models[], stock[], inStock, isWithPrice, sortOrder; and `page`, `drawing`, `serial`,
 * `allSerials`) and its faceted counts, pure and isomorphic. Bad input is dropped, never thrown: a
 * shared or hand-edited link always opens (an invalid serial number is reported on the page).
 */

/** More ids than this in one list is not a person clicking. */
export const MAX_IDS_PER_LIST = 50;
export const MAX_PAGE = 10_000;
const MAX_ID = 2_147_483_647;
/** Spec §3 stock options the parts have: old price above the price. */
export const PARTS_STOCK_OPTIONS = [{ id: 1, name: 'Товар со скидкой' }] as const;
/** Parts per page of the list (without a drawing). */
export const PARTS_PAGE_SIZE = 30;

export function emptyPartsState(): PartsLineState {
  return {
    categories: [], manufacturers: [], drawings: [], models: [], stock: [],
    inStock: false, isWithPrice: false, sortOrder: 'popular', page: 1,
    drawing: null, serial: null, serialInvalid: false, allSerials: false,
  };
}

export function parseId(raw: string | null | undefined): number | null {
  if (raw == null || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** Values of `key[]`, `key` and `key[n]`. */
function valuesOf(params: URLSearchParams, key: string): string[] {
  const out: string[] = [];
  for (const [name, value] of params) {
    if (name === key || name === `${key}[]` || (name.startsWith(`${key}[`) && /^\[\d{1,3}\]$/.test(name.slice(key.length)))) out.push(value);
  }
  return out;
}

const flag = (params: URLSearchParams, key: string) => ['1', 'true', 'on'].includes(params.get(key) ?? '');

function uniqueIds(raw: Iterable<string>, allowed?: ReadonlySet<number>): number[] {
  const ids = new Set<number>();
  for (const r of raw) {
    const id = parseId(r);
    if (id !== null && (!allowed || allowed.has(id))) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b).slice(0, MAX_IDS_PER_LIST);
}

const STOCK_IDS: ReadonlySet<number> = new Set(PARTS_STOCK_OPTIONS.map((o) => o.id));

/** Every query key a parts line page reads (with `[]` or `[n]` after a list's name): its own keys for the page cache. */
export const PARTS_QUERY_KEYS: readonly string[] = ['categories', 'manufacturers', 'drawings', 'models', 'model', 'stock', 'inStock', 'isWithPrice', 'sortOrder', 'page', 'drawing', 'serial', 'allSerials'];

/** The state of a page's query. `model` (one model, as the machinery pages write it) joins `models`. */
export function parsePartsQuery(params: URLSearchParams): PartsLineState {
  const state = emptyPartsState();
  state.categories = uniqueIds(valuesOf(params, 'categories'));
  state.manufacturers = uniqueIds(valuesOf(params, 'manufacturers'));
  state.drawings = uniqueIds(valuesOf(params, 'drawings'));
  state.models = uniqueIds([...valuesOf(params, 'models'), ...valuesOf(params, 'model')]);
  state.stock = uniqueIds(valuesOf(params, 'stock'), STOCK_IDS);
  state.inStock = flag(params, 'inStock');
  state.isWithPrice = flag(params, 'isWithPrice');
  const sort = params.get('sortOrder') ?? '';
  if ((PARTS_SORT_ORDERS as readonly string[]).includes(sort)) state.sortOrder = sort as PartsSortOrder;
  const page = parseId(params.get('page'));
  state.page = page !== null && page <= MAX_PAGE ? page : 1;
  state.drawing = parseId(params.get('drawing'));
  const rawSerial = params.get('serial');
  if (rawSerial !== null && rawSerial.trim() !== '') {
    state.serial = parseSerialInput(rawSerial);
    state.serialInvalid = state.serial === null;
  }
  state.allSerials = state.serial !== null && flag(params, 'allSerials');
  return state;
}

/** The query of a state; defaults left out, order fixed: equal states give equal URLs. */
export function encodePartsQuery(state: PartsLineState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.serial) params.append('serial', state.serial);
  if (state.serial && state.allSerials) params.append('allSerials', '1');
  if (state.inStock) params.append('inStock', '1');
  if (state.isWithPrice) params.append('isWithPrice', '1');
  for (const key of PARTS_ID_KEYS) for (const id of [...new Set(state[key])].sort((a, b) => a - b)) params.append(`${key}[]`, String(id));
  if (state.drawing !== null) params.append('drawing', String(state.drawing));
  if (state.sortOrder !== 'popular') params.append('sortOrder', state.sortOrder);
  if (state.page > 1) params.append('page', String(state.page));
  return params;
}

export function partsSearch(state: PartsLineState): string {
  const q = encodePartsQuery(state).toString();
  return q ? `?${q}` : '';
}

/** Whether any filter narrows the parts (the machine's serial number and the viewed drawing do not count). */
export function narrowsParts(state: PartsLineState): boolean {
  return state.categories.length > 0 || state.manufacturers.length > 0 || state.stock.length > 0 || state.drawings.length > 1
    || state.inStock || state.isWithPrice;
}

export function isPartsFiltered(state: PartsLineState): boolean {
  return narrowsParts(state) || state.drawings.length > 0 || state.models.length > 0;
}

/* ——— Transitions (spec §4 Filters): every change goes back to page 1 ——— */

export function togglePartsId(state: PartsLineState, key: PartsIdKey, id: number): PartsLineState {
  const list = state[key].includes(id) ? state[key].filter((x) => x !== id) : [...state[key], id].sort((a, b) => a - b);
  // Choosing drawings in the sidebar replaces the one chosen in the slider.
  return { ...state, [key]: list, page: 1, ...(key === 'drawings' ? { drawing: null } : {}) };
}

export function togglePartsFlag(state: PartsLineState, key: 'inStock' | 'isWithPrice'): PartsLineState {
  return { ...state, [key]: !state[key], page: 1 };
}

/** Clearing resets every filter; the machine's serial number stays (it is the machine, not a filter). */
export function clearPartsFilters(state: PartsLineState): PartsLineState {
  return { ...emptyPartsState(), serial: state.serial, allSerials: state.allSerials, sortOrder: state.sortOrder };
}

/* ——— Faceted counts ——— */

/** One drawing position as the counts see it. */
export interface FacetItem {
  partId: number;
  drawingId: number;
  /** The drawing's model (a drawing of one model), or null: the whole line. */
  modelId: number | null;
  categoryId: number | null;
  makerId: number;
  /** At the visitor's branch. */
  inStock: boolean;
  withPrice: boolean;
  discounted: boolean;
  /** Within the machine's serial range (or no serial number given). */
  fits: boolean;
}

type Group = 'categories' | 'manufacturers' | 'drawings' | 'models' | 'stock' | 'inStock' | 'isWithPrice';
const GROUPS: readonly Group[] = ['categories', 'manufacturers', 'drawings', 'models', 'stock', 'inStock', 'isWithPrice'];

function passes(item: FacetItem, group: Group, state: PartsLineState): boolean {
  switch (group) {
    case 'categories': return state.categories.length === 0 || (item.categoryId !== null && state.categories.includes(item.categoryId));
    case 'manufacturers': return state.manufacturers.length === 0 || state.manufacturers.includes(item.makerId);
    case 'drawings': return state.drawings.length === 0 || state.drawings.includes(item.drawingId);
    case 'models': return state.models.length === 0 || item.modelId === null || state.models.includes(item.modelId);
    case 'stock': return state.stock.length === 0 || (state.stock.includes(1) && item.discounted);
    case 'inStock': return !state.inStock || item.inStock;
    case 'isWithPrice': return !state.isWithPrice || item.withPrice;
  }
}

export interface FacetCounts {
  categories: Map<number, number>;
  manufacturers: Map<number, number>;
  drawings: Map<number, number>;
  /** By model: parts on the whole line's drawings count for every model. */
  models: Map<number, number>;
  stock: Map<number, number>;
  inStock: number;
  isWithPrice: number;
  /** Parts the whole state gives (each part once). */
  total: number;
  /** The positions passing every group, in the items' order. */
  matching: FacetItem[];
}

/**
 * Counts (ADR 024's rule, on the line's positions): an option counts a part when no group other
 * than its own rejects a position of that part; each part is counted once per option. Positions
 * outside the machine's serial range do not count.
 */
export function facetCounts(items: readonly FacetItem[], state: PartsLineState, modelIds: readonly number[]): FacetCounts {
  const seen = {
    categories: new Map<number, Set<number>>(), manufacturers: new Map<number, Set<number>>(), drawings: new Map<number, Set<number>>(),
    models: new Map<number, Set<number>>(), stock: new Map<number, Set<number>>(), inStock: new Set<number>(), isWithPrice: new Set<number>(),
  };
  const add = <K>(map: Map<K, Set<number>>, key: K, part: number) => {
    const set = map.get(key);
    if (set) set.add(part);
    else map.set(key, new Set([part]));
  };
  const matching: FacetItem[] = [];
  const total = new Set<number>();
  for (const item of items) {
    if (!item.fits) continue;
    let failed: Group | null = null;
    let failures = 0;
    for (const g of GROUPS) {
      if (!passes(item, g, state)) {
        failed = g;
        if (++failures > 1) break;
      }
    }
    if (failures > 1) continue;
    if (failures === 0) {
      matching.push(item);
      total.add(item.partId);
    }
    const counts = (g: Group) => failures === 0 || failed === g;
    if (counts('categories') && item.categoryId !== null) add(seen.categories, item.categoryId, item.partId);
    if (counts('manufacturers')) add(seen.manufacturers, item.makerId, item.partId);
    if (counts('drawings')) add(seen.drawings, item.drawingId, item.partId);
    if (counts('models')) {
      if (item.modelId === null) for (const m of modelIds) add(seen.models, m, item.partId);
      else add(seen.models, item.modelId, item.partId);
    }
    if (counts('stock') && item.discounted) add(seen.stock, 1, item.partId);
    if (counts('inStock') && item.inStock) seen.inStock.add(item.partId);
    if (counts('isWithPrice') && item.withPrice) seen.isWithPrice.add(item.partId);
  }
  const sizes = <K>(map: Map<K, Set<number>>) => new Map([...map].map(([k, v]) => [k, v.size]));
  return {
    categories: sizes(seen.categories), manufacturers: sizes(seen.manufacturers), drawings: sizes(seen.drawings),
    models: sizes(seen.models), stock: sizes(seen.stock), inStock: seen.inStock.size, isWithPrice: seen.isWithPrice.size,
    total: total.size, matching,
  };
}

/** Whether a position applies to the machine (no serial number: every position). */
export function positionFits(serial: string | null, from: string | null, to: string | null): boolean {
  return serialInRange(serial, from, to);
}

/** The tone of a callout or row: in stock here, at another branch, or to order. */
export function stockTone(quantityHere: number, quantityElsewhere: number): StockTone {
  if (quantityHere > 0) return 'here';
  if (quantityElsewhere > 0) return 'elsewhere';
  return 'order';
}

/** The best tone of the parts at one callout (a superseded part and its successor share a balloon). */
export function bestTone(tones: readonly StockTone[]): StockTone {
  if (tones.includes('here')) return 'here';
  if (tones.includes('elsewhere')) return 'elsewhere';
  return 'order';
}

/** The page of the parts site for a line: `/zapchasti/{maker}/{line}`. */
export function partsLineLink(makerSlug: string, lineSlug: string): string {
  return `/zapchasti/${makerSlug}/${lineSlug}`;
}

/**
 * The pan (panzoom's translate, in the stage's unscaled pixels, about its centre) that puts a
 * drawing's point in the middle of a `width` × `height` frame at `scale`, as near as the drawing
 * still covering the whole frame allows: a balloon by the drawing's edge ends by the frame's edge,
 * inside it. `point` is in the drawing's own units (`size`).
 */
export function centredPan(
  point: { x: number; y: number }, size: { width: number; height: number }, width: number, height: number, scale: number,
): [number, number] {
  const axis = (at: number, of: number, frame: number) => {
    // Off-centre by more than this and the stage's edge comes inside the frame.
    const limit = (frame / 2) * (1 - 1 / scale);
    return Math.min(limit, Math.max(-limit, frame / 2 - (at / of) * frame));
  };
  return [axis(point.x, size.width, width), axis(point.y, size.height, height)];
}
