import { sql } from 'kysely';
import type { CatalogImage, CurrencyCode } from '#app/.server/db/schema.ts';
import type { DB } from '#app/.server/db/connect.ts';
import type { CatalogFilterState } from './listing.schema.ts';

/**
 * The listing's SQL (private to catalog/listing): the cards of models and model lines, and the
 * snapshot the listing index (facet-index.server.ts) filters, counts and orders in memory. The
 * sidebar's counts, the list's order and the 'Показать N' count all come from that one index, so
 * they always agree; a page reads its cards by id, one statement whatever the data size.
 */

export type ListingScope = { kind: 'categories'; ids: readonly number[] } | { kind: 'line'; id: number };

export interface ListingQuery {
  scope: ListingScope;
  /** The visitor's branch; null where no branch serves the region (no prices, nothing in stock). */
  branchId: number | null;
  state: CatalogFilterState;
  /** The chosen categories with all their descendants (the tree is known in memory). */
  chosenCategories: readonly number[];
}

const ids = (list: readonly number[]) => sql.join(list.map((id) => sql.val(id)));

export interface ModelLineCardRow {
  /** How many lines match, whatever the limit. */
  total: number;
  id: number;
  name: string;
  slug: string;
  category_slug: string;
  manufacturer_id: number;
  manufacturer_name: string;
  manufacturer_logo: string | null;
  model_count: number;
  image: CatalogImage | null;
  price_from: { price: number; currency: CurrencyCode } | null;
}

/**
 * The model lines of categories as cards, in one statement: their model count, the first model's
 * image and, when asked (signed-in visitors), the lowest price at the branch.
 */
export async function selectModelLineCards(db: DB, categoryIds: readonly number[], options: { manufacturerId?: number | null; branchId: number | null; withPrices: boolean; limit?: number }): Promise<ModelLineCardRow[]> {
  if (categoryIds.length === 0) return [];
  const manufacturer = options.manufacturerId != null ? sql`and l.manufacturer_id = ${options.manufacturerId}` : sql``;
  // Lowest prices grouped over the lines' models in one pass: a per-line "order by price limit 1"
  // tempts the planner into walking the branch's whole price index once per line.
  const prices = options.withPrices && options.branchId !== null
    ? sql`select distinct on (m.model_line_id) m.model_line_id, mb.price, mb.currency
        from lines l join catalog_model m on m.model_line_id = l.id
        join catalog_model_branch mb on mb.model_id = m.id and mb.branch_id = ${options.branchId}
        where mb.price is not null order by m.model_line_id, mb.price`
    : sql`select null::int as model_line_id, null::bigint as price, null::text as currency where false`;
  const result = await sql<ModelLineCardRow>`
    with lines as (
      -- The page's lines first: counts, pictures and prices are read for those only.
      select l.id, l.name, l.slug, l.sort, l.category_id, l.manufacturer_id from catalog_model_line l
      where l.category_id in (${ids(categoryIds)}) ${manufacturer}
      order by l.sort, l.name collate "und-x-icu", l.id
      ${options.limit === undefined ? sql`` : sql`limit ${options.limit}`}
    ),
    counts as (select m.model_line_id, count(*)::int as n from lines l join catalog_model m on m.model_line_id = l.id group by 1),
    prices as (${prices})
    select (select count(*) from catalog_model_line a where a.category_id in (${ids(categoryIds)}) ${options.manufacturerId != null ? sql`and a.manufacturer_id = ${options.manufacturerId}` : sql``})::int as total,
      l.id, l.name, l.slug, c.slug as category_slug,
      mf.id as manufacturer_id, mf.name as manufacturer_name, mf.logo_path as manufacturer_logo,
      coalesce(n.n, 0) as model_count,
      (select m.images->0 from catalog_model m where m.model_line_id = l.id order by m.sort, m.id limit 1) as image,
      case when p.price is null then null else json_build_object('price', p.price, 'currency', p.currency) end as price_from
    from lines l
    join catalog_category c on c.id = l.category_id
    join catalog_manufacturer mf on mf.id = l.manufacturer_id
    left join counts n on n.model_line_id = l.id
    left join prices p on p.model_line_id = l.id
    order by l.sort, l.name collate "und-x-icu", l.id
  `.execute(db);
  return result.rows;
}

export interface ModelLineRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  category_id: number;
  category_slug: string;
  manufacturer_id: number;
  manufacturer_name: string;
  manufacturer_country: string;
  manufacturer_logo: string | null;
  technique_type_id: number;
}

export async function selectModelLine(db: DB, id: number): Promise<ModelLineRow | undefined> {
  return db.selectFrom('catalog_model_line as l')
    .innerJoin('catalog_category as c', 'c.id', 'l.category_id')
    .innerJoin('catalog_manufacturer as mf', 'mf.id', 'l.manufacturer_id')
    .select([
      'l.id', 'l.name', 'l.slug', 'l.description', 'l.category_id', 'c.slug as category_slug', 'l.technique_type_id',
      'mf.id as manufacturer_id', 'mf.name as manufacturer_name', 'mf.country as manufacturer_country', 'mf.logo_path as manufacturer_logo',
    ])
    .where('l.id', '=', id)
    .executeTakeFirst();
}

/* ——— The listing index's snapshot (facet-index.server.ts) ——— */

export interface IndexModelRow {
  id: number;
  line: number;
  tt: number;
  man: number;
  cat: number;
  sort: number;
  line_sort: number;
  /** Milliseconds since the epoch. */
  created: number;
  /** Rank of the name in the catalogue's collation (the 'name' order), computed by the database. */
  name_rank: number;
  name: string;
  slug: string;
  img: string | null;
  /** [specification id, number value, text value] of each specification the model has. */
  specs: [number, number | null, string | null][];
}

export interface IndexNameRow { g: 'tt' | 'man' | 'line' | 'cat'; id: number; name: string; ord: number }
export interface IndexSpecRow { id: number; name: string; unit: string | null; kind: 'number' | 'text'; priority: number }

/**
 * Everything the list filters need of the catalogue apart from prices and stock: each model with
 * its line's attributes and its specification values, and the names of what the lists offer.
 * Three statements; at 10,000 models about 10,000 rows with their values as JSON.
 */
export async function selectIndexSnapshot(db: DB): Promise<{ models: IndexModelRow[]; names: IndexNameRow[]; specs: IndexSpecRow[] }> {
  const [models, names, specs] = await Promise.all([
    sql<IndexModelRow>`
      select m.id, m.model_line_id as line, l.technique_type_id as tt, l.manufacturer_id as man, l.category_id as cat,
        m.sort, l.sort as line_sort, (extract(epoch from m.created_at) * 1000)::float8 as created,
        (row_number() over (order by m.name collate "und-x-icu", m.id))::int as name_rank,
        m.name, m.slug, m.images->0->>'src' as img,
        coalesce((select json_agg(json_build_array(s.spec_id, s.num_value, s.text_value)) from catalog_model_spec s where s.model_id = m.id), '[]'::json) as specs
      from catalog_model m join catalog_model_line l on l.id = m.model_line_id`.execute(db),
    sql<IndexNameRow>`
      select 'tt' as g, id, name, sort as ord from catalog_technique_type
      union all select 'man', id, name, sort from catalog_manufacturer
      union all select 'line', id, name, sort from catalog_model_line
      union all select 'cat', id, name, sort from catalog_category`.execute(db),
    sql<IndexSpecRow>`select id, name, unit, kind, priority from catalog_specification`.execute(db),
  ]);
  return { models: models.rows, names: names.rows, specs: specs.rows };
}

export interface IndexOfferRow { model_id: number; price: number | null; quantity: number | null; old_price: number | null; super_price: boolean | null }

/** Price and stock of every model at a branch: what the stock filters and the price order read. */
export async function selectIndexOffers(db: DB, branchId: number): Promise<IndexOfferRow[]> {
  const result = await sql<IndexOfferRow>`
    select model_id, price::float8 as price, quantity, old_price::float8 as old_price, super_price
    from catalog_model_branch where branch_id = ${branchId}`.execute(db);
  return result.rows;
}
