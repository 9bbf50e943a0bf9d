import { sql, type Kysely } from 'kysely';

/**
 * The parts pages (issue 9, points 2, 4, 5, 6, 8; ADR 033).
 *
 * - `parts_part.search_tsv`: the part's name for the `russian` text-search configuration (word
 *   forms: 'фильтра' finds 'Фильтр масляный'), a STORED generated column over `search_plain` of
 *   migration 0009 as the catalogue's names (ADR 021), with a GIN index taking entries directly
 *   (`fastupdate = off`, as 0010: no pending list read row by row).
 * - `parts_part_name`, `parts_part_code`: the /fp/ listing sorted by name or by number reads the
 *   first page in index order at a million parts instead of sorting them all; the id breaks ties.
 * - `parts_part_maker_category`: the part makers' filter inside a category path.
 *
 * No page-alias rows: a part's page path is derived from its number and id (`/parts/{slug}-{id}`,
 * parts/pages/part-link.rules.ts), a million rows in `content_page_alias` would say nothing more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table parts_part add column search_tsv tsvector generated always as (to_tsvector('russian'::regconfig, search_plain(name))) stored`.execute(db);
  await sql`create index parts_part_search_tsv on parts_part using gin (search_tsv) with (fastupdate = off)`.execute(db);
  await sql`create index parts_part_name on parts_part (name, id)`.execute(db);
  await sql`create index parts_part_code on parts_part (code_norm, id)`.execute(db);
  await sql`create index parts_part_maker_category on parts_part (manufacturer_id, category_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['parts_part_maker_category', 'parts_part_code', 'parts_part_name', 'parts_part_search_tsv']) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
  await sql`alter table parts_part drop column if exists search_tsv`.execute(db);
}
