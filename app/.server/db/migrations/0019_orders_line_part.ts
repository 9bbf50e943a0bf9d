import { sql, type Kysely } from 'kysely';

/**
 * Parts ordered together (the cart's recommendations, spec §7 `GET /api/cart/rec-items`): the orders
 * that hold a part are read newest first from this index, then their other lines by `order_id`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_line_part on orders_line (part_id, order_id desc) where part_id is not null`.execute(db);
}
