import { sql, type Kysely } from 'kysely';

/**
 * A price list's positions by normalised code (ADR 108): the price-jump check asks the previous
 * list's prices of each chunk's codes, so a supplier's previous list is never loaded whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index suppliers_position_code on suppliers_position (file_id, code_norm)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists suppliers_position_code`.execute(db);
}
