import type { Page } from '@playwright/test';
import { signIn, unique } from './accounts-helpers.ts';
import { expect, look, shot, test } from './fixtures.ts';

/*
 * Versions of what editors write (ADR 100): an editor saves an article, changes it twice, sees the
 * history, compares the first and the latest word by word, and restores the first; its text is the
 * article's again and the history gains a version that says so.
 */

async function closeToast(page: Page) {
  const close = page.getByRole('button', { name: 'Закрыть уведомление' });
  if (await close.isVisible()) await close.click();
}

test('an editor changes an article twice, compares the versions and restores the first', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const id = unique(testInfo);
  const title = `Посевная в Брянской области ${id}`;
  await signIn(page, `versions-editor-${id}@agro.test`, 'Ольга Редактор', 'content_editor');
  await page.goto('/admin/blog/new');
  await page.getByLabel('Раздел', { exact: true }).selectOption({ label: 'Новости компании' });
  await page.getByLabel('Заголовок').fill(title);
  await page.getByLabel('Анонс').fill('Хозяйства начали сев яровых.');
  await page.getByLabel('Текст статьи (HTML)').fill('<p>Хозяйства области начали сев яровых культур.</p>');
  await page.getByRole('button', { name: 'Сохранить черновик' }).click();
  await expect(page.getByRole('status')).toContainText('Сохранено.');
  await closeToast(page);

  const history = page.getByTestId('versions');
  await expect(history.getByRole('heading', { name: 'История' })).toBeVisible();
  await expect(history.locator('[data-version]')).toHaveCount(1);

  // Two changes: the lead, then the text.
  await page.getByLabel('Анонс').fill('Хозяйства начали сев яровых раньше обычного.');
  await page.getByRole('button', { name: 'Сохранить черновик' }).click();
  await expect(history.locator('[data-version]')).toHaveCount(2);
  await closeToast(page);
  await page.getByLabel('Текст статьи (HTML)').fill('<p>Хозяйства области начали сев яровых культур на неделю раньше.</p>');
  await page.getByRole('button', { name: 'Сохранить черновик' }).click();
  await expect(history.locator('[data-version]')).toHaveCount(3);
  await closeToast(page);
  await expect(history.locator('[data-version="3"]')).toContainText('Ольга Редактор');
  await expect(history.locator('[data-version="3"]')).toContainText('черновик');

  // The first against the latest.
  await history.getByRole('link', { name: 'Версия 1: сравнить с последней' }).click();
  await expect(page).toHaveURL(/\?compare=1\.\.3$/);
  const comparison = page.getByTestId('comparison');
  await expect(comparison.getByRole('heading', { name: 'Версия 1 → версия 3' })).toBeVisible();
  await expect(comparison.locator('[data-field-diff]')).toHaveCount(2);
  await expect(comparison.locator('[data-field-diff="lead"] ins')).toContainText('раньше обычного');
  await expect(comparison.locator('[data-field-diff="bodyHtml"] ins')).toContainText('на неделю раньше');
  await expect(comparison.locator('[data-field-diff="bodyHtml"] del')).toHaveCount(0);
  await comparison.scrollIntoViewIfNeeded();
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, testInfo, 'content-versions-compare');
  await look(history, testInfo, `content-versions-section-${testInfo.project.name}.png`);

  // A version the article does not have is not found.
  const missing = await page.request.get(`${new URL(page.url()).pathname}?compare=1..99`);
  expect(missing.status()).toBe(404);

  // Restoring the first: its text is the article's again, as a fourth version.
  await history.getByRole('button', { name: 'Восстановить версию 1' }).click();
  await expect(page.getByRole('status')).toContainText('Восстановлена версия 1');
  await expect(page.getByLabel('Анонс')).toHaveValue('Хозяйства начали сев яровых.');
  await expect(page.getByLabel('Текст статьи (HTML)')).toHaveValue('<p>Хозяйства области начали сев яровых культур.</p>');
  await expect(history.locator('[data-version]')).toHaveCount(4);
  await expect(history.locator('[data-version="4"]')).toContainText('восстановлена из версии 1');
  await closeToast(page);
  await shot(page, testInfo, 'content-versions-history');
});

test('an editor picks related models by name and a part by number from the keyboard; the chips are kept on save and read the same when opened again', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const id = unique(testInfo);
  await signIn(page, `picker-editor-${id}@agro.test`, 'Ольга Редактор', 'content_editor');
  await page.goto('/admin/blog/new');
  await page.getByLabel('Заголовок').fill(`Новинки сезона ${id}`);
  await page.getByLabel('Анонс').fill('Что привезли в филиалы.');
  const models = page.getByRole('combobox', { name: 'Модели техники' });
  await models.fill('Беларус');
  const list = page.getByRole('listbox', { name: 'Модели техники' });
  await expect(list.getByRole('option').first()).toBeVisible();
  const first = (await list.getByRole('option').first().textContent())!;
  await models.press('Enter');
  const chips = page.locator('[data-picker="model"] [data-chip]');
  await expect(chips).toHaveCount(1);
  await expect(models).toHaveValue('');
  // A part by its number.
  const parts = page.getByRole('combobox', { name: 'Запчасти' });
  await parts.fill('700.18.38.309');
  await expect(page.getByRole('listbox', { name: 'Запчасти' }).getByRole('option').first()).toBeVisible();
  await parts.press('Enter');
  const partChip = page.locator('[data-picker="part"] [data-chip] span');
  await expect(partChip).toHaveText('Прокладка головки блока L=1350 мм (700.18.38.309)');
  await page.getByRole('button', { name: 'Сохранить черновик' }).click();
  await expect(page.getByRole('status')).toContainText('Сохранено.');
  await expect(page.locator('[data-picker="model"] [data-chip]')).toHaveCount(1);
  await expect(page.locator('[data-picker="model"] [data-chip]')).toContainText(first.split(' ')[0]!);
  // Opened again, the saved part reads as its name and number, as it was added (not '№ {id}').
  await page.reload();
  await expect(partChip).toHaveText('Прокладка головки блока L=1350 мм (700.18.38.309)');
  await expect(page.locator('[data-picker="part"] [data-chip] button')).toHaveAccessibleName('Убрать Прокладка головки блока L=1350 мм (700.18.38.309)');
  await shot(page, testInfo, 'content-picker-saved-chips');
  // Removed by its button, from the keyboard too.
  await page.locator('[data-picker="model"] [data-chip] button').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-picker="model"] [data-chip]')).toHaveCount(0);
});
