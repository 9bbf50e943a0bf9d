import { sql, type Kysely } from 'kysely';

/**
 * Documents uploaded in the manager's offer editor (ADR 102): a file checked by its content and kept
 * in the file storage (`attachments` area, `offers/{offer id}/{uuid}`), named here so that an offer's
 * content may only point at its own files. A duplicate of an offer gets rows of its own for the same
 * stored files (files are never rewritten, so sharing them is safe).
 *
 * A catalogue model's options (ADR 102): the list a manager's offer starts with when the model is
 * added to it — name, price in kopecks, required or not, and the rules 'requires' / 'excludes'
 * between them — kept as one document per model, as an offer keeps its options, validated by one
 * schema (`catalog/model-options.schema.ts`); apart from `catalog_model` so the catalogue's import
 * and demo seed never touch it.
 *
 * Exchange rates (ADR 102): roubles for one unit of a currency (× 10 000), in force from a day, set by
 * staff; an offer in USD, EUR or CNY gets the carriers' delivery price converted with the day's rates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table offers_file (
      offer_id integer not null references offers_offer (id) on delete cascade,
      id uuid not null,
      key text not null,
      name text not null check (length(name) between 1 and 200),
      mime text not null,
      size integer not null check (size > 0),
      sha256 text not null,
      created_by integer references auth_user (id) on delete set null,
      created_at timestamptz not null default clock_timestamp(),
      primary key (offer_id, id)
    )`.execute(db);
  await sql`
    create table catalog_model_options (
      model_id integer primary key references catalog_model (id) on delete cascade,
      options jsonb not null default '[]' check (jsonb_typeof(options) = 'array'),
      updated_at timestamptz not null default clock_timestamp(),
      updated_by integer references auth_user (id) on delete set null
    )`.execute(db);
  await sql`
    create table financing_exchange_rate (
      currency text not null check (currency in ('USD', 'EUR', 'CNY', 'KZT')),
      from_date date not null,
      rub_e4 bigint not null check (rub_e4 > 0 and rub_e4 <= 100000000000),
      created_by integer references auth_user (id) on delete set null,
      created_at timestamptz not null default clock_timestamp(),
      primary key (currency, from_date)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists financing_exchange_rate`.execute(db);
  await sql`drop table if exists catalog_model_options`.execute(db);
  await sql`drop table if exists offers_file`.execute(db);
}
