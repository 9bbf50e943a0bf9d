import { sql, type Kysely } from 'kysely';

/**
 * Requests become work (ADR 078): the service and financing requests beside the offer requests, the
 * work states staff move a request through, its assignee, and its own history.
 *
 * - `kind`: 'offer' (a commercial offer for a model), 'service' (a machine to repair: model, serial
 *   number, what is wrong), 'financing' (leasing or credit: model, price, term, advance).
 * - `details`: what the kind adds, as the visitor gave it (JSON; money in minor units with its
 *   currency). The model stays in `model_id` / `model_name`: for a service or financing request the
 *   name is what the visitor typed or picked, the id only when he picked a catalogue model.
 * - `status`: new → in_work → done, or rejected (with the reason in its event); `status_changed_at`.
 * - `assignee_id`: the staff member of the request's branch who works it.
 * - `leads_event`: what happened to a request and who did it (a status, an assignment, a comment),
 *   oldest first; the request's page reads it.
 * - Indexes: the list by branch, kind and status, newest first; a visitor's other requests by phone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table leads_request drop constraint if exists leads_request_kind_check`.execute(db);
  await sql`alter table leads_request drop constraint if exists leads_request_status_check`.execute(db);
  await sql`
    alter table leads_request
      add constraint leads_request_kind_check check (kind in ('offer', 'service', 'financing')),
      add constraint leads_request_status_check check (status in ('new', 'in_work', 'done', 'rejected')),
      add column details jsonb not null default '{}'::jsonb,
      add column assignee_id integer references auth_user (id) on delete set null,
      add column status_changed_at timestamptz`.execute(db);
  await sql`
    create table leads_event (
      id bigint primary key generated always as identity,
      request_id integer not null references leads_request (id) on delete cascade,
      kind text not null check (kind in ('status', 'assign', 'comment')),
      status text,
      note text not null default '',
      actor_id integer references auth_user (id) on delete set null,
      actor_name text not null,
      at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`create index leads_event_request on leads_event (request_id, id)`.execute(db);
  await sql`create index leads_request_branch_status on leads_request (branch_id, status, id desc)`.execute(db);
  await sql`create index leads_request_status on leads_request (status, id desc)`.execute(db);
  await sql`create index leads_request_phone on leads_request (phone)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists leads_request_phone`.execute(db);
  await sql`drop index if exists leads_request_status`.execute(db);
  await sql`drop index if exists leads_request_branch_status`.execute(db);
  await sql`drop table if exists leads_event`.execute(db);
  await sql`delete from leads_request where kind <> 'offer'`.execute(db);
  await sql`alter table leads_request drop constraint if exists leads_request_kind_check`.execute(db);
  await sql`alter table leads_request drop constraint if exists leads_request_status_check`.execute(db);
  await sql`update leads_request set status = 'new'`.execute(db);
  await sql`
    alter table leads_request
      drop column if exists details, drop column if exists assignee_id, drop column if exists status_changed_at,
      add constraint leads_request_kind_check check (kind in ('offer')),
      add constraint leads_request_status_check check (status in ('new'))`.execute(db);
}
