import { sql, type Kysely } from 'kysely';

/**
 * The company's side (ADR 073): the staff roles beyond the spec's four flags, the branch an
 * employee works for, and the audit log of what staff change.
 *
 * - `is_branch_manager`, `is_content_editor`, `is_administrator`: roles as the spec's flags are
 *   (columns of the user, read with the session); what each allows is the capability table in code
 *   (app/modules/auth/capabilities.rules.ts), not the database.
 * - `staff_branch_id`: the branch whose orders and requests an employee or a branch manager works;
 *   null for the head office, which sees every branch.
 * - `audit_log`: who (the user, his name at the time), when, what (an action on an entity by id) and
 *   the record before and after, written in the transaction of the change itself. Rows are never
 *   updated; the indexes serve the filters of /admin/audit (newest first, by actor, by entity).
 *   `at` is the moment of the write (clock_timestamp), not the transaction's start: a change that
 *   waited for a lock is recorded after the one it waited for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table auth_user
      add column is_branch_manager boolean not null default false,
      add column is_content_editor boolean not null default false,
      add column is_administrator boolean not null default false,
      add column staff_branch_id integer references region_branch (id) on delete set null`.execute(db);
  await sql`
    create table audit_log (
      id bigint primary key generated always as identity,
      at timestamptz not null default clock_timestamp(),
      actor_id integer references auth_user (id) on delete set null,
      actor_name text not null,
      action text not null check (action ~ '^[a-z_]+\.[a-z_]+$'),
      entity text not null check (entity ~ '^[a-z_]+$'),
      entity_id text not null,
      before jsonb,
      after jsonb,
      ip text
    )`.execute(db);
  await sql`create index audit_log_at on audit_log (at desc, id desc)`.execute(db);
  await sql`create index audit_log_actor on audit_log (actor_id, at desc)`.execute(db);
  await sql`create index audit_log_entity on audit_log (entity, entity_id, at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists audit_log`.execute(db);
  await sql`
    alter table auth_user
      drop column if exists staff_branch_id,
      drop column if exists is_administrator,
      drop column if exists is_content_editor,
      drop column if exists is_branch_manager`.execute(db);
}
