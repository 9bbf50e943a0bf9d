import { describe, expect, it } from 'vitest';
import { SERVICE_SURVEY } from './data/service-survey.ts';
import { changedTypes, checkAnswers, conditionHolds, conditionText, csvAnswerCells, csvCell, csvHeader, csvRow, rawAnswersOf } from './questionnaires.rules.ts';
import { parseModelJson, questionnaireModel, type QuestionnaireModel } from './questionnaires.schema.ts';

/*
 * The questionnaire's model (checked when an editor saves it) and its answers (checked the same in
 * the browser and on the server): every question type, required questions, conditions that show a
 * question after an answer, and the CSV's cells (ADR 093).
 */

const model = questionnaireModel.parse(SERVICE_SURVEY.model);
const json = (m: unknown) => JSON.stringify(m);
const one = (id: string, extra: Record<string, unknown>) => ({ pages: [{ questions: [{ id, title: 'Вопрос', ...extra }] }] });

/** A complete, right answer to the demo survey; `over` replaces fields. */
const answered = (over: Record<string, string[]> = {}): Record<string, string[]> => ({
  'q.service_kind': ['to'], 'q.machines': ['combine', 'tractor'], 'q.overall': ['9'],
  'q.aspects.speed': ['good'], 'q.aspects.quality': ['good'], 'q.aspects.politeness': ['ok'], 'q.aspects.price': ['bad'],
  'q.recommend': ['yes'], 'q.comment': ['  Всё хорошо  '], ...over,
});

describe('the model', () => {
  it('accepts the demo survey: every question type with conditions', () => {
    expect(parseModelJson(json(SERVICE_SURVEY.model))).toEqual({ ok: true, model });
    expect(new Set(model.pages.flatMap((p) => p.questions.map((q) => q.type)))).toEqual(new Set(['single', 'multiple', 'text', 'number', 'scale', 'matrix']));
  });

  it('says where broken JSON is, in Russian', () => {
    const check = parseModelJson('{"pages": [');
    expect(check.ok).toBe(false);
    expect(!check.ok && check.problems[0]).toMatch(/^JSON не разобран: /);
  });

  it('names the page and the question of each problem', () => {
    const check = parseModelJson(json({ pages: [{ questions: [
      { id: 'a', type: 'single', title: 'Выбор', options: [{ value: 'x', label: 'Икс' }] },
      { id: 'B', type: 'text', title: '' },
      { id: 'c', type: 'stars', title: 'Звёзды' },
    ] }] }));
    expect(check.ok).toBe(false);
    const problems = check.ok ? [] : check.problems;
    expect(problems).toContain('Страница 1, вопрос 1 («a»): Варианты «options»: не меньше 2');
    expect(problems).toContain('Страница 1, вопрос 2 («B»): Код вопроса «id»: латинские строчные буквы, цифры и «_», с буквы, до 40 знаков');
    expect(problems).toContain('Страница 1, вопрос 2 («B»): Текст вопроса «title»: не может быть пустым');
    expect(problems).toContain('Страница 1, вопрос 3 («c»): Тип вопроса «type»: single, multiple, text, number, scale или matrix');
  });

  it('refuses unknown keys, repeated codes, and ranges upside down', () => {
    const problems = (m: unknown) => { const c = parseModelJson(json(m)); return c.ok ? [] : c.problems; };
    expect(problems(one('a', { type: 'text', colour: 'red' })).join()).toMatch(/colour/);
    expect(problems({ pages: [{ questions: [{ id: 'a', type: 'text', title: 'Один' }, { id: 'a', type: 'text', title: 'Два' }] }] }))
      .toContain('Страница 1, вопрос 2 («a»): Код вопроса «a» уже занят: коды вопросов не повторяются');
    expect(problems(one('a', { type: 'single', options: [{ value: 'x', label: 'Икс' }, { value: 'x', label: 'Игрек' }] })))
      .toContain('Страница 1, вопрос 1 («a»): Код варианта «x» повторяется');
    expect(problems(one('a', { type: 'number', min: 10, max: 1 }))).toContain('Страница 1, вопрос 1 («a»): «min» больше «max»');
    expect(problems({ pages: [] })).toEqual(['Нужна хотя бы одна страница']);
    expect(problems([])).toEqual(['Модель анкеты: ожидается объект { "pages": [...] }']);
  });

  it('lets a condition name only an earlier question, and only an answer that question has', () => {
    const problems = (m: unknown) => { const c = parseModelJson(json(m)); return c.ok ? [] : c.problems; };
    const choice = { id: 'kind', type: 'single', title: 'Вид', options: [{ value: 'a', label: 'А' }, { value: 'b', label: 'Б' }] };
    expect(problems({ pages: [{ questions: [{ id: 'x', type: 'text', title: 'Т', showIf: { question: 'kind', anyOf: ['a'] } }, choice] }] }))
      .toContain('Страница 1, вопрос 1 («x»): Условие ссылается на «kind»: это должен быть код вопроса выше этого');
    expect(problems({ pages: [{ questions: [choice, { id: 'x', type: 'text', title: 'Т', showIf: { question: 'kind', anyOf: ['c'] } }] }] }))
      .toContain('Страница 1, вопрос 2 («x»): В вопросе «kind» нет варианта «c»');
    expect(problems({ pages: [{ questions: [choice, { id: 'x', type: 'text', title: 'Т', showIf: { question: 'kind', min: 1 } }] }] }))
      .toContain('Страница 1, вопрос 2 («x»): Условие на выбор варианта задаётся списком «anyOf»');
    expect(problems({ pages: [{ questions: [{ id: 't', type: 'text', title: 'Т' }, { id: 'x', type: 'text', title: 'Т', showIf: { question: 't', anyOf: ['a'] } }] }] }))
      .toContain('Страница 1, вопрос 2 («x»): Условие может зависеть только от выбора, оценки или числа, а «t» — текст');
    expect(problems({ pages: [{ questions: [{ id: 's', type: 'scale', title: 'Оценка' }, { id: 'x', type: 'text', title: 'Т', showIf: { question: 's', anyOf: ['11'] } }] }] }))
      .toContain('Страница 1, вопрос 2 («x»): Оценка «11» вне шкалы 1–10');
    // Across pages: the earlier page's question is above.
    expect(parseModelJson(json({ pages: [{ questions: [choice] }, { questions: [{ id: 'x', type: 'text', title: 'Т', showIf: { question: 'kind', anyOf: ['b'] } }] }] })).ok).toBe(true);
  });

  it('finds the questions whose type an edit changes', () => {
    const edited: QuestionnaireModel = { pages: [{ questions: [{ id: 'overall', type: 'number', title: 'Оценка' }, { id: 'new_one', type: 'text', title: 'Новый' }] }] };
    expect(changedTypes(model, edited)).toEqual(['overall']);
    expect(changedTypes(model, model)).toEqual([]);
  });
});

describe('answers', () => {
  it('reads a complete answer of every type', () => {
    const check = checkAnswers(model, answered());
    expect(check.errors).toEqual({});
    expect(check.answers).toEqual({
      service_kind: 'to', machines: ['tractor', 'combine'], overall: 9,
      aspects: { speed: 'good', quality: 'good', politeness: 'ok', price: 'bad' }, recommend: 'yes', comment: 'Всё хорошо',
    });
  });

  it('requires the required questions, in Russian, and leaves the others out', () => {
    const check = checkAnswers(model, {});
    expect(check.errors).toEqual({
      service_kind: 'Ответьте на этот вопрос', machines: 'Ответьте на этот вопрос', overall: 'Ответьте на этот вопрос',
      aspects: 'Ответьте на этот вопрос', recommend: 'Ответьте на этот вопрос',
    });
    expect(checkAnswers(model, answered({ 'q.comment': [''] })).answers).not.toHaveProperty('comment');
  });

  it('refuses what the model does not offer', () => {
    const errors = checkAnswers(model, answered({
      'q.service_kind': ['hack'], 'q.machines': ['tractor', 'plane'], 'q.overall': ['11'], 'q.aspects.speed': ['great'], 'q.recommend': ['yes'], 'q.comment': ['a\u0000b'],
    })).errors;
    expect(errors).toEqual({
      service_kind: 'Выберите вариант из списка', machines: 'Выберите вариант из списка', overall: 'Выберите оценку от 1 до 10',
      aspects: 'Выберите вариант из списка', comment: 'Ответ содержит недопустимые символы',
    });
    expect(checkAnswers(model, answered({ 'q.comment': ['я'.repeat(2001)] })).errors).toEqual({ comment: 'Не длиннее 2000 символов' });
    expect(checkAnswers(model, answered({ 'q.aspects.price': [''] })).errors).toEqual({ aspects: 'Выберите вариант в каждой строке' });
  });

  it('shows a question only after the answer its condition names; a hidden one is neither required nor stored', () => {
    // A planned service: the repair's length is not asked, and what was sent for it is dropped.
    const planned = checkAnswers(model, answered({ 'q.repair_days': ['5'] }));
    expect(planned.visible.has('repair_days')).toBe(false);
    expect(planned.answers).not.toHaveProperty('repair_days');
    expect(planned.errors).toEqual({});
    // A repair: it is asked and required, a number within its bounds, whole.
    expect(checkAnswers(model, answered({ 'q.service_kind': ['repair'] })).errors).toEqual({ repair_days: 'Ответьте на этот вопрос' });
    expect(checkAnswers(model, answered({ 'q.service_kind': ['repair'], 'q.repair_days': ['2,5'] })).errors).toEqual({ repair_days: 'Введите целое число' });
    expect(checkAnswers(model, answered({ 'q.service_kind': ['repair'], 'q.repair_days': ['400'] })).errors).toEqual({ repair_days: 'Не больше 365' });
    expect(checkAnswers(model, answered({ 'q.service_kind': ['repair'], 'q.repair_days': ['сто'] })).errors).toEqual({ repair_days: 'Введите число' });
    expect(checkAnswers(model, answered({ 'q.service_kind': ['repair'], 'q.repair_days': [' 12 '] })).answers.repair_days).toBe(12);
    // A low mark asks what went wrong (a scale's range); a high one does not.
    expect(checkAnswers(model, answered({ 'q.overall': ['6'] })).errors).toEqual({ problems: 'Ответьте на этот вопрос' });
    expect(checkAnswers(model, answered({ 'q.overall': ['6'], 'q.problems': ['slow'] })).answers.problems).toEqual(['slow']);
    expect(checkAnswers(model, answered({ 'q.overall': ['7'], 'q.problems': ['slow'] })).answers).not.toHaveProperty('problems');
  });

  it('hides a question whose condition names a hidden question', () => {
    const chain = questionnaireModel.parse({ pages: [{ questions: [
      { id: 'a', type: 'single', title: 'А', options: [{ value: 'y', label: 'Да' }, { value: 'n', label: 'Нет' }] },
      { id: 'b', type: 'single', title: 'Б', required: true, showIf: { question: 'a', anyOf: ['y'] }, options: [{ value: 'y', label: 'Да' }, { value: 'n', label: 'Нет' }] },
      { id: 'c', type: 'text', title: 'В', required: true, showIf: { question: 'b', anyOf: ['y'] } },
    ] }] });
    expect(checkAnswers(chain, { 'q.a': ['n'], 'q.b': ['y'] })).toMatchObject({ errors: {}, answers: { a: 'n' } });
    expect([...checkAnswers(chain, { 'q.a': ['n'], 'q.b': ['y'] }).visible]).toEqual(['a']);
    expect(checkAnswers(chain, { 'q.a': ['y'], 'q.b': ['y'] }).errors).toEqual({ c: 'Ответьте на этот вопрос' });
  });

  it('holds conditions on choices, scales and numbers', () => {
    expect(conditionHolds({ question: 'm', anyOf: ['a'] }, { m: ['b', 'a'] })).toBe(true);
    expect(conditionHolds({ question: 'm', anyOf: ['a'] }, { m: ['b'] })).toBe(false);
    expect(conditionHolds({ question: 's', anyOf: ['1', '2'] }, { s: 2 })).toBe(true);
    expect(conditionHolds({ question: 's', min: 3, max: 5 }, { s: 6 })).toBe(false);
    expect(conditionHolds({ question: 's', min: 3 }, {})).toBe(false);
  });

  it('says a condition in words for the form without its script', () => {
    expect(conditionText(model, { question: 'service_kind', anyOf: ['repair', 'warranty'] }))
      .toBe('Ответьте, если в вопросе «С чем вы обращались в сервис?» выбрали «Ремонт» или «Гарантийный случай»');
    expect(conditionText(model, { question: 'overall', max: 6 })).toBe('Ответьте, если в вопросе «Оцените работу сервиса в целом» ответили до 6');
  });

  it('takes only the question fields of a form, several values of one field kept', () => {
    const form = new FormData();
    form.append('_csrf', 'x');
    form.append('q.machines', 'tractor');
    form.append('q.machines', 'combine');
    expect(rawAnswersOf(form.entries())).toEqual({ 'q.machines': ['tractor', 'combine'] });
  });
});

describe('CSV for Russian Excel', () => {
  it('separates by semicolons, quotes what needs it, writes decimal commas, and defuses formulas', () => {
    expect(csvRow(['a', 'b;c', 'say "hi"', 2.5, null, 'line\nbreak'])).toBe('a;"b;c";"say ""hi""";2,5;;"line\nbreak"\r\n');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(-5)).toBe('-5');
  });

  it('has a column per question (per row of a matrix) with the answers as labels', () => {
    expect(csvHeader(model)).toEqual([
      'С чем вы обращались в сервис?', 'Сколько дней занял ремонт?', 'Какая техника обслуживалась?', 'Оцените работу сервиса в целом', 'Что пошло не так?',
      'Оцените по пунктам — Скорость', 'Оцените по пунктам — Качество работ', 'Оцените по пунктам — Вежливость', 'Оцените по пунктам — Цена',
      'Порекомендуете ли вы наш сервис знакомым?', 'Что нам стоит улучшить?',
    ]);
    expect(csvAnswerCells(model, checkAnswers(model, answered()).answers)).toEqual([
      'Плановое техническое обслуживание', null, 'Трактор, Комбайн', 9, null, 'Хорошо', 'Хорошо', 'Нормально', 'Плохо', 'Да', 'Всё хорошо',
    ]);
  });
});
