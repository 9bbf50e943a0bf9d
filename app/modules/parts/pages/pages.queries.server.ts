import { sql, type RawBuilder } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';

/*
 * The parts pages' reads (ADR 033). Reference data (the category tree, the makers, the counts per
 * category and maker, the model lines with drawings) is read whole and kept in memory by
 * pages.server.ts; the rest is one statement per block of a page, each served by an index. The
 * catalogue's tables (makers, lines, models) are read, never written, as the parts seed does.
 */

const MAX_CHAIN = 10;

export interface CategoryRow { id: number; parent_id: number | null; slug: string; name: string; sort: number }

export function selectCategories(db: DB): Promise<CategoryRow[]> {
  return db.selectFrom('parts_category').select(['id', 'parent_id', 'slug', 'name', 'sort']).orderBy('sort').orderBy('name').orderBy('id').execute();
}

export interface MakerRow { id: number; slug: string; name: string; country: string; kind: 'oem' | 'aftermarket'; sort: number }

export function selectMakers(db: DB): Promise<MakerRow[]> {
  return db.selectFrom('parts_manufacturer').select(['id', 'slug', 'name', 'country', 'kind', 'sort']).orderBy('sort').orderBy('name').execute();
}

export interface CountRow { category_id: number | null; manufacturer_id: number; n: number }

/** How many parts each category holds of each maker: a few thousand rows whatever the number of parts. */
export async function selectCategoryMakerCounts(db: DB): Promise<CountRow[]> {
  const { rows } = await sql<CountRow>`select category_id, manufacturer_id, count(*)::int as n from parts_part group by category_id, manufacturer_id`.execute(db);
  return rows;
}

export interface LineWithDrawingsRow {
  maker_id: number; maker_slug: string; maker_name: string;
  line_id: number; line_slug: string; line_name: string; drawings: number;
}

/** The model lines that have drawings, with their makers, in the catalogue's order. */
export async function selectLinesWithDrawings(db: DB): Promise<LineWithDrawingsRow[]> {
  const { rows } = await sql<LineWithDrawingsRow>`
    select m.id as maker_id, m.slug as maker_slug, m.name as maker_name,
      l.id as line_id, l.slug as line_slug, l.name as line_name, d.drawings
    from (select model_line_id, count(*)::int as drawings from parts_drawing group by model_line_id) d
    join catalog_model_line l on l.id = d.model_line_id
    join catalog_manufacturer m on m.id = l.manufacturer_id
    order by m.sort, m.name, m.id, l.sort, l.name, l.id`.execute(db);
  return rows;
}

/** A part in a list with its offer at the visitor's branch and its units elsewhere. */
export interface ListRow {
  id: number; code: string; name: string; maker_id: number;
  currency: CurrencyCode | null; price: number | null; old_price: number | null;
  quantity: number | null; expected_date: string | null; elsewhere: number;
}

export interface ListFilter {
  /** Category ids of the path's subtree; null: every part. */
  categoryIds: number[] | null;
  makerIds: number[];
  /** The parts that fit the visitor's chosen machine (ADR 037); null: no machine chosen. */
  partIds?: number[] | null;
  branchId: number;
  inStock: boolean;
  isWithPrice: boolean;
  withPrices: boolean;
}

/**
 * The offer at the visitor's branch and the units elsewhere of the parts of `page` (a CTE of ids in
 * order, `ord`): read for those rows only, after the page is cut (an offset's skipped rows cost no
 * lookups), by the branch rows' primary key.
 */
function withOffers(page: RawBuilder<unknown>, branchId: number, withPrices: boolean): RawBuilder<unknown> {
  return sql`
    with page as (${page})
    select p.id, p.code, p.name, p.manufacturer_id as maker_id,
      h.currency,
      ${withPrices ? sql`h.price` : sql`null::bigint`} as price,
      ${withPrices ? sql`h.old_price` : sql`null::bigint`} as old_price,
      h.quantity, h.expected_date::text as expected_date,
      (select coalesce(sum(o.quantity), 0)::int from parts_part_branch o where o.part_id = p.id and o.branch_id <> ${branchId} and o.quantity > 0) as elsewhere
    from page
    join parts_part p on p.id = page.id
    left join parts_part_branch h on h.part_id = p.id and h.branch_id = ${branchId}
    order by page.ord`;
}

/** The conditions on a part `p` and its branch row `h` (joined when a stock or price condition needs it). */
function listWhere(f: ListFilter, priceSort: boolean, categoryIds: number[] | null): RawBuilder<boolean> {
  const conditions: RawBuilder<boolean>[] = [sql<boolean>`true`];
  if (categoryIds) conditions.push(categoryIds.length === 1 ? sql<boolean>`p.category_id = ${categoryIds[0]}` : sql<boolean>`p.category_id = any(${categoryIds}::int[])`);
  if (f.makerIds.length) conditions.push(sql<boolean>`p.manufacturer_id = any(${f.makerIds}::int[])`);
  if (f.partIds) conditions.push(sql<boolean>`p.id = any(${f.partIds}::int[])`);
  if (f.inStock) conditions.push(sql<boolean>`h.quantity > 0`);
  // A price filter or order needs a price the visitor may see (guests have none: nothing matches).
  if (f.isWithPrice || priceSort) conditions.push(f.withPrices ? sql<boolean>`h.price is not null` : sql<boolean>`false`);
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

const needsBranchRow = (f: ListFilter, priceSort: boolean) => f.inStock || f.isWithPrice || priceSort;

const ORDER: Record<'name' | 'code' | 'price-asc' | 'price-desc', { by: RawBuilder<unknown>; key: string[] }> = {
  name: { by: sql`p.name, p.id`, key: ['name', 'id'] },
  code: { by: sql`p.code_norm, p.id`, key: ['code_norm', 'id'] },
  'price-asc': { by: sql`h.price, p.id`, key: ['price', 'id'] },
  // Ties the other way too: the price index read backwards gives them so, with no sort.
  'price-desc': { by: sql`h.price desc, p.id desc`, key: ['price desc', 'id desc'] },
};

/** Subtrees up to this many categories are read category by category (see selectListPage). */
const MAX_CATEGORY_ARMS = 64;

/**
 * A price order read from the branch rows alone (ADR 037): `parts_part_branch` carries its part's
 * category and maker (migration 0017), so each category's priced rows at the branch are read in
 * price order from `parts_part_branch_category_price`, the stock and maker conditions answered by
 * the index's included columns; without a category, `parts_part_branch_price` in order.
 */
function priceArm(f: ListFilter, categoryIds: number[] | null, desc: boolean, n: number): RawBuilder<unknown> {
  const conditions: RawBuilder<boolean>[] = [sql<boolean>`h.branch_id = ${f.branchId}`, f.withPrices ? sql<boolean>`h.price is not null` : sql<boolean>`false`];
  if (categoryIds) conditions.push(categoryIds.length === 1 ? sql<boolean>`h.category_id = ${categoryIds[0]}` : sql<boolean>`h.category_id = any(${categoryIds}::int[])`);
  if (f.makerIds.length) conditions.push(sql<boolean>`h.manufacturer_id = any(${f.makerIds}::int[])`);
  if (f.inStock) conditions.push(sql<boolean>`h.quantity > 0`);
  return sql`
    select h.part_id as id, h.price from parts_part_branch h
    where ${sql.join(conditions, sql` and `)}
    order by ${desc ? sql`h.price desc, h.part_id desc` : sql`h.price, h.part_id`} limit ${n}`;
}

/**
 * One page of the /fp/ list, then the offers of its parts. By name or number without a category,
 * the first pages are read in the order of `parts_part_name` / `parts_part_code`; within a subtree,
 * each category's first `offset + limit` in the order of `parts_part_category_name` / `_code`, merged
 * (a planner cannot read `category_id = any(…)` in order); by price, each category's priced rows at
 * the visitor's branch in the order of `parts_part_branch_category_price`, merged the same way. A
 * machine's parts (a few hundred ids) are read by id and sorted.
 */
export async function selectListPage(db: DB, f: ListFilter, sort: keyof typeof ORDER, offset: number, limit: number): Promise<ListRow[]> {
  const priceSort = sort === 'price-asc' || sort === 'price-desc';
  const join = needsBranchRow(f, priceSort) ? sql`join parts_part_branch h on h.part_id = p.id and h.branch_id = ${f.branchId}` : sql``;
  const order = ORDER[sort];
  const select = (categoryIds: number[] | null, n: number) => sql`
    select p.id, ${sort === 'code' ? sql`p.code_norm` : sql`p.name`}, ${priceSort ? sql`h.price` : sql`null::bigint as price`}
    from parts_part p ${join}
    where ${listWhere(f, priceSort, categoryIds)}
    order by ${order.by} limit ${n}`;
  const ordered = (from: RawBuilder<unknown>) => sql`
    select id, row_number() over (order by ${sql.join(order.key.map((k) => sql.raw(k)))}) as ord
    from (${from}) x order by ord offset ${offset} limit ${limit}`;
  const byArms = f.categoryIds !== null && f.categoryIds.length > 1 && f.categoryIds.length <= MAX_CATEGORY_ARMS;
  let page: RawBuilder<unknown>;
  if (f.partIds) {
    page = ordered(select(f.categoryIds, offset + limit));
  } else if (priceSort) {
    const desc = sort === 'price-desc';
    page = byArms
      ? ordered(sql`${sql.join(f.categoryIds!.map((id) => sql`(${priceArm(f, [id], desc, offset + limit)})`), sql` union all `)}`)
      : ordered(priceArm(f, f.categoryIds, desc, offset + limit));
  } else if (byArms) {
    const arms = f.categoryIds!.map((id) => sql`(${select([id], offset + limit)})`);
    page = ordered(sql`${sql.join(arms, sql` union all `)}`);
  } else {
    page = ordered(select(f.categoryIds, offset + limit));
  }
  const { rows } = await sql<ListRow>`${withOffers(page, f.branchId, f.withPrices)}`.execute(db);
  return rows;
}

/**
 * Parts per category and maker at a branch, in stock, with a price, and both (ADR 037): one grouped
 * read of the branch's rows, which carry their part's category and maker (migration 0017); a few
 * hundred rows whatever the number of parts.
 */
export interface FlagCountRow { category_id: number | null; manufacturer_id: number; n: number; in_stock: number; priced: number; both: number }

export async function selectBranchFlagCounts(db: DB, branchId: number): Promise<FlagCountRow[]> {
  const { rows } = await sql<FlagCountRow>`
    select category_id, manufacturer_id, count(*)::int as n,
      count(*) filter (where quantity > 0)::int as in_stock,
      count(*) filter (where price is not null)::int as priced,
      count(*) filter (where quantity > 0 and price is not null)::int as both
    from parts_part_branch where branch_id = ${branchId}
    group by category_id, manufacturer_id`.execute(db);
  return rows;
}

/** The same counts for a machine's parts (a few hundred ids), every part counted in `all`. */
export async function selectPartsFlagCounts(db: DB, partIds: number[], branchId: number): Promise<FlagCountRow[]> {
  if (!partIds.length) return [];
  const { rows } = await sql<FlagCountRow>`
    select p.category_id, p.manufacturer_id, count(*)::int as n,
      count(*) filter (where h.quantity > 0)::int as in_stock,
      count(*) filter (where h.price is not null)::int as priced,
      count(*) filter (where h.quantity > 0 and h.price is not null)::int as both
    from parts_part p left join parts_part_branch h on h.part_id = p.id and h.branch_id = ${branchId}
    where p.id = any(${partIds}::int[])
    group by p.category_id, p.manufacturer_id`.execute(db);
  return rows;
}

/**
 * The names that hold the query's word forms (`parts_name`, a few thousand rows whatever the number
 * of parts), shortest first, as `names (name, r)`, at most `names`.
 */
const matchingNames = (plain: string, names: number) => sql`
  matched as (select name from parts_name where search_tsv @@ (select plainto_tsquery('russian', ${plain}))),
  names as (select name, row_number() over (order by length(name), name) as r from matched order by length(name), name limit ${names})`;

/** Parts named with the query's word forms: the shortest names first, each name's parts by id (`parts_part_name`). */
export async function selectNamedParts(db: DB, plain: string, branchId: number, withPrices: boolean, limit: number): Promise<ListRow[]> {
  const page = sql`
    with ${matchingNames(plain, limit)}
    select p.id, row_number() over (order by n.r, p.id) as ord
    from names n cross join lateral (select id from parts_part where name = n.name order by id limit ${limit}) p
    order by ord limit ${limit}`;
  const { rows } = await sql<ListRow>`${withOffers(page, branchId, withPrices)}`.execute(db);
  return rows;
}

export interface PartRow {
  id: number; code: string; name: string; description: string; weight_grams: number | null; one_c_code: string | null;
  category_id: number | null; manufacturer_id: number;
}

export function selectPart(db: DB, id: number): Promise<PartRow | undefined> {
  return db.selectFrom('parts_part')
    .select(['id', 'code', 'name', 'description', 'weight_grams', 'one_c_code', 'category_id', 'manufacturer_id'])
    .where('id', '=', id).executeTakeFirst();
}

export interface RelativeRow { id: number; code: string; name: string; maker_id: number; rank: 1 | 2 | 3; distance: number }

/**
 * What replaced the part along its chain (1), the analogs of the part and of its replacements (2),
 * what it replaced (3): one recursive statement over the supersessions' key and reverse index and
 * the analogs' key and reverse index.
 */
export async function selectRelatives(db: DB, id: number, limit: number): Promise<RelativeRow[]> {
  const { rows } = await sql<RelativeRow>`
    with recursive newer (id, distance) as (
      select new_part_id, 1 from parts_supersession where old_part_id = ${id}
      union
      select s.new_part_id, n.distance + 1 from parts_supersession s join newer n on s.old_part_id = n.id where n.distance < ${MAX_CHAIN}
    ),
    older (id, distance) as (
      select old_part_id, 1 from parts_supersession where new_part_id = ${id}
      union
      select s.old_part_id, o.distance + 1 from parts_supersession s join older o on s.new_part_id = o.id where o.distance < ${MAX_CHAIN}
    ),
    base as (select ${id}::int as id union select id from newer),
    analog as (
      select a.analog_id as id from parts_analog a join base b on a.part_id = b.id
      union
      select a.part_id from parts_analog a join base b on a.analog_id = b.id
    ),
    found as (
      select id, 1 as rank, distance from newer
      union all select id, 2, 0 from analog
      union all select id, 3, distance from older
    ),
    best as (select distinct on (id) id, rank, distance from found where id <> ${id} order by id, rank, distance)
    select p.id, p.code, p.name, p.manufacturer_id as maker_id, b.rank, b.distance
    from best b join parts_part p on p.id = b.id
    order by b.rank, b.distance, p.code_norm, p.id
    limit ${limit}`.execute(db);
  return rows;
}

export interface DrawingUseRow {
  drawing_id: number; title: string; image_path: string; width: number; height: number;
  callout: number; x: number; y: number; quantity: number; note: string | null; serial_from: string | null; serial_to: string | null;
  line_name: string; line_slug: string; maker_slug: string; model_name: string | null; model_slug: string | null;
}

/** Every drawing the part is on (positions by part), in the catalogue's order. */
export async function selectDrawingUses(db: DB, partId: number, limit: number): Promise<DrawingUseRow[]> {
  const { rows } = await sql<DrawingUseRow>`
    select d.id as drawing_id, d.title, d.image_path, d.width, d.height,
      pos.callout, pos.x, pos.y, pos.quantity, pos.note, pos.serial_from, pos.serial_to,
      l.name as line_name, l.slug as line_slug, m.slug as maker_slug, mo.name as model_name, mo.slug as model_slug
    from parts_drawing_position pos
    join parts_drawing d on d.id = pos.drawing_id
    join catalog_model_line l on l.id = d.model_line_id
    join catalog_manufacturer m on m.id = l.manufacturer_id
    left join catalog_model mo on mo.id = d.model_id
    where pos.part_id = ${partId}
    order by m.sort, m.name, l.sort, l.name, d.sort, d.id, pos.callout
    limit ${limit}`.execute(db);
  return rows;
}

export interface ModelUseRow { id: number; name: string; slug: string; line_name: string; line_slug: string; category_slug: string; maker_name: string }

/** The models the part fits: a drawing's own model, or every model of a drawing's line. */
export async function selectModelUses(db: DB, partId: number, limit: number): Promise<ModelUseRow[]> {
  const { rows } = await sql<ModelUseRow>`
    with used as (
      select distinct d.model_line_id, d.model_id
      from parts_drawing_position pos join parts_drawing d on d.id = pos.drawing_id
      where pos.part_id = ${partId}
    )
    select distinct on (mo.id) mo.id, mo.name, mo.slug, l.name as line_name, l.slug as line_slug, c.slug as category_slug,
      m.name as maker_name, m.sort as maker_sort, l.sort as line_sort, mo.sort as model_sort
    from used u
    join catalog_model mo on mo.model_line_id = u.model_line_id and (u.model_id is null or mo.id = u.model_id)
    join catalog_model_line l on l.id = mo.model_line_id
    join catalog_category c on c.id = l.category_id
    join catalog_manufacturer m on m.id = l.manufacturer_id
    order by mo.id
    limit ${limit}`.execute(db);
  return rows;
}

export interface LineModelRow { id: number; slug: string; name: string; drawings: number }
export interface LineDrawingRow { id: number; title: string; model_id: number | null; category_id: number | null; positions: number }

/** A line's models (with how many drawings show them) and its drawings, for /parts-catalog. */
export async function selectLineContents(db: DB, lineId: number): Promise<{ models: LineModelRow[]; drawings: LineDrawingRow[] }> {
  const { rows } = await sql<{ models: LineModelRow[] | null; drawings: LineDrawingRow[] | null }>`
    select
      (select json_agg(x order by x.sort, x.name, x.id) from (
        select mo.id, mo.slug, mo.name, mo.sort,
          (select count(*)::int from parts_drawing d where d.model_line_id = ${lineId} and (d.model_id is null or d.model_id = mo.id)) as drawings
        from catalog_model mo where mo.model_line_id = ${lineId}) x) as models,
      (select json_agg(y order by y.sort, y.id) from (
        select d.id, d.title, d.model_id, d.category_id, d.sort,
          (select count(*)::int from parts_drawing_position pos where pos.drawing_id = d.id) as positions
        from parts_drawing d where d.model_line_id = ${lineId}) y) as drawings`.execute(db);
  const row = rows[0];
  return { models: row?.models ?? [], drawings: row?.drawings ?? [] };
}

export interface SearchRow { id: number; code: string; name: string; maker_id: number; arm: number; total: number }

/**
 * The header search's second statement: parts whose numbers begin with the code typed, then parts
 * named with the query's word forms (shortest names first); with how many there are, the named ones
 * counted up to `scan`.
 */
export async function selectPrefixAndNamed(db: DB, code: string, exclude: number[], plain: string, limit: number, scan: number): Promise<SearchRow[]> {
  const { rows } = await sql<SearchRow>`
    with ${matchingNames(plain || '-', limit)},
    prefix as (
      select id, 0 as arm, 0::bigint as r from parts_part
      where ${code.length >= 3 ? sql`code_norm like ${`${code}%`}` : sql`false`} and id <> all(${exclude}::int[])
      order by code_norm limit ${limit}
    ),
    named as (
      select p.id, 1 as arm, n.r from names n
      cross join lateral (select id from parts_part where ${plain ? sql`true` : sql`false`} and name = n.name and id <> all(${exclude}::int[]) order by id limit ${limit}) p
    ),
    hit as (select distinct on (id) id, arm, r from (select * from prefix union all select * from named) a order by id, arm),
    total as (
      select (select count(*) from prefix)
        + ${plain ? sql`(select count(*) from (select 1 from parts_part where name in (select name from matched) limit ${scan}) c)` : sql`0`} as n
    )
    select p.id, p.code, p.name, p.manufacturer_id as maker_id, hit.arm, (select n from total)::int as total
    from hit join parts_part p on p.id = hit.id
    order by hit.arm, case when hit.arm = 0 then p.code_norm end, hit.r, p.id
    limit ${limit}`.execute(db);
  return rows;
}
