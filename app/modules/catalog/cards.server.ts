import { sql } from 'kysely';
import { keptPerDb } from '#app/.server/cache.ts';
import type { DB } from '#app/.server/db/connect.ts';
import type { CatalogImage, CurrencyCode } from '#app/.server/db/schema.ts';
import { formatSpecValue, modelLink } from './catalog.rules.ts';
import type { ModelCardView } from './catalog.schema.ts';

/**
 * Model cards: what every list of models shows (a category's page, a line's slider, similar models,
 * comparison, favourites, history). Lists decide which models and in what order; the cards are put
 * together here, by id, from two parts held in memory (ADR 028) until their tables change (ADR 070):
 * - a model's own part (name, link, picture, line, maker, key specifications), the models a page
 *   misses read in one statement;
 * - the prices and stock of every model at a branch, read in one statement per branch, as the
 *   listing index holds its own.
 * A page of cards therefore costs no statement once its models and branch were seen: a signed-in
 * visitor's list pages are rendered per request, and their statements were a large share of their
 * cost. A price changed in 1C shows on the next page, in every process.
 */

/** How many specifications a card shows, highest priority first. */
export const CARD_KEY_SPECS = 3;
/** Enough for every model of a large dealer's catalogue; the oldest go first beyond it. */
const MAX_CACHED_CARDS = 50_000;

/** A model's own part of its card: everything but the branch's offer, with its technique type. */
type CardPart = Omit<ModelCardView, 'offer' | 'inStock'> & { typeId: number; typeName: string };

interface CardRow {
  id: number;
  name: string;
  slug: string;
  product_code: string;
  image: CatalogImage | null;
  line_id: number;
  line_name: string;
  line_slug: string;
  category_slug: string;
  type_id: number;
  type_name: string;
  manufacturer_id: number;
  manufacturer_name: string;
  key_specs: { name: string; unit: string | null; num: number | null; text: string | null }[];
}

interface OfferRow {
  model_id: number;
  currency: CurrencyCode;
  price: number | null;
  old_price: number | null;
  super_price: boolean;
  quantity: number;
  expected_date: string | Date | null;
}

/** A card with its model's technique type (the comparison groups by it). */
export interface ModelCardEntry { card: ModelCardView; typeId: number; typeName: string }

/** What a model is read from, but its prices and stock: what kept models depend on. */
export const MODEL_TABLES = [
  'catalog_model', 'catalog_model_line', 'catalog_category', 'catalog_technique_type', 'catalog_manufacturer', 'catalog_model_spec', 'catalog_specification',
] as const;
/** A model's prices and stock at the branches. */
export const OFFER_TABLES = ['catalog_model_branch'] as const;

const partsKept = keptPerDb<CardPart, number>({ readsFrom: MODEL_TABLES, maxEntries: MAX_CACHED_CARDS });
const offersKept = keptPerDb<Map<number, OfferRow>>({ readsFrom: OFFER_TABLES, maxEntries: 100 });

/**
 * The cards of `ids` in the order given, at the visitor's branch; prices only when `withPrices`
 * (guests get the stock, never the price). Ids that do not exist are left out. At most two
 * statements whatever the number of models, none when they are in memory.
 */
export async function modelCards(db: DB, ids: ArrayLike<number>, branchId: number | null, withPrices: boolean): Promise<ModelCardEntry[]> {
  if (ids.length === 0) return [];
  const [known, atBranch] = await Promise.all([cardParts(db, Array.from(ids)), branchOffers(db, branchId)]);
  const entries: ModelCardEntry[] = [];
  for (const id of Array.from(ids)) {
    const part = known.get(id);
    if (part) entries.push({ card: toCard(part, atBranch.get(id), branchId, withPrices), typeId: part.typeId, typeName: part.typeName });
  }
  return entries;
}

function cardParts(db: DB, ids: number[]): Promise<Map<number, CardPart>> {
  return partsKept.getMany(db, ids, async (missing) => new Map((await selectCardParts(db, missing)).map((row) => [row.id, toPart(row)])));
}

async function selectCardParts(db: DB, ids: number[]): Promise<CardRow[]> {
  const { rows } = await sql<CardRow>`
    select m.id, m.name, m.slug, m.product_code, m.images->0 as image,
      l.id as line_id, l.name as line_name, l.slug as line_slug, c.slug as category_slug,
      t.id as type_id, t.name as type_name, mf.id as manufacturer_id, mf.name as manufacturer_name,
      coalesce((
        select json_agg(json_build_object('name', k.name, 'unit', k.unit, 'num', k.num_value, 'text', k.text_value) order by k.priority desc, k.id)
        from (
          select sp.id, sp.name, sp.unit, sp.priority, s.num_value, s.text_value
          from catalog_model_spec s join catalog_specification sp on sp.id = s.spec_id
          where s.model_id = m.id order by sp.priority desc, sp.id limit ${CARD_KEY_SPECS}
        ) k
      ), '[]'::json) as key_specs
    from catalog_model m
    join catalog_model_line l on l.id = m.model_line_id
    join catalog_category c on c.id = l.category_id
    join catalog_technique_type t on t.id = l.technique_type_id
    join catalog_manufacturer mf on mf.id = l.manufacturer_id
    where m.id = any(${ids}::int[])
  `.execute(db);
  return rows;
}

function branchOffers(db: DB, branchId: number | null): Promise<Map<number, OfferRow>> {
  if (branchId === null) return Promise.resolve(new Map());
  return offersKept.get(db, String(branchId), async () => {
    const { rows } = await sql<OfferRow>`
      select model_id, currency, price::float8 as price, old_price::float8 as old_price, super_price, quantity, expected_date
      from catalog_model_branch where branch_id = ${branchId}`.execute(db);
    return new Map(rows.map((r) => [r.model_id, r]));
  });
}

function toPart(r: CardRow): CardPart {
  return {
    id: r.id,
    name: r.name,
    link: modelLink(r.category_slug, r.line_slug, r.slug),
    productCode: r.product_code,
    image: r.image,
    modelLine: { id: r.line_id, name: r.line_name },
    manufacturer: { id: r.manufacturer_id, name: r.manufacturer_name },
    keySpecs: r.key_specs.map((s) => ({ name: s.name, value: formatSpecValue(s.num, s.text, s.unit) })),
    typeId: r.type_id,
    typeName: r.type_name,
  };
}

function toCard(part: CardPart, offer: OfferRow | undefined, branchId: number | null, withPrices: boolean): ModelCardView {
  const quantity = offer?.quantity ?? 0;
  return {
    id: part.id,
    name: part.name,
    link: part.link,
    productCode: part.productCode,
    image: part.image,
    modelLine: part.modelLine,
    manufacturer: part.manufacturer,
    keySpecs: part.keySpecs,
    // No row at the branch: neither price nor stock there (the card says so).
    offer: withPrices && branchId !== null && offer ? {
      branchId,
      currency: offer.currency,
      price: offer.price,
      oldPrice: offer.old_price,
      superPrice: offer.super_price,
      quantity,
      expectedDate: offer.expected_date === null ? null : typeof offer.expected_date === 'string' ? offer.expected_date.slice(0, 10) : offer.expected_date.toISOString().slice(0, 10),
    } : null,
    inStock: quantity > 0,
  };
}
