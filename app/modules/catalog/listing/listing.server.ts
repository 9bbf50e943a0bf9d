import { keptPerDb } from '#app/.server/cache.ts';
import type { AudienceContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import type { Crumb } from '#app/components/page/crumbs.ts';
import { currentLocation } from '#app/modules/regions/regions.server.ts';
import type { CatalogPageBase } from '../catalog-page.schema.ts';
import type { MachineryCategory, ModelCardView } from '../catalog.schema.ts';
import { modelLineLink } from '../catalog.rules.ts';
import { machineryMenu } from '../catalog.server.ts';
import { MODEL_TABLES, modelCards, OFFER_TABLES } from '../cards.server.ts';
import { indexFacets, indexLineModels, indexOrder, type FacetRow } from './facet-index.server.ts';
import { autoSelectFirstModel, filterSearch, isFiltered, parseFilterQuery, STOCK_OPTIONS } from './filters.rules.ts';
import { cutForPage } from './ui/listing-ui.rules.ts';
import { SORT_ORDERS, type CatalogFilterState, type FilterTarget, type PageSidebarFilters, type FilterOption, type ListingPage, type ModelFilterOption, type ModelLineCardView, type SidebarFilters, type SortOrder, type SpecificationFilter } from './listing.schema.ts';
import {
  selectModelLine, selectModelLineCards,
  type ListingQuery, type ListingScope, type ModelLineCardRow,
} from './listing.queries.server.ts';

/** Models per page of a category or model line list. */
export const PAGE_SIZE = 24;
/** The model line page's slider shows at most this many models. */
export const SLIDER_SIZE = 24;

/** What the list pages show besides the models: the state as the server applied it, and the sidebar. */
interface ListingData {
  /** The state of the URL as applied: a guest's price order falls back to 'popular', a page beyond the last is the last. */
  state: CatalogFilterState;
  /** The lists cut to what they show at first; 'Показать все' asks for the rest. */
  filters: PageSidebarFilters;
  listing: ListingPage;
  /** The orders this visitor may choose: price orders need sign-in (prices do). */
  sortOrders: SortOrder[];
  /** Signed in: the cards carry prices. */
  signedIn: boolean;
}

export interface CategoryPageData extends CatalogPageBase, ListingData {
  category: MachineryCategory;
  /** The category's first model lines (MODEL_LINE_CARDS on the page), whatever the filters. */
  modelLines: ModelLineCardView[];
  /** How many model lines the category has: the rest load on request (POST /filtration-model-lines). */
  modelLinesTotal: number;
}

/**
 * Model line cards a category page renders with its HTML; a large category (hundreds of lines at a
 * big dealer) shows the rest when asked, so the page stays light and fast.
 */
export const MODEL_LINE_CARDS = 12;

export interface ModelLineView {
  id: number;
  name: string;
  description: string;
  link: string;
  manufacturer: { id: number; name: string; country: string; logo: string | null };
  category: { id: number; name: string; link: string };
}

export interface ModelLinePageData extends CatalogPageBase, ListingData {
  modelLine: ModelLineView;
  /** The line's models in the editors' order (the slider), whatever the filters. */
  models: ModelCardView[];
  /** The slider's current model: the chosen one, or the first (spec §4 autoselect). */
  selectedModelId: number | null;
}

/** Prices need sign-in (spec §1). */
function signedIn(ctx: AudienceContext): boolean {
  return ctx.audience.signedIn;
}

/** Price orders would tell a guest how prices compare: for guests they fall back to the default order. */
export function sortOrdersFor(withPrices: boolean): SortOrder[] {
  return withPrices ? [...SORT_ORDERS] : SORT_ORDERS.filter((o) => !o.startsWith('price-'));
}

/* ——— The category tree (cached with the menu: no query) ——— */

/** The path from a top category to the one with this id (both included), or null. */
function pathTo(menu: MachineryCategory[], id: number): MachineryCategory[] | null {
  for (const node of menu) {
    if (node.id === id) return [node];
    const inner = pathTo(node.cats, id);
    if (inner) return [node, ...inner];
  }
  return null;
}

function subtreeIds(node: MachineryCategory): number[] {
  return [node.id, ...node.cats.flatMap(subtreeIds)];
}

/** Chosen categories with their descendants; unknown ids give nothing. */
function expandCategories(menu: MachineryCategory[], chosen: readonly number[]): number[] {
  const out = new Set<number>();
  for (const id of chosen) {
    const path = pathTo(menu, id);
    if (path) for (const x of subtreeIds(path[path.length - 1]!)) out.add(x);
  }
  return [...out];
}

function trailOf(path: MachineryCategory[]): Crumb[] {
  return [{ label: 'Каталог техники', to: '/catalog' }, ...path.map((c) => ({ label: c.name, to: c.link }))];
}

/* ——— Cards ——— */

function lineCardOf(r: ModelLineCardRow): ModelLineCardView {
  return {
    id: r.id,
    name: r.name,
    link: modelLineLink(r.category_slug, r.slug),
    manufacturer: { id: r.manufacturer_id, name: r.manufacturer_name, logo: r.manufacturer_logo },
    image: r.image,
    modelCount: r.model_count,
    priceFrom: r.price_from,
  };
}

/* ——— The sidebar ——— */

const byOrder = (a: { ord: number | null; name: string | null }, b: { ord: number | null; name: string | null }) =>
  (a.ord ?? 0) - (b.ord ?? 0) || (a.name ?? '').localeCompare(b.name ?? '', 'ru');

/** Categories listed as the menu shows them (a parent, then its children), not by their sort within their parents. */
function treeOrder(menu: MachineryCategory[]): Map<number, number> {
  const order = new Map<number, number>();
  const walk = (nodes: MachineryCategory[]) => { for (const n of nodes) { order.set(n.id, order.size); walk(n.cats); } };
  walk(menu);
  return order;
}

function toFilters(rows: FacetRow[], state: CatalogFilterState, menu: MachineryCategory[] = []): { filters: SidebarFilters; total: number } {
  const categoryOrder = treeOrder(menu);
  const list = (g: FacetRow['g'], chosen: readonly number[]): FilterOption[] => rows
    .filter((r) => r.g === g && r.name !== null)
    .map((r) => (g === 'cat' ? { ...r, ord: categoryOrder.get(r.id) ?? r.ord } : r))
    .sort(byOrder)
    .map((r) => ({ id: r.id, name: r.name!, count: r.n, checked: chosen.includes(r.id) }));
  const one = (g: FacetRow['g'], id: number) => rows.find((r) => r.g === g && r.id === id)?.n ?? 0;

  const specs = new Map<number, SpecificationFilter>();
  for (const r of rows.filter((x) => x.g === 'spec' && x.name !== null).sort(byOrder)) {
    const spec = specs.get(r.id) ?? (() => {
      const range = state.ranges.find((x) => x.specId === r.id);
      const created: SpecificationFilter = {
        id: r.id, name: r.name!, unit: r.unit, kind: r.kind ?? 'number', priority: -(r.ord ?? 0),
        min: null, max: null, from: range?.from ?? null, to: range?.to ?? null, values: [],
      };
      specs.set(r.id, created);
      return created;
    })();
    if (spec.kind === 'number') {
      spec.min = r.lo;
      spec.max = r.hi;
    } else if (r.v !== null) {
      const chosen = state.specValues.find((x) => x.specId === r.id)?.values ?? [];
      spec.values.push({ value: r.v, count: r.n, checked: chosen.includes(r.v) });
    }
  }
  for (const spec of specs.values()) spec.values.sort((a, b) => a.value.localeCompare(b.value, 'ru', { numeric: true }));

  const models: ModelFilterOption[] = rows
    .filter((r) => r.g === 'models' && r.name !== null).sort(byOrder)
    .map((r) => ({ id: r.id, name: r.name!, slug: r.slug ?? '', imgForFilter: r.img, count: r.n, checked: state.models.includes(r.id) }));

  return {
    total: one('total', 0),
    filters: {
      techniqueTypes: list('tt', state.techniqueTypes),
      techniqueManufacturers: list('man', state.techniqueManufacturers),
      techniqueModelLines: list('line', state.techniqueModelLines),
      categories: list('cat', state.categories),
      // Spec §7 names part manufacturers, drawings and part categories too: the parts catalogue fills them.
      manufacturers: [],
      specifications: [...specs.values()],
      drawings: [],
      models,
      stocks: STOCK_OPTIONS.map((o) => ({ id: o.id, name: o.name, count: one('stock', o.id), checked: state.stock.includes(o.id) })),
      inStock: { count: one('inStock', 0), checked: state.inStock },
      isWithPrice: { count: one('isWithPrice', 0), checked: state.isWithPrice },
      countPartCategories: 0,
    },
  };
}

/* ——— The sidebar's counts, the list's order and the line cards, kept until the catalogue changes ——— */

/** The models, their prices and stock, and the menu (the sidebar names categories): ADR 070. */
const LISTING_TABLES = [...MODEL_TABLES, ...OFFER_TABLES, 'catalog_banner'] as const;

/**
 * The sidebar of one filter state, as the page shows it (counted, named, sorted). It does not
 * depend on the sort, the page, the display or the visitor (only on the branch), so paging, sorting
 * and every visitor of the branch share it.
 */
const FACETS_MAX_ENTRIES = 500;
type Sidebar = { filters: SidebarFilters; total: number };
const sidebarCache = keptPerDb<Sidebar>({ readsFrom: LISTING_TABLES, maxEntries: FACETS_MAX_ENTRIES });

function cachedSidebar(ctx: AudienceContext, q: ListingQuery, modelsOfLine: number | null): Promise<Sidebar> {
  const db = ctx.services.db;
  return sidebarCache.get(db, JSON.stringify([q.scope, q.branchId, modelsOfLine, filterOf(q.state)]), async () => {
    const [rows, menu] = await Promise.all([indexFacets(db, q, modelsOfLine), machineryMenu(ctx.services)]);
    return toFilters(rows, q.state, menu);
  });
}

/** The state without what does not change which models match: the sort, the page, the display. */
function filterOf(state: CatalogFilterState) {
  const { displayType: _d, sortOrder: _s, page: _p, ...filter } = state;
  return filter;
}

/**
 * The order of a list (every matching id, sorted). Filtering and sorting the scope is the costly
 * part of a list page; every page, every visitor of the branch and the 'Показать N' count share it.
 * Each entry holds up to a scope's every id (4 bytes each): 300 × 10,000 models ≈ 12 MB at worst.
 */
const ORDER_MAX_ENTRIES = 300;
const orderCache = keptPerDb<Int32Array>({ readsFrom: LISTING_TABLES, maxEntries: ORDER_MAX_ENTRIES });

function cachedOrder(db: DB, q: ListingQuery, sortOrder: SortOrder): Promise<Int32Array> {
  return orderCache.get(db, JSON.stringify([q.scope, q.branchId, sortOrder, filterOf(q.state)]), () => indexOrder(db, q, sortOrder));
}

/** A category's model line cards (counts, pictures, lowest prices at a branch): the same for every visitor of the branch, whatever the filters. */
const lineCardsCache = keptPerDb<ModelLineCardRow[]>({ readsFrom: LISTING_TABLES, maxEntries: 500 });

function cachedLineCards(db: DB, categoryIds: readonly number[], options: Parameters<typeof selectModelLineCards>[2]): Promise<ModelLineCardRow[]> {
  return lineCardsCache.get(db, JSON.stringify([categoryIds, options]), () => selectModelLineCards(db, categoryIds, options));
}

/* ——— Use-cases ——— */

interface Scoped {
  target: FilterTarget;
  scope: ListingScope;
  /** Whose models the models list offers (one line), or null for no models list. */
  modelsOfLine: number | null;
  /** The page's public path. */
  link: string;
}

/** On a category page, the models list appears once one model line is chosen. */
function oneLineOf(state: CatalogFilterState): number | null {
  return state.techniqueModelLines.length === 1 ? state.techniqueModelLines[0]! : null;
}

/** What a category's or a line's list is scoped to, by id; null when it does not exist. */
async function scopeOf(ctx: AudienceContext, target: { categoryId: number } | { modelLineId: number }, state: CatalogFilterState): Promise<Scoped | null> {
  if ('modelLineId' in target) {
    const line = await selectModelLine(ctx.services.db, target.modelLineId);
    return line ? { target: { modelLineId: line.id }, scope: { kind: 'line', id: line.id }, modelsOfLine: line.id, link: modelLineLink(line.category_slug, line.slug) } : null;
  }
  const menu = await machineryMenu(ctx.services);
  const path = pathTo(menu, target.categoryId);
  if (!path) return null;
  const category = path[path.length - 1]!;
  return { target: { categoryId: category.id }, scope: { kind: 'categories', ids: subtreeIds(category) }, modelsOfLine: oneLineOf(state), link: category.link };
}

async function listingQuery(ctx: AudienceContext, scope: ListingScope, state: CatalogFilterState): Promise<ListingQuery> {
  const [location, menu] = await Promise.all([currentLocation(ctx), machineryMenu(ctx.services)]);
  return { scope, branchId: location.currentBranch.id, state, chosenCategories: expandCategories(menu, state.categories) };
}

/**
 * The sidebar, the page of models and the state as applied: the counts and the order from the
 * listing index, then one statement for the page's cards (the menu and the region directory come
 * from memory).
 */
async function loadListing(ctx: AudienceContext, scoped: Scoped, requested: CatalogFilterState): Promise<ListingData> {
  const withPrices = signedIn(ctx);
  const sortOrders = sortOrdersFor(withPrices);
  const state: CatalogFilterState = { ...requested, sortOrder: sortOrders.includes(requested.sortOrder) ? requested.sortOrder : 'popular' };
  const q = await listingQuery(ctx, scoped.scope, state);
  const db = ctx.services.db;
  const [{ filters }, order] = await Promise.all([cachedSidebar(ctx, q, scoped.modelsOfLine), cachedOrder(db, q, state.sortOrder)]);
  const total = order.length;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A page beyond the last (an old link, a narrower filter) shows the last page.
  if (state.page > pageCount) state.page = pageCount;
  const offset = (state.page - 1) * PAGE_SIZE;
  const cards = await modelCards(db, order.subarray(offset, offset + PAGE_SIZE), q.branchId, withPrices);
  return {
    state,
    filters: cutForPage(filters, scoped.target),
    listing: { items: cards.map((c) => c.card), total, page: state.page, pageCount, pageSize: PAGE_SIZE },
    sortOrders,
    signedIn: withPrices,
  };
}

function headOf(canonical: string, title: string, description: string, state: CatalogFilterState): CatalogPageBase['head'] {
  // Filtered and paginated variants point at the one canonical page and are not indexed themselves.
  const noindex = isFiltered(state) || state.page > 1;
  return { title: state.page > 1 ? `${title} — страница ${state.page}` : title, description, canonical, ...(noindex ? { noindex } : {}) };
}

/** A category page (spec §2 fallback, category view); null when the category does not exist. */
export async function loadCategoryPage(ctx: AudienceContext, categoryId: number, url: URL): Promise<CategoryPageData | null> {
  const requested = parseFilterQuery(url.searchParams);
  const menu = await machineryMenu(ctx.services);
  const path = pathTo(menu, categoryId);
  if (!path) return null;
  const category = path[path.length - 1]!;
  const scoped: Scoped = { target: { categoryId: category.id }, scope: { kind: 'categories', ids: subtreeIds(category) }, modelsOfLine: oneLineOf(requested), link: category.link };
  const location = await currentLocation(ctx);
  const [listing, lines] = await Promise.all([
    loadListing(ctx, scoped, requested),
    cachedLineCards(ctx.services.db, subtreeIds(category), { branchId: location.currentBranch.id, withPrices: signedIn(ctx), limit: MODEL_LINE_CARDS }),
  ]);
  return {
    ...listing,
    category,
    modelLines: lines.map(lineCardOf),
    modelLinesTotal: lines[0]?.total ?? 0,
    trail: trailOf(path.slice(0, -1)),
    head: headOf(
      category.link,
      `${category.name} — купить в России и Казахстане`,
      `${category.name}: модели, цены в вашем филиале, наличие, лизинг и доставка. Официальный дилер сельхозтехники.`,
      listing.state,
    ),
  };
}

/** A model line page (`/model-lines/view` and the line's alias); null when the line does not exist. */
export async function loadModelLinePage(ctx: AudienceContext, modelLineId: number, url: URL): Promise<ModelLinePageData | null> {
  const requested = parseFilterQuery(url.searchParams);
  const line = await selectModelLine(ctx.services.db, modelLineId);
  if (!line) return null;
  const [menu, location] = await Promise.all([machineryMenu(ctx.services), currentLocation(ctx)]);
  const path = pathTo(menu, line.category_id) ?? [];
  const category = path[path.length - 1];
  const withPrices = signedIn(ctx);
  const [listing, slider] = await Promise.all([
    loadListing(ctx, { target: { modelLineId: line.id }, scope: { kind: 'line', id: line.id }, modelsOfLine: line.id, link: modelLineLink(line.category_slug, line.slug) }, requested),
    indexLineModels(ctx.services.db, line.id, SLIDER_SIZE).then((ids) => modelCards(ctx.services.db, ids, location.currentBranch.id, withPrices)),
  ]);
  const models = slider.map((c) => c.card);
  const link = modelLineLink(line.category_slug, line.slug);
  return {
    ...listing,
    modelLine: {
      id: line.id, name: line.name, description: line.description, link,
      manufacturer: { id: line.manufacturer_id, name: line.manufacturer_name, country: line.manufacturer_country, logo: line.manufacturer_logo },
      category: { id: line.category_id, name: category?.name ?? '', link: category?.link ?? '/catalog' },
    },
    models,
    selectedModelId: autoSelectFirstModel(listing.state, models).state.models[0] ?? null,
    trail: trailOf(path),
    head: headOf(
      link,
      `${line.name} ${line.manufacturer_name} — модели, характеристики, цены`,
      (line.description || `${line.name} (${line.manufacturer_name}): модели, характеристики, цены в вашем филиале, наличие и доставка.`).slice(0, 300),
      listing.state,
    ),
  };
}

/**
 * POST /filter/get-sidebar-filters: the sidebar of a category or a model line with the number of
 * models the state gives; null when neither exists.
 */
export async function sidebarFilters(ctx: AudienceContext, target: { categoryId: number } | { modelLineId: number }, state: CatalogFilterState): Promise<{ filters: SidebarFilters; count: number } | null> {
  const scoped = await scopeOf(ctx, target, state);
  if (!scoped) return null;
  const q = await listingQuery(ctx, scoped.scope, state);
  const { filters, total } = await cachedSidebar(ctx, q, scoped.modelsOfLine);
  return { filters, count: total };
}

/** The sidebar of nothing: what an unknown category or line gets (an empty result, not an error). */
export function emptySidebarFilters(state: CatalogFilterState): SidebarFilters {
  return toFilters([], state).filters;
}

/** POST /get-filter-info: how many models the state gives; null when the category or line does not exist. */
export async function filterInfo(ctx: AudienceContext, target: { categoryId: number } | { modelLineId: number }, state: CatalogFilterState): Promise<{ count: number; link: string } | null> {
  const scoped = await scopeOf(ctx, target, state);
  if (!scoped) return null;
  const q = await listingQuery(ctx, scoped.scope, state);
  // The list's first page with this state: where a 'Показать N' button leads.
  // The list's order in its default sort: the page the button leads to then finds it ready.
  return { count: (await cachedOrder(ctx.services.db, q, 'popular')).length, link: `${scoped.link}${filterSearch({ ...state, page: 1 })}` };
}

/**
 * POST /filtration-model-lines: the model lines of a category (its whole subtree), optionally of one
 * manufacturer. Unknown category: none.
 */
export async function filterModelLines(ctx: AudienceContext, categoryId: number, manufacturerId: number | null): Promise<ModelLineCardView[]> {
  const path = pathTo(await machineryMenu(ctx.services), categoryId);
  if (!path) return [];
  const location = await currentLocation(ctx);
  const rows = await cachedLineCards(ctx.services.db, subtreeIds(path[path.length - 1]!), { manufacturerId, branchId: location.currentBranch.id, withPrices: signedIn(ctx) });
  return rows.map(lineCardOf);
}

