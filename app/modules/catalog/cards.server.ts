import { sql } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import type { CatalogImage, CurrencyCode } from '#app/.server/db/schema.ts';
import { formatSpecValue, modelLink } from './catalog.rules.ts';
import type { ModelCardView } from './catalog.schema.ts';

/**
 * Model cards: the one query behind every list of models (a category's page, a line's slider,
 * similar models, comparison, favourites, history). Lists decide which models and in what order;
 * the cards' columns, the price at the branch and the key specifications are read here, by id.
 */

/** How many specifications a card shows, highest priority first. */
export const CARD_KEY_SPECS = 3;

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
  currency: CurrencyCode | null;
  price: number | string | null;
  old_price: number | string | null;
  super_price: boolean | null;
  quantity: number | null;
  expected_date: string | Date | null;
  key_specs: { name: string; unit: string | null; num: number | null; text: string | null }[];
}

/** A card with its model's technique type (the comparison groups by it). */
export interface ModelCardEntry { card: ModelCardView; typeId: number; typeName: string }

/**
 * The cards of `ids` in the order given, at the visitor's branch; prices only when `withPrices`
 * (guests get the stock, never the price). Ids that no longer exist are left out. One statement
 * whatever the number of models.
 */
export async function modelCards(db: DB, ids: ArrayLike<number>, branchId: number | null, withPrices: boolean): Promise<ModelCardEntry[]> {
  if (ids.length === 0) return [];
  const list = sql.join(Array.from(ids, (id) => sql.val(id)));
  const { rows } = await sql<CardRow>`
    with picked as (select t.id, t.ord from unnest(array[${list}]::int[]) with ordinality as t(id, ord))
    select m.id, m.name, m.slug, m.product_code, m.images->0 as image,
      l.id as line_id, l.name as line_name, l.slug as line_slug, c.slug as category_slug,
      t.id as type_id, t.name as type_name, mf.id as manufacturer_id, mf.name as manufacturer_name,
      mb.currency, mb.price, mb.old_price, mb.super_price, mb.quantity, mb.expected_date,
      coalesce((
        select json_agg(json_build_object('name', k.name, 'unit', k.unit, 'num', k.num_value, 'text', k.text_value) order by k.priority desc, k.id)
        from (
          select sp.id, sp.name, sp.unit, sp.priority, s.num_value, s.text_value
          from catalog_model_spec s join catalog_specification sp on sp.id = s.spec_id
          where s.model_id = m.id order by sp.priority desc, sp.id limit ${CARD_KEY_SPECS}
        ) k
      ), '[]'::json) as key_specs
    from picked p
    join catalog_model m on m.id = p.id
    join catalog_model_line l on l.id = m.model_line_id
    join catalog_category c on c.id = l.category_id
    join catalog_technique_type t on t.id = l.technique_type_id
    join catalog_manufacturer mf on mf.id = l.manufacturer_id
    left join catalog_model_branch mb on mb.model_id = m.id and mb.branch_id = ${branchId ?? -1}
    order by p.ord
  `.execute(db);
  return rows.map((r) => ({ card: toCard(r, branchId, withPrices), typeId: r.type_id, typeName: r.type_name }));
}

function toCard(r: CardRow, branchId: number | null, withPrices: boolean): ModelCardView {
  const quantity = r.quantity ?? 0;
  return {
    id: r.id,
    name: r.name,
    link: modelLink(r.category_slug, r.line_slug, r.slug),
    productCode: r.product_code,
    image: r.image,
    modelLine: { id: r.line_id, name: r.line_name },
    manufacturer: { id: r.manufacturer_id, name: r.manufacturer_name },
    keySpecs: r.key_specs.map((s) => ({ name: s.name, value: formatSpecValue(s.num, s.text, s.unit) })),
    // No row at the branch: neither price nor stock there (the card says so).
    offer: withPrices && branchId !== null && r.currency ? {
      branchId,
      currency: r.currency,
      price: r.price === null ? null : Number(r.price),
      oldPrice: r.old_price === null ? null : Number(r.old_price),
      superPrice: r.super_price ?? false,
      quantity,
      expectedDate: r.expected_date === null ? null : typeof r.expected_date === 'string' ? r.expected_date.slice(0, 10) : r.expected_date.toISOString().slice(0, 10),
    } : null,
    inStock: quantity > 0,
  };
}
