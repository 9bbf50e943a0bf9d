import { sql, type Kysely } from 'kysely';

/**
 * Issue 28 (ADR 066):
 * - a part 'цена по запросу' is ordered as a line asking for a price: `orders_line.price` and
 *   `line_total` are null for it (both or neither), and the order's totals leave it out;
 * - the customer's letter goes to the account's confirmed address, or as an SMS to its confirmed
 *   phone (`channel`); an e-mail carries an HTML part beside the text (`html`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders_line alter column price drop not null, alter column line_total drop not null`.execute(db);
  await sql`alter table orders_line add constraint orders_line_price_on_request check ((price is null) = (line_total is null))`.execute(db);
  await sql`alter table orders_mail add column channel text not null default 'email' check (channel in ('email', 'sms')), add column html text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders_mail drop column html, drop column channel`.execute(db);
  await sql`delete from orders_line where price is null`.execute(db);
  await sql`alter table orders_line drop constraint orders_line_price_on_request`.execute(db);
  await sql`alter table orders_line alter column price set not null, alter column line_total set not null`.execute(db);
}
