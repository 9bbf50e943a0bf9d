import { sql, type Kysely } from 'kysely';

/**
 * Search's GIN indexes (0009_search) take new entries straight into the index.
 *
 * By default (`fastupdate = on`) GIN collects new entries in a pending list that only VACUUM (or
 * the list outgrowing `gin_pending_list_limit`, 4 MB) merges into the index, and every search
 * reads that list row by row. The embedded PGlite never runs autovacuum, and a server may not
 * either: on the bench catalogue, seeded in bulk, all 10,108 models sat in the pending lists, so
 * each trigram or full-text lookup cost 1–2 ms and the planner preferred sequential scans; merged,
 * a lookup costs tens of microseconds (ADR 021). Catalogue writes are an editor's or an import's,
 * rare next to searches, so the slower direct insert is the right trade.
 *
 * The entries already pending are merged here (`gin_clean_pending_list`), so an existing database
 * gains the same at its next start.
 */
const INDEXES = [
  'catalog_category_search_name',
  'catalog_manufacturer_search_name',
  'catalog_model_line_search_name',
  'catalog_model_search_name',
  'catalog_model_search_code',
  'catalog_category_search_tsv',
  'catalog_model_line_search_tsv',
  'catalog_model_search_tsv',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) {
    await sql`alter index ${sql.id(index)} set (fastupdate = off)`.execute(db);
    await sql`select gin_clean_pending_list(${sql.lit(index)}::regclass)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await sql`alter index ${sql.id(index)} reset (fastupdate)`.execute(db);
}
