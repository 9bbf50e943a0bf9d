import { keptPerDb } from '#app/.server/cache.ts';
import type { AudienceContext } from '#app/.server/context.ts';
import type { Crumb } from '#app/components/page/crumbs.ts';
import { currentLocation, regionDirectory } from '#app/modules/regions/regions.server.ts';
import type { CatalogPageBase } from '../catalog-page.schema.ts';
import type { MachineryCategory, ModelCardView } from '../catalog.schema.ts';
import { modelLineLink, modelLink } from '../catalog.rules.ts';
import { machineryMenu } from '../catalog.server.ts';
import { MODEL_TABLES, modelCards, OFFER_TABLES } from '../cards.server.ts';
import { selectModel, selectModelPlace, selectSimilar, selectSimilarFeatures, type ModelRow } from './model.queries.server.ts';
import { formatSpecValue } from '../catalog.rules.ts';
import { KEY_FACTS_COUNT, modelDescription, modelTitle, orderBranches, stockState } from './model.rules.ts';
import type { BranchStockRow, ModelOffers, ModelSpecRow, ModelView, SimilarFeatures, SimilarModelsFilter, VisitorBranch } from './model.schema.ts';

export interface ModelPageData extends CatalogPageBase {
  model: ModelView;
  /** The highest-priority specifications, for the top of the page. */
  keyFacts: ModelSpecRow[];
  offers: ModelOffers;
  /**
   * Similar models, deferred: the page's critical data does not wait for them; React Router streams
   * them into the same response (no second round trip), so the first paint comes as early as it can.
   */
  /** The list itself when it was at hand (kept from an earlier view), otherwise streamed after the page. */
  similar: Promise<ModelCardView[]> | ModelCardView[];
}

/** Prices need sign-in (spec §1); the page, the JSON and the structured data follow this one test. */
function seesPrices(ctx: AudienceContext): boolean {
  return ctx.audience.signedIn;
}

/** A model page (spec §2 fallback, `model` controller); null when the model does not exist. */
export async function loadModelPage(ctx: AudienceContext, modelId: number): Promise<ModelPageData | null> {
  const withPrices = seesPrices(ctx);
  const [location, row] = [await currentLocation(ctx), await modelRow(ctx, modelId, withPrices)];
  if (!row) return null;
  const [view, offers, trail] = [toModelView(row), await toOffers(ctx, row, location, withPrices), await trailOf(ctx, row)];
  const pending = loadSimilar(ctx, row, location.currentBranch.id, withPrices, {});
  // A rejected promise nobody awaits yet would crash the process before React's <Await> sees it.
  pending.catch(() => undefined);
  // Kept from an earlier view of the model (SIMILAR_TTL_MS): sent with the page in one piece
  // instead of a second part of the stream.
  const similar = (await settledValue(pending)) ?? pending;
  return {
    model: view,
    keyFacts: view.specs.slice(0, KEY_FACTS_COUNT),
    offers,
    similar,
    trail,
    head: {
      title: modelTitle(view.name, view.manufacturer.name, location.currentBranch),
      description: modelDescription(view.name, view.manufacturer.name, view.description),
      canonical: view.link,
      jsonLd: productJsonLd(view, offers, ctx.services.config.PUBLIC_ORIGIN),
    },
  };
}

/** GET /models/get-model: the model with its offers for this visitor (no prices for guests). */
export async function getModel(ctx: AudienceContext, modelId: number): Promise<(ModelView & ModelOffers) | null> {
  const withPrices = seesPrices(ctx);
  const [location, row] = [await currentLocation(ctx), await modelRow(ctx, modelId, withPrices)];
  if (!row) return null;
  return { ...toModelView(row), ...(await toOffers(ctx, row, location, withPrices)) };
}

/** GET /api/models/get-similar-models; null when the model does not exist. */
export async function similarModels(ctx: AudienceContext, modelId: number, filter: SimilarModelsFilter): Promise<ModelCardView[] | null> {
  const place = await selectModelPlace(ctx.services.db, modelId);
  if (!place) return null;
  const location = await currentLocation(ctx);
  return loadSimilar(ctx, { id: place.id, category_id: place.category_id, manufacturer_id: place.manufacturer_id }, location.currentBranch.id, seesPrices(ctx), filter);
}

/** GET /api/models/get-similar-models-features-filter: what the filter of similar models offers. */
export async function similarFeatures(ctx: AudienceContext, modelId: number): Promise<SimilarFeatures | null> {
  const place = await selectModelPlace(ctx.services.db, modelId);
  if (!place) return null;
  const location = await currentLocation(ctx);
  const { specs, counts } = await selectSimilarFeatures(ctx.services.db, place.id, place.category_id, place.manufacturer_id, location.currentBranch.id);
  return {
    specifications: specs.map((s) => ({
      id: s.id, name: s.name, unit: s.unit, count: s.count,
      value: formatSpecValue(s.num_value, null, s.unit),
    })),
    inStock: { count: counts.in_stock },
    sameManufacturer: { count: counts.same_manufacturer },
  };
}

// Not async: a kept list is returned as the very promise the cache holds, already settled.
function loadSimilar(
  ctx: AudienceContext,
  model: Pick<ModelRow, 'id' | 'category_id' | 'manufacturer_id'>,
  branchId: number | null,
  withPrices: boolean,
  filter: SimilarModelsFilter,
): Promise<ModelCardView[]> {
  const load = async () => {
    const ids = await selectSimilar(ctx.services.db, {
      modelId: model.id, categoryId: model.category_id, manufacturerId: model.manufacturer_id, branchId,
      specIds: filter.specifications ?? null, inStockOnly: filter.inStock ?? false, sameManufacturer: filter.sameManufacturer ?? false,
    });
    return (await modelCards(ctx.services.db, ids, branchId, withPrices)).map((c) => c.card);
  };
  // The page's own list (no filter) is the same for every visitor of a branch: shared for a minute.
  const unfiltered = !filter.specifications && !filter.inStock && !filter.sameManufacturer;
  return unfiltered ? similarKept.get(ctx.services.db, `${model.id}:${branchId}:${withPrices}`, load) : load();
}

const PENDING = Symbol('pending');

/** The promise's value if it has already settled with one, else null (one microtask, no waiting). */
async function settledValue<T>(promise: Promise<T>): Promise<T | null> {
  const first = await Promise.race([promise, Promise.resolve(PENDING)]).catch(() => PENDING);
  return first === PENDING ? null : first as T;
}

/** A model's similar models at a branch, kept until a model, its prices or its stock change. */
const similarKept = keptPerDb<ModelCardView[]>({ readsFrom: [...MODEL_TABLES, ...OFFER_TABLES], maxEntries: 2_000 });

/**
 * A model as its page shows it (the model, its specifications, its stock and prices at every
 * branch) is shared by every visitor, as the lists share their cards (ADR 052), until a model, a
 * price or a stock changes (ADR 070); the cart and the order read their prices themselves.
 */
const modelRowsKept = keptPerDb<ModelRow | undefined>({ readsFrom: [...MODEL_TABLES, ...OFFER_TABLES], maxEntries: 2_000 });

function modelRow(ctx: AudienceContext, modelId: number, withPrices: boolean): Promise<ModelRow | undefined> {
  return modelRowsKept.get(ctx.services.db, `${modelId}:${withPrices}`, () => selectModel(ctx.services.db, modelId, withPrices));
}

function toModelView(row: ModelRow): ModelView {
  return {
    id: row.id, slug: row.slug, name: row.name, productCode: row.product_code, description: row.description,
    images: row.images,
    link: modelLink(row.category_slug, row.line_slug, row.slug),
    modelLine: { id: row.line_id, name: row.line_name, link: modelLineLink(row.category_slug, row.line_slug) },
    manufacturer: { id: row.manufacturer_id, name: row.manufacturer_name, country: row.manufacturer_country, logo: row.manufacturer_logo },
    category: { id: row.category_id, name: row.category_name, link: `/catalog/${row.category_slug}` },
    techniqueType: { id: row.type_id, name: row.type_name },
    specs: row.specs.map((s) => ({
      id: s.id, name: s.name,
      value: formatSpecValue(s.num_value, s.text_value, s.unit),
    })),
  };
}

type Location = Awaited<ReturnType<typeof currentLocation>>;

async function toOffers(ctx: AudienceContext, row: ModelRow, location: Location, withPrices: boolean): Promise<ModelOffers> {
  const current = location.currentBranch;
  // Branch names and cities come from the regions directory, cached in memory: no join, no query.
  const places = new Map((await regionDirectory(ctx.services)).branches.map((b) => [b.id, b]));
  const rows: BranchStockRow[] = [];
  for (const b of row.branches) {
    const place = places.get(b.branch_id);
    if (!place) continue;
    rows.push({
      branch: { id: place.id, name: place.name, city: place.city, countryId: place.countryId },
      current: place.id === current.id,
      quantity: b.quantity,
      expectedDate: b.expected_date,
      offer: withPrices ? {
        branchId: b.branch_id, currency: b.currency, price: b.price, oldPrice: b.old_price, superPrice: b.super_price,
        quantity: b.quantity, expectedDate: b.expected_date,
      } : null,
    });
  }
  const branches = orderBranches(rows, { id: current.id, countryId: current.countryId });
  const own = branches.find((b) => b.current) ?? null;
  const branch: VisitorBranch = { id: current.id, name: current.name, city: current.city };
  return {
    signedIn: withPrices,
    branch,
    offer: own?.offer ?? null,
    stock: own ? { quantity: own.quantity, expectedDate: own.expectedDate } : null,
    branches,
  };
}

/** Каталог техники → the category's parents → the category → the model line. */
async function trailOf(ctx: AudienceContext, row: ModelRow): Promise<Crumb[]> {
  const path = categoryPath(await machineryMenu(ctx.services), row.category_id) ?? [];
  return [
    { label: 'Каталог техники', to: '/catalog' },
    ...path.map((c) => ({ label: c.name, to: c.link })),
    { label: row.line_name, to: modelLineLink(row.category_slug, row.line_slug) },
  ];
}

function categoryPath(nodes: MachineryCategory[], id: number): MachineryCategory[] | null {
  for (const n of nodes) {
    if (n.id === id) return [n];
    const inner = categoryPath(n.cats, id);
    if (inner) return [n, ...inner];
  }
  return null;
}

const AVAILABILITY = {
  'in-stock': 'https://schema.org/InStock',
  expected: 'https://schema.org/PreOrder',
  none: 'https://schema.org/OutOfStock',
} as const;

/**
 * schema.org Product. The offer carries a price only when the page shows one (signed in): crawlers
 * are guests, and structured data must not say more than the page (nor leak prices). A guest's
 * offer states availability only.
 */
export function productJsonLd(model: ModelView, offers: ModelOffers, origin: string): Record<string, unknown> {
  const url = `${origin}${model.link}`;
  const state = stockState(offers.stock);
  const offer: Record<string, unknown> = { '@type': 'Offer', url, availability: AVAILABILITY[state.kind] };
  if (offers.offer?.price != null) {
    offer.price = (offers.offer.price / 100).toFixed(2);
    offer.priceCurrency = offers.offer.currency;
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: model.name,
    ...(model.images.length ? { image: model.images.map((i) => new URL(i.src, origin).href) } : {}),
    ...(model.description ? { description: model.description } : {}),
    sku: model.productCode,
    brand: { '@type': 'Brand', name: model.manufacturer.name },
    category: model.category.name,
    url,
    offers: offer,
  };
}
