import { sql, type RawBuilder } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import type { CatalogImage } from '#app/.server/db/schema.ts';
import { allowedTypos, RANK, type QueryVariant } from './search.rules.ts';

/*
 * The catalogue's sources, read-only, on the columns migration 0009_search adds to its tables
 * (`search_name`, `search_code`, `search_tsv`, each with a GIN index that 0010 keeps free of a
 * pending list). One statement per source; `count(*) over ()` gives the kind's total with its
 * first hits. The small tables (categories, makers) are read with one OR; the large ones (lines,
 * models) by arms each served by an index (`topRanked`): a source costs 0.3–3.5 ms at 10,000
 * models on PostgreSQL (ADR 021).
 *
 * Folded text holds only [0-9a-zа-я ] (search.rules.ts foldText), so it goes into LIKE patterns
 * without escaping.
 */

type Column = RawBuilder<unknown>;

/**
 * Typo arms (`<%`, trigram word similarity) only where they pay: on the small tables (categories,
 * makers) and for a query of four letters or more (allowedTypos: no typos in shorter words). On
 * lines and models a typo check reads every row (the planner does not trust the trigram index for
 * `<%`: 7 ms a variant on 2,700 lines); there the typed words are corrected to the catalogue's
 * words first (search.server.ts) and matched exactly. A corrected reading is made of those words:
 * no typo check either.
 */
const typosFor = (v: QueryVariant, typos: boolean) => typos && !v.corrected && allowedTypos(v.folded.length) > 0;

/**
 * The name holds the text: anywhere in it for three characters or more (the trigram index finds
 * it), at the start of a word for fewer. Two letters give no trigram to look up, so '%се%' read
 * every name (4 ms over 10,000 models, 2,700 lines hit by 'серия'), and they are the beginning of
 * a word being typed anyway; the word-start pattern is served by the padded trigram ' се'.
 * Folded text holds only [0-9a-zа-я ], so it goes into LIKE and regular expressions as it is.
 */
function holds(name: Column, text: string): RawBuilder<boolean> {
  return text.length >= 3 ? sql<boolean>`${name} like ${'%' + text + '%'}` : sql<boolean>`${name} ~ ${'(^| )' + text}`;
}

/**
 * The variant's words for full text, stemmed once per statement: a scalar subquery is an InitPlan,
 * where `plainto_tsquery(…)` in a select list is parsed and stemmed again for every row ranked.
 */
const tsquery = (v: QueryVariant) => sql`(select plainto_tsquery('russian', ${v.plain}))`;

/** Rank of a name for one variant: exact > prefix > full text > inside a word > typo (see RANK). */
function rankFor(name: Column, tsv: Column | null, v: QueryVariant, typos: boolean): RawBuilder<number> {
  const fts = tsv ? sql`when ${tsv} @@ ${tsquery(v)} then ${sql.lit(RANK.wordForm)} + 1.0 / (10 + length(${name}))` : sql``;
  // Within a tier a shorter name is the closer match ('Тракторы' before 'Колёсные тракторы'): < 0.1.
  return sql<number>`case
    when ${name} = ${v.folded} then ${sql.lit(RANK.exact)}
    when ${name} like ${v.folded + '%'} or ${name} like ${'% ' + v.folded + '%'} then ${sql.lit(RANK.prefix)} + 1.0 / (10 + length(${name}))
    ${fts}
    when ${name} like ${'%' + v.folded + '%'} then ${sql.lit((RANK.wordForm + RANK.typo) / 2)} + 1.0 / (10 + length(${name}))
    ${typosFor(v, typos) ? sql`when ${v.folded} <% ${name} then ${sql.lit(RANK.typo)} + word_similarity(${v.folded}, ${name}) / 3` : sql``}
    else 0 end`;
}

/** For the small tables: a name's best rank over the variants, typos included. */
function rank(name: Column, tsv: Column | null, variants: QueryVariant[]): RawBuilder<number> {
  return sql<number>`greatest(${sql.join(variants.map((v) => rankFor(name, tsv, v, true)))})::float8`;
}

/** For the small tables: one OR over the conditions: the name contains the query, shares a word form with it, or is within typos of it. */
function matches(name: Column, tsv: Column | null, variants: QueryVariant[]): RawBuilder<boolean> {
  const conditions = variants.flatMap((v) => [
    holds(name, v.folded),
    ...(typosFor(v, true) ? [sql<boolean>`${v.folded} <% ${name}`] : []),
    ...(tsv ? [sql<boolean>`${tsv} @@ ${tsquery(v)}`] : []),
  ]);
  return sql<boolean>`(${sql.join(conditions, sql` or `)})`;
}

/**
 * Ties in rank go in Russian alphabetical order: first by the folded name in code point order
 * (folded text is lower case with ё as е, so that is the alphabet, Latin before Cyrillic, case and
 * punctuation aside), then, for names that fold alike, by the name in `und-x-icu` (the default `C`
 * collation puts Ё before А). Comparing by ICU alone cost 4 ms on PGlite for the 380 equally
 * ranked models of 'кир'; bytes compare in microseconds.
 */
const ORDER_NAME = (table: string | null) => {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return sql`${column('search_name')} collate "C", ${column('name')} collate "und-x-icu"`;
};

/** A way a large table's rows are found, with the rank it gives them. */
interface Arm { where: RawBuilder<boolean>; rank: RawBuilder<number> }

/**
 * The first `limit` rows of a large table (lines, models) that any arm finds, best first, with
 * their total: `id, name, rank, total`. Each arm is a select of its own, served by its index (one
 * OR over them all is read row by row), and ranks only the rows it finds: a row's rank is the best
 * its arms give. Nothing is joined before the limit (a maker's name finds hundreds of models).
 * Rows are `t`.
 *
 * `kind`: the rows of a kind of machine ('трактор': thousands of models at 10,000), all ranked
 * `RANK.context`. Only its first `limit` rows in the final order of ties are read in full (no row
 * beyond them can be among the first `limit`, unless another arm finds it and ranks it higher);
 * the others are only counted, by the index, and the total counts each row once.
 */
function topRanked(table: 'catalog_model' | 'catalog_model_line', arms: Arm[], limit: number, kind: RawBuilder<boolean> | null = null): RawBuilder<unknown> {
  const inKind = kind ? sql<boolean>`(${kind})` : sql<boolean>`false`;
  const selects = arms.map((arm) => sql`select t.id, t.name, t.search_name, (${arm.rank})::float8 as rank, ${inKind} as kind from ${sql.table(table)} as t where ${arm.where}`);
  if (kind) {
    selects.push(sql`(select t.id, t.name, t.search_name, ${sql.lit(RANK.context)}::float8 as rank, true as kind from ${sql.table(table)} as t
      where ${kind} order by ${ORDER_NAME('t')}, t.id limit ${limit})`);
  }
  const unread = kind ? sql` + (select count(*) from ${sql.table(table)} as t where ${kind}) - count(*) filter (where kind) over ()` : sql``;
  return sql`select id, name, search_name, rank, (count(*) over ()${unread})::int as total from (
      select id, name, search_name, max(rank) as rank, bool_or(kind) as kind from (${sql.join(selects, sql` union all `)}) arm group by id, name, search_name
    ) hit
    order by rank desc, ${ORDER_NAME(null)}, id
    limit ${limit}`;
}

/**
 * The arm of a name for each variant: it contains the query or shares a word form with it, ranked
 * as `rankFor`. One OR of two indexed conditions is a BitmapOr of the two indexes, and a row found
 * by both is ranked once.
 */
function nameArms(variants: QueryVariant[]): Arm[] {
  const name = sql.ref('t.search_name');
  const tsv = sql.ref('t.search_tsv');
  return variants.map((v) => ({
    where: sql<boolean>`(${holds(name, v.folded)} or ${tsv} @@ ${tsquery(v)})`,
    rank: rankFor(name, tsv, v, false),
  }));
}


export interface CategoryRow { id: number; name: string; slug: string; parent_name: string | null; rank: number; total: number }

export async function findCategories(db: DB, variants: QueryVariant[], limit: number): Promise<CategoryRow[]> {
  const name = sql.ref('c.search_name');
  const tsv = sql.ref('c.search_tsv');
  const { rows } = await sql<CategoryRow>`
    select c.id, c.name, c.slug, p.name as parent_name, ${rank(name, tsv, variants)} as rank, count(*) over ()::int as total
    from catalog_category c left join catalog_category p on p.id = c.parent_id
    where ${matches(name, tsv, variants)}
    order by rank desc, ${ORDER_NAME('c')}, c.id
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
    order by rank desc, ${ORDER_NAME('m')}, m.id
    limit ${limit}`.execute(db);
  return rows;
}

/**
 * The technique types the variants name ('трактор', 'трактора', 'комбайн': a kind of machine, not a
 * name), folded or in word forms: a few dozen rows, read whole. Four letters or more: 'тр' or
 * 'ком' would list every tractor or combine as the first letters are typed. One subquery for all
 * the variants ('трактора' and its correction 'тракторы' name one type): each arm that uses it
 * reads the type's lines, and the models of a kind are thousands at 10,000 models.
 */
function typesNaming(variants: ReadonlyArray<Pick<QueryVariant, 'folded' | 'plain'>>): RawBuilder<unknown> | null {
  const long = variants.filter((v) => v.folded.replace(/ /g, '').length >= 4);
  if (!long.length) return null;
  const names = long.map((v) => sql`search_fold(tt.name) like ${'%' + v.folded + '%'} or to_tsvector('russian', search_plain(tt.name)) @@ plainto_tsquery('russian', ${v.plain})`);
  return sql`(select tt.id from catalog_technique_type tt where ${sql.join(names, sql` or `)})`;
}

export interface ModelLineRow { id: number; name: string; slug: string; category_slug: string; category_name: string; manufacturer: string; rank: number; total: number }

export async function findModelLines(db: DB, variants: QueryVariant[], limit: number): Promise<ModelLineRow[]> {
  // A line is also found by its maker ('кировец' lists the lines of Кировец), ranked below its own name.
  const byMaker: Arm = {
    where: sql<boolean>`t.manufacturer_id in (select id from catalog_manufacturer m where ${sql.join(variants.map((v) => holds(sql.ref('m.search_name'), v.folded)), sql` or `)})`,
    rank: sql.lit(RANK.context),
  };
  // And by its kind of machine ('трактор' lists tractors), ranked as found through the maker.
  const types = typesNaming(variants);
  const { rows } = await sql<ModelLineRow>`
    with top as (${topRanked('catalog_model_line', [...nameArms(variants), byMaker], limit, types ? sql<boolean>`t.technique_type_id in ${types}` : null)})
    select l.id, l.name, l.slug, c.slug as category_slug, c.name as category_name, mf.name as manufacturer, top.rank, top.total
    from top
    join catalog_model_line l on l.id = top.id
    join catalog_manufacturer mf on mf.id = l.manufacturer_id
    join catalog_category c on c.id = l.category_id
    order by top.rank desc, ${ORDER_NAME('top')}, top.id`.execute(db);
  return rows;
}

export interface ModelRow {
  id: number; name: string; slug: string; product_code: string; image: CatalogImage | null; line_id: number;
  line_slug: string; line_name: string; category_slug: string; manufacturer: string; rank: number; total: number;
}

/**
 * The lines a word names: in the line's name or its maker's (what `line name || ' ' || maker name`
 * contains, as the word has no space), each through an index.
 */
function linesNaming(word: string): RawBuilder<unknown> {
  return sql`(select l.id from catalog_model_line l where ${holds(sql.ref('l.search_name'), word)}
    union select l.id from catalog_manufacturer mf join catalog_model_line l on l.manufacturer_id = mf.id where ${holds(sql.ref('mf.search_name'), word)})`;
}

/**
 * Models: by name, by product code, and by the words of their line and maker together with their
 * own ('кировец к-744' finds 'К-744Р3' of Кировец): each split of the query into a head matched
 * by the line and maker and a tail matched by the model is one index-served branch. The lines of
 * each head are looked up once (`heads`, one row of arrays) and serve both the search and the rank.
 */
export async function findModels(db: DB, variants: QueryVariant[], limit: number): Promise<ModelRow[]> {
  const name = sql.ref('t.search_name');
  const code = sql.ref('t.search_code');
  const arms = nameArms(variants);
  for (const v of variants) {
    arms.push({
      // A short beginning as an anchored expression: the index finds it by the padded trigrams.
      where: v.folded.length >= 3 ? sql<boolean>`${code} like ${v.folded + '%'}` : sql<boolean>`${code} ~ ${'^' + v.folded}`,
      rank: sql<number>`case when ${code} = ${v.folded} then ${sql.lit(RANK.exact)} else ${sql.lit(RANK.prefix)} end`,
    });
    const words = v.folded.split(' ');
    // A single letter names no line or maker: 'к 7' must not list every model of every maker with a 'к'.
    if (words.some((w) => w.length < 2)) continue;
    for (let head = 1; head <= words.length; head++) {
      // A head word names lines with three letters or more, or as a series number ('беларус 82'):
      // two letters begin a word in thousands of names ('се': every 'серия' of the bench's lines).
      const last = words[head - 1]!;
      if (last.length < 3 && !/\d/.test(last)) break;
      const lines = sql`array(${sql.join(words.slice(0, head).map(linesNaming), sql` intersect `)})`;
      const tail = words.slice(head).join(' ');
      arms.push(tail
        // Found through its line and maker with the rest of the query in its name: nearly a name match.
        ? { where: sql<boolean>`t.model_line_id = any(${lines}) and ${name} like ${'%' + tail + '%'}`, rank: sql.lit(RANK.prefix - 0.5) }
        : { where: sql<boolean>`t.model_line_id = any(${lines})`, rank: sql.lit(RANK.context) });
    }
  }
  // A query that is a kind of machine ('трактора', once for all its readings): its models. Only
  // a query of one word: in every split of a longer one ('кировец 744') a kind would cost each
  // statement's planning a few subqueries, for queries that rarely name one.
  const types = typesNaming(variants.filter((v) => !v.folded.includes(' ')));
  const kind = types ? sql<boolean>`t.model_line_id = any(array(select l.id from catalog_model_line l where l.technique_type_id in ${types}))` : null;
  // No typo arm: models are found with typos through their line's and maker's words (the typed
  // words are corrected to the catalogue's words first, search.server.ts); a typo check on every
  // model name costs tens of milliseconds at 10,000 models and finds little in names like 'К-744Р3'.
  const { rows } = await sql<ModelRow>`
    with top as (${topRanked('catalog_model', arms, limit, kind)})
    select m.id, m.name, m.slug, m.product_code, m.images -> 0 as image, l.id as line_id, l.slug as line_slug, l.name as line_name,
      c.slug as category_slug, mf.name as manufacturer, top.rank, top.total
    from top
    join catalog_model m on m.id = top.id
    join catalog_model_line l on l.id = m.model_line_id
    join catalog_manufacturer mf on mf.id = l.manufacturer_id
    join catalog_category c on c.id = l.category_id
    order by top.rank desc, ${ORDER_NAME('top')}, top.id`.execute(db);
  return rows;
}

export interface Vocabulary {
  /** Words typos are corrected to: those of categories, makers, lines and technique types, three letters or more. */
  known: string[];
  /** Every word of those names and of the models' names, each after a line break (search.rules.ts plausibleIn). */
  words: string;
}

/**
 * The catalogue's words, folded: a few hundred at 10,000 models (the models' names repeat their
 * words). search.server.ts keeps them in memory for a minute.
 */
export async function loadVocabulary(db: DB): Promise<Vocabulary> {
  const { rows } = await sql<{ word: string; known: boolean }>`
    select word, bool_or(known) as known from (
      select string_to_table(n.search_name, ' ') as word, true as known from (
        select search_name from catalog_category union all select search_name from catalog_manufacturer
        union all select search_name from catalog_model_line union all select search_fold(name) from catalog_technique_type
      ) n
      union all
      select string_to_table(search_name, ' '), false from catalog_model
    ) w
    where word <> ''
    group by word`.execute(db);
  const all = rows.map((r) => r.word).sort();
  return { known: rows.filter((r) => r.known && r.word.length >= 3).map((r) => r.word).sort(), words: `\n${all.join('\n')}` };
}
