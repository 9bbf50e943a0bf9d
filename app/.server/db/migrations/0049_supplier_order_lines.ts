import { sql, type Kysely } from 'kysely';

/**
 * Parts ordered from a supplier's offer (issue 32 §6, ADR 099).
 * - `cart_item.from_supplier`: the line is to be ordered from the best supplier's offer of the part
 *   ('под заказ, N дней'), not from the branch's stock. One line per owner and part still: the
 *   visitor's last choice of where the part comes from is the line's.
 * - `orders_line.supplier_organisation_id`, `orders_line.lead_time_days`: the supplier organisation
 *   whose offer the line was ordered from and its lead time then. A plain id, no foreign key: the
 *   orders module keeps no reference to the suppliers' tables, and an order outlives a supplier.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cart_item add column from_supplier boolean not null default false`.execute(db);
  await sql`alter table orders_line add column supplier_organisation_id integer`.execute(db);
  await sql`alter table orders_line add column lead_time_days integer check (lead_time_days is null or lead_time_days between 0 and 3650)`.execute(db);
  await sql`alter table orders_line add constraint orders_line_supplier_lead check ((supplier_organisation_id is null) = (lead_time_days is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders_line drop constraint orders_line_supplier_lead`.execute(db);
  await sql`alter table orders_line drop column lead_time_days`.execute(db);
  await sql`alter table orders_line drop column supplier_organisation_id`.execute(db);
  await sql`alter table cart_item drop column from_supplier`.execute(db);
}
