import { sql, type Kysely } from 'kysely';

/**
 * Versions of what editors write (ADR 100): every save or publication of an article, a vacancy or
 * a questionnaire leaves one immutable row here — the thing's edited fields as JSON, who saved it,
 * when, and whether it was published at that moment. Versions are numbered 1, 2, 3… per thing; the
 * next number is taken under the lock the saving transaction already holds on the thing's row.
 * Not watched (db/changes.ts): nothing the shop shows is read from here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table content_version (
      entity text not null check (entity in ('article', 'vacancy', 'questionnaire')),
      entity_id text not null check (length(entity_id) between 1 and 100),
      version integer not null check (version > 0),
      data jsonb not null,
      published boolean not null,
      author_id integer references auth_user (id) on delete set null,
      author_name text not null,
      restored_from integer check (restored_from > 0),
      created_at timestamptz not null default clock_timestamp(),
      primary key (entity, entity_id, version)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists content_version`.execute(db);
}
