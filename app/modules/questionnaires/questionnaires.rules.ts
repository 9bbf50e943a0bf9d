import { hasLoneSurrogate } from '#app/lib/unicode.ts';
import { QUESTIONNAIRE_LIMITS, QUESTIONNAIRE_MESSAGES as M, SCALE_MAX, SCALE_MIN } from './questionnaires.constants.ts';
import type { AnswerValue, Answers, ChoiceOption, Question, QuestionCondition, QuestionnaireModel } from './questionnaires.schema.ts';

/*
 * A questionnaire's answers (ADR 093), the same in the browser (the live conditions, a page's check
 * before 'Далее') and on the server (the one check that counts): which questions are shown, what
 * each answer is, and the Russian message of each wrong one. Pure: no zod, so the page's script
 * stays small.
 */

/** The form's field of a question; a matrix has one per row: `q.{id}.{row}`. */
export const fieldName = (questionId: string, row?: string) => `q.${questionId}${row === undefined ? '' : `.${row}`}`;

/** What the form sent: each field's values (several for a several-choice question). */
export type RawAnswers = Readonly<Record<string, readonly string[]>>;

/** The form's fields as raw answers: only the question fields, each value cut to a sane length. */
export function rawAnswersOf(entries: Iterable<[string, FormDataEntryValue]>): Record<string, string[]> {
  const raw: Record<string, string[]> = {};
  let count = 0;
  for (const [name, value] of entries) {
    if (!name.startsWith('q.') || name.length > 100 || typeof value !== 'string') continue;
    if (++count > 2000) break;
    (raw[name] ??= []).push(value.slice(0, QUESTIONNAIRE_LIMITS.text + 1));
  }
  return raw;
}

/** Whether a condition holds for the answers given so far (a hidden or unanswered source: it does not). */
export function conditionHolds(condition: QuestionCondition, answers: Readonly<Answers>): boolean {
  const answer = answers[condition.question];
  if (answer === undefined) return false;
  if (Array.isArray(answer)) return answer.some((v) => condition.anyOf?.includes(v) ?? false);
  if (typeof answer === 'string') return condition.anyOf?.includes(answer) ?? false;
  if (typeof answer === 'number') {
    if (condition.anyOf && !condition.anyOf.includes(String(answer))) return false;
    if (condition.min !== undefined && answer < condition.min) return false;
    if (condition.max !== undefined && answer > condition.max) return false;
    return true;
  }
  return false;
}

export const allQuestions = (model: QuestionnaireModel): Question[] => model.pages.flatMap((p) => p.questions);

export interface AnswersCheck {
  /** The answers of the shown questions that were answered (and are right). */
  answers: Answers;
  /** A message per shown question that is wrong or required and unanswered. */
  errors: Record<string, string>;
  /** The ids of the questions shown for these answers. */
  visible: Set<string>;
}

/** Control characters (a multi-line text keeps tab and line breaks) or a lone surrogate: as `lib/text.ts`, without its zod. */
function hasForbiddenChars(value: string, options: { multiline: boolean }): boolean {
  return (options.multiline ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/).test(value) || hasLoneSurrogate(value);
}

const first = (raw: RawAnswers, name: string) => (raw[name]?.[0] ?? '').trim();
const isOption = (list: readonly ChoiceOption[], value: string) => list.some((o) => o.value === value);

/** Reads one shown question's answer: its value, nothing (unanswered), or what is wrong with it. */
function readAnswer(q: Question, raw: RawAnswers): { value?: AnswerValue; error?: string } {
  const name = fieldName(q.id);
  switch (q.type) {
    case 'single': {
      const v = first(raw, name);
      if (!v) return {};
      return isOption(q.options, v) ? { value: v } : { error: M.choose };
    }
    case 'multiple': {
      const values = [...new Set((raw[name] ?? []).map((v) => v.trim()).filter(Boolean))];
      if (!values.length) return {};
      if (values.some((v) => !isOption(q.options, v))) return { error: M.choose };
      if (q.maxChoices !== undefined && values.length > q.maxChoices) return { error: M.chooseUpTo(q.maxChoices) };
      // In the model's order, whatever order the form sent them in.
      return { value: q.options.map((o) => o.value).filter((v) => values.includes(v)) };
    }
    case 'text': {
      const sent = raw[name]?.[0] ?? '';
      if (hasForbiddenChars(sent, { multiline: q.multiline === true })) return { error: M.badChars };
      const v = sent.replace(/\r\n/g, '\n').trim();
      if (!v) return {};
      const max = q.maxLength ?? QUESTIONNAIRE_LIMITS.text;
      return v.length > max ? { error: M.textTooLong(max) } : { value: v };
    }
    case 'number': {
      const v = first(raw, name).replace(/[\s\u00a0]/g, '').replace(',', '.');
      if (!v) return {};
      if (!/^-?\d{1,15}(\.\d{1,6})?$/.test(v)) return { error: M.number };
      const n = Number(v);
      if (q.integer && !Number.isInteger(n)) return { error: M.integer };
      if (q.min !== undefined && n < q.min) return { error: M.min(q.min) };
      if (q.max !== undefined && n > q.max) return { error: M.max(q.max) };
      return { value: n };
    }
    case 'scale': {
      const v = first(raw, name);
      if (!v) return {};
      const n = Number(v);
      return /^\d{1,2}$/.test(v) && n >= SCALE_MIN && n <= SCALE_MAX ? { value: n } : { error: M.scale };
    }
    case 'matrix': {
      const chosen: Record<string, string> = {};
      for (const row of q.rows) {
        const v = first(raw, fieldName(q.id, row.value));
        if (!v) continue;
        if (!isOption(q.columns, v)) return { error: M.choose };
        chosen[row.value] = v;
      }
      const answered = Object.keys(chosen).length;
      if (!answered) return {};
      if (q.required && answered < q.rows.length) return { error: M.matrixRow };
      return { value: chosen };
    }
  }
}

/**
 * Checks what the form sent against the model, question by question in their order: a question is
 * shown when it has no condition or its condition holds for the answers above it; a hidden one is
 * neither required nor read, whatever was sent for it.
 */
export function checkAnswers(model: QuestionnaireModel, raw: RawAnswers): AnswersCheck {
  const answers: Answers = {};
  const errors: Record<string, string> = {};
  const visible = new Set<string>();
  for (const q of allQuestions(model)) {
    if (q.showIf && !conditionHolds(q.showIf, answers)) continue;
    visible.add(q.id);
    const read = readAnswer(q, raw);
    if (read.error) errors[q.id] = read.error;
    else if (read.value !== undefined) answers[q.id] = read.value;
    else if (q.required) errors[q.id] = M.required;
  }
  return { answers, errors, visible };
}

/** The page's text of a question's condition, for the form before its script runs: 'Если в вопросе «…» ответили «…»'. */
export function conditionText(model: QuestionnaireModel, condition: QuestionCondition): string {
  const source = allQuestions(model).find((q) => q.id === condition.question);
  if (!source) return '';
  const labels = condition.anyOf?.map((v) => (source.type === 'single' || source.type === 'multiple' ? source.options.find((o) => o.value === v)?.label ?? v : v));
  const range = [condition.min !== undefined ? `от ${condition.min}` : '', condition.max !== undefined ? `до ${condition.max}` : ''].filter(Boolean).join(' ');
  return `Ответьте, если в вопросе «${source.title}» ${labels?.length ? `выбрали ${labels.map((l) => `«${l}»`).join(' или ')}` : ''}${labels?.length && range ? ' и ' : ''}${range ? `ответили ${range}` : ''}`.trim();
}

/** Question ids whose type an edit changes while answers to them exist (refused: the old answers would not read). */
export function changedTypes(before: QuestionnaireModel, after: QuestionnaireModel): string[] {
  const was = new Map(allQuestions(before).map((q) => [q.id, q.type]));
  return allQuestions(after).filter((q) => was.has(q.id) && was.get(q.id) !== q.type).map((q) => q.id);
}

/*
 * Results: counts per answer and the CSV of the responses.
 */

/** The key a choice is counted under: its value; a matrix's `row=column`; a scale's number as text. */
export function choiceKeys(value: AnswerValue): string[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'object') return Object.entries(value).map(([row, column]) => `${row}=${column}`);
  return [String(value)];
}

/** A share as a whole percent, for the bars. */
export const percentOf = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 100) : 0);

/**
 * One CSV cell for Russian Excel (';' separated): quoted when it holds the separator, a quote or a
 * line break; a text that Excel would read as a formula ('=', '+', '-', '@') is led by an apostrophe.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvRow = (cells: ReadonlyArray<string | number | null | undefined>) => `${cells.map(csvCell).join(';')}\r\n`;

/** The CSV's columns for the questions: one per question, a matrix one per row. */
export function csvHeader(model: QuestionnaireModel): string[] {
  return allQuestions(model).flatMap((q) => (q.type === 'matrix' ? q.rows.map((r) => `${q.title} — ${r.label}`) : [q.title]));
}

/** One response's cells for the questions, in the header's order; labels instead of codes. */
export function csvAnswerCells(model: QuestionnaireModel, answers: Readonly<Answers>): Array<string | number | null> {
  const label = (list: readonly ChoiceOption[], v: string) => list.find((o) => o.value === v)?.label ?? v;
  return allQuestions(model).flatMap((q): Array<string | number | null> => {
    const a = answers[q.id];
    if (q.type === 'matrix') {
      const rows = a && typeof a === 'object' && !Array.isArray(a) ? a : {};
      return q.rows.map((r) => (rows[r.value] ? label(q.columns, rows[r.value]!) : null));
    }
    if (a === undefined) return [null];
    if (q.type === 'single' && typeof a === 'string') return [label(q.options, a)];
    if (q.type === 'multiple' && Array.isArray(a)) return [a.map((v) => label(q.options, v)).join(', ')];
    if (typeof a === 'number' || typeof a === 'string') return [a];
    return [null];
  });
}
