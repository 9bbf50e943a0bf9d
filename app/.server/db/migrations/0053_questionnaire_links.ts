import { sql, type Kysely } from 'kysely';

/**
 * A questionnaire linked from an order or an offer (ADR 103, issue 31 point 3): an employee picks
 * one on the back-office's order page or in the offer editor, and the customer's order and the
 * client's offer page invite him to answer it until he has. One questionnaire per order or offer:
 * the key is the subject — an order by its number (`АГ-2026-000123`, which never changes), an offer
 * by its id (its hash changes when it is sent again). Neither is a foreign key: the orders and the
 * offers are other modules' tables; a link to a deleted subject is never read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table questionnaires_link (
      subject_kind text not null check (subject_kind in ('order', 'offer')),
      subject_ref text not null check (
        (subject_kind = 'order' and subject_ref ~ '^АГ-[0-9]{4}-[0-9]{6,12}$') or (subject_kind = 'offer' and subject_ref ~ '^[1-9][0-9]{0,9}$')),
      questionnaire_id integer not null references questionnaires_questionnaire (id) on delete cascade,
      linked_by integer,
      linked_at timestamptz not null default clock_timestamp(),
      primary key (subject_kind, subject_ref)
    )`.execute(db);
  await sql`create index questionnaires_link_questionnaire on questionnaires_link (questionnaire_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists questionnaires_link`.execute(db);
}
