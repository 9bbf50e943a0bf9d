import { readFile } from 'node:fs/promises';
import { signIn, unique } from './accounts-helpers.ts';
import { expect, hydrated, shot, test } from './fixtures.ts';
import { answerServiceSurvey as answer, group } from './questionnaire-helpers.ts';

/*
 * Questionnaires (ADR 093): a visitor answers the demo's questionnaire № 1 page by page — a question
 * appears after the answer its condition names, a page is checked before the next — and sees the
 * thanks; a second answer from the same browser is refused with the message, and the page says he
 * has answered. Without scripts the whole questionnaire is one form. An employee reads the results,
 * filters them by an answer and exports them as CSV for Excel. At 1280 px and 375 px.
 */

test('a visitor answers the questionnaire once: conditions appear live, pages are checked, a second answer is refused', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // A second tab of the same browser, opened before the answer is sent.
  const second = await page.context().newPage();
  await page.goto('/questionnaire/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Оценка качества сервиса');
  await expect(page.getByText('Страница 1 из 3')).toBeVisible();
  await shot(page, testInfo, 'questionnaire-start');

  // Page 1: the repair's length is asked only for a repair; nothing goes on without the required answers.
  await expect(page.getByLabel(/^Сколько дней занял ремонт/)).toBeHidden();
  await group(page, /^С чем вы обращались в сервис/).getByLabel('Ремонт').check();
  await expect(page.getByLabel(/^Сколько дней занял ремонт/)).toBeVisible();
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(group(page, /^Какая техника обслуживалась/).getByRole('alert')).toHaveText('Ответьте на этот вопрос');
  await expect(page.getByText('Страница 1 из 3')).toBeVisible();
  await page.getByLabel(/^Сколько дней занял ремонт/).fill('4,5');
  await group(page, /^Какая техника обслуживалась/).getByLabel('Комбайн').check();
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText('Введите целое число')).toBeVisible();
  await shot(page, testInfo, 'questionnaire-errors');
  await page.getByLabel(/^Сколько дней занял ремонт/).fill('5');
  await page.getByRole('button', { name: 'Далее' }).click();

  // Page 2: a low mark asks what went wrong; the matrix wants a choice in each row.
  await expect(page.getByText('Страница 2 из 3')).toBeVisible();
  await expect(group(page, /^Что пошло не так/)).toBeHidden();
  await group(page, /^Оцените работу сервиса в целом/).getByRole('radio', { name: '5', exact: true }).check();
  await expect(group(page, /^Что пошло не так/)).toBeVisible();
  await group(page, /^Что пошло не так/).getByLabel('Долго ждали').check();
  const aspects = group(page, /^Оцените по пунктам/);
  for (const row of ['Скорость', 'Качество работ', 'Вежливость']) await aspects.getByRole('group', { name: row }).getByLabel('Хорошо').check();
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(aspects.getByRole('alert')).toHaveText('Выберите вариант в каждой строке');
  await aspects.getByRole('group', { name: 'Цена' }).getByLabel('Нормально').check();
  await shot(page, testInfo, 'questionnaire-page-2');
  await page.getByRole('button', { name: 'Далее' }).click();

  // Page 3, and back and forth keeps the answers.
  await expect(page.getByText('Страница 3 из 3')).toBeVisible();
  await page.getByRole('button', { name: 'Назад' }).click();
  await expect(group(page, /^Что пошло не так/).getByLabel('Долго ждали')).toBeChecked();
  await page.getByRole('button', { name: 'Далее' }).click();
  await group(page, /^Порекомендуете ли вы наш сервис/).getByLabel('Возможно').check();
  await page.getByLabel('Что нам стоит улучшить?').fill(`Быстрее отвечать на звонки ${unique(testInfo)}`);
  await page.getByRole('button', { name: 'Отправить ответы' }).click();
  await expect(page.getByTestId('questionnaire-thanks')).toContainText('Спасибо за ответы!');
  await expect(page).toHaveURL(/\/questionnaire\/1\?thanks=1$/);
  await shot(page, testInfo, 'questionnaire-thanks');

  // The page opened earlier in another tab: its answer is refused with the message.
  await second.goto('/questionnaire/1');
  await page.goto('/questionnaire/1');
  await expect(page.getByTestId('questionnaire-answered')).toHaveText('Вы уже ответили на эту анкету. Спасибо! Ответить ещё раз нельзя.');
  await hydrated(second);
  await expect(second.getByTestId('questionnaire-answered')).toBeVisible();
});

test('a second answer sent from an open page is refused with 409 and the message', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/questionnaire/1');
  const other = await page.context().newPage();
  await other.goto('/questionnaire/1');
  await hydrated(other);
  await answer(page);
  await page.getByRole('button', { name: 'Отправить ответы' }).click();
  await expect(page.getByTestId('questionnaire-thanks')).toBeVisible();
  await answer(other);
  const refused = other.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/questionnaire/1'));
  await other.getByRole('button', { name: 'Отправить ответы' }).click();
  expect((await refused).status()).toBe(409);
  await expect(other.getByTestId('questionnaire-answered')).toHaveText('Вы уже ответили на эту анкету. Спасибо! Ответить ещё раз нельзя.');
  await shot(other, testInfo, 'questionnaire-409');
});

test('without scripts the questionnaire is one form with every page, sent with one button @server-logic', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/questionnaire/1');
  await expect(page.getByRole('button', { name: 'Далее' })).toHaveCount(0);
  await expect(page.getByText('Ответьте, если в вопросе «С чем вы обращались в сервис?» выбрали «Ремонт» или «Гарантийный случай»')).toBeVisible();
  await group(page, /^С чем вы обращались в сервис/).getByLabel('Плановое техническое обслуживание').check();
  await group(page, /^Какая техника обслуживалась/).getByLabel('Опрыскиватель').check();
  // The repair's length is sent, but the condition does not hold: it is not required and not kept.
  await page.getByLabel(/^Сколько дней занял ремонт/).fill('3');
  await group(page, /^Оцените работу сервиса в целом/).getByRole('radio', { name: '10', exact: true }).check();
  await page.getByRole('button', { name: 'Отправить ответы' }).click();
  // Refused: the matrix and the recommendation are required; the answers given stay.
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(group(page, /^Оцените по пунктам/).getByRole('alert')).toHaveText('Ответьте на этот вопрос');
  await expect(group(page, /^Какая техника обслуживалась/).getByLabel('Опрыскиватель')).toBeChecked();
  const aspects = group(page, /^Оцените по пунктам/);
  for (const row of ['Скорость', 'Качество работ', 'Вежливость', 'Цена']) await aspects.getByRole('group', { name: row }).getByLabel('Нормально').check();
  await group(page, /^Порекомендуете ли вы наш сервис/).getByLabel('Нет').check();
  await page.getByRole('button', { name: 'Отправить ответы' }).click();
  await expect(page.getByTestId('questionnaire-thanks')).toBeVisible();
  await shot(page, testInfo, 'questionnaire-no-js-thanks');
  await context.close();
});

test('an employee reads the results, filters them by an answer and exports them as CSV', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const id = unique(testInfo);
  await signIn(page, `questionnaire-editor-${id}@agro.test`, 'Ольга Редактор', 'content_editor');
  // She answers it herself first (by her account), a repair.
  await page.goto('/questionnaire/1');
  await answer(page, 'Ремонт');
  await page.getByRole('button', { name: 'Отправить ответы' }).click();
  await expect(page.getByTestId('questionnaire-thanks')).toBeVisible();
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Разделы бэк-офиса' });
  await nav.getByRole('link', { name: 'Анкеты' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Анкеты' })).toBeVisible();
  await page.getByTestId('questionnaire-row').filter({ hasText: 'Оценка качества сервиса' }).getByRole('link', { name: 'Оценка качества сервиса' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('№ 1. Оценка качества сервиса');
  await expect(page.getByTestId('preview')).toContainText('С чем вы обращались в сервис?');

  // A broken model is refused with where the problem is; nothing is saved.
  const model = page.getByLabel('Вопросы анкеты (JSON)');
  const saved = await model.inputValue();
  await model.fill(saved.replace('"type": "scale"', '"type": "stars"'));
  await page.getByRole('button', { name: 'Проверить и показать' }).click();
  await expect(page.getByText('Проверьте поля формы: ничего не сохранено.')).toBeVisible();
  await expect(page.locator('[data-field="modelJson"]')).toContainText('Страница 2, вопрос 1 («overall»): Тип вопроса «type»');
  await shot(page, testInfo, 'questionnaire-editor-error');

  await page.getByRole('link', { name: /^Результаты \(\d+\)$/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Результаты: Оценка качества сервиса');
  const total = Number(await page.getByTestId('results-total').textContent());
  expect(total).toBeGreaterThanOrEqual(1);
  const kind = page.locator('[data-question="service_kind"]');
  await expect(kind).toContainText(`Ответили: ${total} из ${total}`);
  await shot(page, testInfo, 'questionnaire-results');

  // Filtered by an answer: only the responses with a repair.
  await page.getByLabel('С ответом').selectOption({ label: 'Ремонт' });
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/answer=service_kind%3Arepair/);
  const repairs = Number(await page.getByTestId('results-total').textContent());
  expect(repairs).toBeGreaterThanOrEqual(1);
  expect(repairs).toBeLessThanOrEqual(total);
  await expect(page.locator('[data-question="repair_days"]')).toContainText(`Ответили: ${repairs} из ${repairs}`);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Скачать CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('anketa-1.csv');
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toContain('№;Дата (МСК);Кто ответил;Заказ;Предложение;С чем вы обращались в сервис?;Сколько дней занял ремонт?');
  // Other journeys answer the same questionnaire meanwhile: at least the responses counted, each a repair.
  expect(lines.length - 1).toBeGreaterThanOrEqual(repairs);
  for (const line of lines.slice(1)) expect(line).toContain(';Ремонт;');
});
