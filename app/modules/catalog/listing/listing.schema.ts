import type { CurrencyCode } from '#app/lib/money.ts';
import type { ModelCardView } from '../catalog.schema.ts';

/**
 * The contract between the filter engine (filters.rules.ts: the query-string codec and the §4
 * transitions; listing.server.ts: counts, listing) and the pages that show it.
 */

/** Sorting of model lists; the first is the default and is left out of the URL. */
export const SORT_ORDERS = ['popular', 'price-asc', 'price-desc', 'name', 'new'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const DISPLAY_TYPES = ['grid', 'list'] as const;
export type DisplayType = (typeof DISPLAY_TYPES)[number];

/** A from/to range of a number specification (spec §3: written as id-value in the URL). */
export interface SpecRange { specId: number; from: number | null; to: number | null }

/**
 * Everything the URL says about a filtered list (spec §3 Catalogue filter query keys; arrays with
 * a `[]` suffix). Ids are numbers; text specification values are chosen by their text.
 */
export interface CatalogFilterState {
  techniqueTypes: number[];
  techniqueManufacturers: number[];
  techniqueModelLines: number[];
  categories: number[];
  models: number[];
  /** Stock options: 1 'Товар со скидкой', 2 'Суперцена'. */
  stock: number[];
  inStock: boolean;
  isWithPrice: boolean;
  /** Chosen values of text specifications. */
  specValues: { specId: number; values: string[] }[];
  ranges: SpecRange[];
  displayType: DisplayType;
  sortOrder: SortOrder;
  /** 1-based. */
  page: number;
}

/** One entry of a list filter: what choosing it would give with the other chosen filters. */
export interface FilterOption { id: number; name: string; count: number; checked: boolean }

export interface ModelFilterOption extends FilterOption { slug: string; imgForFilter: string | null }

export interface SpecificationFilter {
  id: number;
  name: string;
  unit: string | null;
  kind: 'number' | 'text';
  priority: number;
  /** Number specifications: the bounds over the list without this range, and the chosen range. */
  min: number | null;
  max: number | null;
  from: number | null;
  to: number | null;
  /** Text specifications: the values with their counts. */
  values: { value: string; count: number; checked: boolean }[];
}

/** Spec §7 POST /filter/get-sidebar-filters (machinery side; parts fill drawings and part categories). */
export interface SidebarFilters {
  techniqueTypes: FilterOption[];
  techniqueManufacturers: FilterOption[];
  techniqueModelLines: FilterOption[];
  categories: FilterOption[];
  manufacturers: FilterOption[];
  specifications: SpecificationFilter[];
  drawings: FilterOption[];
  models: ModelFilterOption[];
  stocks: FilterOption[];
  inStock: { count: number; checked: boolean };
  isWithPrice: { count: number; checked: boolean };
  countPartCategories: number;
}

/** Whose sidebar it is: what POST /filter/get-sidebar-filters is asked for. */
export type FilterTarget = { categoryId: number } | { modelLineId: number };

/**
 * A page's sidebar: each list cut to what it shows at first (spec §9: 5 entries, models 3, and any
 * chosen one); 'Показать все' asks the endpoint for the whole list. A big category has hundreds of
 * model lines: sending them all with every page would weigh more than the page's own models.
 */
export interface PageSidebarFilters extends SidebarFilters {
  /** How many options each cut list leaves out, by list: 'techniqueModelLines', 'models', 'spec:12' … */
  hidden: Record<string, number>;
  target: FilterTarget;
}

/** A model line as a category page lists it. */
export interface ModelLineCardView {
  id: number;
  name: string;
  link: string;
  manufacturer: { id: number; name: string; logo: string | null };
  image: ModelCardView['image'];
  modelCount: number;
  /** Lowest price at the visitor's branch (signed-in only), in minor units, with its currency. */
  priceFrom: { price: number; currency: CurrencyCode } | null;
}

export interface ListingPage {
  items: ModelCardView[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}
