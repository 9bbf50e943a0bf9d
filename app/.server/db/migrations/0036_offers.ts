import { sql, type Kysely } from 'kysely';

/**
 * Commercial offers (ADR 083). `offers_offer` is one offer to one client: its unguessable `hash`
 * (the client's link, 128 random bits), 1C's `external_id` (an import of the same id updates it,
 * never a second offer), the variant and source of spec §3, its branch, client and manager, the
 * currency (ISO 4217 numeric) and validity, its state, the current version and that version's total
 * (for the lists). `offers_version` keeps every version as it was sent, immutable: its content
 * (products, options, shipments, payments, delivery, documents; sums in minor units) and the
 * content's hash (an import that changes nothing makes no version).
 * Indexes: the staff's list by branch and by state, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table offers_offer (
      id integer generated always as identity primary key,
      hash text not null unique check (hash ~ '^[A-Za-z0-9_-]{22,64}$'),
      external_id text unique check (length(external_id) between 1 and 100),
      variant text not null check (variant in ('multi-technique', 'single-technique', 'spare-parts', 'engineer')),
      source text not null check (source in ('1C', '1C-QR', '1C-Personal', '1C-Personal-QR')),
      state text not null default 'sent' check (state in ('sent', 'accepted', 'cancelled')),
      branch_id integer not null references region_branch (id),
      client_name text not null,
      client_phone text not null,
      client_email text,
      manager_name text not null,
      folder text,
      currency_code integer not null,
      valid_until date not null,
      version integer not null default 1 check (version >= 1),
      total bigint not null check (total >= 0),
      created_at timestamptz not null default clock_timestamp(),
      updated_at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`create index offers_offer_branch on offers_offer (branch_id, id desc)`.execute(db);
  await sql`create index offers_offer_state on offers_offer (state, id desc)`.execute(db);
  await sql`
    create table offers_version (
      offer_id integer not null references offers_offer (id) on delete cascade,
      version integer not null check (version >= 1),
      content jsonb not null,
      content_hash text not null,
      created_at timestamptz not null default clock_timestamp(),
      primary key (offer_id, version)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists offers_version`.execute(db);
  await sql`drop table if exists offers_offer`.execute(db);
}
