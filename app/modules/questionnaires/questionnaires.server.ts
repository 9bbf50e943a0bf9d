import { randomBytes } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { changedFields, recordAudit, type AuditEntry } from '#app/.server/audit.ts';
import { now } from '#app/.server/clock.ts';
import { listVersions, readVersion, recordVersion, type VersionSummary } from '#app/.server/content-versions.ts';
import type { AppServices } from '#app/.server/context.ts';
import { reserve } from '#app/.server/rate-limit.ts';
import { changedFieldsOf, type FieldChange } from '#app/lib/word-diff.ts';
import { RESPONDENT_COOKIE, RESPONDENT_COOKIE_PATTERN, RESPONSES_PER_ADDRESS_PER_HOUR, SCALE_MAX, SCALE_MIN, TEXT_ANSWERS_SHOWN } from './questionnaires.constants.ts';
import { allQuestions, changedTypes, checkAnswers, csvAnswerCells, csvHeader, csvRow, percentOf, type RawAnswers } from './questionnaires.rules.ts';
import {
  QUESTIONNAIRE_MESSAGES as M, parseModelJson, questionnaireInput, type AnswerValue, type Answers, type ChoiceOption, type QuestionType, type QuestionnaireInput,
  type QuestionnaireIntent, type QuestionnaireModel, type ResponseLink, type ResultsFilter,
} from './questionnaires.schema.ts';

/*
 * Questionnaires (ADR 093): the visitors' side (a published questionnaire, whether this respondent
 * has answered, one response per respondent), the editors' (list, edit, publish, each with its audit
 * record) and the results (counts per answer with filters, the CSV of the responses).
 */

export type Editor = AuditEntry['actor'];

/*
 * Respondents.
 */

/** A new browser identity for a guest: 24 random bytes as 32 base64url characters. */
export const newRespondentCookie = () => randomBytes(24).toString('base64url');

/** Who answers: the account of a signed-in visitor, otherwise the guest's browser (null: no cookie yet). */
/** The guest's browser identity the request carries in its `respondent` cookie (null: none). */
export function respondentBrowserOf(request: Request): string | null {
  const header = request.headers.get('cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${RESPONDENT_COOKIE}=([^;]*)`).exec(header);
  return match?.[1] ?? null;
}

export function respondentOf(userId: number | null, browser: string | null | undefined): string | null {
  if (userId !== null) return `u:${userId}`;
  return browser && RESPONDENT_COOKIE_PATTERN.test(browser) ? `b:${browser}` : null;
}

export interface PublicQuestionnaire {
  id: number;
  title: string;
  intro: string;
  thanks: string;
  model: QuestionnaireModel;
}

/** A published questionnaire (null: unknown or not published), and whether this respondent has answered it. */
export async function questionnaireForRespondent(services: AppServices, id: number, respondent: string | null): Promise<{ questionnaire: PublicQuestionnaire; answered: boolean } | null> {
  const row = await services.db.selectFrom('questionnaires_questionnaire as q')
    .select(['q.id', 'q.title', 'q.intro', 'q.thanks', 'q.model'])
    .select((eb) => eb.exists(eb.selectFrom('questionnaires_response as r').select('r.id')
      .where('r.questionnaire_id', '=', id).where('r.respondent', '=', respondent ?? '')).as('answered'))
    .where('q.id', '=', id).where('q.published', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  return { questionnaire: { id: row.id, title: row.title, intro: row.intro, thanks: row.thanks, model: row.model as QuestionnaireModel }, answered: Boolean(row.answered) };
}

export type SubmitOutcome =
  | { ok: true }
  | { ok: false; code: 'not_found' }
  | { ok: false; code: 'invalid'; errors: Record<string, string> }
  | { ok: false; code: 'already_answered'; message: string }
  | { ok: false; code: 'rate_limited'; message: string; retryAfterSeconds: number };

export interface Submission {
  questionnaireId: number;
  respondent: string;
  userId: number | null;
  link: ResponseLink;
  raw: RawAnswers;
  ip: string | null;
}

const ADDRESS_RULE = { name: 'questionnaire:ip', limit: RESPONSES_PER_ADDRESS_PER_HOUR, windowMs: 3_600_000 };

/**
 * Stores one respondent's answers once. The answers are checked against the model (hidden questions
 * dropped); then one `insert … on conflict do nothing`: of parallel submits of one respondent exactly
 * one row is stored, the others find it there and are told so. A guest's address spends a token
 * (given back when nothing was stored), since a guest can drop his cookie.
 */
export async function submitResponse(services: AppServices, input: Submission): Promise<SubmitOutcome> {
  const found = await questionnaireForRespondent(services, input.questionnaireId, input.respondent);
  if (!found) return { ok: false, code: 'not_found' };
  if (found.answered) return { ok: false, code: 'already_answered', message: M.alreadyAnswered };
  const checked = checkAnswers(found.questionnaire.model, input.raw);
  if (Object.keys(checked.errors).length) return { ok: false, code: 'invalid', errors: checked.errors };
  const reservation = input.userId === null && input.ip
    ? await reserve(services.db, [{ rule: ADDRESS_RULE, subject: input.ip }])
    : null;
  if (reservation && !reservation.ok) return { ok: false, code: 'rate_limited', message: M.tooMany, retryAfterSeconds: reservation.retryAfterSeconds };
  const stored = await services.db.insertInto('questionnaires_response').values({
    questionnaire_id: input.questionnaireId, respondent: input.respondent, user_id: input.userId,
    order_number: input.link.orderNumber, offer_hash: input.link.offerHash, answers: JSON.stringify(checked.answers), created_at: now(),
  }).onConflict((oc) => oc.columns(['questionnaire_id', 'respondent']).doNothing()).returning('id').executeTakeFirst();
  if (!stored) {
    await reservation?.release();
    return { ok: false, code: 'already_answered', message: M.alreadyAnswered };
  }
  return { ok: true };
}

/*
 * The editors' side.
 */

export type QuestionnaireId = number | 'new';

export function parseEditId(raw: string | undefined): QuestionnaireId | null {
  if (raw === 'new') return 'new';
  return raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

export interface QuestionnaireListRow { id: number; title: string; published: boolean; responses: number; updatedAt: string }

/** Every questionnaire with its count of responses, the latest changed first. */
export async function listQuestionnaires(services: AppServices): Promise<QuestionnaireListRow[]> {
  const rows = await services.db.selectFrom('questionnaires_questionnaire as q')
    .select(['q.id', 'q.title', 'q.published', 'q.updated_at'])
    .select((eb) => eb.selectFrom('questionnaires_response as r').select((e) => e.fn.countAll<number>().as('n')).whereRef('r.questionnaire_id', '=', 'q.id').as('responses'))
    .orderBy('q.updated_at', 'desc').orderBy('q.id', 'desc').limit(500).execute();
  return rows.map((r) => ({ id: r.id, title: r.title, published: r.published, responses: Number(r.responses ?? 0), updatedAt: r.updated_at.toISOString() }));
}

export interface QuestionnaireFormValues { title: string; intro: string; thanks: string; modelJson: string }

export interface QuestionnaireForEditing {
  id: QuestionnaireId;
  values: QuestionnaireFormValues;
  published: boolean;
  responses: number;
  model: QuestionnaireModel | null;
}

/** A starting model for a new questionnaire: one page, one question of each common kind. */
export const STARTER_MODEL: QuestionnaireModel = {
  pages: [{
    title: 'Оценка',
    questions: [
      { id: 'rating', type: 'scale', title: 'Насколько вы довольны?', required: true, minLabel: 'Совсем нет', maxLabel: 'Полностью' },
      { id: 'why', type: 'text', title: 'Что нам улучшить?', multiline: true, showIf: { question: 'rating', max: 6 } },
    ],
  }],
};

export async function questionnaireForEditing(services: AppServices, id: QuestionnaireId): Promise<QuestionnaireForEditing | null> {
  if (id === 'new') {
    return { id, values: { title: '', intro: '', thanks: 'Спасибо за ответы!', modelJson: JSON.stringify(STARTER_MODEL, null, 2) }, published: false, responses: 0, model: null };
  }
  const row = await services.db.selectFrom('questionnaires_questionnaire as q').selectAll('q')
    .select((eb) => eb.selectFrom('questionnaires_response as r').select((e) => e.fn.countAll<number>().as('n')).whereRef('r.questionnaire_id', '=', 'q.id').as('responses'))
    .where('q.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const model = row.model as QuestionnaireModel;
  return {
    id, published: row.published, responses: Number(row.responses ?? 0), model,
    values: { title: row.title, intro: row.intro, thanks: row.thanks, modelJson: JSON.stringify(model, null, 2) },
  };
}

export type SaveOutcome =
  | { ok: true; id: number; published: boolean }
  | { ok: false; code: 'not_found' }
  | { ok: false; code: 'invalid'; errors: Record<string, string>; problems: string[] };

interface AuditedQuestionnaire { title: string; intro: string; thanks: string; published: boolean; model: string }

/**
 * Saves the editor's questionnaire (a new one gets its id), publishing or unpublishing it when asked,
 * with its audit record, in one transaction. A model with problems is refused with each of them; so
 * is changing the type of a question that has answers.
 */
export async function saveQuestionnaire(
  services: AppServices, editor: Editor, id: QuestionnaireId, input: QuestionnaireInput, intent: Exclude<QuestionnaireIntent, 'preview'>, ip: string | null,
  restoredFrom: number | null = null,
): Promise<SaveOutcome> {
  const checked = parseModelJson(input.modelJson);
  if (!checked.ok) return { ok: false, code: 'invalid', errors: { modelJson: checked.problems[0]! }, problems: checked.problems };
  const model = JSON.stringify(checked.model);
  const at = now();
  return services.db.transaction().execute(async (trx): Promise<SaveOutcome> => {
    const before = id === 'new' ? null : await trx.selectFrom('questionnaires_questionnaire').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (id !== 'new' && !before) return { ok: false, code: 'not_found' };
    if (before) {
      const changed = changedTypes(before.model as QuestionnaireModel, checked.model);
      if (changed.length) {
        const answered = await trx.selectFrom('questionnaires_response').select('id').where('questionnaire_id', '=', before.id)
          .where(sql<boolean>`answers ?| ${sql.val(changed)}::text[]`).limit(1).executeTakeFirst();
        if (answered) {
          const problems = changed.map((q) => M.typeChanged(q));
          return { ok: false, code: 'invalid', errors: { modelJson: problems[0]! }, problems };
        }
      }
    }
    const published = intent === 'publish' ? true : intent === 'unpublish' ? false : before?.published ?? false;
    const after: AuditedQuestionnaire = { title: input.title, intro: input.intro, thanks: input.thanks, published, model };
    const values = { title: input.title, intro: input.intro, thanks: input.thanks, model, published, updated_at: at };
    // Its version (ADR 100): the form's fields, the model as the editor's form shows it.
    const version: QuestionnaireFormValues = { title: input.title, intro: input.intro, thanks: input.thanks, modelJson: JSON.stringify(checked.model, null, 2) };
    if (!before) {
      const saved = await trx.insertInto('questionnaires_questionnaire').values({ ...values, created_at: at }).returning('id').executeTakeFirstOrThrow();
      await recordAudit(trx, { actor: editor, action: published ? 'questionnaire.publish' : 'questionnaire.create', entity: 'questionnaire', entityId: saved.id, after, ip });
      await recordVersion(trx, 'questionnaire', saved.id, { ...version }, { author: editor, published });
      return { ok: true, id: saved.id, published };
    }
    await trx.updateTable('questionnaires_questionnaire').set(values).where('id', '=', before.id).execute();
    const was: AuditedQuestionnaire = { title: before.title, intro: before.intro, thanks: before.thanks, published: before.published, model: JSON.stringify(before.model) };
    const action = restoredFrom ? 'questionnaire.restore' : before.published !== published ? (published ? 'questionnaire.publish' : 'questionnaire.unpublish') : 'questionnaire.update';
    await recordAudit(trx, { actor: editor, action, entity: 'questionnaire', entityId: before.id, ...changedFields(was, after), ...(restoredFrom ? { after: { ...after, restoredFrom } } : {}), ip });
    await recordVersion(trx, 'questionnaire', before.id, { ...version }, { author: editor, published, restoredFrom });
    return { ok: true, id: before.id, published };
  });
}

/** The version fields an editor compares, in the form's order, with their labels. */
export const QUESTIONNAIRE_VERSION_LABELS: Record<keyof QuestionnaireFormValues, string> = {
  title: 'Название', intro: 'Вступление', thanks: 'Текст благодарности', modelJson: 'Страницы и вопросы (JSON)',
};

/** A questionnaire's versions, the latest first. */
export async function questionnaireVersions(services: AppServices, id: number): Promise<VersionSummary[]> {
  return listVersions(services.db, 'questionnaire', id);
}

/** Two versions of one questionnaire field by field; a number it does not have answers null. */
export async function compareQuestionnaireVersions(services: AppServices, id: number, from: number, to: number): Promise<{ from: VersionSummary; to: VersionSummary; changes: FieldChange[] } | null> {
  const [a, b] = await Promise.all([readVersion(services.db, 'questionnaire', id, from), readVersion(services.db, 'questionnaire', id, to)]);
  if (!a || !b) return null;
  const { data: before, ...fromSummary } = a;
  const { data: after, ...toSummary } = b;
  return { from: fromSummary, to: toSummary, changes: changedFieldsOf(before, after, QUESTIONNAIRE_VERSION_LABELS) };
}

export type RestoreOutcome = SaveOutcome | { ok: false; code: 'unfit'; message: string };

/**
 * Makes a version the questionnaire's text again, as the article's (ADR 100): saved through the same
 * checks (a question whose type changed and that has answers still refuses it), audited as
 * `questionnaire.restore`, a new version; published or not as it is.
 */
export async function restoreQuestionnaireVersion(services: AppServices, editor: Editor, id: number, version: number, ip: string | null): Promise<RestoreOutcome> {
  const found = await readVersion(services.db, 'questionnaire', id, version);
  if (!found) return { ok: false, code: 'not_found' };
  const parsed = questionnaireInput.safeParse(found.data);
  if (!parsed.success) return { ok: false, code: 'unfit', message: M.versionUnfit };
  return saveQuestionnaire(services, editor, id, parsed.data, 'save', ip, version);
}

/*
 * Results.
 */

/** A filter date (Moscow's day) as the instant it starts. */
const moscowDayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);

/** The containment an answer filter asks for, by the question's type; null: not a filter this question has. */
function answerContainment(model: QuestionnaireModel, filter: string): Answers | null {
  const colon = filter.indexOf(':');
  const id = filter.slice(0, colon);
  const value = filter.slice(colon + 1);
  const q = allQuestions(model).find((x) => x.id === id);
  if (!q) return null;
  switch (q.type) {
    case 'single': return q.options.some((o) => o.value === value) ? { [id]: value } : null;
    case 'multiple': return q.options.some((o) => o.value === value) ? { [id]: [value] } : null;
    case 'scale': return /^(10|[1-9])$/.test(value) ? { [id]: Number(value) } : null;
    case 'matrix': {
      const [row, column] = value.split('=');
      return row && column && q.rows.some((r) => r.value === row) && q.columns.some((c) => c.value === column) ? { [id]: { [row]: column } } : null;
    }
    default: return null;
  }
}

function whereOf(id: number, model: QuestionnaireModel, filter: ResultsFilter): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`r.questionnaire_id = ${id}`];
  if (filter.from) parts.push(sql`r.created_at >= ${moscowDayStart(filter.from)}`);
  if (filter.to) parts.push(sql`r.created_at < ${new Date(moscowDayStart(filter.to).getTime() + 86_400_000)}`);
  if (filter.who === 'user') parts.push(sql`r.user_id is not null`);
  if (filter.who === 'guest') parts.push(sql`r.user_id is null`);
  const contains = filter.answer ? answerContainment(model, filter.answer) : null;
  if (contains) parts.push(sql`r.answers @> ${JSON.stringify(contains)}::jsonb`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

export interface ChoiceCount { key: string; label: string; count: number; percent: number }
export interface QuestionResult {
  id: string;
  title: string;
  type: QuestionType;
  /** Responses that answered it (a hidden question is not answered). */
  answered: number;
  choices?: ChoiceCount[];
  matrix?: { columns: ChoiceOption[]; rows: Array<{ value: string; label: string; answered: number; counts: Array<{ key: string; count: number; percent: number }> }> };
  number?: { min: number; max: number; avg: number } | null;
  texts?: Array<{ text: string; at: string }>;
}

export interface QuestionnaireResults {
  id: number;
  title: string;
  published: boolean;
  total: number;
  questions: QuestionResult[];
  /** Whether the answer filter named something this questionnaire has. */
  answerFilterValid: boolean;
}

/** Counts per answer of each question over the filtered responses: a handful of statements, whatever their number. */
export async function questionnaireResults(services: AppServices, id: number, filter: ResultsFilter): Promise<QuestionnaireResults | null> {
  const row = await services.db.selectFrom('questionnaires_questionnaire').select(['id', 'title', 'published', 'model']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const model = row.model as QuestionnaireModel;
  const where = whereOf(id, model, filter);
  const questions = allQuestions(model);
  const ofType = (...types: QuestionType[]) => questions.filter((q) => types.includes(q.type)).map((q) => q.id);
  const db = services.db;
  const [totals, choices, numbers, texts] = await Promise.all([
    sql<{ question: string | null; n: number }>`
      select null::text as question, count(*)::int as n from questionnaires_response r where ${where}
      union all
      select k.question, count(*)::int from questionnaires_response r cross join lateral jsonb_object_keys(r.answers) k(question)
      where ${where} group by k.question`.execute(db),
    sql<{ question: string; choice: string; n: number }>`
      select a.question, c.choice, count(*)::int as n
      from questionnaires_response r
      cross join lateral jsonb_each(r.answers) a(question, value)
      cross join lateral (
        select e from jsonb_array_elements_text(case when jsonb_typeof(a.value) = 'array' then a.value else '[]'::jsonb end) e
        union all select a.value #>> '{}' where jsonb_typeof(a.value) in ('string', 'number')
        union all select m.key || '=' || (m.value #>> '{}') from jsonb_each(case when jsonb_typeof(a.value) = 'object' then a.value else '{}'::jsonb end) m
      ) c(choice)
      where ${where} and a.question = any(${sql.val(ofType('single', 'multiple', 'scale', 'matrix'))}::text[])
      group by a.question, c.choice`.execute(db),
    sql<{ question: string; min: number; max: number; avg: number }>`
      select a.question, min((a.value)::numeric)::float8 as min, max((a.value)::numeric)::float8 as max, avg((a.value)::numeric)::float8 as avg
      from questionnaires_response r cross join lateral jsonb_each(r.answers) a(question, value)
      where ${where} and a.question = any(${sql.val(ofType('number'))}::text[]) and jsonb_typeof(a.value) = 'number'
      group by a.question`.execute(db),
    sql<{ question: string; text: string; at: Date }>`
      select question, text, at from (
        select a.question, a.value #>> '{}' as text, r.created_at as at, row_number() over (partition by a.question order by r.created_at desc, r.id desc) as place
        from questionnaires_response r cross join lateral jsonb_each(r.answers) a(question, value)
        where ${where} and a.question = any(${sql.val(ofType('text'))}::text[])
      ) t where place <= ${TEXT_ANSWERS_SHOWN} order by question, at desc`.execute(db),
  ]);
  const total = totals.rows.find((r) => r.question === null)?.n ?? 0;
  const answeredOf = new Map(totals.rows.filter((r) => r.question !== null).map((r) => [r.question!, r.n]));
  const countOf = new Map(choices.rows.map((r) => [`${r.question}\u0000${r.choice}`, r.n]));
  const count = (q: string, key: string) => countOf.get(`${q}\u0000${key}`) ?? 0;
  return {
    id: row.id, title: row.title, published: row.published, total,
    answerFilterValid: !filter.answer || answerContainment(model, filter.answer) !== null,
    questions: questions.map((q): QuestionResult => {
      const answered = answeredOf.get(q.id) ?? 0;
      const base = { id: q.id, title: q.title, type: q.type, answered };
      switch (q.type) {
        case 'single':
        case 'multiple':
          return { ...base, choices: q.options.map((o) => ({ key: o.value, label: o.label, count: count(q.id, o.value), percent: percentOf(count(q.id, o.value), answered) })) };
        case 'scale': {
          const keys = Array.from({ length: SCALE_MAX - SCALE_MIN + 1 }, (_, i) => String(SCALE_MIN + i));
          return { ...base, choices: keys.map((k) => ({ key: k, label: k, count: count(q.id, k), percent: percentOf(count(q.id, k), answered) })) };
        }
        case 'matrix':
          return {
            ...base,
            matrix: {
              columns: q.columns,
              rows: q.rows.map((r) => {
                const counts = q.columns.map((c) => ({ key: `${r.value}=${c.value}`, count: count(q.id, `${r.value}=${c.value}`) }));
                const rowAnswered = counts.reduce((s, c) => s + c.count, 0);
                return { value: r.value, label: r.label, answered: rowAnswered, counts: counts.map((c) => ({ ...c, percent: percentOf(c.count, rowAnswered) })) };
              }),
            },
          };
        case 'number': {
          const n = numbers.rows.find((r) => r.question === q.id);
          return { ...base, number: n ? { min: Number(n.min), max: Number(n.max), avg: Math.round(Number(n.avg) * 100) / 100 } : null };
        }
        case 'text':
          return { ...base, texts: texts.rows.filter((t) => t.question === q.id).map((t) => ({ text: t.text, at: new Date(t.at).toISOString() })) };
      }
    }),
  };
}

const CSV_WHEN = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const CSV_BATCH = 500;

/**
 * The filtered responses as CSV for Russian Excel: UTF-8 with a BOM, ';' between cells, CRLF, one
 * row per response, answers as their labels. Read in batches by id, so a large questionnaire streams.
 */
export async function responsesCsv(services: AppServices, id: number, filter: ResultsFilter): Promise<{ title: string; stream: ReadableStream<Uint8Array> } | null> {
  const row = await services.db.selectFrom('questionnaires_questionnaire').select(['title', 'model']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const model = row.model as QuestionnaireModel;
  const where = whereOf(id, model, filter);
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(['№', 'Дата (МСК)', 'Кто ответил', 'Заказ', 'Предложение', ...csvHeader(model)])}`));
        return;
      }
      const batch = await sql<{ id: number; created_at: Date; user_id: number | null; order_number: string | null; offer_hash: string | null; answers: Answers }>`
        select r.id, r.created_at, r.user_id, r.order_number, r.offer_hash, r.answers from questionnaires_response r
        where ${where} and r.id > ${after} order by r.id limit ${CSV_BATCH}`.execute(services.db);
      if (!batch.rows.length) { controller.close(); return; }
      after = Number(batch.rows.at(-1)!.id);
      controller.enqueue(encoder.encode(batch.rows.map((r) => csvRow([
        Number(r.id), CSV_WHEN.format(new Date(r.created_at)), r.user_id === null ? 'Гость' : `Пользователь № ${r.user_id}`,
        r.order_number, r.offer_hash, ...csvAnswerCells(model, r.answers as Record<string, AnswerValue>),
      ])).join('')));
      if (batch.rows.length < CSV_BATCH) controller.close();
    },
  });
  return { title: row.title, stream };
}
