import { keptPerDb } from '#app/.server/cache.ts';
import type { AudienceContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { modelLineDirectory, type LineDirectoryEntry } from '#app/modules/catalog/line-directory.server.ts';
import type { FilterOption, ModelFilterOption } from '#app/modules/catalog/listing/listing.schema.ts';
import { currentLocation, regionDirectory } from '#app/modules/regions/regions.server.ts';
import { selectOffers, type OfferRow } from '../parts.queries.server.ts';
import { currencyOfCountry, supplierOfferView, supplierOffersOf, type SupplierOfferLine } from '../parts.server.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';
import { z } from '#app/lib/zod.ts';
import { serialRangeLabel, SERIAL_MESSAGES } from '../serial.rules.ts';
import {
  bestTone, facetCounts, narrowsParts, isPartsFiltered, parsePartsQuery, partsLineLink, partsSearch, positionFits, stockTone,
  PARTS_PAGE_SIZE, PARTS_STOCK_OPTIONS, type FacetItem,
} from './line.rules.ts';
import {
  PARTS_LINE_TEXTS, PARTS_SORT_ORDERS,
  type CalloutView, type DrawingThumb, type PageSidebar, type PartRowView, type PartsLinePageData, type PartsLineState, type PartsSidebar, type PartsSortOrder,
} from './line.schema.ts';
import { selectBranchStock, selectLineDrawings, selectLinePositions, selectPartRefs, type DrawingRow, type PositionRow, type RefRow } from './line.queries.server.ts';

/* ——— What is kept in memory (ADR 032) ——— */

/**
 * Kept until their tables change (ADR 070): the line's drawings and positions when an editor or an
 * import changes them; stock and prices with every branch import.
 */
const LINE_INDEX_TABLES = ['parts_drawing', 'parts_drawing_position', 'parts_part'] as const;
const LINE_STOCK_TABLES = ['parts_part_branch'] as const;
const MAX_LINES = 500;
/**
 * The offers of a line's parts are kept per line, branch and whether prices are shown: a large
 * line holds thousands of rows, so fewer are kept than lines (the busy ones fit many times over).
 */
const MAX_LINE_OFFERS = 64;

interface LineIndex {
  drawings: DrawingRow[];
  drawingById: Map<number, DrawingRow>;
  positions: PositionRow[];
  partIds: number[];
  categoryIds: Set<number>;
  makerIds: Set<number>;
}

const indexKept = keptPerDb<LineIndex>({ readsFrom: LINE_INDEX_TABLES, maxEntries: MAX_LINES });

function lineIndex(db: DB, lineId: number): Promise<LineIndex> {
  return indexKept.get(db, String(lineId), async () => {
    const [drawings, positions] = await Promise.all([selectLineDrawings(db, lineId), selectLinePositions(db, lineId)]);
    const categoryIds = new Set<number>();
    const makerIds = new Set<number>();
    for (const p of positions) {
      if (p.category_id !== null) categoryIds.add(p.category_id);
      makerIds.add(p.manufacturer_id);
    }
    return {
      drawings, drawingById: new Map(drawings.map((d) => [d.id, d])), positions,
      partIds: [...new Set(positions.map((p) => p.part_id))], categoryIds, makerIds,
    };
  });
}

/** Per part: its branch rows (stock, priced, discounted), the line's parts only. */
type LineStock = Map<number, Array<{ branchId: number; quantity: number; priced: boolean; discounted: boolean }>>;
const stockKept = keptPerDb<LineStock>({ readsFrom: LINE_STOCK_TABLES, maxEntries: MAX_LINES });

function lineStock(db: DB, lineId: number, index: LineIndex): Promise<LineStock> {
  return stockKept.get(db, String(lineId), async () => {
    const out: LineStock = new Map();
    for (const r of await selectBranchStock(db, index.partIds)) {
      const row = { branchId: r.branch_id, quantity: r.quantity, priced: r.priced, discounted: r.discounted };
      const list = out.get(r.part_id);
      if (list) list.push(row);
      else out.set(r.part_id, [row]);
    }
    return out;
  });
}

const refsKept = keptPerDb<PartRefs>({ readsFrom: ['parts_category', 'parts_manufacturer'] });

interface PartRefs { categories: Map<number, RefRow>; categoryOrder: Map<number, number>; makers: Map<number, RefRow> }

const partRefs = (db: DB): Promise<PartRefs> => refsKept.get(db, '', async () => {
  const { categories, makers } = await selectPartRefs(db);
  // Categories as the tree reads: a parent, then its children.
  const order = new Map<number, number>();
  const walk = (parent: number | null) => {
    for (const c of categories.filter((x) => x.parent_id === parent)) {
      order.set(c.id, order.size);
      walk(c.id);
    }
  };
  walk(null);
  const byId = (rows: RefRow[]) => new Map(rows.map((r) => [r.id, r]));
  return { categories: byId(categories), categoryOrder: order, makers: byId(makers) };
});

/* ——— The line ——— */

function signedIn(ctx: AudienceContext): boolean {
  return ctx.audience.signedIn;
}

export function sortOrdersFor(withPrices: boolean): PartsSortOrder[] {
  return withPrices ? [...PARTS_SORT_ORDERS] : PARTS_SORT_ORDERS.filter((o) => !o.startsWith('price-'));
}

/** The id of the model line at `/zapchasti/{makerSlug}/{lineSlug}`, or null (the 404 page). */
export async function findPartsLine(ctx: AudienceContext, makerSlug: string, lineSlug: string): Promise<number | null> {
  const dir = await modelLineDirectory(ctx.services);
  return dir.bySlugs.get(`${makerSlug}/${lineSlug}`)?.id ?? null;
}

/** The parts page of a line by id (for `/model-lines/view?id=…&section=parts`): its canonical path, or null. */
export async function partsLineLinkOf(ctx: AudienceContext, lineId: number): Promise<string | null> {
  const line = (await modelLineDirectory(ctx.services)).byId.get(lineId);
  return line ? partsLineLink(line.manufacturer.slug, line.slug) : null;
}

/** The keys the models list may come under (`models[]`, `models`, `models[n]`, `model`). */
const MODEL_KEY = /^(models(\[\d{0,3}\])?|model)$/;

/**
 * 'Моя техника' links a machine's parts with its model's slug (`models[]=k-735-standart`); the
 * page's own links carry ids. A slug of one of the line's models becomes its id; anything else is
 * left to the codec (which drops it).
 */
export function withModelIds(params: URLSearchParams, line: Pick<LineDirectoryEntry, 'models'>): URLSearchParams {
  const ids = new Set(line.models.map((m) => m.id));
  const bySlug = new Map(line.models.map((m) => [m.slug, m.id]));
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    const id = MODEL_KEY.test(key) && !(/^\d{1,10}$/.test(value) && ids.has(Number(value))) ? bySlug.get(value) : undefined;
    out.append(key, id === undefined ? value : String(id));
  }
  return out;
}

/** A state applied to a line, before its counts: all of it read from what is kept in memory. */
interface Applied {
  line: LineDirectoryEntry;
  index: LineIndex;
  state: PartsLineState;
  items: FacetItem[];
  branchId: number | null;
  /** The branch's currency: the suppliers' offers shown are in it. */
  currency: CurrencyCode;
  withPrices: boolean;
  refs: PartRefs;
}

interface Evaluated extends Applied {
  counts: ReturnType<typeof facetCounts>;
}

async function apply(ctx: AudienceContext, line: LineDirectoryEntry, requested: PartsLineState): Promise<Applied> {
  const db = ctx.services.db;
  const withPrices = signedIn(ctx);
  const sortOrders = sortOrdersFor(withPrices);
  // Guests see no prices: neither the price filter nor the price orders apply to them.
  const state: PartsLineState = {
    ...requested,
    isWithPrice: withPrices && requested.isWithPrice,
    sortOrder: sortOrders.includes(requested.sortOrder) ? requested.sortOrder : 'popular',
  };
  const [index, refs, location] = await Promise.all([lineIndex(db, line.id), partRefs(db), currentLocation(ctx)]);
  const stock = await lineStock(db, line.id, index);
  const branchId = location.currentBranch.id;
  return { line, index, state, items: facetItems(index, stock, branchId, state.serial), branchId, currency: currencyOfCountry(location.country.code), withPrices, refs };
}

/** The state applied to the line: counts from memory (no statement once the line is kept). */
function evaluated(a: Applied): Evaluated {
  return { ...a, counts: facetCounts(a.items, a.state, a.line.models.map((m) => m.id)) };
}

/** Items kept per line index and stock (both cached), by branch and serial number: at most this many each. */
const FACET_ITEM_SETS = 32;
const facetItemSets = new WeakMap<LineIndex, WeakMap<LineStock, Map<string, FacetItem[]>>>();

/**
 * What the facets count, a line's positions with their stock at the branch and whether they fit
 * the serial number: the same for every request of the branch and serial while the line's index
 * and stock are kept, so made once for them (a line has hundreds of positions).
 */
function facetItems(index: LineIndex, stock: LineStock, branchId: number | null, serial: string | null): FacetItem[] {
  let byStock = facetItemSets.get(index);
  if (!byStock) facetItemSets.set(index, byStock = new WeakMap());
  let sets = byStock.get(stock);
  if (!sets) byStock.set(stock, sets = new Map());
  const key = `${branchId ?? ''}:${serial ?? ''}`;
  const kept = sets.get(key);
  if (kept) return kept;
  const items: FacetItem[] = index.positions.map((p) => {
    const here = stock.get(p.part_id)?.find((r) => r.branchId === branchId);
    return {
      partId: p.part_id, drawingId: p.drawing_id, modelId: index.drawingById.get(p.drawing_id)?.model_id ?? null,
      categoryId: p.category_id, makerId: p.manufacturer_id,
      inStock: (here?.quantity ?? 0) > 0, withPrice: here?.priced ?? false, discounted: here?.discounted ?? false,
      fits: positionFits(serial, p.serial_from, p.serial_to),
    };
  });
  if (sets.size >= FACET_ITEM_SETS) sets.clear();
  sets.set(key, items);
  return items;
}

function sidebarOf(e: Evaluated): PartsSidebar {
  const { state, counts, refs, index, line } = e;
  const options = (ids: Iterable<number>, names: Map<number, RefRow>, got: Map<number, number>, chosen: number[], order: (id: number) => number): FilterOption[] =>
    [...new Set([...ids, ...chosen])].filter((id) => names.has(id))
      .sort((a, b) => order(a) - order(b) || a - b)
      .map((id) => ({ id, name: names.get(id)!.name, count: got.get(id) ?? 0, checked: chosen.includes(id) }));
  const drawingNames = new Map(index.drawings.map((d, i) => [d.id, { id: d.id, name: d.title, parent_id: null, sort: i }]));
  const models: ModelFilterOption[] = line.models.map((m) => ({
    id: m.id, name: m.name, slug: m.slug, imgForFilter: null, count: counts.models.get(m.id) ?? 0, checked: state.models.includes(m.id),
  }));
  return {
    categories: options(index.categoryIds, refs.categories, counts.categories, state.categories, (id) => refs.categoryOrder.get(id) ?? 0),
    manufacturers: options(index.makerIds, refs.makers, counts.manufacturers, state.manufacturers, (id) => refs.makers.get(id)?.sort ?? 0),
    drawings: options(index.drawings.map((d) => d.id), drawingNames, counts.drawings, state.drawings, (id) => drawingNames.get(id)?.sort ?? 0),
    models,
    stocks: PARTS_STOCK_OPTIONS.map((o) => ({ id: o.id, name: o.name, count: counts.stock.get(o.id) ?? 0, checked: state.stock.includes(o.id) })),
    inStock: { count: counts.inStock, checked: state.inStock },
    isWithPrice: { count: counts.isWithPrice, checked: state.isWithPrice },
    countPartCategories: index.categoryIds.size,
    count: counts.total,
  };
}

/** Spec §9: lists show 5 entries at first (models 3) and every chosen one; 'Показать все' asks for the rest. */
const CUT = [['categories', 5], ['manufacturers', 5], ['drawings', 5], ['models', 3]] as const;

function cutSidebar(sidebar: PartsSidebar): PageSidebar {
  const hidden: Record<string, number> = {};
  const out: PageSidebar = { ...sidebar, hidden };
  for (const [name, limit] of CUT) {
    const list = sidebar[name] as Array<{ checked: boolean }>;
    const shown = list.filter((o, i) => i < limit || o.checked);
    if (shown.length < list.length) hidden[name] = list.length - shown.length;
    (out[name] as Array<{ checked: boolean }>) = shown;
  }
  return out;
}

/* ——— Rows ——— */

function offersByPart(offers: OfferRow[]): Map<number, OfferRow[]> {
  const map = new Map<number, OfferRow[]>();
  for (const o of offers) {
    const list = map.get(o.part_id);
    if (list) list.push(o);
    else map.set(o.part_id, [o]);
  }
  return map;
}

const NO_OFFERS: OfferRow[] = [];
const namesOfBranches = new WeakMap<object, Map<number, string>>();

function branchNames(directory: { branches: { id: number; name: string }[] }): Map<number, string> {
  let names = namesOfBranches.get(directory);
  if (!names) namesOfBranches.set(directory, (names = new Map(directory.branches.map((b) => [b.id, b.name]))));
  return names;
}

function toRow(p: PositionRow, drawing: DrawingRow | undefined, fits: boolean, own: OfferRow[], branchId: number | null, branchName: Map<number, string>, makers: Map<number, RefRow>): Omit<PartRowView, 'supplierOffer'> {
  const here = own.find((o) => o.branch_id === branchId);
  const elsewhere = own.filter((o) => o.branch_id !== branchId && o.quantity > 0)
    .sort((a, b) => b.quantity - a.quantity || a.branch_id - b.branch_id);
  return {
    key: p.id, drawingId: p.drawing_id, drawingTitle: drawing?.title ?? '', callout: p.callout,
    partId: p.part_id, code: p.code, name: p.name, maker: makers.get(p.manufacturer_id)?.name ?? '',
    quantity: p.quantity, note: p.note, serialRange: serialRangeLabel(p.serial_from, p.serial_to), fits,
    tone: stockTone(here?.quantity ?? 0, elsewhere.reduce((s, o) => s + o.quantity, 0)),
    offer: here ? { branchId: here.branch_id, currency: here.currency, price: here.price, oldPrice: here.old_price, quantity: here.quantity, expectedDate: here.expected_date } : null,
    elsewhere: elsewhere.map((o) => ({ branchName: branchName.get(o.branch_id) ?? '', quantity: o.quantity })),
    analogs: p.analogs,
  };
}

/** The drawing the viewer shows: the slider's choice, the one chosen drawing, or the first of the set when nothing narrows the parts. */
function chooseDrawing(state: PartsLineState, slider: DrawingThumb[], index: LineIndex): number | null {
  if (state.drawing !== null && index.drawingById.has(state.drawing)) return state.drawing;
  if (state.drawings.length === 1 && index.drawingById.has(state.drawings[0]!)) return state.drawings[0]!;
  if (narrowsParts(state)) return null;
  return slider[0]?.id ?? null;
}

/**
 * The model line parts page (issue 9 point 3): the sidebar with its counts, the slider of drawings,
 * the drawing in the viewer with its positions, or a page of the matching parts. Once the line is
 * in memory (ADR 032) the page costs one statement: the offers of the rows it shows.
 */
export async function loadPartsLinePage(ctx: AudienceContext, lineId: number, url: URL): Promise<PartsLinePageData | null> {
  const line = (await modelLineDirectory(ctx.services)).byId.get(lineId);
  if (!line) return null;
  const applied = await apply(ctx, line, parsePartsQuery(withModelIds(url.searchParams, line)));
  const [offers, suppliers, directory] = await Promise.all([
    lineOffers(ctx.services.db, line.id, applied.index, applied.branchId, applied.withPrices),
    lineSupplierOffers(ctx.services.db, line.id, applied.index, applied.currency),
    regionDirectory(ctx.services),
  ]);
  return makePage(ctx, evaluated(applied), { offers, suppliers }, branchNames(directory));
}

interface RowOffers { offers: Map<number, OfferRow[]>; suppliers: Map<number, SupplierOfferLine> }

async function makePage(ctx: AudienceContext, e: Evaluated, { offers, suppliers }: RowOffers, branchName: Map<number, string>): Promise<PartsLinePageData> {
  const { line, state, index, counts, refs, branchId } = e;
  const link = partsLineLink(line.manufacturer.slug, line.slug);

  const slider: DrawingThumb[] = index.drawings
    .filter((d) => (counts.drawings.get(d.id) ?? 0) > 0)
    .map((d) => ({ id: d.id, title: d.title, image: d.image_path, width: d.width, height: d.height, count: counts.drawings.get(d.id)!, link: `${link}${partsSearch({ ...state, drawing: d.id, page: 1 })}` }));
  const drawingId = chooseDrawing(state, slider, index);

  let shown: Array<{ p: PositionRow; fits: boolean }> = [];
  let outsideSerial = 0;
  let list: { total: number; page: number; pageCount: number } | null = null;
  if (drawingId !== null) {
    for (const p of index.positions) {
      if (p.drawing_id !== drawingId) continue;
      const fits = positionFits(state.serial, p.serial_from, p.serial_to);
      if (!fits) outsideSerial++;
      if (fits || state.allSerials) shown.push({ p, fits });
    }
  } else {
    // The matching positions in the drawings' order; each part once, at its first position.
    const matching = new Set(counts.matching);
    const byPart = new Map<number, PositionRow>();
    index.positions.forEach((p, i) => { if (matching.has(e.items[i]!) && !byPart.has(p.part_id)) byPart.set(p.part_id, p); });
    let parts = [...byPart.values()];
    if (state.sortOrder !== 'popular') parts = await sortParts(ctx, e, parts);
    const total = parts.length;
    const pageCount = Math.max(1, Math.ceil(total / PARTS_PAGE_SIZE));
    if (state.page > pageCount) state.page = pageCount;
    shown = parts.slice((state.page - 1) * PARTS_PAGE_SIZE, state.page * PARTS_PAGE_SIZE).map((p) => ({ p, fits: true }));
    list = { total, page: state.page, pageCount };
  }

  const rows = shown.map(({ p, fits }) => ({
    ...toRow(p, index.drawingById.get(p.drawing_id), fits, offers.get(p.part_id) ?? NO_OFFERS, branchId, branchName, refs.makers),
    supplierOffer: supplierOfferView(suppliers.get(p.part_id), e.withPrices),
  }));

  let drawing: PartsLinePageData['drawing'] = null;
  if (drawingId !== null) {
    const d = index.drawingById.get(drawingId)!;
    const byCallout = new Map<number, CalloutView & { tones: PartRowView['tone'][] }>();
    rows.forEach((r, i) => {
      const { p } = shown[i]!;
      const c = byCallout.get(r.callout);
      if (c) c.tones.push(r.tone);
      else byCallout.set(r.callout, { callout: r.callout, x: p.x, y: p.y, tone: r.tone, tones: [r.tone] });
    });
    const callouts = [...byCallout.values()].map(({ tones, ...c }) => ({ ...c, tone: bestTone(tones) }));
    drawing = { id: d.id, title: d.title, image: d.image_path, width: d.width, height: d.height, callouts, rows };
  }

  const title = PARTS_LINE_TEXTS.title(line.name);
  const filtered = isPartsFiltered(state) || state.serial !== null || state.page > 1 || state.drawing !== null || state.sortOrder !== 'popular';
  return {
    line: { id: line.id, name: line.name, link, machineryLink: line.link, manufacturer: line.manufacturer.name },
    trail: [{ label: 'Запчасти', to: '/zapchasti' }],
    head: {
      title: `${title} ${line.manufacturer.name} — каталог с чертежами`,
      description: `Запчасти для ${line.name} (${line.manufacturer.name}): чертежи узлов, номера деталей, наличие и цены в вашем филиале.`,
      canonical: link,
      ...(filtered ? { noindex: true } : {}),
    },
    state,
    sortOrders: sortOrdersFor(e.withPrices),
    sidebar: cutSidebar(sidebarOf(e)),
    signedIn: e.withPrices,
    slider,
    drawing,
    list: list ? { ...list, rows } : null,
    outsideSerial,
  };
}

/** Price orders use the line's kept prices (as the catalogue's orders do); names and numbers are in memory. */
async function sortParts(ctx: AudienceContext, e: Evaluated, parts: PositionRow[]): Promise<PositionRow[]> {
  const collator = new Intl.Collator('ru', { numeric: true });
  if (e.state.sortOrder === 'name') return parts.sort((a, b) => collator.compare(a.name, b.name) || a.part_id - b.part_id);
  if (e.state.sortOrder === 'code') return parts.sort((a, b) => collator.compare(a.code, b.code) || a.part_id - b.part_id);
  const prices = await linePrices(ctx.services.db, e.line.id, e.index, e.branchId);
  const dir = e.state.sortOrder === 'price-desc' ? -1 : 1;
  // Parts without a price go last in either order.
  return parts.sort((a, b) => {
    const pa = prices.get(a.part_id);
    const pb = prices.get(b.part_id);
    if (pa === undefined || pb === undefined) return (pa === undefined ? 1 : 0) - (pb === undefined ? 1 : 0) || a.part_id - b.part_id;
    return dir * (pa - pb) || a.part_id - b.part_id;
  });
}

const pricesKept = keptPerDb<Map<number, number>>({ readsFrom: LINE_STOCK_TABLES, maxEntries: MAX_LINES });

function linePrices(db: DB, lineId: number, index: LineIndex, branchId: number | null): Promise<Map<number, number>> {
  return pricesKept.get(db, `${lineId}:${branchId}`, async () => {
    const prices = new Map<number, number>();
    for (const [partId, own] of await lineOffers(db, lineId, index, branchId, true)) {
      const here = own.find((o) => o.branch_id === branchId);
      if (here?.price != null) prices.set(partId, Number(here.price));
    }
    return prices;
  });
}

const offersKept = keptPerDb<Map<number, OfferRow[]>>({ readsFrom: LINE_STOCK_TABLES, maxEntries: MAX_LINE_OFFERS });

/**
 * The offers of every part of a line, by part: the row at the visitor's branch and the stock
 * elsewhere, read in one statement and shared by every visitor of the branch until stock or prices
 * change, as the line's stock is: a page of the line's parts asks no statement of its own (ADR 052).
 */
function lineOffers(db: DB, lineId: number, index: LineIndex, branchId: number | null, withPrices: boolean): Promise<Map<number, OfferRow[]>> {
  return offersKept.get(db, `${lineId}:${branchId}:${withPrices}`, async () => offersByPart(await selectOffers(db, index.partIds, branchId, withPrices)));
}

const supplierOffersKept = keptPerDb<Map<number, SupplierOfferLine>>({ readsFrom: ['suppliers_offer', ...LINE_INDEX_TABLES], maxEntries: MAX_LINE_OFFERS });

/**
 * The suppliers' best offers of every part of a line in the branch's currency (ADR 101): one
 * statement through the parts' port, kept per line and currency until a list is published (the
 * price is the supplier's with the markup, the same for every visitor; a guest's rows drop it).
 */
function lineSupplierOffers(db: DB, lineId: number, index: LineIndex, currency: CurrencyCode): Promise<Map<number, SupplierOfferLine>> {
  return supplierOffersKept.get(db, `${lineId}:${currency}`, () => supplierOffersOf(db, index.partIds, currency));
}

/**
 * Spec §7 `POST /filter/get-sidebar-filters` for a parts page (`section: 'parts'`): the whole lists
 * of the line for the state of `params` (the page's query), with the parts count. Null: no such line.
 */
export async function partsLineSidebar(ctx: AudienceContext, lineId: number, params: URLSearchParams): Promise<{ sidebar: PartsSidebar; state: PartsLineState } | null> {
  const line = (await modelLineDirectory(ctx.services)).byId.get(lineId);
  if (!line) return null;
  const e = evaluated(await apply(ctx, line, parsePartsQuery(withModelIds(params, line))));
  return { sidebar: sidebarOf(e), state: e.state };
}

export const PARTS_FILTER_MESSAGES = {
  line: 'Укажите модельную линейку (modelLineId)',
  id: 'Некорректный идентификатор модельной линейки',
  unknownLine: 'Модельная линейка не найдена',
} as const;

const lineInput = z.object({
  modelLineId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.union([z.number(), z.string().regex(/^\d{1,10}$/, { error: PARTS_FILTER_MESSAGES.id })], { error: PARTS_FILTER_MESSAGES.line })
      .transform(Number)
      .pipe(z.number().int({ error: PARTS_FILTER_MESSAGES.id }).min(1, { error: PARTS_FILTER_MESSAGES.id }).max(2_147_483_647, { error: PARTS_FILTER_MESSAGES.id })),
  ),
});

/**
 * `POST /filter/get-sidebar-filters` with `section: 'parts'` (the catalogue's endpoint hands it
 * over): the body's line and the filter parameters (already held to the endpoint's limits) give
 * the spec §7 lists of the parts page, or a clear refusal — 400 for a bad line id or serial number,
 * 404 for an unknown line.
 */
export async function partsSidebarRequest(ctx: AudienceContext, body: Record<string, unknown>, params: URLSearchParams): Promise<
  { ok: true; body: Record<string, unknown> } | { ok: false; status: 400 | 404; message: string }
> {
  const input = lineInput.safeParse({ modelLineId: body.modelLineId });
  if (!input.success) return { ok: false, status: 400, message: input.error.issues[0]?.message ?? PARTS_FILTER_MESSAGES.id };
  const state = parsePartsQuery(params);
  if (state.serialInvalid) return { ok: false, status: 400, message: SERIAL_MESSAGES.invalid };
  const found = await partsLineSidebar(ctx, input.data.modelLineId, params);
  if (!found) return { ok: false, status: 404, message: PARTS_FILTER_MESSAGES.unknownLine };
  const { count, ...lists } = found.sidebar;
  return {
    ok: true,
    body: { techniqueTypes: [], techniqueManufacturers: [], techniqueModelLines: [], specifications: [], ...lists, count },
  };
}
