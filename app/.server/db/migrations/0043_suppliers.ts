import { sql, type Kysely } from 'kysely';

/**
 * Supplier organisations and their people (issue 32, ADR 091).
 * - `suppliers_organisation`: the organisation and the rules its price lists are read by: the ways in
 *   it may use, its currency and lead time, its markups to our prices (`markup_rules`: ascending
 *   `[{ from, percent }]`, `from` in kopecks of the supplier's price), the share of changed prices above
 *   which a list waits for an employee instead of being published, and what becomes of the rows a
 *   full list no longer has.
 * - `suppliers_sender`: the addresses its letters come from, each of one organisation only (a letter
 *   is matched by its sender), kept lower-cased.
 * - `auth_user.supplier_organisation_id`: the organisation a supplier's user works for; every query
 *   of the cabinet takes it as its scope.
 * - `suppliers_api_token`: bearer tokens of its API, kept as SHA-256 digests (the token is shown once),
 *   revocable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table suppliers_organisation (
      id serial primary key,
      name text not null check (length(name) between 1 and 200),
      inn text check (inn ~ '^[0-9]{10}([0-9]{2})?$'),
      sources text[] not null default '{upload}' check (sources <@ array['mail', 'upload', 'api']::text[]),
      currency text not null default 'RUB' check (currency in ('RUB', 'KZT', 'USD', 'EUR', 'CNY')),
      lead_time_days integer not null default 0 check (lead_time_days between 0 and 365),
      markup_rules jsonb not null default '[]',
      auto_publish_max_change integer not null default 20 check (auto_publish_max_change between 0 and 100),
      missing_rows text not null default 'deactivate' check (missing_rows in ('deactivate', 'delete', 'keep')),
      created_at timestamptz not null default clock_timestamp(),
      updated_at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`create unique index suppliers_organisation_name on suppliers_organisation (lower(name))`.execute(db);
  await sql`
    create table suppliers_sender (
      email text primary key check (email = lower(email) and length(email) <= 254),
      organisation_id integer not null references suppliers_organisation (id) on delete cascade
    )`.execute(db);
  await sql`create index suppliers_sender_organisation on suppliers_sender (organisation_id)`.execute(db);
  await sql`alter table auth_user add column supplier_organisation_id integer references suppliers_organisation (id) on delete set null`.execute(db);
  await sql`create index auth_user_supplier_organisation on auth_user (supplier_organisation_id) where supplier_organisation_id is not null`.execute(db);
  await sql`
    create table suppliers_api_token (
      id serial primary key,
      organisation_id integer not null references suppliers_organisation (id) on delete cascade,
      name text not null check (length(name) between 1 and 100),
      token_hash text not null unique,
      token_prefix text not null,
      created_by integer references auth_user (id) on delete set null,
      created_at timestamptz not null default clock_timestamp(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index suppliers_api_token_organisation on suppliers_api_token (organisation_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists suppliers_api_token`.execute(db);
  await sql`alter table auth_user drop column if exists supplier_organisation_id`.execute(db);
  await sql`drop table if exists suppliers_sender`.execute(db);
  await sql`drop table if exists suppliers_organisation`.execute(db);
}
