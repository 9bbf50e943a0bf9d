import { sql, type Kysely } from 'kysely';

/**
 * The client's side of an offer (ADR 086).
 * - `offers_offer.diff`: the client's changes not yet reviewed, against the current version (the
 *   §3 Diff, kept whole and replaced on each save under the offer's row lock); `read_only` from the
 *   manager; the acceptance (version, time, the order it became); views counted by the page's
 *   script (first, last, how many) and when the manager was last told of one; `last_event` for the
 *   client's page.
 * - `offers_action`: every change the client saved, typed (what, which product and option, from,
 *   to, when, from which version, the browser), and what the manager decided about it.
 * - `offers_acceptance`: the simple electronic signature: which version, the phone its SMS code
 *   went to, the code's record, when, the browser and address. One per offer.
 * - `auth_code.purpose` gains 'offer_accept' (the acceptance's SMS code).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table offers_offer
      add column diff jsonb not null default '{}'::jsonb,
      add column read_only boolean not null default false,
      add column accepted_version integer,
      add column accepted_at timestamptz,
      add column order_id integer references orders_order (id),
      add column first_viewed_at timestamptz,
      add column last_viewed_at timestamptz,
      add column views integer not null default 0,
      add column view_notified_at timestamptz,
      add column last_event jsonb`.execute(db);
  await sql`
    create table offers_action (
      id bigint generated always as identity primary key,
      offer_id integer not null references offers_offer (id) on delete cascade,
      version integer not null,
      kind text not null check (kind in ('count', 'option', 'fast_delivery', 'commissioning', 'payment', 'delivery', 'use_cases', 'comment')),
      product_id text,
      option_id text,
      before jsonb,
      after jsonb,
      user_agent text not null default '',
      at timestamptz not null default clock_timestamp(),
      decision text check (decision in ('accepted', 'declined')),
      decided_at timestamptz,
      decided_by text
    )`.execute(db);
  await sql`create index offers_action_offer on offers_action (offer_id, id)`.execute(db);
  await sql`
    create table offers_acceptance (
      offer_id integer primary key references offers_offer (id) on delete cascade,
      version integer not null,
      phone text not null,
      code_id integer not null,
      user_agent text not null default '',
      ip text,
      signed_at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`alter table auth_code drop constraint auth_code_purpose_check`.execute(db);
  await sql`alter table auth_code add constraint auth_code_purpose_check check (purpose in ('registration', 'reset', 'phone_change', 'offer_accept'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table auth_code drop constraint auth_code_purpose_check`.execute(db);
  await sql`alter table auth_code add constraint auth_code_purpose_check check (purpose in ('registration', 'reset', 'phone_change'))`.execute(db);
  await sql`drop table if exists offers_acceptance`.execute(db);
  await sql`drop table if exists offers_action`.execute(db);
  await sql`
    alter table offers_offer
      drop column diff, drop column read_only, drop column accepted_version, drop column accepted_at, drop column order_id,
      drop column first_viewed_at, drop column last_viewed_at, drop column views, drop column view_notified_at, drop column last_event`.execute(db);
}
