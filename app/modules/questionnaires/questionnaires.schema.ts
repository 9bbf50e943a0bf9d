import { hasForbiddenChars } from '#app/lib/text.ts';
import { z } from '#app/lib/zod.ts';
import { QUESTIONNAIRE_LIMITS as L, QUESTION_TYPE_LABELS, QUESTIONNAIRE_MESSAGES, SCALE_MAX, SCALE_MIN } from './questionnaires.constants.ts';

/*
 * A questionnaire's model (ADR 093): pages of questions, typed in the back-office as JSON and
 * checked here when saved. The types below are what the page, the rules and the results read; the
 * zod schema is the server's (the page's script carries none of it).
 */

export interface ChoiceOption { value: string; label: string }

/**
 * Shows a question only after an answer to an earlier one: one of `anyOf` chosen (a one-choice or a
 * several-choice question; for a scale, its numbers as text), or a number or scale within
 * `min`…`max`. A question whose condition does not hold is hidden: neither required nor stored.
 */
export interface QuestionCondition { question: string; anyOf?: string[]; min?: number; max?: number }

interface QuestionBase { id: string; title: string; hint?: string; required?: boolean; showIf?: QuestionCondition }

export type Question =
  | (QuestionBase & { type: 'single'; options: ChoiceOption[] })
  | (QuestionBase & { type: 'multiple'; options: ChoiceOption[]; maxChoices?: number })
  | (QuestionBase & { type: 'text'; multiline?: boolean; maxLength?: number })
  | (QuestionBase & { type: 'number'; min?: number; max?: number; integer?: boolean; unit?: string })
  | (QuestionBase & { type: 'scale'; minLabel?: string; maxLabel?: string })
  | (QuestionBase & { type: 'matrix'; rows: ChoiceOption[]; columns: ChoiceOption[] });

export type QuestionType = Question['type'];
export interface QuestionnairePage { title?: string; questions: Question[] }
export interface QuestionnaireModel { pages: QuestionnairePage[] }

/** A stored answer: a choice, the choices, a text, a number (or scale), a matrix's column per row. */
export type AnswerValue = string | string[] | number | Record<string, string>;
export type Answers = Record<string, AnswerValue>;

export { QUESTION_TYPE_LABELS, QUESTIONNAIRE_MESSAGES } from './questionnaires.constants.ts';

const plain = (max: number, label: string) => z.string({ error: `${label}: ожидается текст` })
  .refine((s) => !hasForbiddenChars(s, { multiline: true }), `${label}: недопустимые символы`)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, `${label}: не может быть пустым`).max(max, `${label}: до ${max} символов`));
const optionalPlain = (max: number, label: string) => z.string({ error: `${label}: ожидается текст` })
  .refine((s) => !hasForbiddenChars(s, { multiline: true }), `${label}: недопустимые символы`)
  .transform((s) => s.trim())
  .pipe(z.string().max(max, `${label}: до ${max} символов`))
  .optional();

const questionId = z.string({ error: 'Код вопроса «id»: ожидается текст' })
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Код вопроса «id»: латинские строчные буквы, цифры и «_», с буквы, до 40 знаков');
const optionValue = z.string({ error: 'Код варианта «value»: ожидается текст' })
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Код варианта «value»: латинские строчные буквы, цифры, «_» и «-», до 40 знаков');
const option = z.strictObject({ value: optionValue, label: plain(L.label, 'Текст варианта «label»') });
const options = (min: number, max: number, what: string) => z.array(option, { error: `${what}: ожидается список` })
  .min(min, `${what}: не меньше ${min}`).max(max, `${what}: не больше ${max}`);
const finite = (label: string) => z.number({ error: `${label}: ожидается число` }).finite(`${label}: ожидается число`);

const condition = z.strictObject({
  question: questionId,
  anyOf: z.array(z.string({ error: 'Условие «anyOf»: ожидаются коды вариантов' }), { error: 'Условие «anyOf»: ожидается список' }).min(1, 'Условие «anyOf»: хотя бы один вариант').max(50).optional(),
  min: finite('Условие «min»').optional(),
  max: finite('Условие «max»').optional(),
}, { error: 'Условие «showIf»: ожидается объект { question, anyOf } или { question, min, max }' });

const base = {
  id: questionId,
  title: plain(L.label, 'Текст вопроса «title»'),
  hint: optionalPlain(L.hint, 'Подсказка «hint»'),
  required: z.boolean({ error: '«required»: true или false' }).optional(),
  showIf: condition.optional(),
};

const question = z.discriminatedUnion('type', [
  z.strictObject({ ...base, type: z.literal('single'), options: options(2, L.options, 'Варианты «options»') }),
  z.strictObject({
    ...base, type: z.literal('multiple'), options: options(2, L.options, 'Варианты «options»'),
    maxChoices: z.int({ error: '«maxChoices»: ожидается целое число' }).min(1, '«maxChoices»: не меньше 1').optional(),
  }),
  z.strictObject({
    ...base, type: z.literal('text'), multiline: z.boolean({ error: '«multiline»: true или false' }).optional(),
    maxLength: z.int({ error: '«maxLength»: ожидается целое число' }).min(1, '«maxLength»: не меньше 1').max(L.text, `«maxLength»: не больше ${L.text}`).optional(),
  }),
  z.strictObject({
    ...base, type: z.literal('number'), min: finite('«min»').optional(), max: finite('«max»').optional(),
    integer: z.boolean({ error: '«integer»: true или false' }).optional(), unit: optionalPlain(20, 'Единица «unit»'),
  }),
  z.strictObject({ ...base, type: z.literal('scale'), minLabel: optionalPlain(60, 'Подпись «minLabel»'), maxLabel: optionalPlain(60, 'Подпись «maxLabel»') }),
  z.strictObject({
    ...base, type: z.literal('matrix'), rows: options(1, L.matrixRows, 'Строки «rows»'), columns: options(2, L.matrixColumns, 'Столбцы «columns»'),
  }),
], { error: 'Тип вопроса «type»: single, multiple, text, number, scale или matrix' });

const page = z.strictObject({
  title: optionalPlain(L.title, 'Заголовок страницы «title»'),
  questions: z.array(question, { error: 'Вопросы «questions»: ожидается список' }).min(1, 'На странице нужен хотя бы один вопрос').max(L.questionsPerPage, `На странице не больше ${L.questionsPerPage} вопросов`),
});

/** Problems a model's parts cannot see one by one: unique codes, conditions on earlier questions, ranges. */
function crossCheck(model: QuestionnaireModel, ctx: z.core.$RefinementCtx<QuestionnaireModel>) {
  const seen = new Map<string, Question>();
  model.pages.forEach((p, pi) => p.questions.forEach((q, qi) => {
    const path = ['pages', pi, 'questions', qi];
    const issue = (message: string, ...more: Array<string | number>) => ctx.addIssue({ code: 'custom', path: [...path, ...more], message });
    if (seen.has(q.id)) issue(`Код вопроса «${q.id}» уже занят: коды вопросов не повторяются`, 'id');
    const unique = (list: readonly ChoiceOption[], key: string) => {
      const values = new Set<string>();
      list.forEach((o, oi) => {
        if (values.has(o.value)) issue(`Код варианта «${o.value}» повторяется`, key, oi, 'value');
        values.add(o.value);
      });
    };
    if (q.type === 'single' || q.type === 'multiple') unique(q.options, 'options');
    if (q.type === 'multiple' && q.maxChoices !== undefined && q.maxChoices > q.options.length) issue('«maxChoices» больше числа вариантов', 'maxChoices');
    if (q.type === 'matrix') { unique(q.rows, 'rows'); unique(q.columns, 'columns'); }
    if (q.type === 'number' && q.min !== undefined && q.max !== undefined && q.min > q.max) issue('«min» больше «max»', 'min');
    if (q.showIf) {
      const c = q.showIf;
      const source = seen.get(c.question);
      if (!source) issue(`Условие ссылается на «${c.question}»: это должен быть код вопроса выше этого`, 'showIf', 'question');
      else if (source.type === 'single' || source.type === 'multiple') {
        if (!c.anyOf || c.min !== undefined || c.max !== undefined) issue('Условие на выбор варианта задаётся списком «anyOf»', 'showIf');
        const known = new Set(source.options.map((o) => o.value));
        for (const v of c.anyOf ?? []) if (!known.has(v)) issue(`В вопросе «${source.id}» нет варианта «${v}»`, 'showIf', 'anyOf');
      } else if (source.type === 'scale' || source.type === 'number') {
        if (c.anyOf && source.type === 'number') issue('Условие на число задаётся границами «min» и «max»', 'showIf');
        if (!c.anyOf && c.min === undefined && c.max === undefined) issue('Условие на число задаётся границами «min» и «max»', 'showIf');
        if (c.anyOf && source.type === 'scale') {
          for (const v of c.anyOf) if (!/^(10|[1-9])$/.test(v)) issue(`Оценка «${v}» вне шкалы ${SCALE_MIN}–${SCALE_MAX}`, 'showIf', 'anyOf');
        }
        if (c.min !== undefined && c.max !== undefined && c.min > c.max) issue('Условие: «min» больше «max»', 'showIf');
      } else issue(`Условие может зависеть только от выбора, оценки или числа, а «${source.id}» — ${QUESTION_TYPE_LABELS[source.type]}`, 'showIf', 'question');
    }
    seen.set(q.id, q);
  }));
}

export const questionnaireModel = z.strictObject({
  pages: z.array(page, { error: '«pages»: ожидается список страниц' }).min(1, 'Нужна хотя бы одна страница').max(L.pages, `Не больше ${L.pages} страниц`),
}, { error: 'Модель анкеты: ожидается объект { "pages": [...] }' }).superRefine(crossCheck) as z.ZodType<QuestionnaireModel>;

/** Where a problem is, as the editor reads it: 'Страница 1, вопрос 2 («q2»)'. */
function placeOf(path: readonly PropertyKey[], raw: unknown): string {
  const [pagesKey, pi, questionsKey, qi] = path;
  if (pagesKey !== 'pages' || typeof pi !== 'number') return '';
  const where = [`Страница ${pi + 1}`];
  if (questionsKey === 'questions' && typeof qi === 'number') {
    const id = (raw as { pages?: Array<{ questions?: Array<{ id?: unknown }> }> })?.pages?.[pi]?.questions?.[qi]?.id;
    where.push(`вопрос ${qi + 1}${typeof id === 'string' && id ? ` («${id}»)` : ''}`);
  }
  return `${where.join(', ')}: `;
}

export type ModelCheck = { ok: true; model: QuestionnaireModel } | { ok: false; problems: string[] };

/** The editor's JSON as a model, or its problems in Russian with where each is (at most 20). */
export function parseModelJson(text: string): ModelCheck {
  if (text.length > L.modelJson) return { ok: false, problems: [`Модель длиннее ${L.modelJson} символов`] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [QUESTIONNAIRE_MESSAGES.json(error instanceof Error ? error.message : String(error))] };
  }
  const parsed = questionnaireModel.safeParse(raw, { error: z.locales.ru().localeError });
  if (parsed.success) return { ok: true, model: parsed.data };
  return { ok: false, problems: [...new Set(parsed.error.issues.map((i) => `${placeOf(i.path, raw)}${i.message}`))].slice(0, 20) };
}

const textInput = (label: string, max: number, min = 0) => z.string()
  .refine((s) => !hasForbiddenChars(s, { multiline: true }), QUESTIONNAIRE_MESSAGES.text(label, max))
  .transform((s) => s.replace(/\r\n/g, '\n').trim())
  .pipe(z.string().min(min, min ? QUESTIONNAIRE_MESSAGES.title : QUESTIONNAIRE_MESSAGES.text(label, max)).max(max, QUESTIONNAIRE_MESSAGES.text(label, max)));

/** The editor's form: texts and the model as JSON (checked by `parseModelJson`). */
export const questionnaireInput = z.object({
  title: textInput('Название', L.title, 1),
  intro: textInput('Вступление', L.intro),
  thanks: textInput('Текст благодарности', L.thanks),
  modelJson: z.string().max(L.modelJson, `Модель длиннее ${L.modelJson} символов`),
});
export type QuestionnaireInput = z.infer<typeof questionnaireInput>;

export const questionnaireIntent = z.enum(['preview', 'save', 'publish', 'unpublish']).catch('save');
export type QuestionnaireIntent = z.infer<typeof questionnaireIntent>;

/** What a response was linked from (issue 31: 'a questionnaire can be linked from an order or an offer'). */
export const ORDER_NUMBER_PATTERN = /^АГ-\d{4}-\d{6,12}$/;
export const OFFER_HASH_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
export const responseLinkQuery = z.object({
  order: z.string().regex(ORDER_NUMBER_PATTERN).optional().catch(undefined),
  offer: z.string().regex(OFFER_HASH_PATTERN).optional().catch(undefined),
});
export type ResponseLink = { orderNumber: string | null; offerHash: string | null };

/**
 * The back-office's choice of a questionnaire for an order or an offer (ADR 103): an id, or '' for
 * none (null); undefined when the form sent something else.
 */
export function parseLinkChoice(raw: unknown): number | null | undefined {
  if (raw === '') return null;
  return typeof raw === 'string' && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined;
}

/** The id in the page's address: a positive number; anything else is a 404. */
export function parseQuestionnaireId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

/** The results' filters, from the query string: anything malformed reads as absent. */
export const resultsFilter = z.object({
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  who: z.enum(['all', 'user', 'guest']).catch('all'),
  /** An answer to one question: `question:value` (a matrix's `question:row=column`). */
  answer: z.string().max(200).regex(/^[a-z][a-z0-9_]{0,39}:[^\u0000-\u001f\u007f]{1,150}$/).optional().catch(undefined),
});
export type ResultsFilter = z.infer<typeof resultsFilter>;
