import { sql, type Kysely } from 'kysely';

/**
 * Suppliers' letters read from the price-list mailbox (issue 32 §2, ADR 095).
 * - `suppliers_mailbox`: per mailbox (`host/user/folder`), its UIDVALIDITY and the highest UID taken,
 *   and a lease (`locked_until`) so two intakes do not read one mailbox at once.
 * - `suppliers_letter`: each message taken, once: unique by (mailbox, uidvalidity, uid). Of an
 *   organisation (its registered sender) or of none (quarantined for employees); `failed` when refused
 *   (too large, too many attachments, unreadable) with the reason.
 * - `suppliers_letter_attachment`: its files, kept in the `pricelists` storage area under a key made
 *   here; `received` waits for the price-list reading, `quarantined` for an employee, `refused` was not kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table suppliers_mailbox (
      mailbox text primary key check (length(mailbox) <= 500),
      uidvalidity bigint not null default 0,
      last_uid bigint not null default 0,
      locked_until timestamptz,
      checked_at timestamptz
    )`.execute(db);
  await sql`
    create table suppliers_letter (
      id serial primary key,
      organisation_id integer references suppliers_organisation (id) on delete cascade,
      mailbox text not null,
      uidvalidity bigint not null,
      uid bigint not null,
      from_address text not null check (length(from_address) <= 254),
      from_name text check (length(from_name) <= 200),
      subject text not null default '' check (length(subject) <= 500),
      message_id text check (length(message_id) <= 500),
      sent_at timestamptz,
      received_at timestamptz not null default clock_timestamp(),
      size integer not null default 0,
      state text not null check (state in ('accepted', 'quarantined', 'failed')),
      reason text check (length(reason) <= 500),
      unique (mailbox, uidvalidity, uid)
    )`.execute(db);
  await sql`create index suppliers_letter_organisation on suppliers_letter (organisation_id, id desc) where organisation_id is not null`.execute(db);
  await sql`create index suppliers_letter_quarantined on suppliers_letter (id desc) where organisation_id is null`.execute(db);
  await sql`
    create table suppliers_letter_attachment (
      id serial primary key,
      letter_id integer not null references suppliers_letter (id) on delete cascade,
      file_name text not null check (length(file_name) between 1 and 200),
      content_type text not null check (length(content_type) <= 200),
      size integer not null check (size >= 0),
      sha256 text,
      storage_key text,
      state text not null check (state in ('received', 'quarantined', 'refused', 'processed', 'failed')),
      reason text check (length(reason) <= 500)
    )`.execute(db);
  await sql`create index suppliers_letter_attachment_letter on suppliers_letter_attachment (letter_id)`.execute(db);
  await sql`create index suppliers_letter_attachment_received on suppliers_letter_attachment (id) where state = 'received'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists suppliers_letter_attachment`.execute(db);
  await sql`drop table if exists suppliers_letter`.execute(db);
  await sql`drop table if exists suppliers_mailbox`.execute(db);
}
