import { sql, type Kysely } from 'kysely';

/**
 * The machines of a kind in the search's order of ties (ADR 067): 'трактор' finds the lines of the
 * technique type and their models, thousands at 10,000 models, all ranked alike; the search reads
 * only the first few in the order of ties (folded name in code point order, the name in Russian
 * order, the id) and counts the rest. These indexes hold exactly those columns after the line or
 * the type, so both are index-only scans: without them each search of a kind read every model of
 * the kind from the table to sort it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index catalog_model_line_order on catalog_model (model_line_id, search_name collate "C", name collate "und-x-icu", id)`.execute(db);
  await sql`create index catalog_model_line_type_order on catalog_model_line (technique_type_id, search_name collate "C", name collate "und-x-icu", id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists catalog_model_line_type_order`.execute(db);
  await sql`drop index if exists catalog_model_line_order`.execute(db);
}
