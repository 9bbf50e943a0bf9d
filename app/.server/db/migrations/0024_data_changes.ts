import { sql, type Kysely } from 'kysely';

/**
 * Kept data hears about changes (ADR 070): every statement that writes one of the reference and
 * catalogue tables below tells the listeners of channel `data_changed` which table it wrote, by a
 * statement-level trigger, whoever the writer is (this shop's processes, an import, psql). PostgreSQL
 * sends a notification only when the transaction commits and sends one per distinct table per
 * transaction, so a bulk import is a handful of notifications, not one per row.
 *
 * The tables of visitors (sessions, carts, marks, orders, limits) are not watched: nothing kept
 * depends on them, and their writes would only empty the caches.
 */
const WATCHED = [
  'region_country', 'region_area', 'region_branch',
  'catalog_category', 'catalog_banner', 'catalog_technique_type', 'catalog_manufacturer', 'catalog_model_line',
  'catalog_specification', 'catalog_model', 'catalog_model_spec', 'catalog_model_branch',
  'content_page', 'content_page_alias', 'content_promotion',
  'parts_manufacturer', 'parts_category', 'parts_part', 'parts_part_branch', 'parts_analog', 'parts_supersession',
  'parts_drawing', 'parts_drawing_position', 'parts_name',
  'delivery_terminal', 'delivery_tariff',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function data_changed_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('data_changed', tg_table_name);
      return null;
    end
    $$`.execute(db);
  for (const table of WATCHED) {
    await sql`create trigger ${sql.id(`${table}_changed`)} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function data_changed_notify()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of WATCHED) {
    await sql`drop trigger if exists ${sql.id(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists data_changed_notify()`.execute(db);
}
