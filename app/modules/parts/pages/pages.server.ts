import { keptPerDb } from '#app/.server/cache.ts';
import type { AppServices, AudienceContext, RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';
import { modelLink } from '#app/modules/catalog/catalog.rules.ts';
import { currentLocation, regionDirectory } from '#app/modules/regions/regions.server.ts';
import { normalizePartCode } from '../part-code.rules.ts';
import { selectOffers } from '../parts.queries.server.ts';
import type { PartSearchResult } from '../parts.schema.ts';
import { currencyOfCountry, lookupPartNumber, supplierOfferView, supplierOffersOf } from '../parts.server.ts';
import { machinesForFp } from '../yard/yard.server.ts';
import { effectiveSort, FP_PAGE_SIZE, makerCountsOf, pageCountOf, type CountCell, type CountFlags, type FpState } from './fp.rules.ts';
import { drawingLink, fpLink, lineLink, partLink } from './part-link.rules.ts';
import {
  selectBranchFlagCounts, selectCategories, selectCategoryMakerCounts, selectPartsFlagCounts, selectDrawingUses, selectLineContents, selectLinesWithDrawings,
  selectListPage, selectMakers, selectModelUses, selectNamedParts, selectPart, selectRelatives,
  type CategoryRow, type FlagCountRow, type ListRow, type MakerRow,
} from './pages.queries.server.ts';
import type {
  CategoryLinkView, Crumb, FpPage, MachineMakerView, PartListItem, PartOfferLine, PartPage, PartRelative, PartsCatalogData,
} from './pages.schema.ts';

/**
 * The parts pages (issue 9, points 2, 4, 5, 8; ADR 033): the /zapchasti landing, /fp/ lists,
 * /parts-catalog and a part's page. What every visitor shares (the category tree with its counts
 * per maker, the makers, the model lines with drawings) is read whole and kept in memory; a page
 * adds a fixed few statements whatever the number of parts.
 */

// ── Reference data, shared by every visitor ────────────────────────────────────────────────────

export interface CategoryNode {
  id: number;
  parentId: number | null;
  slug: string;
  name: string;
  slugs: string[];
  children: CategoryNode[];
  /** The node and everything below it. */
  subtree: number[];
  /** Parts in the subtree, per maker. */
  byMaker: Map<number, number>;
  total: number;
}

export interface PartsReference {
  roots: CategoryNode[];
  byId: Map<number, CategoryNode>;
  byPath: Map<string, CategoryNode>;
  makers: Map<number, MakerRow>;
  /** Every part per maker (the list without a category). */
  allByMaker: Map<number, number>;
  allTotal: number;
}

/**
 * Counts change with an import or an editor's work, not with visitors, and at a million parts the
 * one grouped read costs a few hundred milliseconds: kept until the parts, their categories or makers change.
 */
const referenceKept = keptPerDb<PartsReference>({ readsFrom: ['parts_category', 'parts_manufacturer', 'parts_part'] });

function buildReference(categories: CategoryRow[], makers: MakerRow[], counts: Array<{ category_id: number | null; manufacturer_id: number; n: number }>): PartsReference {
  const byId = new Map<number, CategoryNode>();
  for (const c of categories) {
    byId.set(c.id, { id: c.id, parentId: c.parent_id, slug: c.slug, name: c.name, slugs: [], children: [], subtree: [], byMaker: new Map(), total: 0 });
  }
  const roots: CategoryNode[] = [];
  for (const c of categories) {
    const node = byId.get(c.id)!;
    const parent = c.parent_id === null ? undefined : byId.get(c.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const byPath = new Map<string, CategoryNode>();
  const walk = (node: CategoryNode, slugs: string[], depth: number) => {
    node.slugs = [...slugs, node.slug];
    byPath.set(node.slugs.join('/'), node);
    node.subtree = [node.id];
    // A loop an editor made by mistake ends here.
    if (depth < 16) for (const child of node.children) { walk(child, node.slugs, depth + 1); node.subtree.push(...child.subtree); }
  };
  for (const root of roots) walk(root, [], 0);
  const allByMaker = new Map<number, number>();
  let allTotal = 0;
  const own = new Map<number, Map<number, number>>();
  for (const r of counts) {
    allByMaker.set(r.manufacturer_id, (allByMaker.get(r.manufacturer_id) ?? 0) + r.n);
    allTotal += r.n;
    if (r.category_id === null) continue;
    const m = own.get(r.category_id) ?? new Map<number, number>();
    m.set(r.manufacturer_id, r.n);
    own.set(r.category_id, m);
  }
  for (const node of byId.values()) {
    for (const id of node.subtree) {
      for (const [maker, n] of own.get(id) ?? []) {
        node.byMaker.set(maker, (node.byMaker.get(maker) ?? 0) + n);
        node.total += n;
      }
    }
  }
  return { roots, byId, byPath, makers: new Map(makers.map((m) => [m.id, m])), allByMaker, allTotal };
}

const reference = (db: DB): Promise<PartsReference> => referenceKept.get(db, '', async () => {
  const [categories, makers, counts] = await Promise.all([selectCategories(db), selectMakers(db), selectCategoryMakerCounts(db)]);
  return buildReference(categories, makers, counts);
});

export function partsReference(services: AppServices): Promise<PartsReference> {
  return reference(services.db);
}

const linesKept = keptPerDb<MachineMakerView[]>({ readsFrom: ['parts_drawing', 'catalog_model_line', 'catalog_manufacturer'] });
const linesWithDrawings = (db: DB): Promise<MachineMakerView[]> => linesKept.get(db, '', async () => {
  const rows = await selectLinesWithDrawings(db);
  const makers: MachineMakerView[] = [];
  for (const r of rows) {
    let maker = makers[makers.length - 1];
    if (maker?.id !== r.maker_id) makers.push((maker = { id: r.maker_id, name: r.maker_name, slug: r.maker_slug, lines: [] }));
    maker.lines.push({ id: r.line_id, name: r.line_name, slug: r.line_slug, link: lineLink(r.maker_slug, r.line_slug), drawings: r.drawings });
  }
  return makers;
});

/** The machine makers and their model lines that have parts drawings (cached). */
export function machineMakersWithDrawings(services: AppServices): Promise<MachineMakerView[]> {
  return linesWithDrawings(services.db);
}

// ── Common pieces ───────────────────────────────────────────────────────────────────────────────

/** Prices need sign-in (spec §1), as on the machinery cards. */
const seesPrices = (ctx: AudienceContext) => ctx.audience.signedIn;

async function visitorBranch(ctx: AudienceContext): Promise<{ id: number; name: string; currency: CurrencyCode }> {
  const { currentBranch, country } = await currentLocation(ctx);
  return { id: currentBranch.id ?? -1, name: currentBranch.name, currency: currencyOfCountry(country.code) };
}

function offerOf(r: Pick<ListRow, 'currency' | 'price' | 'old_price' | 'quantity' | 'expected_date'>): PartOfferLine | null {
  if (r.currency === null || r.quantity === null) return null;
  return { price: r.price === null ? null : Number(r.price), oldPrice: r.old_price === null ? null : Number(r.old_price), currency: r.currency, quantity: r.quantity, expectedDate: r.expected_date };
}

function listItem(r: ListRow, makers: Map<number, MakerRow>): PartListItem {
  const maker = makers.get(r.maker_id);
  return {
    id: r.id, code: r.code, name: r.name, link: partLink(r),
    manufacturer: { id: r.maker_id, name: maker?.name ?? '', kind: maker?.kind ?? 'oem' },
    here: offerOf(r), elsewhere: r.elsewhere,
  };
}

/** Trails leave out 'Главная' (the layout adds it) and the page itself. */
const ROOT_CRUMBS: Crumb[] = [{ label: 'Запчасти', to: '/zapchasti' }];

function categoryTrail(ref: PartsReference, node: CategoryNode | null): Crumb[] {
  const chain: CategoryNode[] = [];
  for (let n = node; n && chain.length < 16; n = n.parentId === null ? null : ref.byId.get(n.parentId) ?? null) chain.unshift(n);
  return [...ROOT_CRUMBS, { label: 'Все запчасти', to: fpLink([]) }, ...chain.map((n) => ({ label: n.name, to: fpLink(n.slugs) }))];
}

// ── /zapchasti ─────────────────────────────────────────────────────────────────────────────────

export interface PartsLanding {
  categories: Array<CategoryLinkView & { children: CategoryLinkView[] }>;
  total: number;
  makers: MachineMakerView[];
}

/** The landing's blocks: all from memory after the first visitor. */
export async function loadPartsLanding(services: AppServices): Promise<PartsLanding> {
  const [ref, makers] = await Promise.all([partsReference(services), machineMakersWithDrawings(services)]);
  const view = (n: CategoryNode): CategoryLinkView => ({ id: n.id, name: n.name, link: fpLink(n.slugs), count: n.total });
  return {
    categories: ref.roots.filter((n) => n.total > 0).map((n) => ({ ...view(n), children: n.children.filter((c) => c.total > 0).map(view) })),
    total: ref.allTotal,
    makers,
  };
}

export interface PartNameResults { query: string; pricesShown: boolean; items: PartListItem[] }

export const NAME_RESULTS_LIMIT = 30;

/** Parts named with the query's word forms, with price (signed in) and stock at the visitor's branch. */
export async function findPartsByName(ctx: AudienceContext, plain: string): Promise<PartNameResults> {
  const withPrices = seesPrices(ctx);
  if (!plain) return { query: plain, pricesShown: withPrices, items: [] };
  const [ref, branch] = await Promise.all([partsReference(ctx.services), visitorBranch(ctx)]);
  const rows = await selectNamedParts(ctx.services.db, plain, branch.id, withPrices, NAME_RESULTS_LIMIT);
  return { query: plain, pricesShown: withPrices, items: rows.map((r) => listItem(r, ref.makers)) };
}

// ── /fp/{categorySlugs*} ────────────────────────────────────────────────────────────────────────

type OwnCounts = Map<number | null, Map<number, CountCell>>;

function ownCounts(rows: FlagCountRow[]): OwnCounts {
  const own: OwnCounts = new Map();
  for (const r of rows) {
    const cells = own.get(r.category_id) ?? new Map<number, CountCell>();
    cells.set(r.manufacturer_id, { all: r.n, inStock: r.in_stock, priced: r.priced, both: r.both });
    own.set(r.category_id, cells);
  }
  return own;
}

/**
 * A branch's parts per category and maker in stock and with a price (ADR 037). Stock moves with the
 * branches' imports, not with visitors, and the grouped read of a branch's rows (a million at the
 * branch that sells every part) costs a few hundred milliseconds: kept until a branch row changes.
 */
const branchCountsKept = keptPerDb<OwnCounts>({ readsFrom: ['parts_part_branch', 'parts_part'], maxEntries: 100 });

function branchCounts(db: DB, branchId: number): Promise<OwnCounts> {
  return branchCountsKept.get(db, String(branchId), async () => ownCounts(await selectBranchFlagCounts(db, branchId)));
}

/**
 * Parts of a category path (none: all), filtered by part makers, stock and price at the visitor's
 * branch and one of the visitor's machines, sorted and paginated. Null: the path is not a
 * category's. The list is one statement; the total and the counts per maker and per subcategory
 * count exactly what the list lists under every filter (ADR 037): without a stock, price or machine
 * condition from the category counts in memory, with a stock or price condition from the branch's
 * counts in memory (a minute old at most), with a machine from one grouped statement over its
 * parts. A signed-in visitor's machines (the picker, the chosen machine's parts) are one statement.
 */
export async function loadFpPage(ctx: RequestContext, slugs: string[], state: FpState): Promise<FpPage | null> {
  const [ref, branch, yard] = await Promise.all([partsReference(ctx.services), visitorBranch(ctx), machinesForFp(ctx, state.machine)]);
  const node = slugs.length ? ref.byPath.get(slugs.join('/')) ?? null : null;
  if (slugs.length && !node) return null;
  const db = ctx.services.db;
  const withPrices = seesPrices(ctx);
  const sortOrder = effectiveSort(state.sortOrder, withPrices);
  const makerIds = state.manufacturers.filter((id) => ref.makers.has(id));
  // Guests see no prices: 'with a price' is nothing to them, and their list stays whole.
  const isWithPrice = state.isWithPrice && withPrices;
  const flags: CountFlags = { inStock: state.inStock, priced: isWithPrice || sortOrder === 'price-asc' || sortOrder === 'price-desc' };
  const partIds = yard.chosen?.partIds ?? null;
  const filter = { categoryIds: node ? node.subtree : null, makerIds, partIds, branchId: branch.id, inStock: state.inStock, isWithPrice, withPrices };

  const offset = (state.page - 1) * FP_PAGE_SIZE;
  const [rows, own] = await Promise.all([
    selectListPage(db, filter, sortOrder, offset, FP_PAGE_SIZE),
    partIds ? selectPartsFlagCounts(db, partIds, branch.id).then(ownCounts)
      : flags.inStock || flags.priced ? branchCounts(db, branch.id) : Promise.resolve(null),
  ]);
  const makerCounts = (n: CategoryNode | null): Map<number, number> => own
    ? makerCountsOf(own, n ? n.subtree : null, flags)
    : n ? n.byMaker : ref.allByMaker;
  const sumMakers = (counts: Map<number, number>) => makerIds.length ? makerIds.reduce((n, id) => n + (counts.get(id) ?? 0), 0) : [...counts.values()].reduce((a, b) => a + b, 0);
  const byMaker = makerCounts(node);
  for (const id of makerIds) if (!byMaker.has(id)) byMaker.set(id, 0);
  const total = sumMakers(byMaker);
  const children = node ? node.children : ref.roots;
  const machine = yard.chosen?.machine;
  return {
    title: node ? node.name : 'Все запчасти',
    slugs,
    trail: categoryTrail(ref, node).slice(0, -1),
    state: { ...state, manufacturers: makerIds, isWithPrice, machine: machine?.id ?? null },
    sortOrder,
    pricesShown: withPrices,
    subcategories: children.map((c) => ({ id: c.id, name: c.name, link: fpLink(c.slugs), count: sumMakers(makerCounts(c)) })).filter((c) => c.count > 0),
    makers: [...byMaker].map(([id, count]) => ({ id, name: ref.makers.get(id)?.name ?? '', count, checked: makerIds.includes(id) }))
      .sort((a, b) => Number(b.checked) - Number(a.checked) || b.count - a.count || a.name.localeCompare(b.name, 'ru')),
    total,
    totalIsBound: false,
    page: state.page,
    pageCount: pageCountOf(total),
    items: rows.map((r) => listItem(r, ref.makers)),
    machines: yard.machines,
    machine: machine ? { id: machine.id, title: machine.title, modelName: machine.modelName, serial: machine.serial } : null,
  };
}

// ── The part page ─────────────────────────────────────────────────────────────────────────────

const RELATIVES_LIMIT = 40;
const DRAWINGS_LIMIT = 24;
const MODELS_LIMIT = 60;
const RELATION = { 1: 'replacement', 2: 'analog', 3: 'replaced' } as const;

/**
 * A part's page: the part, what replaced it and what it replaced, its analogs, with price (signed
 * in) and stock here and elsewhere; the drawings it is on and the models it fits (whether it fits
 * the visitor's machines comes after hydration: `PartFit`). The 1C code only for employees; the best
 * supplier's offer through the suppliers' port (ADR 096). Five statements whatever the data, and
 * the port's one. Null: no such part.
 */
export async function loadPartPage(ctx: AudienceContext, id: number, { employee }: { employee: boolean }): Promise<PartPage | null> {
  const db = ctx.services.db;
  const part = await selectPart(db, id);
  if (!part) return null;
  const withPrices = seesPrices(ctx);
  const [ref, branch, directory, relatives, uses, models] = await Promise.all([
    partsReference(ctx.services), visitorBranch(ctx), regionDirectory(ctx.services),
    selectRelatives(db, id, RELATIVES_LIMIT), selectDrawingUses(db, id, DRAWINGS_LIMIT), selectModelUses(db, id, MODELS_LIMIT),
  ]);
  const [offers, suppliers] = await Promise.all([
    selectOffers(db, [id, ...relatives.map((r) => r.id)], branch.id, withPrices),
    supplierOffersOf(db, [id], branch.currency),
  ]);
  const supplier = suppliers.get(id);
  const branchName = new Map(directory.branches.map((b) => [b.id, b.name]));
  const hereOf = (partId: number): PartOfferLine | null => {
    const o = offers.find((x) => x.part_id === partId && x.branch_id === branch.id);
    return o ? { price: o.price === null ? null : Number(o.price), oldPrice: o.old_price === null ? null : Number(o.old_price), currency: o.currency, quantity: o.quantity, expectedDate: o.expected_date } : null;
  };
  const elsewhereOf = (partId: number) => offers.filter((o) => o.part_id === partId && o.branch_id !== branch.id && o.quantity > 0)
    .sort((a, b) => b.quantity - a.quantity || a.branch_id - b.branch_id);
  const maker = ref.makers.get(part.manufacturer_id);
  const category = part.category_id === null ? null : ref.byId.get(part.category_id) ?? null;
  const relativeViews: PartRelative[] = relatives.map((r) => ({
    id: r.id, code: r.code, name: r.name, link: partLink(r),
    manufacturer: { id: r.maker_id, name: ref.makers.get(r.maker_id)?.name ?? '', kind: ref.makers.get(r.maker_id)?.kind ?? 'oem' },
    here: hereOf(r.id), elsewhere: elsewhereOf(r.id).reduce((n, o) => n + o.quantity, 0),
    relation: RELATION[r.rank], distance: r.distance,
  }));
  return {
    id: part.id, code: part.code, name: part.name, link: partLink(part), description: part.description,
    weightGrams: part.weight_grams, oneCCode: employee ? part.one_c_code : null,
    manufacturer: { id: part.manufacturer_id, name: maker?.name ?? '', country: maker?.country ?? '', kind: maker?.kind ?? 'oem' },
    trail: categoryTrail(ref, category),
    pricesShown: withPrices,
    here: hereOf(id),
    supplierOffer: supplierOfferView(supplier, withPrices),
    branchName: branch.name,
    elsewhere: elsewhereOf(id).map((o) => ({ branchId: o.branch_id, branchName: branchName.get(o.branch_id) ?? '', quantity: o.quantity })),
    relatives: relativeViews,
    drawings: uses.map((u) => ({
      drawingId: u.drawing_id, title: u.title, image: { src: u.image_path, width: u.width, height: u.height },
      callout: u.callout, x: u.x, y: u.y, quantity: u.quantity, note: u.note, serialFrom: u.serial_from, serialTo: u.serial_to,
      line: { name: u.line_name, link: lineLink(u.maker_slug, u.line_slug) },
      model: u.model_name && u.model_slug ? { name: u.model_name, slug: u.model_slug } : null,
      link: drawingLink(u.maker_slug, u.line_slug, u.drawing_id, u.model_slug),
    })),
    models: models.map((m) => ({ id: m.id, name: m.name, link: modelLink(m.category_slug, m.line_slug, m.slug), lineName: m.line_name, manufacturer: m.maker_name })),
  };
}

// ── /parts-catalog ────────────────────────────────────────────────────────────────────────────

/**
 * The drill-down machine maker → model line → model → drawing. Null: a slug that names nothing.
 * The makers and lines come from memory; a chosen line adds one statement.
 */
export async function loadPartsCatalog(services: AppServices, input: { maker: string | null; line: string | null; model: string | null }): Promise<PartsCatalogData | null> {
  const makers = await machineMakersWithDrawings(services);
  const view: PartsCatalogData = { makers, maker: null, line: null, models: [], model: null, drawings: [] };
  if (!input.maker) return input.line || input.model ? null : view;
  view.maker = makers.find((m) => m.slug === input.maker) ?? null;
  if (!view.maker) return null;
  if (!input.line) return input.model ? null : view;
  const line = view.maker.lines.find((l) => l.slug === input.line);
  if (!line) return null;
  view.line = { id: line.id, name: line.name, slug: line.slug, link: line.link };
  const [ref, contents] = await Promise.all([partsReference(services), selectLineContents(services.db, line.id)]);
  const base = `/parts-catalog?manufacturer=${encodeURIComponent(view.maker.slug)}&line=${encodeURIComponent(line.slug)}`;
  view.models = contents.models.map((m) => ({ id: m.id, name: m.name, slug: m.slug, drawings: m.drawings, link: `${base}&model=${encodeURIComponent(m.slug)}` }));
  if (input.model) {
    const model = view.models.find((m) => m.slug === input.model);
    if (!model) return null;
    view.model = { id: model.id, name: model.name, slug: model.slug };
  }
  view.drawings = contents.drawings
    .filter((d) => !view.model || d.model_id === null || d.model_id === view.model.id)
    .map((d) => ({
      id: d.id, title: d.title, positions: d.positions,
      category: d.category_id === null ? null : ref.byId.get(d.category_id)?.name ?? null,
      link: drawingLink(view.maker!.slug, line.slug, d.id, view.model?.slug),
    }));
  return view;
}

// ── The landing's search ───────────────────────────────────────────────────────────────────────

export interface LandingSearch { query: string; numbers: PartSearchResult | null; names: PartListItem[]; error: string | null }

/** Words for the `russian` configuration, as `search_plain` gives the names: lower case, ё as е. */
export function plainWords(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/[^0-9a-zа-я]+/g, ' ').trim().split(' ').filter(Boolean).slice(0, 6).join(' ');
}

/**
 * /zapchasti?q=: a part number in any notation (the lookup: exact part, replacements, analogs,
 * replaced numbers, near numbers) and names in word forms, with price (signed in) and stock.
 */
export async function searchPartsLanding(ctx: AudienceContext, query: string): Promise<LandingSearch> {
  const code = normalizePartCode(query);
  const plain = plainWords(query);
  const [numbers, names] = await Promise.all([
    /\d/.test(code) ? lookupPartNumber(ctx, query, { limit: 20 }) : Promise.resolve(null),
    // A number alone ('RE504836') names nothing; words next to a number ('фильтр 6205') still do.
    /[a-zа-я]{3,}/.test(plain) && !/^[0-9a-z]+$/.test(plain.replace(/ /g, '')) ? findPartsByName(ctx, plain) : Promise.resolve(null),
  ]);
  return { query, numbers, names: names?.items ?? [], error: null };
}

// ── Sitemap ───────────────────────────────────────────────────────────────────────────────────

/**
 * The parts sections for sitemap.xml, from memory: /fp/ and every category path that holds parts,
 * /parts-catalog and the parts page of every model line with drawings (`/zapchasti/{maker}/{line}`,
 * the catalogue's pages; its other steps are links from them). The parts themselves have files of
 * their own (sitemap.server.ts).
 */
export async function partsSitemapPaths(services: AppServices): Promise<string[]> {
  const [ref, makers] = await Promise.all([partsReference(services), machineMakersWithDrawings(services)]);
  const categories = [...ref.byId.values()].filter((n) => n.total > 0).map((n) => fpLink(n.slugs));
  const lines = makers.flatMap((m) => m.lines.map((l) => l.link));
  return ['/fp', ...categories, '/parts-catalog', ...lines];
}
