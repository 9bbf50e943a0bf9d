import { sql } from 'kysely';
import { recordAudit } from '#app/.server/audit.ts';
import type { AppServices } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { QUESTIONNAIRE_MESSAGES as M, QUESTIONNAIRE_PATH, letterInvitationText } from './questionnaires.constants.ts';
import { respondentOf, type Editor } from './questionnaires.server.ts';

/*
 * A questionnaire linked from an order or an offer (ADR 103): an employee picks it on the order's
 * back-office page or in the offer editor; the customer's order and the client's offer page then
 * invite him to answer it ('Пройти опрос') until this respondent has. The pages compose this module
 * with the orders and the offers; the orders' and the offers' letters ask `letterInvitation` for
 * their line (ADR 107), this module still knowing neither of them.
 */

/** An order by its number; an offer by its id (its hash, the client's link, changes when it is sent again). */
export type LinkSubject = { kind: 'order'; number: string } | { kind: 'offer'; id: number; hash: string };

/** The advisory-lock namespace of links (a module's own number): one subject's changes queue. */
const LOCK_LINK = 7310093;

const refOf = (s: LinkSubject) => (s.kind === 'order' ? s.number : String(s.id));

/** The questionnaire's address with the subject it is about, which the response keeps (ADR 093). */
export function questionnaireHref(questionnaireId: number, subject: LinkSubject): string {
  return `${QUESTIONNAIRE_PATH}/${questionnaireId}?${subject.kind === 'order' ? `order=${encodeURIComponent(subject.number)}` : `offer=${subject.hash}`}`;
}

export interface LinkChoice {
  /** The linked questionnaire (it may have been unpublished since: then the customer sees nothing). */
  current: { id: number; title: string; published: boolean } | null;
  /** What an employee may choose: the published questionnaires, newest first. */
  options: Array<{ id: number; title: string }>;
}

/** The back-office's choice for an order or an offer. */
export async function linkChoice(services: AppServices, subject: LinkSubject): Promise<LinkChoice> {
  const [current, options] = await Promise.all([
    services.db.selectFrom('questionnaires_link as l').innerJoin('questionnaires_questionnaire as q', 'q.id', 'l.questionnaire_id')
      .select(['q.id', 'q.title', 'q.published'])
      .where('l.subject_kind', '=', subject.kind).where('l.subject_ref', '=', refOf(subject)).executeTakeFirst(),
    services.db.selectFrom('questionnaires_questionnaire').select(['id', 'title']).where('published', '=', true)
      .orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(200).execute(),
  ]);
  return { current: current ?? null, options };
}

export type LinkOutcome = { ok: true; message: string } | { ok: false; status: 400; message: string };

/**
 * Links a published questionnaire to the order or offer (null: removes the link), with its audit
 * record under the subject ('order.questionnaire' / 'offer.questionnaire', as the order's journal
 * reads it). Choosing what is already linked changes nothing and records nothing.
 */
export async function linkQuestionnaire(
  services: AppServices, editor: Editor, subject: LinkSubject, questionnaireId: number | null, ip: string | null,
): Promise<LinkOutcome> {
  const ref = refOf(subject);
  return services.db.transaction().execute(async (trx): Promise<LinkOutcome> => {
    let chosen: { id: number; title: string } | null = null;
    if (questionnaireId !== null) {
      // Read for share: an unpublication waits for this link, and a link waits for a running one.
      chosen = (await trx.selectFrom('questionnaires_questionnaire').select(['id', 'title'])
        .where('id', '=', questionnaireId).where('published', '=', true).forShare().executeTakeFirst()) ?? null;
      if (!chosen) return { ok: false, status: 400, message: M.linkUnpublished };
    }
    // One subject's changes one at a time, the first one too (a row lock would find no row to hold),
    // so that each audit record's 'before' is what the previous change left.
    await sql`select pg_advisory_xact_lock(${LOCK_LINK}::int, hashtext(${`${subject.kind}:${ref}`}))`.execute(trx);
    const before = await trx.selectFrom('questionnaires_link').select('questionnaire_id')
      .where('subject_kind', '=', subject.kind).where('subject_ref', '=', ref).executeTakeFirst();
    const was = before?.questionnaire_id ?? null;
    if (was === questionnaireId) return { ok: true, message: chosen ? M.linkSaved(chosen.title) : M.linkRemoved };
    if (chosen) {
      await trx.insertInto('questionnaires_link')
        .values({ subject_kind: subject.kind, subject_ref: ref, questionnaire_id: chosen.id, linked_by: editor.userId })
        .onConflict((oc) => oc.columns(['subject_kind', 'subject_ref']).doUpdateSet({ questionnaire_id: chosen.id, linked_by: editor.userId, linked_at: new Date() }))
        .execute();
    } else {
      await trx.deleteFrom('questionnaires_link').where('subject_kind', '=', subject.kind).where('subject_ref', '=', ref).execute();
    }
    await recordAudit(trx, {
      actor: editor, action: `${subject.kind}.questionnaire`, entity: subject.kind, entityId: subject.kind === 'order' ? subject.number : subject.hash,
      before: { questionnaire: was }, after: { questionnaire: chosen?.id ?? null }, ip,
    });
    return { ok: true, message: chosen ? M.linkSaved(chosen.title) : M.linkRemoved };
  });
}

export interface Invitation { questionnaireId: number; title: string; href: string }

/**
 * The invitations a customer's page shows: for each of the subjects, its linked questionnaire while
 * it is published and this respondent has not answered it (a respondent without an identity yet — a
 * guest's first visit — has answered nothing). Keyed by the order's number or the offer's id;
 * one statement for any number of subjects.
 */
export async function invitationsFor(services: AppServices, subjects: readonly LinkSubject[], respondent: string | null): Promise<Record<string, Invitation>> {
  const out: Record<string, Invitation> = {};
  if (!subjects.length) return out;
  const kinds = new Set(subjects.map((s) => s.kind));
  if (kinds.size !== 1) throw new Error('invitationsFor: one kind of subject at a time');
  const kind = subjects[0]!.kind;
  const bySubject = new Map(subjects.map((s) => [refOf(s), s]));
  const rows = await services.db.selectFrom('questionnaires_link as l').innerJoin('questionnaires_questionnaire as q', 'q.id', 'l.questionnaire_id')
    .select(['l.subject_ref', 'q.id', 'q.title'])
    .where('l.subject_kind', '=', kind).where('l.subject_ref', 'in', [...bySubject.keys()]).where('q.published', '=', true)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('questionnaires_response as r').select('r.id')
      .whereRef('r.questionnaire_id', '=', 'l.questionnaire_id').where('r.respondent', '=', respondent ?? ''))))
    .execute();
  for (const row of rows) {
    const subject = bySubject.get(row.subject_ref)!;
    out[row.subject_ref] = { questionnaireId: row.id, title: row.title, href: questionnaireHref(row.id, subject) };
  }
  return out;
}

/**
 * Who reads a letter, as far as his answer goes (ADR 107): an order's account (`userId`), or an
 * offer's client, a guest known by no account or browser, who has answered when any response came
 * by one of the offer's links (`offerHashes`: the current one and those it replaced).
 */
export type LetterReader = { userId: number | null } | { offerHashes: readonly string[] };

/**
 * The line a letter about the order or the offer carries (ADR 107): 'Пройти опрос «…»: {origin}/questionnaire/…'
 * with the subject the response keeps, or null — nothing linked, the questionnaire unpublished, or
 * the reader has answered it. Read with the letter's transaction (`db`), so the letter says what
 * the change it tells of commits with.
 */
export async function letterInvitation(db: DB, origin: string, subject: LinkSubject, reader: LetterReader): Promise<string | null> {
  const respondent = 'userId' in reader ? respondentOf(reader.userId, null) : null;
  const hashes = 'offerHashes' in reader ? [...new Set(reader.offerHashes)] : [];
  const row = await db.selectFrom('questionnaires_link as l').innerJoin('questionnaires_questionnaire as q', 'q.id', 'l.questionnaire_id')
    .select(['q.id', 'q.title'])
    .where('l.subject_kind', '=', subject.kind).where('l.subject_ref', '=', refOf(subject)).where('q.published', '=', true)
    .$if(respondent !== null || hashes.length > 0, (qb) => qb.where((eb) => eb.not(eb.exists(
      eb.selectFrom('questionnaires_response as r').select('r.id').whereRef('r.questionnaire_id', '=', 'l.questionnaire_id')
        .$if(respondent !== null, (rq) => rq.where('r.respondent', '=', respondent!))
        .$if(hashes.length > 0, (rq) => rq.where('r.offer_hash', 'in', hashes)),
    ))))
    .executeTakeFirst();
  return row ? letterInvitationText(row.title, `${origin}${questionnaireHref(row.id, subject)}`) : null;
}
