import { sql, type Kysely } from 'kysely';

/**
 * The manager's editor (ADR 087).
 * - `offers_offer.state` gains 'draft': an offer made in the back-office that was never sent (it has
 *   no version yet; the client's link answers 404 until it is sent).
 * - `offers_offer.draft`: the manager's working copy of the content, for a new offer and for the next
 *   version of a sent one; sending turns it into a version and empties it.
 * - `created_by`, `sent_at`: who made the offer in the back-office and when it was last sent.
 * - `offers_old_hash`: the links an offer had before it was sent again (the link rotates on each new
 *   sending); an old link says the offer was re-sent, never where it went.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offers_offer drop constraint offers_offer_state_check`.execute(db);
  await sql`alter table offers_offer add constraint offers_offer_state_check check (state in ('draft', 'sent', 'accepted', 'cancelled'))`.execute(db);
  await sql`
    alter table offers_offer
      add column draft jsonb,
      add column created_by integer references auth_user (id) on delete set null,
      add column sent_at timestamptz`.execute(db);
  await sql`
    create table offers_old_hash (
      hash text primary key check (hash ~ '^[A-Za-z0-9_-]{22,64}$'),
      offer_id integer not null references offers_offer (id) on delete cascade,
      replaced_at timestamptz not null default clock_timestamp()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists offers_old_hash`.execute(db);
  await sql`alter table offers_offer drop column draft, drop column created_by, drop column sent_at`.execute(db);
  await sql`delete from offers_offer where state = 'draft'`.execute(db);
  await sql`alter table offers_offer drop constraint offers_offer_state_check`.execute(db);
  await sql`alter table offers_offer add constraint offers_offer_state_check check (state in ('sent', 'accepted', 'cancelled'))`.execute(db);
}
