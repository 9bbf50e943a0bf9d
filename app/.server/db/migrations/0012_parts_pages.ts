import { sql, type Kysely } from 'kysely';

/**
 * The parts pages (issue 9, points 2, 4, 5, 6, 8; ADR 033).
 *
 * - `parts_name`: every distinct part name once, with `search_tsv`, the name for the `russian`
 *   text-search configuration (word forms: 'фильтра' finds 'Фильтр масляный'), a STORED generated
 *   column over `search_plain` of migration 0009 as the catalogue's names (ADR 021), with a GIN index
 *   taking entries directly (`fastupdate = off`, as 0010). A million parts carry a few thousand
 *   names: a word as common as 'фильтр' matches hundreds of names here where it matched a sixth of
 *   the parts (a bitmap of 170,000 rows, 40 ms a keystroke); the parts of the names found are then
 *   read by `parts_part_name`. Statement-level triggers with transition tables add the names of
 *   inserted and renamed parts in one statement per write (an INSERT … SELECT of a million rows adds
 *   one grouped insert); a name no part carries any more finds nothing and does no harm.
 * - `parts_part_name`, `parts_part_code`: the /fp/ listing sorted by name or by number reads the
 *   first page in index order at a million parts instead of sorting them all; the id breaks ties.
 *   `parts_part_category_name`, `parts_part_category_code`: the same within each category of a path.
 * - `parts_part_maker_category`: the part makers' filter inside a category path.
 *
 * No page-alias rows: a part's page path is derived from its number and id (`/parts/{slug}-{id}`,
 * parts/pages/part-link.rules.ts), a million rows in `content_page_alias` would say nothing more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table parts_name (
      name text primary key,
      search_tsv tsvector generated always as (to_tsvector('russian'::regconfig, search_plain(name))) stored
    )`.execute(db);
  await sql`create index parts_name_search_tsv on parts_name using gin (search_tsv) with (fastupdate = off)`.execute(db);
  await sql`
    create function parts_name_collect() returns trigger language plpgsql as $$
    begin
      insert into parts_name (name) select distinct name from parts_new_rows on conflict do nothing;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger parts_part_names_insert after insert on parts_part referencing new table as parts_new_rows for each statement execute function parts_name_collect()`.execute(db);
  await sql`create trigger parts_part_names_update after update on parts_part referencing new table as parts_new_rows for each statement execute function parts_name_collect()`.execute(db);
  await sql`insert into parts_name (name) select distinct name from parts_part on conflict do nothing`.execute(db);
  await sql`create index parts_part_name on parts_part (name, id)`.execute(db);
  await sql`create index parts_part_code on parts_part (code_norm, id)`.execute(db);
  await sql`create index parts_part_category_name on parts_part (category_id, name, id)`.execute(db);
  await sql`create index parts_part_category_code on parts_part (category_id, code_norm, id)`.execute(db);
  await sql`create index parts_part_maker_category on parts_part (manufacturer_id, category_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['parts_part_maker_category', 'parts_part_category_code', 'parts_part_category_name', 'parts_part_code', 'parts_part_name']) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
  await sql`drop trigger if exists parts_part_names_update on parts_part`.execute(db);
  await sql`drop trigger if exists parts_part_names_insert on parts_part`.execute(db);
  await sql`drop function if exists parts_name_collect()`.execute(db);
  await sql`drop table if exists parts_name`.execute(db);
}
