import { sql, type Kysely } from 'kysely';

/**
 * Orders become work (ADR 075): the statuses staff move an order through, its history, prices named
 * for 'по запросу' lines and the customer's confirmation of them, and the indexes of the
 * back-office's filters.
 *
 * - Statuses: new → in_work → assembled → shipped (delivery) or issued (pickup) → closed, and
 *   cancelled (with a reason). The earlier codes map onto them.
 * - `prices_pending_confirmation`: a price was named for a line after the order was made; the
 *   customer confirms in 'Мои заказы' before the order is assembled.
 * - `orders_event`: what happened to an order and who did it (a status, a price, the confirmation),
 *   oldest first; the customer's history and the back-office's read it.
 * - Indexes: by branch and by status, newest first; by phone, e-mail and a line's part number
 *   (normalised as the parts module does), so every filter of /admin/orders is an index scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders_order drop constraint if exists orders_order_status_check`.execute(db);
  await sql`
    update orders_order set status = case status
      when 'confirmed' then 'in_work' when 'assembling' then 'in_work' when 'ready' then 'assembled'
      when 'completed' then 'closed' else status end`.execute(db);
  await sql`
    alter table orders_order
      add constraint orders_order_status_check check (status in ('new', 'in_work', 'assembled', 'shipped', 'issued', 'closed', 'cancelled')),
      add column prices_pending_confirmation boolean not null default false,
      add column status_changed_at timestamptz`.execute(db);
  await sql`
    create table orders_event (
      id bigint primary key generated always as identity,
      order_id integer not null references orders_order (id) on delete cascade,
      kind text not null check (kind in ('status', 'price', 'confirmed')),
      status text,
      note text not null default '',
      actor_id integer references auth_user (id) on delete set null,
      actor_name text not null,
      at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`create index orders_event_order on orders_event (order_id, id)`.execute(db);
  await sql`create index orders_order_branch_created on orders_order (branch_id, created_at desc, id desc)`.execute(db);
  await sql`create index orders_order_status_created on orders_order (status, created_at desc, id desc)`.execute(db);
  await sql`create index orders_order_created on orders_order (created_at desc, id desc)`.execute(db);
  await sql`create index orders_order_phone on orders_order (phone)`.execute(db);
  await sql`create index orders_order_email on orders_order (lower(email))`.execute(db);
  await sql`create index orders_line_code_norm on orders_line (parts_code_norm(code), order_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_line_code_norm`.execute(db);
  await sql`drop index if exists orders_order_email`.execute(db);
  await sql`drop index if exists orders_order_phone`.execute(db);
  await sql`drop index if exists orders_order_created`.execute(db);
  await sql`drop index if exists orders_order_status_created`.execute(db);
  await sql`drop index if exists orders_order_branch_created`.execute(db);
  await sql`drop table if exists orders_event`.execute(db);
  await sql`alter table orders_order drop constraint if exists orders_order_status_check`.execute(db);
  await sql`alter table orders_order drop column if exists prices_pending_confirmation, drop column if exists status_changed_at`.execute(db);
  await sql`update orders_order set status = case status when 'in_work' then 'confirmed' when 'assembled' then 'ready' when 'issued' then 'completed' when 'closed' then 'completed' else status end`.execute(db);
  await sql`alter table orders_order add constraint orders_order_status_check check (status in ('new', 'confirmed', 'assembling', 'ready', 'shipped', 'completed', 'cancelled'))`.execute(db);
}
