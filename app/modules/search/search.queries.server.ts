import { sql, type RawBuilder } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import type { CatalogImage } from '#app/.server/db/schema.ts';
import { RANK, type QueryVariant } from './search.rules.ts';

/*
 * The catalogue's sources, read-only, on the columns migration 0009_search adds to its tables
 * (`search_name`, `search_code`, `search_tsv`, each with a GIN index). One statement per source;
 * `count(*) over ()` gives the kind's total with its first hits. Every branch of a WHERE is served
 * by an index (a BitmapOr), so a source costs about a millisecond at 10,000 models.
 *
 * Folded text holds only [0-9a-zа-я ] (search.rules.ts foldText), so it goes into LIKE patterns
 * without escaping.
 */

type Column = RawBuilder<unknown>;

/** Rank of a name for one variant: exact > prefix > full text > inside a word > typo (see RANK). */
function rankFor(name: Column, tsv: Column | null, v: QueryVariant): RawBuilder<number> {
  const fts = tsv ? sql`when ${tsv} @@ plainto_tsquery('russian', ${v.plain}) then ${sql.lit(RANK.wordForm)} + 1.0 / (10 + length(${name}))` : sql``;
  // Within a tier a shorter name is the closer match ('Тракторы' before 'Колёсные тракторы'): < 0.1.
  return sql<number>`case
    when ${name} = ${v.folded} then ${sql.lit(RANK.exact)}
    when ${name} like ${v.folded + '%'} or ${name} like ${'% ' + v.folded + '%'} then ${sql.lit(RANK.prefix)} + 1.0 / (10 + length(${name}))
    ${fts}
    when ${name} like ${'%' + v.folded + '%'} then ${sql.lit((RANK.wordForm + RANK.typo) / 2)} + 1.0 / (10 + length(${name}))
    when ${v.folded} <% ${name} then ${sql.lit(RANK.typo)} + word_similarity(${v.folded}, ${name}) / 3
    else 0 end`;
}

function rank(name: Column, tsv: Column | null, variants: QueryVariant[], extra: RawBuilder<number>[] = []): RawBuilder<number> {
  return sql<number>`greatest(${sql.join([...variants.map((v) => rankFor(name, tsv, v)), ...extra])})::float8`;
}

/** The index-served conditions, one per index: the name contains the query, shares a word form with it, or is within typos of it. */
function matchArms(name: Column, tsv: Column | null, variants: QueryVariant[], { typos = true } = {}): RawBuilder<boolean>[] {
  return variants.flatMap((v) => [
    sql<boolean>`${name} like ${'%' + v.folded + '%'}`,
    ...(typos ? [sql<boolean>`${v.folded} <% ${name}`] : []),
    ...(tsv ? [sql<boolean>`${tsv} @@ plainto_tsquery('russian', ${v.plain})`] : []),
  ]);
}

function matches(name: Column, tsv: Column | null, variants: QueryVariant[]): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(matchArms(name, tsv, variants), sql` or `)})`;
}

/**
 * The ids the conditions find, each condition a select of its own: on the large tables (models,
 * lines) one OR over them all is read row by row (a typo check per row costs ~85 ms at 10,000
 * models), while each select alone is served by its index.
 */
function candidates(table: 'catalog_model' | 'catalog_model_line', alias: 'm' | 'l', arms: RawBuilder<boolean>[]): RawBuilder<unknown> {
  return sql`${sql.join(arms.map((arm) => sql`select ${sql.ref(`${alias}.id`)} from ${sql.table(table)} as ${sql.id(alias)} where ${arm}`), sql` union `)}`;
}

const ORDER_NAME = (name: Column) => sql`${name} collate "und-x-icu"`;

export interface CategoryRow { id: number; name: string; slug: string; parent_name: string | null; rank: number; total: number }

export async function findCategories(db: DB, variants: QueryVariant[], limit: number): Promise<CategoryRow[]> {
  const name = sql.ref('c.search_name');
  const tsv = sql.ref('c.search_tsv');
  const { rows } = await sql<CategoryRow>`
    select c.id, c.name, c.slug, p.name as parent_name, ${rank(name, tsv, variants)} as rank, count(*) over ()::int as total
    from catalog_category c left join catalog_category p on p.id = c.parent_id
    where ${matches(name, tsv, variants)}
    order by rank desc, ${ORDER_NAME(sql.ref('c.name'))}, c.id
    limit ${limit}`.execute(db);
  return rows;
}

export interface ManufacturerRow { id: number; name: string; country: string; logo_path: string | null; category_slug: string | null; lines: number; rank: number; total: number }

export async function findManufacturers(db: DB, variants: QueryVariant[], limit: number): Promise<ManufacturerRow[]> {
  const name = sql.ref('m.search_name');
  // The maker's link is its main category (where most of its lines are), filtered by the maker.
  const { rows } = await sql<ManufacturerRow>`
    select m.id, m.name, m.country, m.logo_path, main.slug as category_slug,
      (select count(*) from catalog_model_line l where l.manufacturer_id = m.id)::int as lines,
      ${rank(name, null, variants)} as rank, count(*) over ()::int as total
    from catalog_manufacturer m
    left join lateral (
      select c.slug from catalog_model_line l join catalog_category c on c.id = l.category_id
      where l.manufacturer_id = m.id group by c.slug order by count(*) desc, c.slug limit 1
    ) main on true
    where ${matches(name, null, variants)}
    order by rank desc, ${ORDER_NAME(sql.ref('m.name'))}, m.id
    limit ${limit}`.execute(db);
  return rows;
}

export interface ModelLineRow { id: number; name: string; slug: string; category_slug: string; category_name: string; manufacturer: string; rank: number; total: number }

export async function findModelLines(db: DB, variants: QueryVariant[], limit: number): Promise<ModelLineRow[]> {
  const name = sql.ref('l.search_name');
  const tsv = sql.ref('l.search_tsv');
  // A line is also found by its maker ('кировец' lists the lines of Кировец), ranked below its own name.
  const byMaker = variants.map((v) => sql<number>`case when mf.search_name like ${'%' + v.folded + '%'} then ${sql.lit(RANK.context)} else 0 end`);
  const makers = sql<boolean>`l.manufacturer_id in (select id from catalog_manufacturer m where ${sql.join(variants.map((v) => sql`m.search_name like ${'%' + v.folded + '%'}`), sql` or `)})`;
  const { rows } = await sql<ModelLineRow>`
    with found as materialized (${candidates('catalog_model_line', 'l', [...matchArms(name, tsv, variants), makers])})
    select l.id, l.name, l.slug, c.slug as category_slug, c.name as category_name, mf.name as manufacturer,
      ${rank(name, tsv, variants, byMaker)} as rank, count(*) over ()::int as total
    from found
    join catalog_model_line l on l.id = found.id
    join catalog_manufacturer mf on mf.id = l.manufacturer_id
    join catalog_category c on c.id = l.category_id
    order by rank desc, ${ORDER_NAME(sql.ref('l.name'))}, l.id
    limit ${limit}`.execute(db);
  return rows;
}

export interface ModelRow {
  id: number; name: string; slug: string; product_code: string; image: CatalogImage | null;
  line_slug: string; line_name: string; category_slug: string; manufacturer: string; rank: number; total: number;
}

/**
 * Models: by name, by product code, and by the words of their line and maker together with their
 * own ('кировец к-744' finds 'К-744Р3' of Кировец): each split of the query into a head matched
 * by the line and maker and a tail matched by the model is one index-served branch.
 */
export async function findModels(db: DB, variants: QueryVariant[], limit: number): Promise<ModelRow[]> {
  const name = sql.ref('m.search_name');
  const code = sql.ref('m.search_code');
  const tsv = sql.ref('m.search_tsv');
  const contextBranches: RawBuilder<boolean>[] = [];
  const contextRanks: RawBuilder<number>[] = [];
  for (const v of variants) {
    const words = v.folded.split(' ');
    // A letter or two names no line or maker: 'к 7' must not list every model of every maker with a 'к'.
    if (words.some((w) => w.length < 2)) continue;
    for (let head = 1; head <= words.length; head++) {
      const lines = sql`array(select l.id from catalog_model_line l join catalog_manufacturer mf on mf.id = l.manufacturer_id
        where ${sql.join(words.slice(0, head).map((w) => sql`(l.search_name || ' ' || mf.search_name) like ${'%' + w + '%'}`), sql` and `)})`;
      const tail = words.slice(head).join(' ');
      const branch = tail ? sql<boolean>`(m.model_line_id = any(${lines}) and ${name} like ${'%' + tail + '%'})` : sql<boolean>`m.model_line_id = any(${lines})`;
      contextBranches.push(branch);
      // Found through its line and maker with the rest of the query in its name: nearly a name match.
      contextRanks.push(sql<number>`case when ${branch} then ${sql.lit(tail ? RANK.prefix - 0.5 : RANK.context)} else 0 end`);
    }
  }
  const codeRanks = variants.map((v) => sql<number>`case when ${code} = ${v.folded} then ${sql.lit(RANK.exact)} when ${code} like ${v.folded + '%'} then ${sql.lit(RANK.prefix)} else 0 end`);
  // Models are found with typos through their line's and maker's words (the typed words are
  // corrected to the catalogue's words first, nearestKnownWords): a typo check on every model name
  // costs tens of milliseconds at 10,000 models and finds little in names like 'К-744Р3'.
  const arms = [...matchArms(name, tsv, variants, { typos: false }), ...variants.map((v) => sql<boolean>`${code} like ${v.folded + '%'}`), ...contextBranches];
  const { rows } = await sql<ModelRow>`
    with found as materialized (${candidates('catalog_model', 'm', arms)})
    select m.id, m.name, m.slug, m.product_code, m.images -> 0 as image, l.slug as line_slug, l.name as line_name,
      c.slug as category_slug, mf.name as manufacturer, hit.rank, count(*) over ()::int as total
    from found
    join catalog_model m on m.id = found.id
    cross join lateral (select ${rank(name, tsv, variants, [...codeRanks, ...contextRanks])} as rank) hit
    join catalog_model_line l on l.id = m.model_line_id
    join catalog_manufacturer mf on mf.id = l.manufacturer_id
    join catalog_category c on c.id = l.category_id
    order by hit.rank desc, ${ORDER_NAME(sql.ref('m.name'))}, m.id
    limit ${limit}`.execute(db);
  return rows;
}

export interface WordCorrection { typed: string; known: string; distance: number }

/**
 * For each typed word, the nearest word of the catalogue's names (categories, makers, lines,
 * technique types: a few thousand words at most, folded and stored) by edit distance
 * (fuzzystrmatch), also against the known word's beginning, so a word being typed is distance 0:
 * 'тороктор' → 'тракторы' (2). Trigrams alone miss such typos in short words.
 */
export async function nearestKnownWords(db: DB, words: string[]): Promise<WordCorrection[]> {
  if (!words.length) return [];
  const { rows } = await sql<WordCorrection>`
    with typed(word) as (select unnest(cast(${words} as text[]))),
    known(word) as (
      select distinct regexp_split_to_table(n.search_name, ' ') from (
        select search_name from catalog_category union all select search_name from catalog_manufacturer
        union all select search_name from catalog_model_line union all select search_fold(name) from catalog_technique_type
      ) n
    )
    select t.word as typed, best.word as known, best.distance from typed t
    cross join lateral (
      select k.word, least(
        levenshtein_less_equal(t.word, k.word, 3),
        levenshtein_less_equal(t.word, left(k.word, length(t.word) - 1), 3),
        levenshtein_less_equal(t.word, left(k.word, length(t.word)), 3),
        levenshtein_less_equal(t.word, left(k.word, length(t.word) + 1), 3)
      ) as distance
      from known k where length(k.word) >= 3 and length(k.word) >= length(t.word) - 2
      order by distance, abs(length(k.word) - length(t.word)), k.word
      limit 1
    ) best`.execute(db);
  return rows;
}
