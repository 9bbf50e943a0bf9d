import { sql, type Kysely } from 'kysely';

/**
 * Suppliers' price lists, matched to our parts and published (issue 32 §5–§6, ADR 096).
 * - `suppliers_file`: one price list that came in (uploaded, by mail or through the API), its state
 *   and what its processing found (`report`: counts per check code).
 * - `suppliers_position`: its rows as read, staged (numbered in reading order; `line`: the row's line
 *   in its file or sheet): the normalised code, the price in the list's
 *   currency, and the part it was matched to and how. A list is staged whole before anything shows.
 * - `suppliers_offer`: what the storefront shows, one row per organisation and part: written from a
 *   file's matched positions in one transaction (the swap), so a buyer never sees half a list.
 * - `suppliers_manual_match`: an employee's or the supplier's match of a code that matched nothing,
 *   remembered for the organisation's next lists.
 * - `suppliers_organisation.column_template`: how its files' columns are read, saved when the supplier
 *   confirms the columns of a list (`ColumnTemplate`, ADR 094); none: found by the headers' names.
 * - `suppliers_notification`: what the organisation is told (a list processed, held, failed, its
 *   prices jumped, a letter quarantined), shown in the cabinet and sent to its people by e-mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table suppliers_organisation add column column_template jsonb`.execute(db);
  await sql`
    create table suppliers_file (
      id serial primary key,
      organisation_id integer not null references suppliers_organisation (id) on delete cascade,
      source text not null check (source in ('upload', 'mail', 'api')),
      name text not null check (length(name) between 1 and 255),
      storage_key text,
      size_bytes bigint not null default 0 check (size_bytes >= 0),
      kind text not null default 'full' check (kind in ('full', 'delta')),
      state text not null default 'received' check (state in ('received', 'processing', 'held', 'published', 'failed')),
      report jsonb not null default '{}',
      rows_total integer not null default 0,
      rows_matched integer not null default 0,
      rows_bad integer not null default 0,
      created_by integer references auth_user (id) on delete set null,
      created_at timestamptz not null default clock_timestamp(),
      processed_at timestamptz,
      published_at timestamptz
    )`.execute(db);
  await sql`create index suppliers_file_organisation on suppliers_file (organisation_id, id desc)`.execute(db);
  await sql`
    create table suppliers_position (
      file_id integer not null references suppliers_file (id) on delete cascade,
      row_number integer not null,
      line integer,
      code text not null,
      code_norm text not null,
      brand text not null default '',
      name text not null default '',
      price bigint check (price >= 0),
      currency text,
      stock integer check (stock >= 0),
      multiplicity integer not null default 1 check (multiplicity >= 1),
      min_order integer not null default 1 check (min_order >= 1),
      lead_time_days integer check (lead_time_days between 0 and 365),
      problems text[] not null default '{}',
      part_id integer references parts_part (id) on delete set null,
      matched_by text check (matched_by in ('manual', 'code_brand', 'code', 'analog')),
      primary key (file_id, row_number),
      check ((part_id is null) = (matched_by is null))
    )`.execute(db);
  // The cabinet's lists of a file's unmatched positions and of those with problems.
  await sql`create index suppliers_position_unmatched on suppliers_position (file_id, row_number) where part_id is null`.execute(db);
  await sql`create index suppliers_position_problems on suppliers_position (file_id, row_number) where problems <> '{}'`.execute(db);
  await sql`
    create table suppliers_offer (
      organisation_id integer not null references suppliers_organisation (id) on delete cascade,
      part_id integer not null references parts_part (id) on delete cascade,
      price bigint not null check (price >= 0),
      currency text not null check (currency in ('RUB', 'KZT', 'USD', 'EUR', 'CNY')),
      stock integer check (stock >= 0),
      multiplicity integer not null default 1 check (multiplicity >= 1),
      min_order integer not null default 1 check (min_order >= 1),
      lead_time_days integer not null check (lead_time_days between 0 and 365),
      active boolean not null default true,
      file_id integer references suppliers_file (id) on delete set null,
      updated_at timestamptz not null default clock_timestamp(),
      primary key (organisation_id, part_id)
    )`.execute(db);
  // The storefront asks by part.
  await sql`create index suppliers_offer_part on suppliers_offer (part_id) where active`.execute(db);
  await sql`
    create table suppliers_manual_match (
      organisation_id integer not null references suppliers_organisation (id) on delete cascade,
      code_norm text not null,
      brand_norm text not null,
      part_id integer not null references parts_part (id) on delete cascade,
      created_by integer references auth_user (id) on delete set null,
      created_at timestamptz not null default clock_timestamp(),
      primary key (organisation_id, code_norm, brand_norm)
    )`.execute(db);
  await sql`
    create table suppliers_notification (
      id serial primary key,
      organisation_id integer not null references suppliers_organisation (id) on delete cascade,
      kind text not null check (kind in ('processed', 'held', 'failed', 'price_jump', 'quarantined')),
      file_id integer references suppliers_file (id) on delete cascade,
      text text not null check (length(text) between 1 and 2000),
      created_at timestamptz not null default clock_timestamp(),
      read_at timestamptz
    )`.execute(db);
  await sql`create index suppliers_notification_organisation on suppliers_notification (organisation_id, id desc)`.execute(db);
  // Kept pages show the offers: a publication drops them (ADR 070).
  await sql`create trigger suppliers_offer_changed after insert or update or delete or truncate on suppliers_offer for each statement execute function data_changed_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists suppliers_notification`.execute(db);
  await sql`drop table if exists suppliers_manual_match`.execute(db);
  await sql`drop table if exists suppliers_offer`.execute(db);
  await sql`drop table if exists suppliers_position`.execute(db);
  await sql`drop table if exists suppliers_file`.execute(db);
  await sql`alter table suppliers_organisation drop column if exists column_template`.execute(db);
}
