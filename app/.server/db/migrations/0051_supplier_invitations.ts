import { sql, type Kysely } from 'kysely';

/**
 * Invitations of people without an account to a supplier organisation (issue 32 §1, ADR 101): an
 * employee adds an e-mail nobody registered; the person gets a letter with a link holding a random
 * token (kept as its SHA-256 digest) that works once and until `expires_at`. Taking it (`accepted_at`,
 * `accepted_by`) is one conditional update, so parallel uses of one link attach the account once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table suppliers_invitation (
      id serial primary key,
      organisation_id integer not null references suppliers_organisation (id) on delete cascade,
      email text not null check (length(email) between 3 and 254),
      token_digest text not null unique check (length(token_digest) = 64),
      invited_by integer references auth_user (id) on delete set null,
      created_at timestamptz not null default clock_timestamp(),
      expires_at timestamptz not null,
      accepted_at timestamptz,
      accepted_by integer references auth_user (id) on delete set null
    )`.execute(db);
  await sql`create index suppliers_invitation_organisation on suppliers_invitation (organisation_id, email)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists suppliers_invitation`.execute(db);
}
