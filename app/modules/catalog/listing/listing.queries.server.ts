import { sql, type RawBuilder } from 'kysely';
import type { CatalogImage, CurrencyCode } from '#app/.server/db/schema.ts';
import type { DB } from '#app/.server/db/connect.ts';
import type { CatalogFilterState, SortOrder } from './listing.schema.ts';

/**
 * The listing's SQL (private to catalog/listing). Every query starts from one `base` set: the models
 * in scope (a category's subtree or one model line) with their line's attributes and their price row
 * at the visitor's branch, plus one boolean per chosen specification filter. The sidebar's faceted
 * counts, the page of models and the 'Показать N' count all filter that set, so they always agree,
 * and each is one statement whatever the data size.
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

/** A filter group: its condition on `b`, and the groups whose counts ignore it (its own). */
type Group = 'tt' | 'man' | 'line' | 'cat' | 'models' | 'stock' | 'inStock' | 'isWithPrice' | `spec:${number}`;

const ids = (list: readonly number[]) => sql.join(list.map((id) => sql.val(id)));

function scopeCondition(scope: ListingScope): RawBuilder<unknown> {
  if (scope.kind === 'line') return sql`m.model_line_id = ${scope.id}`;
  return scope.ids.length ? sql`l.category_id in (${ids(scope.ids)})` : sql`false`;
}

/** The chosen specification filters: each becomes a column of `base`, `f_<specId>`. */
function specFilters(state: CatalogFilterState) {
  const out = new Map<number, RawBuilder<unknown>>();
  for (const r of state.ranges) {
    const from = r.from === null ? sql`` : sql` and s.num_value >= ${r.from}`;
    const to = r.to === null ? sql`` : sql` and s.num_value <= ${r.to}`;
    out.set(r.specId, sql`exists (select 1 from catalog_model_spec s where s.model_id = m.id and s.spec_id = ${r.specId}${from}${to})`);
  }
  for (const v of state.specValues) {
    const text = sql`exists (select 1 from catalog_model_spec s where s.model_id = m.id and s.spec_id = ${v.specId} and s.text_value in (${sql.join(v.values.map((x) => sql.val(x)))}))`;
    const range = out.get(v.specId);
    // A specification is either number or text; should a URL carry both, both must hold.
    out.set(v.specId, range ? sql`(${range} and ${text})` : text);
  }
  return out;
}

/**
 * `materialized` where many parts read the set (the sidebar): computed once. Where one query reads
 * it (the page, the count), it stays inlined so the planner can push the filters into it; inlined
 * into a join with the specifications, its EXISTS columns would be evaluated per joined row.
 */
function baseCte(q: ListingQuery, specs: Map<number, RawBuilder<unknown>>, materialized = false): RawBuilder<unknown> {
  const specColumns = [...specs].map(([specId, condition]) => sql`, ${condition} as ${sql.ref(`f_${specId}`)}`);
  const branch = q.branchId ?? -1;
  return sql`base as ${materialized ? sql`materialized ` : sql``}(
    select m.id, m.name, m.sort, m.created_at, l.sort as line_sort,
      l.technique_type_id as tt, l.manufacturer_id as man, m.model_line_id as line, l.category_id as cat,
      mb.price, coalesce(mb.quantity, 0) > 0 as in_stock, mb.price is not null as with_price,
      coalesce(mb.old_price > mb.price, false) as discounted, coalesce(mb.super_price, false) as super
      ${sql.join(specColumns, sql``)}
    from catalog_model m
    join catalog_model_line l on l.id = m.model_line_id
    left join catalog_model_branch mb on mb.model_id = m.id and mb.branch_id = ${branch}
    where ${scopeCondition(q.scope)}
  )`;
}

/** Each chosen group's condition on a row of `base` (alias b). */
function groupConditions(q: ListingQuery, specs: Map<number, RawBuilder<unknown>>): Map<Group, RawBuilder<unknown>> {
  const { state } = q;
  const out = new Map<Group, RawBuilder<unknown>>();
  if (state.techniqueTypes.length) out.set('tt', sql`b.tt in (${ids(state.techniqueTypes)})`);
  if (state.techniqueManufacturers.length) out.set('man', sql`b.man in (${ids(state.techniqueManufacturers)})`);
  if (state.techniqueModelLines.length) out.set('line', sql`b.line in (${ids(state.techniqueModelLines)})`);
  if (state.categories.length) out.set('cat', q.chosenCategories.length ? sql`b.cat in (${ids(q.chosenCategories)})` : sql`false`);
  if (state.models.length) out.set('models', sql`b.id in (${ids(state.models)})`);
  if (state.stock.length) {
    // Stock options 1 'Товар со скидкой' and 2 'Суперцена': either chosen one will do.
    const parts = [...(state.stock.includes(1) ? [sql`b.discounted`] : []), ...(state.stock.includes(2) ? [sql`b.super`] : [])];
    out.set('stock', sql`(${sql.join(parts, sql` or `)})`);
  }
  if (state.inStock) out.set('inStock', sql`b.in_stock`);
  if (state.isWithPrice) out.set('isWithPrice', sql`b.with_price`);
  for (const specId of specs.keys()) out.set(`spec:${specId}`, sql`${sql.ref(`b.f_${specId}`)}`);
  return out;
}

function allExcept(conditions: Map<Group, RawBuilder<unknown>>, own?: Group): RawBuilder<unknown> {
  const parts = [...conditions].filter(([g]) => g !== own).map(([, c]) => c);
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
}

export interface FacetRow {
  g: 'tt' | 'man' | 'line' | 'cat' | 'models' | 'stock' | 'inStock' | 'isWithPrice' | 'total' | 'spec';
  id: number;
  /** Text specifications: the value. */
  v: string | null;
  n: number;
  lo: number | null;
  hi: number | null;
  name: string | null;
  ord: number | null;
  unit: string | null;
  kind: 'number' | 'text' | null;
  slug: string | null;
  img: string | null;
}

/**
 * The sidebar in one statement: for every option of every list, how many models choosing it gives
 * with the OTHER chosen filters (its own group left out); bounds of number specifications without
 * their own range; counts of text values; the stock options, inStock, isWithPrice; and the total.
 * Options of the scope with no match under the others come with 0, so the list does not jump.
 */
export async function selectFacets(db: DB, q: ListingQuery, modelsOfLine: number | null): Promise<FacetRow[]> {
  const specs = specFilters(q.state);
  const c = groupConditions(q, specs);
  // Each list is grouped on `base`, then named from its own table (a few rows each).
  const list = (g: FacetRow['g'], column: string, group: Group, table: string, columns: RawBuilder<unknown>, where: RawBuilder<unknown> = sql`true`) =>
    sql`select ${g}::text as g, x.id, null::text as v, x.n, null::float8 as lo, null::float8 as hi, ${columns}
      from (select ${sql.ref(`b.${column}`)} as id, (count(*) filter (where ${allExcept(c, group)}))::int as n from base b where ${where} group by 1) x
      join ${sql.table(table)} t on t.id = x.id`;
  const named = sql`t.name, t.sort as ord, null::text as unit, null::text as kind, null::text as slug, null::text as img`;
  const parts = [
    list('tt', 'tt', 'tt', 'catalog_technique_type', named),
    list('man', 'man', 'man', 'catalog_manufacturer', named),
    list('line', 'line', 'line', 'catalog_model_line', named),
    list('cat', 'cat', 'cat', 'catalog_category', named),
  ];
  // The models list only makes sense within one line (a category may hold thousands of models).
  if (modelsOfLine !== null) {
    parts.push(list('models', 'id', 'models', 'catalog_model', sql`t.name, t.sort, null::text, null::text, t.slug, t.images->0->>'src'`, sql`b.line = ${modelsOfLine}`));
  }
  const flag = (g: string, id: number, condition: RawBuilder<unknown>, group?: Group) =>
    sql`select ${g}::text, ${id}::int, null::text, (count(*) filter (where ${condition} and ${allExcept(c, group)}))::int, null::float8, null::float8,
      null::text, null::int, null::text, null::text, null::text, null::text from base b`;
  // A specification row's own filter is left out: (spec is this one) or (its filter holds).
  const specOwn = [...specs.keys()].map((specId) => sql`(s.spec_id = ${specId} or ${sql.ref(`b.f_${specId}`)})`);
  const nonSpec = new Map([...c].filter(([g]) => !g.startsWith('spec:')));
  const specMatch = sql.join([allExcept(nonSpec), ...specOwn], sql` and `);
  parts.push(
    flag('stock', 1, sql`b.discounted`, 'stock'),
    flag('stock', 2, sql`b.super`, 'stock'),
    flag('inStock', 0, sql`b.in_stock`, 'inStock'),
    flag('isWithPrice', 0, sql`b.with_price`, 'isWithPrice'),
    flag('total', 0, sql`true`),
    sql`select 'spec', x.spec_id, x.text_value, x.n, x.lo, x.hi, t.name, -t.priority, t.unit, t.kind, null::text, null::text
      from (
        select s.spec_id, s.text_value, (count(*) filter (where ${specMatch}))::int as n,
          min(s.num_value) filter (where ${specMatch}) as lo, max(s.num_value) filter (where ${specMatch}) as hi
        -- Per model through the primary key ('offset 0' keeps the planner from turning it into a hash of
        -- every model's specifications, which costs several times the lookups at 10,000 models).
        from base b cross join lateral (select s.spec_id, s.text_value, s.num_value from catalog_model_spec s where s.model_id = b.id offset 0) s
        group by s.spec_id, s.text_value
      ) x join catalog_specification t on t.id = x.spec_id`,
  );
  const result = await sql<FacetRow>`with ${baseCte(q, specs, true)} ${sql.join(parts, sql` union all `)}`.execute(db);
  return result.rows;
}

/**
 * Price order is for signed-in visitors only (the caller decides); in stock first otherwise, then
 * the editors' order. Every order ends in the id, so pages never overlap.
 */
function orderBy(sortOrder: SortOrder): RawBuilder<unknown> {
  switch (sortOrder) {
    case 'price-asc': return sql`b.price asc nulls last, b.id`;
    case 'price-desc': return sql`b.price desc nulls last, b.id`;
    case 'name': return sql`b.name collate "und-x-icu", b.id`;
    case 'new': return sql`b.created_at desc, b.id desc`;
    case 'popular': return sql`b.in_stock desc, b.line_sort, b.sort, b.id`;
  }
}

export interface ModelCardRow {
  id: number;
  name: string;
  slug: string;
  product_code: string;
  image: CatalogImage | null;
  line_id: number;
  line_name: string;
  line_slug: string;
  category_slug: string;
  manufacturer_id: number;
  manufacturer_name: string;
  currency: CurrencyCode | null;
  price: number | null;
  old_price: number | null;
  super_price: boolean | null;
  quantity: number | null;
  expected_date: string | null;
  key_specs: { name: string; unit: string | null; kind: 'number' | 'text'; num: number | null; text: string | null }[];
}

/** How many specifications a card shows, highest priority first. */
export const CARD_KEY_SPECS = 3;

/** The card columns of the models whose ids `picked` (a CTE with id and ord) holds, in that order. */
function cardsOf(picked: RawBuilder<unknown>, branchId: number | null): RawBuilder<ModelCardRow> {
  return sql<ModelCardRow>`
    with ${picked}
    select m.id, m.name, m.slug, m.product_code, m.images->0 as image,
      l.id as line_id, l.name as line_name, l.slug as line_slug, c.slug as category_slug,
      mf.id as manufacturer_id, mf.name as manufacturer_name,
      mb.currency, mb.price, mb.old_price, mb.super_price, mb.quantity, mb.expected_date,
      coalesce((
        select json_agg(json_build_object('name', k.name, 'unit', k.unit, 'kind', k.kind, 'num', k.num_value, 'text', k.text_value) order by k.priority desc, k.id)
        from (
          select sp.id, sp.name, sp.unit, sp.kind, sp.priority, s.num_value, s.text_value
          from catalog_model_spec s join catalog_specification sp on sp.id = s.spec_id
          where s.model_id = m.id order by sp.priority desc, sp.id limit ${CARD_KEY_SPECS}
        ) k
      ), '[]'::json) as key_specs
    from picked p
    join catalog_model m on m.id = p.id
    join catalog_model_line l on l.id = m.model_line_id
    join catalog_category c on c.id = l.category_id
    join catalog_manufacturer mf on mf.id = l.manufacturer_id
    left join catalog_model_branch mb on mb.model_id = m.id and mb.branch_id = ${branchId ?? -1}
    order by p.ord
  `;
}

/**
 * Every matching model's id in the list's order: the expensive part of a list page (the scope
 * filtered and sorted), which the caller keeps briefly and pages through; the cards of a page are
 * then read by id (`selectCards`).
 */
export async function selectOrderedIds(db: DB, q: ListingQuery, sortOrder: SortOrder): Promise<Int32Array> {
  const specs = specFilters(q.state);
  const c = groupConditions(q, specs);
  const result = await sql<{ id: number }>`with ${baseCte(q, specs)} select b.id from base b where ${allExcept(c)} order by ${orderBy(sortOrder)}`.execute(db);
  return Int32Array.from(result.rows, (r) => r.id);
}

/** The cards of these models at the branch, in the order given (ids that no longer exist are left out). */
export async function selectCards(db: DB, ids: ArrayLike<number>, branchId: number | null): Promise<ModelCardRow[]> {
  if (ids.length === 0) return [];
  const list = sql.join(Array.from(ids, (id) => sql.val(id)));
  const picked = sql`picked as (select t.id, t.ord from unnest(array[${list}]::int[]) with ordinality as t(id, ord))`;
  return (await cardsOf(picked, branchId).execute(db)).rows;
}

/** The first models of a line in the editors' order (the model line page's slider). */
export async function selectLineModels(db: DB, lineId: number, branchId: number | null, limit: number): Promise<ModelCardRow[]> {
  const picked = sql`picked as (select m.id, row_number() over (order by m.sort, m.id) as ord from catalog_model m where m.model_line_id = ${lineId} order by m.sort, m.id limit ${limit})`;
  return (await cardsOf(picked, branchId).execute(db)).rows;
}

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
