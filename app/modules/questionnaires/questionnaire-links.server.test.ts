import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFilter, listAudit } from '#app/.server/audit.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { SERVICE_SURVEY } from './data/service-survey.ts';
import { invitationsFor, linkChoice, linkQuestionnaire, questionnaireHref, type LinkSubject } from './questionnaire-links.server.ts';
import { QUESTIONNAIRE_MESSAGES } from './questionnaires.constants.ts';
import { newRespondentCookie, respondentOf, saveQuestionnaire, submitResponse } from './questionnaires.server.ts';

/*
 * A questionnaire linked from an order or an offer (ADR 103) on both engines: an employee links a
 * published one (audited under the order or the offer), the customer is invited until he answers,
 * and of parallel choices for one order exactly one link is kept (PostgreSQL).
 */

let t: TestDatabase;
const editor = { userId: 0, name: 'Менеджер Анкет' };
const order: LinkSubject = { kind: 'order', number: 'АГ-2026-000777' };
const offer: LinkSubject = { kind: 'offer', id: 41, hash: 'a'.repeat(22) };
const answers = {
  'q.service_kind': ['to'], 'q.machines': ['tractor'], 'q.overall': ['9'],
  'q.aspects.speed': ['good'], 'q.aspects.quality': ['good'], 'q.aspects.politeness': ['good'], 'q.aspects.price': ['ok'], 'q.recommend': ['yes'],
};
let draftId = 0;
let secondId = 0;

beforeAll(async () => {
  t = await createTestDatabase({ DATABASE_POOL_SIZE: '8' });
  editor.userId = (await t.db.insertInto('auth_user').values({ name: editor.name, email: 'links-editor@agro.test', password_hash: null, email_verified_at: null, phone: null, phone_verified_at: null, staff_branch_id: null, area_id: null })
    .returning('id').executeTakeFirstOrThrow()).id;
  const model = JSON.stringify(SERVICE_SURVEY.model);
  const draft = await saveQuestionnaire(t.services, editor, 'new', { title: 'Черновик анкеты', intro: '', thanks: '', modelJson: model }, 'save', null);
  const second = await saveQuestionnaire(t.services, editor, 'new', { title: 'Доставка техники', intro: '', thanks: '', modelJson: model }, 'publish', null);
  if (!draft.ok || !second.ok) throw new Error('setup');
  draftId = draft.id;
  secondId = second.id;
}, 120_000);
afterAll(async () => { await t?.destroy(); });

describe('linking', () => {
  it('offers the published questionnaires only, links one with its audit record under the order, and removes it', async () => {
    const before = await linkChoice(t.services, order);
    expect(before.current).toBeNull();
    expect(before.options.map((o) => o.id)).toEqual(expect.arrayContaining([1, secondId]));
    expect(before.options.map((o) => o.id)).not.toContain(draftId);

    expect(await linkQuestionnaire(t.services, editor, order, 1, '10.0.0.1')).toEqual({ ok: true, message: QUESTIONNAIRE_MESSAGES.linkSaved(SERVICE_SURVEY.title) });
    expect((await linkChoice(t.services, order)).current).toEqual({ id: 1, title: SERVICE_SURVEY.title, published: true });
    // The same choice again records nothing.
    await linkQuestionnaire(t.services, editor, order, 1, null);
    expect(await linkQuestionnaire(t.services, editor, order, null, null)).toEqual({ ok: true, message: QUESTIONNAIRE_MESSAGES.linkRemoved });
    expect((await linkChoice(t.services, order)).current).toBeNull();

    const audit = await listAudit(t.db, auditFilter.parse({ entity: 'order', entityId: order.number }));
    expect(audit.rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['order.questionnaire', { questionnaire: 1 }, { questionnaire: null }],
      ['order.questionnaire', { questionnaire: null }, { questionnaire: 1 }],
    ]);
  });

  it('refuses a draft or an unknown questionnaire with a message, writing nothing', async () => {
    for (const id of [draftId, 999_999]) {
      expect(await linkQuestionnaire(t.services, editor, offer, id, null)).toEqual({ ok: false, status: 400, message: QUESTIONNAIRE_MESSAGES.linkUnpublished });
    }
    expect((await linkChoice(t.services, offer)).current).toBeNull();
  });

  it('keeps the offer by its id: a new link of the offer (a new hash) finds the same questionnaire', async () => {
    await linkQuestionnaire(t.services, editor, offer, secondId, null);
    const resent: LinkSubject = { kind: 'offer', id: 41, hash: 'b'.repeat(22) };
    expect((await linkChoice(t.services, resent)).current?.id).toBe(secondId);
    const audit = await listAudit(t.db, auditFilter.parse({ entity: 'offer', entityId: offer.hash }));
    expect(audit.rows[0]).toMatchObject({ action: 'offer.questionnaire', after: { questionnaire: secondId } });
    await linkQuestionnaire(t.services, editor, resent, null, null);
  });
});

describe('the customer\'s invitation', () => {
  it('is shown for linked orders until this respondent answers, and not for another respondent\'s answer', async () => {
    const orders: LinkSubject[] = [{ kind: 'order', number: 'АГ-2026-000801' }, { kind: 'order', number: 'АГ-2026-000802' }, { kind: 'order', number: 'АГ-2026-000803' }];
    await linkQuestionnaire(t.services, editor, orders[0]!, 1, null);
    await linkQuestionnaire(t.services, editor, orders[1]!, secondId, null);
    const customer = respondentOf(editor.userId, null)!;
    const invited = await invitationsFor(t.services, orders, customer);
    expect(invited).toEqual({
      'АГ-2026-000801': { questionnaireId: 1, title: SERVICE_SURVEY.title, href: '/questionnaire/1?order=%D0%90%D0%93-2026-000801' },
      'АГ-2026-000802': { questionnaireId: secondId, title: 'Доставка техники', href: `/questionnaire/${secondId}?order=%D0%90%D0%93-2026-000802` },
    });
    // Someone else answering № 1 changes nothing for him; his own answer hides it.
    expect(await submitResponse(t.services, { questionnaireId: 1, respondent: respondentOf(null, newRespondentCookie())!, userId: null, link: { orderNumber: null, offerHash: null }, raw: answers, ip: null })).toEqual({ ok: true });
    expect(Object.keys(await invitationsFor(t.services, orders, customer))).toEqual(['АГ-2026-000801', 'АГ-2026-000802']);
    expect(await submitResponse(t.services, { questionnaireId: 1, respondent: customer, userId: editor.userId, link: { orderNumber: null, offerHash: null }, raw: answers, ip: null })).toEqual({ ok: true });
    expect(Object.keys(await invitationsFor(t.services, orders, customer))).toEqual(['АГ-2026-000802']);
  });

  it('invites a guest\'s browser to an offer\'s questionnaire (also one without an identity yet) and hides it once answered; an unpublished one is not shown', async () => {
    const subject: LinkSubject = { kind: 'offer', id: 42, hash: 'c'.repeat(22) };
    await linkQuestionnaire(t.services, editor, subject, secondId, null);
    const browser = respondentOf(null, newRespondentCookie())!;
    expect((await invitationsFor(t.services, [subject], null))['42']?.href).toBe(`/questionnaire/${secondId}?offer=${'c'.repeat(22)}`);
    expect((await invitationsFor(t.services, [subject], browser))['42']?.questionnaireId).toBe(secondId);
    await submitResponse(t.services, { questionnaireId: secondId, respondent: browser, userId: null, link: { orderNumber: null, offerHash: subject.hash }, raw: answers, ip: null });
    expect(await invitationsFor(t.services, [subject], browser)).toEqual({});

    const other = respondentOf(null, newRespondentCookie())!;
    expect(Object.keys(await invitationsFor(t.services, [subject], other))).toEqual(['42']);
    await t.db.updateTable('questionnaires_questionnaire').set({ published: false }).where('id', '=', secondId).execute();
    expect(await invitationsFor(t.services, [subject], other)).toEqual({});
    expect((await linkChoice(t.services, subject)).current).toEqual({ id: secondId, title: 'Доставка техники', published: false });
    await t.db.updateTable('questionnaires_questionnaire').set({ published: true }).where('id', '=', secondId).execute();
  });

  it('builds the questionnaire\'s address with the subject the response keeps', () => {
    expect(questionnaireHref(5, { kind: 'offer', id: 1, hash: 'Xy_-'.repeat(6) })).toBe(`/questionnaire/5?offer=${'Xy_-'.repeat(6)}`);
  });
});

describe('parallel choices', () => {
  it('of one order keep exactly one link, and each change is audited', async () => {
    const subject: LinkSubject = { kind: 'order', number: 'АГ-2026-000900' };
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => linkQuestionnaire(t.services, editor, subject, i % 2 ? 1 : secondId, null)));
    expect(results.every((r) => r.ok)).toBe(true);
    const rows = await t.db.selectFrom('questionnaires_link').selectAll().where('subject_kind', '=', 'order').where('subject_ref', '=', subject.number).execute();
    expect(rows).toHaveLength(1);
    const audit = await listAudit(t.db, auditFilter.parse({ entity: 'order', entityId: subject.number }));
    // Each recorded change starts from the link the one before left.
    const changes = audit.rows.slice().reverse().map((r) => [(r.before as { questionnaire: number | null }).questionnaire, (r.after as { questionnaire: number }).questionnaire]);
    expect(changes[0]![0]).toBeNull();
    for (let i = 1; i < changes.length; i++) expect(changes[i]![0]).toBe(changes[i - 1]![1]);
    expect(changes.at(-1)![1]).toBe(rows[0]!.questionnaire_id);
  });
});
