import { sql, type Kysely } from 'kysely';
import type { Database } from '#app/.server/db/schema.ts';
import type { Owner } from '#app/.server/visitor-owner.ts';

/* The invoice's SQL (ADR 074): the `orders_` tables only; the seller's requisites come from the regions. */

type Db = Kysely<Database>;

const ORDER_COLUMNS = [
  'o.id', 'o.number', 'o.name', 'o.phone', 'o.email', 'o.branch_id', 'o.delivery_method', 'o.delivery_price',
  'o.delivery_failed', 'o.currency', 'o.total', 'o.created_at',
] as const;

/** An order by its number, for its owner only (or, with owner null, for the print page). */
export function findInvoiceOrder(db: Db, number: string, owner: Owner | null) {
  let query = db.selectFrom('orders_order as o').select(ORDER_COLUMNS).where('o.number', '=', number);
  if (owner) query = query.where((eb) => (owner.userId !== undefined ? eb('o.user_id', '=', owner.userId) : eb('o.session_id', '=', owner.sessionId)));
  return query.executeTakeFirst();
}

export function invoiceLines(db: Db, orderId: number) {
  return db.selectFrom('orders_line').select(['code', 'name', 'count', 'price', 'line_total']).where('order_id', '=', orderId).orderBy('id').execute();
}

/** The VAT rates of a country (a handful of rows), their days as 'YYYY-MM-DD'. */
export async function vatRates(db: Db, countryCode: 'RU' | 'KZ') {
  const { rows } = await sql<{ country_code: 'RU' | 'KZ'; effective_from: string; rate_percent: number }>`
    select country_code, to_char(effective_from, 'YYYY-MM-DD') as effective_from, rate_percent
    from orders_vat_rate where country_code = ${countryCode}`.execute(db);
  return rows.map((r) => ({ countryCode: r.country_code, effectiveFrom: r.effective_from, ratePercent: Number(r.rate_percent) }));
}
