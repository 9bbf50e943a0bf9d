import { sql, type Kysely } from 'kysely';

/**
 * The back-office lists' sort keys (ADR 079), each read through an index in either direction, the
 * id breaking ties as the query does:
 * - /admin/orders by total: over all branches (the head office) and within one branch (everyone
 *   else's list is his branch's). By time it already had its indexes (0029).
 * - /admin/leads by the visitor's name. By time (the id) it already had its indexes (0023, 0031).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists orders_order_total on orders_order (total, id)`.execute(db);
  await sql`create index if not exists orders_order_branch_total on orders_order (branch_id, total, id)`.execute(db);
  await sql`create index if not exists leads_request_name on leads_request (name, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists leads_request_name`.execute(db);
  await sql`drop index if exists orders_order_branch_total`.execute(db);
  await sql`drop index if exists orders_order_total`.execute(db);
}
