import { sql, type Kysely } from 'kysely';

/**
 * Background work in PostgreSQL (ADR 075): the `job` table, claimed with `for update skip locked`.
 *
 * - `key` is unique: enqueueing the same key twice makes one job (the second insert does nothing).
 * - `state`: queued → running (leased to `locked_by` until `locked_until`) → done, or back to
 *   queued with a later `run_at` after a failed try, or failed once `attempts` reaches
 *   `max_attempts` (kept, with `last_error`, until someone retries it).
 * - A running job whose lease ran out (its process was killed) is due again: the claim takes it.
 * - `outbox_reader`: the browser whose request enqueued the job, so the development outbox shows a
 *   letter sent in the background to that browser, as it did when the request sent it itself.
 * - Every insert notifies channel `job_enqueued` (once per statement, at commit), so a waiting
 *   runner starts at once instead of at its next poll.
 *
 * The letters' own retry bookkeeping goes: 'Написать нам' and the requests keep their delivery state
 * (written by their jobs); an order's letters are records, their delivery is the jobs'. Letters still
 * pending or failed become jobs, so none is lost by the change.
 *
 * The development outbox takes the job's key as its idempotency key: a letter re-sent after a lost
 * lease is written once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table job (
      id bigint primary key generated always as identity,
      kind text not null check (kind ~ '^[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)+$'),
      key text not null unique check (length(key) between 1 and 200),
      payload jsonb not null,
      state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
      run_at timestamptz not null default now(),
      attempts integer not null default 0 check (attempts >= 0),
      max_attempts integer not null default 8 check (max_attempts between 1 and 100),
      locked_until timestamptz,
      locked_by text,
      last_error text,
      outbox_reader text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz,
      check ((state = 'running') = (locked_until is not null))
    )`.execute(db);
  // The claim's two ways to be due: queued and its time has come; running and its lease ran out.
  await sql`create index job_queued on job (run_at, id) where state = 'queued'`.execute(db);
  await sql`create index job_running on job (locked_until) where state = 'running'`.execute(db);
  // The back-office list: by state and kind, newest first; the clean-up of finished jobs.
  await sql`create index job_state_kind on job (state, kind, id desc)`.execute(db);
  await sql`create index job_finished on job (finished_at) where state = 'done'`.execute(db);
  await sql`
    create function job_enqueued_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('job_enqueued', '');
      return null;
    end
    $$`.execute(db);
  await sql`create trigger job_enqueued after insert on job for each statement execute function job_enqueued_notify()`.execute(db);

  await sql`alter table auth_outbox add column idempotency_key text`.execute(db);
  await sql`create unique index auth_outbox_idempotency on auth_outbox (idempotency_key) where idempotency_key is not null`.execute(db);

  // Letters not yet delivered become jobs: queued when pending, kept failed when failed.
  await sql`
    insert into job (kind, key, payload, state, attempts, max_attempts, last_error, finished_at)
    select 'content.feedback-letter', 'content.feedback-letter:' || id, jsonb_build_object('feedbackId', id),
           case delivery_state when 'failed' then 'failed' else 'queued' end, delivery_attempts, greatest(delivery_attempts + 1, 8), delivery_error,
           case delivery_state when 'failed' then now() end
    from content_feedback where delivery_state <> 'sent'`.execute(db);
  await sql`
    insert into job (kind, key, payload, state, attempts, max_attempts, last_error, finished_at)
    select 'leads.request-letter', 'leads.request-letter:' || id, jsonb_build_object('requestId', id),
           case delivery_state when 'failed' then 'failed' else 'queued' end, delivery_attempts, greatest(delivery_attempts + 1, 8), delivery_error,
           case delivery_state when 'failed' then now() end
    from leads_request where delivery_state <> 'sent'`.execute(db);
  await sql`
    insert into job (kind, key, payload, state, attempts, max_attempts, last_error, finished_at)
    select case channel when 'sms' then 'sms.send' else 'mail.send' end, 'orders.mail:' || id,
           case channel
             when 'sms' then jsonb_build_object('to', recipient, 'text', body)
             else jsonb_strip_nulls(jsonb_build_object('to', recipient, 'subject', subject, 'text', body, 'html', html, 'staff', staff))
           end,
           case state when 'failed' then 'failed' else 'queued' end, attempts, greatest(attempts + 1, 8), error,
           case state when 'failed' then now() end
    from orders_mail where state <> 'sent'`.execute(db);

  await sql`drop index if exists content_feedback_pending`.execute(db);
  await sql`alter table content_feedback drop column delivery_attempts, drop column next_attempt_at`.execute(db);
  await sql`drop index if exists leads_request_pending`.execute(db);
  await sql`alter table leads_request drop column delivery_attempts, drop column next_attempt_at`.execute(db);
  await sql`drop index if exists orders_mail_due`.execute(db);
  await sql`alter table orders_mail drop column state, drop column attempts, drop column next_attempt_at, drop column sent_at, drop column error`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders_mail
      add column state text not null default 'sent' check (state in ('pending', 'sent', 'failed')),
      add column attempts integer not null default 0,
      add column next_attempt_at timestamptz not null default now(),
      add column sent_at timestamptz,
      add column error text`.execute(db);
  await sql`create index orders_mail_due on orders_mail (next_attempt_at) where state = 'pending'`.execute(db);
  await sql`alter table leads_request add column delivery_attempts integer not null default 0, add column next_attempt_at timestamptz not null default now()`.execute(db);
  await sql`create index leads_request_pending on leads_request (next_attempt_at) where delivery_state = 'pending'`.execute(db);
  await sql`alter table content_feedback add column delivery_attempts integer not null default 0, add column next_attempt_at timestamptz not null default now()`.execute(db);
  await sql`create index content_feedback_pending on content_feedback (next_attempt_at) where delivery_state = 'pending'`.execute(db);
  await sql`drop index if exists auth_outbox_idempotency`.execute(db);
  await sql`alter table auth_outbox drop column if exists idempotency_key`.execute(db);
  await sql`drop table if exists job`.execute(db);
  await sql`drop function if exists job_enqueued_notify()`.execute(db);
}
