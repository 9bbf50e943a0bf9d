import { sql, type Kysely } from 'kysely';

/**
 * 'Моя техника', the machinery yard (issue 9, point 9; ADR 034): the machines a signed-in user keeps
 * (a catalogue model, its serial number, optionally the year and his own name for it), each opening
 * its line's parts catalogue filtered to that serial number.
 *
 * - Owned by a user (cascade: an account that goes takes its yard along) and naming a catalogue
 *   model (cascade, as the favourites: a model the catalogue drops leaves no dangling machine).
 * - The checks repeat the form's rules as far as SQL can hold them without the clock: a serial of
 *   1–32 characters without control characters, trimmed; a year in 1950–2100 (the form's upper
 *   bound, next year, moves with the clock); a name of 1–80 characters or none.
 * - One machine per user, model and serial number (a double submit cannot make two); the unique
 *   index begins with the user, so it also serves the list of a user's machines. The limit of
 *   machines per user is kept by the use-case under a per-user advisory lock (ADR 034).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table parts_machine (
      id integer generated always as identity primary key,
      user_id integer not null references auth_user (id) on delete cascade,
      model_id integer not null references catalog_model (id) on delete cascade,
      serial_number text not null
        check (length(serial_number) between 1 and 32 and serial_number = btrim(serial_number) and serial_number !~ '[[:cntrl:]]'),
      year smallint check (year between 1950 and 2100),
      name text check (name is null or (length(name) between 1 and 80 and name !~ '[[:cntrl:]]')),
      created_at timestamptz not null default now(),
      constraint parts_machine_user_model_serial unique (user_id, model_id, serial_number)
    )`.execute(db);
  // The picker and the list read a user's machines newest first.
  await sql`create index parts_machine_user on parts_machine (user_id, created_at desc, id desc)`.execute(db);
  // A model dropped from the catalogue finds its machines (the cascade) without a scan.
  await sql`create index parts_machine_model on parts_machine (model_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists parts_machine`.execute(db);
}
