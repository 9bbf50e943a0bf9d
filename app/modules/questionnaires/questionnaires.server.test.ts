import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '#app/.server/clock.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { SERVICE_SURVEY } from './data/service-survey.ts';
import {
  listQuestionnaires, newRespondentCookie, questionnaireForEditing, questionnaireForRespondent, questionnaireResults, respondentOf, responsesCsv,
  saveQuestionnaire, submitResponse, type Submission,
  compareQuestionnaireVersions, questionnaireVersions, restoreQuestionnaireVersion,
} from './questionnaires.server.ts';
import { QUESTIONNAIRE_MESSAGES, resultsFilter } from './questionnaires.schema.ts';

/*
 * Questionnaires on both engines (ADR 093): the demo's № 1, one response per respondent (on
 * PostgreSQL with real parallelism: of ten simultaneous submits exactly one is kept), the editors'
 * saving with its audit records, and the results with their filters and CSV.
 */

let t: TestDatabase;
const editor = { userId: 0, name: 'Ольга Редактор' };

const answers = (over: Record<string, string[]> = {}): Record<string, string[]> => ({
  'q.service_kind': ['to'], 'q.machines': ['tractor'], 'q.overall': ['9'],
  'q.aspects.speed': ['good'], 'q.aspects.quality': ['good'], 'q.aspects.politeness': ['good'], 'q.aspects.price': ['ok'],
  'q.recommend': ['yes'], ...over,
});
const submission = (respondent: string, over: Partial<Submission> = {}): Submission => ({
  questionnaireId: 1, respondent, userId: respondent.startsWith('u:') ? Number(respondent.slice(2)) : null,
  link: { orderNumber: null, offerHash: null }, raw: answers(), ip: null, ...over,
});
const guest = () => respondentOf(null, newRespondentCookie())!;
const filter = (query: Record<string, string> = {}) => resultsFilter.parse(query);

beforeAll(async () => {
  // Ten connections: the parallel submits below each get their own on PostgreSQL.
  t = await createTestDatabase({ DATABASE_POOL_SIZE: '12' });
  editor.userId = (await t.db.insertInto('auth_user').values({ name: editor.name, email: 'questionnaire-editor@agro.test', password_hash: null, email_verified_at: null, phone: null, phone_verified_at: null, staff_branch_id: null, area_id: null })
    .returning('id').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => { resetClock(); await t?.destroy(); });

describe('the demo questionnaire', () => {
  it('is № 1, published, with every question type; the editors\' next one gets № 2 or above', async () => {
    const found = await questionnaireForRespondent(t.services, 1, null);
    expect(found).toMatchObject({ questionnaire: { id: 1, title: SERVICE_SURVEY.title }, answered: false });
    expect(found!.questionnaire.model.pages).toHaveLength(3);
    const created = await saveQuestionnaire(t.services, editor, 'new', { title: 'Черновик', intro: '', thanks: '', modelJson: JSON.stringify(SERVICE_SURVEY.model) }, 'save', null);
    expect(created).toMatchObject({ ok: true, published: false });
    expect(created.ok && created.id).toBeGreaterThan(1);
    // A draft is not found by visitors; an unknown number neither.
    expect(await questionnaireForRespondent(t.services, created.ok ? created.id : 0, null)).toBeNull();
    expect(await questionnaireForRespondent(t.services, 999_999, null)).toBeNull();
  });
});

describe('one response per respondent', () => {
  it('keeps the first answer of a guest\'s browser and of an account, and refuses the second with a message', async () => {
    const browser = guest();
    expect(await submitResponse(t.services, submission(browser))).toEqual({ ok: true });
    expect(await submitResponse(t.services, submission(browser))).toEqual({ ok: false, code: 'already_answered', message: QUESTIONNAIRE_MESSAGES.alreadyAnswered });
    expect((await questionnaireForRespondent(t.services, 1, browser))!.answered).toBe(true);
    // Another browser, and an account, answer for themselves.
    expect(await submitResponse(t.services, submission(guest()))).toEqual({ ok: true });
    expect(await submitResponse(t.services, submission('u:424242'))).toEqual({ ok: true });
    expect(await submitResponse(t.services, submission('u:424242'))).toMatchObject({ ok: false, code: 'already_answered' });
  });

  it('refuses wrong answers with a message per question and stores nothing; hidden questions are not stored', async () => {
    const browser = guest();
    expect(await submitResponse(t.services, submission(browser, { raw: answers({ 'q.overall': ['0'], 'q.recommend': [] }) }))).toEqual({
      ok: false, code: 'invalid', errors: { overall: 'Выберите оценку от 1 до 10', recommend: 'Ответьте на этот вопрос' },
    });
    expect((await questionnaireForRespondent(t.services, 1, browser))!.answered).toBe(false);
    expect(await submitResponse(t.services, submission(browser, { raw: answers({ 'q.repair_days': ['3'] }), link: { orderNumber: 'АГ-2026-000123', offerHash: null } }))).toEqual({ ok: true });
    const row = await t.db.selectFrom('questionnaires_response').select(['answers', 'order_number', 'user_id']).where('respondent', '=', browser).executeTakeFirstOrThrow();
    expect(row.answers).not.toHaveProperty('repair_days');
    expect(row).toMatchObject({ order_number: 'АГ-2026-000123', user_id: null });
  });

  it('answers 404 for an unpublished or unknown questionnaire', async () => {
    expect(await submitResponse(t.services, submission(guest(), { questionnaireId: 999_999 }))).toEqual({ ok: false, code: 'not_found' });
  });

  it('keeps exactly one of ten simultaneous submits of one respondent', async () => {
    const respondent = 'u:777001';
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => submitResponse(t.services, submission(respondent))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.code === 'already_answered')).toHaveLength(9);
    const rows = await t.db.selectFrom('questionnaires_response').select('id').where('respondent', '=', respondent).execute();
    expect(rows).toHaveLength(1);
  });

  it('limits the responses of one address for guests', async () => {
    const outcomes = [];
    for (let i = 0; i < 31; i++) outcomes.push(await submitResponse(t.services, submission(guest(), { ip: '203.0.113.9' })));
    expect(outcomes.slice(0, 30).every((o) => o.ok)).toBe(true);
    expect(outcomes[30]).toMatchObject({ ok: false, code: 'rate_limited', message: QUESTIONNAIRE_MESSAGES.tooMany });
    // An account is held by its one answer per questionnaire instead.
    expect(await submitResponse(t.services, submission('u:777002', { ip: '203.0.113.9' }))).toEqual({ ok: true });
    await t.db.deleteFrom('rate_limit').execute();
  });
});

describe('editing', () => {
  it('refuses a model with problems, saves, publishes and unpublishes with audit records', async () => {
    const bad = await saveQuestionnaire(t.services, editor, 'new', { title: 'Анкета', intro: '', thanks: '', modelJson: '{"pages": []}' }, 'save', null);
    expect(bad).toEqual({ ok: false, code: 'invalid', errors: { modelJson: 'Нужна хотя бы одна страница' }, problems: ['Нужна хотя бы одна страница'] });
    const model = { pages: [{ questions: [{ id: 'like', type: 'single', title: 'Нравится?', options: [{ value: 'y', label: 'Да' }, { value: 'n', label: 'Нет' }] }] }] };
    const saved = await saveQuestionnaire(t.services, editor, 'new', { title: 'Короткая', intro: 'Вступление', thanks: 'Спасибо', modelJson: JSON.stringify(model) }, 'publish', '198.51.100.1');
    expect(saved).toMatchObject({ ok: true, published: true });
    const id = saved.ok ? saved.id : 0;
    expect((await questionnaireForRespondent(t.services, id, null))?.questionnaire.title).toBe('Короткая');
    expect(await saveQuestionnaire(t.services, editor, id, { title: 'Короткая', intro: 'Вступление', thanks: 'Спасибо', modelJson: JSON.stringify(model) }, 'unpublish', null))
      .toMatchObject({ ok: true, published: false });
    expect(await questionnaireForRespondent(t.services, id, null)).toBeNull();
    const audit = await t.db.selectFrom('audit_log').select(['action', 'actor_name', 'before', 'after']).where('entity', '=', 'questionnaire').where('entity_id', '=', String(id)).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['questionnaire.publish', 'questionnaire.unpublish']);
    expect(audit[1]).toMatchObject({ actor_name: 'Ольга Редактор', before: { published: true }, after: { published: false } });
    expect((await listQuestionnaires(t.services)).find((q) => q.id === id)).toMatchObject({ title: 'Короткая', published: false, responses: 0 });
    expect(await saveQuestionnaire(t.services, editor, 999_999, { title: 'Нет', intro: '', thanks: '', modelJson: JSON.stringify(model) }, 'save', null)).toEqual({ ok: false, code: 'not_found' });
  });

  it('refuses to change the type of a question that has answers', async () => {
    const edited = structuredClone(SERVICE_SURVEY.model) as unknown as { pages: Array<{ questions: Array<Record<string, unknown>> }> };
    edited.pages[1]!.questions[0] = { id: 'overall', type: 'number', title: 'Оценка числом', min: 1, max: 10 };
    const outcome = await saveQuestionnaire(t.services, editor, 1, { title: SERVICE_SURVEY.title, intro: '', thanks: '', modelJson: JSON.stringify(edited) }, 'save', null);
    expect(outcome).toMatchObject({ ok: false, code: 'invalid', problems: [QUESTIONNAIRE_MESSAGES.typeChanged('overall')] });
    expect((await questionnaireForEditing(t.services, 1))!.values.modelJson).toContain('"type": "scale"');
  });
});

describe('results', () => {
  let id = 0;
  beforeAll(async () => {
    const model = { pages: [{ questions: [
      { id: 'kind', type: 'single', title: 'Вид', required: true, options: [{ value: 'a', label: 'Альфа' }, { value: 'b', label: 'Бета' }] },
      { id: 'tags', type: 'multiple', title: 'Метки', options: [{ value: 'x', label: 'Икс' }, { value: 'y', label: 'Игрек' }] },
      { id: 'mark', type: 'scale', title: 'Оценка' },
      { id: 'age', type: 'number', title: 'Возраст' },
      { id: 'grid', type: 'matrix', title: 'Сетка', rows: [{ value: 'r1', label: 'Строка 1' }], columns: [{ value: 'c1', label: 'Да' }, { value: 'c2', label: 'Нет' }] },
      { id: 'note', type: 'text', title: 'Заметка' },
    ] }] };
    const saved = await saveQuestionnaire(t.services, editor, 'new', { title: 'Для итогов', intro: '', thanks: '', modelJson: JSON.stringify(model) }, 'publish', null);
    id = saved.ok ? saved.id : 0;
    const send = (respondent: string, raw: Record<string, string[]>) => submitResponse(t.services, submission(respondent, { questionnaireId: id, raw }));
    await send('u:9001', { 'q.kind': ['a'], 'q.tags': ['x', 'y'], 'q.mark': ['10'], 'q.age': ['30'], 'q.grid.r1': ['c1'], 'q.note': ['=СУММ(A1)'] });
    await send(guest(), { 'q.kind': ['a'], 'q.tags': ['x'], 'q.mark': ['7'], 'q.age': ['50'] });
    advanceClock(3 * 86_400_000);
    await send(guest(), { 'q.kind': ['b'], 'q.mark': ['7'], 'q.grid.r1': ['c2'], 'q.note': ['Дорого; долго'] });
  });

  it('counts each answer of each question', async () => {
    const r = (await questionnaireResults(t.services, id, filter()))!;
    expect(r.total).toBe(3);
    const q = Object.fromEntries(r.questions.map((x) => [x.id, x]));
    expect(q.kind).toMatchObject({ answered: 3, choices: [{ key: 'a', label: 'Альфа', count: 2, percent: 67 }, { key: 'b', label: 'Бета', count: 1, percent: 33 }] });
    expect(q.tags).toMatchObject({ answered: 2, choices: [{ key: 'x', count: 2, percent: 100 }, { key: 'y', count: 1, percent: 50 }] });
    expect(q.mark!.choices!.filter((c) => c.count)).toEqual([{ key: '7', label: '7', count: 2, percent: 67 }, { key: '10', label: '10', count: 1, percent: 33 }]);
    expect(q.age).toMatchObject({ answered: 2, number: { min: 30, max: 50, avg: 40 } });
    expect(q.grid!.matrix!.rows).toEqual([{ value: 'r1', label: 'Строка 1', answered: 2, counts: [{ key: 'r1=c1', count: 1, percent: 50 }, { key: 'r1=c2', count: 1, percent: 50 }] }]);
    expect(q.note!.texts!.map((x) => x.text)).toEqual(['Дорого; долго', '=СУММ(A1)']);
  });

  it('filters by signed-in or guest, by an answer, and by dates (Moscow days)', async () => {
    expect((await questionnaireResults(t.services, id, filter({ who: 'user' })))!.total).toBe(1);
    expect((await questionnaireResults(t.services, id, filter({ who: 'guest' })))!.total).toBe(2);
    expect((await questionnaireResults(t.services, id, filter({ answer: 'kind:a' })))!.total).toBe(2);
    expect((await questionnaireResults(t.services, id, filter({ answer: 'tags:y' })))!.total).toBe(1);
    expect((await questionnaireResults(t.services, id, filter({ answer: 'mark:7' })))!.total).toBe(2);
    expect((await questionnaireResults(t.services, id, filter({ answer: 'grid:r1=c2' })))!.total).toBe(1);
    const unknown = (await questionnaireResults(t.services, id, filter({ answer: 'kind:zzz' })))!;
    expect(unknown).toMatchObject({ answerFilterValid: false, total: 3 });
    const today = new Date(Date.now() + 3 * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() + 2 * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
    expect((await questionnaireResults(t.services, id, filter({ from: today })))!.total).toBe(1);
    expect((await questionnaireResults(t.services, id, filter({ to: yesterday })))!.total).toBe(2);
    expect(await questionnaireResults(t.services, 999_999, filter())).toBeNull();
  });

  it('exports one row per response as CSV for Russian Excel, filtered alike', async () => {
    const csv = await new Response((await responsesCsv(t.services, id, filter()))!.stream).arrayBuffer();
    const bytes = new Uint8Array(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('№;Дата (МСК);Кто ответил;Заказ;Предложение;Вид;Метки;Оценка;Возраст;Сетка — Строка 1;Заметка');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^\d+;\d\d\.\d\d\.\d{4}, \d\d:\d\d;Пользователь № 9001;;;Альфа;Икс, Игрек;10;30;Да;'=СУММ\(A1\)$/);
    expect(lines[3]).toMatch(/;Гость;;;Бета;;7;;Нет;"Дорого; долго"$/);
    const guests = new TextDecoder().decode(await new Response((await responsesCsv(t.services, id, filter({ who: 'guest' })))!.stream).arrayBuffer());
    expect(guests.split('\r\n').filter(Boolean)).toHaveLength(3);
  });
});

describe('a questionnaire\'s versions (ADR 100)', () => {
  it('records one per save and publication, compares them, restores one; another questionnaire\'s number is not found', async () => {
    const model = JSON.stringify(SERVICE_SURVEY.model);
    const created = await saveQuestionnaire(t.services, editor, 'new', { title: 'Версии анкеты', intro: 'Первое вступление', thanks: 'Спасибо', modelJson: model }, 'save', null);
    if (!created.ok) throw new Error('not saved');
    await saveQuestionnaire(t.services, editor, created.id, { title: 'Версии анкеты', intro: 'Второе вступление', thanks: 'Спасибо', modelJson: model }, 'publish', null);
    const other = await saveQuestionnaire(t.services, editor, 'new', { title: 'Другая анкета', intro: '', thanks: '', modelJson: model }, 'save', null);
    if (!other.ok) throw new Error('not saved');

    expect((await questionnaireVersions(t.services, created.id)).map((v) => [v.version, v.published])).toEqual([[2, true], [1, false]]);
    const compared = await compareQuestionnaireVersions(t.services, created.id, 1, 2);
    expect(compared!.changes.map((c) => c.field)).toEqual(['intro']);
    expect(compared!.changes[0]!.parts).toEqual([{ op: 'del', text: 'Первое' }, { op: 'ins', text: 'Второе' }, { op: 'same', text: ' вступление' }]);

    expect(await compareQuestionnaireVersions(t.services, other.id, 1, 2)).toBeNull();
    expect(await restoreQuestionnaireVersion(t.services, editor, other.id, 2, null)).toEqual({ ok: false, code: 'not_found' });

    expect(await restoreQuestionnaireVersion(t.services, editor, created.id, 1, null)).toMatchObject({ ok: true, published: true });
    expect((await questionnaireForEditing(t.services, created.id))!.values.intro).toBe('Первое вступление');
    expect((await questionnaireVersions(t.services, created.id))[0]).toMatchObject({ version: 3, restoredFrom: 1 });
  });
});
