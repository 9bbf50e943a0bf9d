import { sql, type Kysely } from 'kysely';

/**
 * Drafts of what editors change on the site (ADR 081): a page, a promotion or a branch's contacts
 * and requisites, kept as the editor left them until published or discarded. One row per thing
 * (`entity`, `entity_id`); a promotion not yet published is `promotion` / `new:<author id>`.
 * `data` holds the edited fields as the editor's form sent them, checked by the same schema that
 * publishing checks. Not watched (db/changes.ts): nothing the shop shows is read from here.
 *
 * A promotion may have a picture: an uploaded image (ADR 077) by its id and size, all three or none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table content_draft (
      entity text not null check (entity in ('page', 'promotion', 'branch')),
      entity_id text not null check (length(entity_id) between 1 and 100),
      data jsonb not null,
      author_id integer references auth_user (id) on delete set null,
      author_name text not null,
      updated_at timestamptz not null default clock_timestamp(),
      primary key (entity, entity_id)
    )`.execute(db);
  await sql`
    alter table content_promotion
      add column image_id text check (image_id ~ '^[0-9a-f]{32}$'),
      add column image_width integer check (image_width > 0),
      add column image_height integer check (image_height > 0),
      add constraint content_promotion_image check ((image_id is null) = (image_width is null) and (image_id is null) = (image_height is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table content_promotion drop column if exists image_id, drop column if exists image_width, drop column if exists image_height`.execute(db);
  await sql`drop table if exists content_draft`.execute(db);
}
