import { sql, type Kysely } from 'kysely';

/**
 * Site search (issue: catalogue, point 5): the extensions, the two text functions the search module
 * matches with, and the indexes that keep search-as-you-type within its budget at 10,000 models.
 *
 * - `search_fold(text)`: the form names are compared in — lower case (ICU, so Cyrillic is lowered
 *   whatever the database's ctype), accents dropped and ё → е (`unaccent`), Latin letters that look
 *   like Cyrillic ones mapped to them (a 'K-744' typed with a Latin K finds 'К-744'), joining
 *   punctuation inside codes dropped ('К-744Р3' → 'к744р3'), any other punctuation a space.
 *   `search.rules.ts` `foldText` is the same function for the query; a test pins them together.
 * - `search_plain(text)`: lower case without accents, for the `russian` text-search configuration
 *   (word forms: 'трактора' finds 'Тракторы'), which needs real Russian letters.
 * - Both are IMMUTABLE wrappers (unaccent itself is only STABLE) so that expression indexes can use
 *   them; the dictionary is named with its schema so a changed search_path cannot break them.
 * - Generated columns on the catalogue's tables, read only by the search module: `search_name`
 *   (folded name; `search_code` for a model's product code) with GIN trigram indexes for LIKE '%…%'
 *   (prefixes while typing) and `<%` (word_similarity: typos such as 'тороктор'), and `search_tsv`
 *   with a GIN index for full text. The catalogue's inserts never name them; they cost a little on writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists fuzzystrmatch`.execute(db);

  await sql`
    create or replace function search_plain(value text) returns text
    language sql immutable strict parallel safe
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value) collate "und-x-icu") $$
  `.execute(db);
  await sql`
    create or replace function search_fold(value text) returns text
    language sql immutable strict parallel safe
    as $$
      select btrim(regexp_replace(regexp_replace(
        translate(public.search_plain(value), 'abcehkmoptxy', 'авсенкмортху'),
        '([0-9a-zа-я])[-./''’]+(?=[0-9a-zа-я])', '\\1', 'g'),
        '[^0-9a-zа-я]+', ' ', 'g'))
    $$
  `.execute(db);

  // Stored, not expression indexes alone: a query that cannot use an index (a model found through
  // its line and maker) then compares stored text instead of folding 10,000 names again.
  for (const table of ['catalog_category', 'catalog_manufacturer', 'catalog_model_line', 'catalog_model'] as const) {
    await sql`alter table ${sql.table(table)} add column search_name text generated always as (search_fold(name)) stored`.execute(db);
    await sql`create index ${sql.id(`${table}_search_name`)} on ${sql.table(table)} using gin (search_name gin_trgm_ops)`.execute(db);
  }
  await sql`alter table catalog_model add column search_code text generated always as (search_fold(product_code)) stored`.execute(db);
  await sql`create index catalog_model_search_code on catalog_model using gin (search_code gin_trgm_ops)`.execute(db);
  for (const table of ['catalog_category', 'catalog_model_line', 'catalog_model'] as const) {
    await sql`alter table ${sql.table(table)} add column search_tsv tsvector generated always as (to_tsvector('russian'::regconfig, search_plain(name))) stored`.execute(db);
    await sql`create index ${sql.id(`${table}_search_tsv`)} on ${sql.table(table)} using gin (search_tsv)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['catalog_category', 'catalog_manufacturer', 'catalog_model_line', 'catalog_model'] as const) {
    await sql`alter table ${sql.table(table)} drop column if exists search_name, drop column if exists search_tsv`.execute(db);
  }
  await sql`alter table catalog_model drop column if exists search_code`.execute(db);
  await sql`drop function if exists search_fold(text)`.execute(db);
  await sql`drop function if exists search_plain(text)`.execute(db);
}
