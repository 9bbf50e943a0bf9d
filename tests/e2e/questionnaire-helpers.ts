import { expect, type Page } from '@playwright/test';

/** A question of a questionnaire's page by its title. */
export const group = (page: Page, name: RegExp) => page.getByRole('group', { name });

/** Answers the demo's questionnaire page by page (its script running), up to 'Отправить ответы'. */
export async function answerServiceSurvey(p: Page, kind: 'Ремонт' | 'Плановое техническое обслуживание' = 'Плановое техническое обслуживание') {
  // The form pages itself once its script runs ('Далее' appears); answers start then.
  await expect(p.getByRole('button', { name: 'Далее' })).toBeVisible();
  await group(p, /^С чем вы обращались в сервис/).getByLabel(kind).check();
  if (kind === 'Ремонт') await p.getByLabel(/^Сколько дней занял ремонт/).fill('3');
  await group(p, /^Какая техника обслуживалась/).getByLabel('Трактор').check();
  await p.getByRole('button', { name: 'Далее' }).click();
  await group(p, /^Оцените работу сервиса в целом/).getByRole('radio', { name: '9', exact: true }).check();
  const aspects = group(p, /^Оцените по пунктам/);
  for (const row of ['Скорость', 'Качество работ', 'Вежливость', 'Цена']) await aspects.getByRole('group', { name: row }).getByLabel('Хорошо').check();
  await p.getByRole('button', { name: 'Далее' }).click();
  await group(p, /^Порекомендуете ли вы наш сервис/).getByLabel('Да').check();
}
