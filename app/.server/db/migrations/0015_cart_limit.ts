import { sql, type Kysely } from 'kysely';

/**
 * The customer's credit limit shown in the cart (issue 10 point 4; spec §3 'Cart limit: total, used,
 * days (default zeros)', §5 'Remaining limit balance = limit total minus used minus total of checked
 * items, not below 0'). ADR 038.
 *
 * - `cart_customer_limit`: at most one row per user, written by the accounting exchange (1C) when it
 *   lands; no row reads as zeros. Money as ADR 004: bigint minor units with the limit's currency
 *   (a customer of a Kazakh branch has his limit in tenge). `days`: the payment term of the credit.
 *   `used` may exceed `total` (an overdue customer); the balance is then 0, never negative.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cart_customer_limit (
      user_id integer primary key references auth_user (id) on delete cascade,
      currency text not null default 'RUB' check (currency in ('RUB', 'USD', 'EUR', 'KZT', 'CNY')),
      total bigint not null default 0 check (total >= 0),
      used bigint not null default 0 check (used >= 0),
      days integer not null default 0 check (days between 0 and 3650),
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists cart_customer_limit`.execute(db);
}
