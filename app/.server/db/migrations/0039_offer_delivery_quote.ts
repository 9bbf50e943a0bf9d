import { sql, type Kysely } from 'kysely';

/**
 * The carriers' delivery price of an offer (ADR 088): `offers_offer.delivery_quote` keeps the last
 * price the client's page asked for delivery to an address of his own (spec §7 get-delivery-price):
 * the address, the counts it was priced for, each product's price or the carrier's error. The total
 * and the client's diff read it while the address and the counts are the same; the manager sees the
 * error. Null: never asked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offers_offer add column delivery_quote jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offers_offer drop column delivery_quote`.execute(db);
}
