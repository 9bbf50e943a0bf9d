/**
 * The /fp/ listing's URL (spec §3 keys where they apply: `manufacturers[]` the part makers,
 * `inStock`, `isWithPrice`, `sortOrder`, `page`; and `machine`, one of the visitor's machines), pure and isomorphic. Bad input is dropped, never
 * thrown, as the catalogue's filter (filters.rules.ts): a shared or hand-edited link always opens.
 */

export const FP_SORT_ORDERS = ['name', 'code', 'price-asc', 'price-desc'] as const;
export type FpSortOrder = (typeof FP_SORT_ORDERS)[number];
export const FP_SORT_LABELS: Readonly<Record<FpSortOrder, string>> = {
  name: 'По названию',
  code: 'По номеру',
  'price-asc': 'Сначала дешевле',
  'price-desc': 'Сначала дороже',
};

export const FP_PAGE_SIZE = 24;
/**
 * Pages beyond this are not offered: at a million parts an offset that deep reads hundreds of
 * thousands of rows, and nobody pages that far instead of narrowing the category or the makers.
 */
export const FP_MAX_PAGE = 200;
export const FP_MAX_MAKERS = 50;
/** A category path deeper than this is not a path of the tree. */
export const FP_MAX_DEPTH = 8;

export interface FpState {
  manufacturers: number[];
  inStock: boolean;
  isWithPrice: boolean;
  sortOrder: FpSortOrder;
  /** 1-based. */
  page: number;
  /** One of the visitor's machines (`parts_machine.id`): only the parts that fit it (ADR 037). */
  machine: number | null;
}

export function emptyFpState(): FpState {
  return { manufacturers: [], inStock: false, isWithPrice: false, sortOrder: 'name', page: 1, machine: null };
}

function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

function readFlag(params: URLSearchParams, key: string): boolean {
  const value = params.get(key);
  return value === '1' || value === 'true' || value === 'on';
}

export function parseFpQuery(params: URLSearchParams): FpState {
  const state = emptyFpState();
  const ids = new Set<number>();
  for (const [name, value] of params) {
    if (name !== 'manufacturers' && name !== 'manufacturers[]' && !/^manufacturers\[\d{1,3}\]$/.test(name)) continue;
    const id = parseId(value);
    if (id !== null) ids.add(id);
    if (ids.size >= FP_MAX_MAKERS) break;
  }
  state.manufacturers = [...ids].sort((a, b) => a - b);
  state.inStock = readFlag(params, 'inStock');
  state.isWithPrice = readFlag(params, 'isWithPrice');
  const sort = params.get('sortOrder');
  if ((FP_SORT_ORDERS as readonly string[]).includes(sort ?? '')) state.sortOrder = sort as FpSortOrder;
  const page = parseId(params.get('page') ?? '');
  state.page = page !== null && page <= FP_MAX_PAGE ? page : 1;
  state.machine = parseId(params.get('machine') ?? '');
  return state;
}

/** Price order needs prices: guests see none, so their list is by name. */
export function effectiveSort(sort: FpSortOrder, pricesShown: boolean): FpSortOrder {
  return !pricesShown && (sort === 'price-asc' || sort === 'price-desc') ? 'name' : sort;
}

export function encodeFpQuery(state: FpState): string {
  const params = new URLSearchParams();
  if (state.inStock) params.append('inStock', '1');
  if (state.isWithPrice) params.append('isWithPrice', '1');
  for (const id of [...new Set(state.manufacturers)].sort((a, b) => a - b)) params.append('manufacturers[]', String(id));
  if (state.sortOrder !== 'name') params.append('sortOrder', state.sortOrder);
  if (state.machine !== null) params.append('machine', String(state.machine));
  if (state.page > 1) params.append('page', String(state.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Any change of what is listed goes back to page 1. */
export function toggleMaker(state: FpState, id: number): FpState {
  const has = state.manufacturers.includes(id);
  return { ...state, page: 1, manufacturers: has ? state.manufacturers.filter((m) => m !== id) : [...state.manufacturers, id] };
}

/** Narrows the list to one of the visitor's machines (null: every machine). */
export function chooseMachine(state: FpState, machine: number | null): FpState {
  return { ...state, page: 1, machine };
}

export function toggleFpFlag(state: FpState, key: 'inStock' | 'isWithPrice'): FpState {
  return { ...state, page: 1, [key]: !state[key] };
}

export function pageCountOf(total: number): number {
  return Math.min(FP_MAX_PAGE, Math.ceil(total / FP_PAGE_SIZE));
}

/** Checks a category path's slugs: lower-case Latin, digits and dashes, at most FP_MAX_DEPTH. */
export function parseCategoryPath(splat: string | undefined): string[] | null {
  const slugs = (splat ?? '').split('/').filter(Boolean);
  if (slugs.length > FP_MAX_DEPTH) return null;
  return slugs.every((s) => /^[a-z0-9-]{1,64}$/.test(s)) ? slugs : null;
}

/** Which stock and price conditions a list applies: a price order lists only parts with a price. */
export interface CountFlags { inStock: boolean; priced: boolean }

/** The parts of one category and maker: every one, in stock, with a price, both (at the visitor's branch). */
export interface CountCell { all: number; inStock: number; priced: number; both: number }

export function countUnder(cell: CountCell, flags: CountFlags): number {
  if (flags.inStock) return flags.priced ? cell.both : cell.inStock;
  return flags.priced ? cell.priced : cell.all;
}

/** Parts per maker among the categories given (null: all, parts without a category too), under the flags. */
export function makerCountsOf(own: ReadonlyMap<number | null, ReadonlyMap<number, CountCell>>, categoryIds: readonly number[] | null, flags: CountFlags): Map<number, number> {
  const out = new Map<number, number>();
  const add = (cells: ReadonlyMap<number, CountCell> | undefined) => {
    for (const [maker, cell] of cells ?? []) {
      const n = countUnder(cell, flags);
      if (n > 0) out.set(maker, (out.get(maker) ?? 0) + n);
    }
  };
  if (categoryIds === null) for (const cells of own.values()) add(cells);
  else for (const id of categoryIds) add(own.get(id));
  return out;
}
