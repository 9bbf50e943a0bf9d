import { confirmRegion, expect, look, pageSettled, test } from './fixtures.ts';
import { openSearch } from './accounts-helpers.ts';

/*
 * Issue 8, point 5: the header's search finds as you type, reads word forms, typos and the other
 * keyboard layout, moves with the arrow keys and opens with Enter; /search lists everything by kind.
 */

test.beforeEach(async ({ page }) => {
  await confirmRegion(page);
  await page.goto('/');
  await pageSettled(page);
});

test("«трактора» lists tractors by kind, marked; the arrow keys move, Enter opens @desktop", async ({ page }, testInfo) => {
  const { dialog, field } = await openSearch(page, false);
  await expect(dialog).toContainText('Введите не менее двух букв');
  await field.fill('трактора');
  const categories = dialog.getByRole('group', { name: 'Категории' });
  await expect(categories.getByRole('option', { name: 'Тракторы', exact: true })).toBeVisible();
  await expect(categories.getByRole('option', { name: 'Тракторы', exact: true }).locator('mark')).toHaveText('Тракторы');
  // The group's title and count are for the eye (aria-hidden): the group is named by its title alone.
  await expect(categories).toContainText(/Категории\s*\d+/);
  await look(page, testInfo, 'search-dialog-desktop.png');

  // Nothing active at first; ArrowDown makes the first result (a tractor model) active, ArrowUp from it back to the field.
  await expect(field).not.toHaveAttribute('aria-activedescendant');
  await field.press('ArrowDown');
  const first = dialog.getByRole('group', { name: 'Модели' }).getByRole('option').first();
  await expect(first).toHaveAttribute('data-active', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await field.press('ArrowDown');
  await expect(first).not.toHaveAttribute('data-active');
  await field.press('ArrowUp');
  await expect(first).toHaveAttribute('data-active', 'true');
  const target = (await first.getAttribute('href'))!;
  await field.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(target);
});

test('the search field is a combobox over its results: ↓ ↑ move through the options, Escape leaves them, then closes (issue 28 point 14) @desktop', async ({ page }) => {
  const { dialog, field } = await openSearch(page, false);
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await field.fill('трактор');
  const listbox = dialog.getByRole('listbox', { name: 'Результаты поиска' });
  await expect(listbox.getByRole('group', { name: 'Модели' }).getByRole('option').first()).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await expect(field).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
  const options = listbox.getByRole('option');
  const count = await options.count();
  expect(count).toBeGreaterThan(2);
  await expect(listbox.getByRole('option', { selected: true })).toHaveCount(0);

  // ↓ twice: the second option; ↑ from nothing: the last. One option is selected at a time, the field keeps the focus.
  await field.press('ArrowDown');
  await field.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
  await expect(listbox.getByRole('option', { selected: true })).toHaveCount(1);
  await expect(field).toBeFocused();
  await field.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(field).not.toHaveAttribute('aria-activedescendant');
  await expect(listbox.getByRole('option', { selected: true })).toHaveCount(0);
  await field.press('ArrowUp');
  await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.nth(count - 1)).toBeInViewport();
  // Escape again: the active option goes; once more: the dialog closes.
  await field.press('Escape');
  await field.press('Escape');
  await expect(dialog).toBeHidden();
});

test("«тороктор» (typos) and «rbhjdtw» (the Latin layout) still find what was meant @desktop", async ({ page }) => {
  const { dialog, field } = await openSearch(page, false);
  await field.fill('тороктор');
  await expect(dialog.getByRole('group', { name: 'Категории' }).getByRole('option', { name: 'Тракторы', exact: true })).toBeVisible();
  await field.fill('rbhjdtw');
  await expect(dialog.getByRole('group', { name: 'Производители' }).getByRole('option', { name: /^Кировец/ }).first()).toBeVisible();
  await field.fill('щъщъщъ');
  await expect(dialog).toContainText('Ничего не найдено');
  await expect(dialog.getByRole('link', { name: 'Тракторы' })).toBeVisible();
});

test('Enter with nothing active opens the full results page, grouped by kind with counts @desktop', async ({ page }, testInfo) => {
  const { dialog, field } = await openSearch(page, false);
  await field.fill('трактор');
  await expect(dialog.getByRole('group', { name: 'Категории' })).toBeVisible();
  await field.press('Enter');
  await expect(page).toHaveURL('/search?q=%D1%82%D1%80%D0%B0%D0%BA%D1%82%D0%BE%D1%80');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Поиск: «трактор»');
  const categories = page.getByRole('region', { name: /^Категории/ });
  await expect(categories.getByRole('heading', { level: 2 })).toHaveText(/^Категории \d+$/);
  await expect(categories.getByRole('link', { name: 'Тракторы', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Поиск: трактор — Агротехника');
  await look(page, testInfo, 'search-page-desktop.png', { fullPage: true });

  // The page's own form searches again, and says so when nothing is found.
  const form = page.getByRole('search');
  await form.getByRole('searchbox').fill('щъщъщъ');
  await form.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByText('По запросу «щъщъщъ» ничего не найдено.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Тракторы' }).last()).toBeVisible();
});

test('a query over 100 characters is refused on the page in Russian @desktop', async ({ page }) => {
  const response = await page.goto(`/search?q=${'я'.repeat(101)}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('Запрос слишком длинный: не больше 100 символов');
});

test('on a phone the dialog searches and opens a result @mobile', async ({ page }, testInfo) => {
  const { dialog, field } = await openSearch(page, true);
  await field.fill('кир');
  const maker = dialog.getByRole('group', { name: 'Производители' }).getByRole('option').first();
  await expect(maker).toContainText('Кировец');
  await expect(maker.locator('mark').first()).toHaveText('Кир');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await look(page, testInfo, 'search-dialog-mobile.png');
  await dialog.getByRole('group', { name: 'Категории' }).or(dialog.getByRole('group', { name: 'Модельные ряды' })).first().getByRole('option').first().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/catalog\//);
});

/*
 * Issue 28, point 7: what a new visitor typed. Machines come first for a kind of machine, parts
 * named with a machine are those on its drawings, and a query that finds nothing offers the
 * nearest spelling as a link that searches it.
 */
for (const [width, tag] of [[1280, '@desktop'], [375, '@mobile']] as const) {
  test(`'трактор', 'трактора', 'тороктор', 'комбайн' list models and model lines first, then the categories, at ${width} px ${tag}`, async ({ page }, testInfo) => {
    const { dialog, field } = await openSearch(page, width === 375);
    for (const query of ['трактор', 'трактора', 'тороктор', 'комбайн']) {
      await field.fill(query);
      const regions = dialog.getByRole('group');
      await expect(regions.first()).toHaveAccessibleName('Модели');
      await expect(regions.nth(1)).toHaveAccessibleName('Модельные ряды');
      await expect(dialog.getByRole('group', { name: 'Категории' })).toBeVisible();
      await expect(regions.first().getByRole('option')).toHaveCount(5);
    }
    await expect(dialog.getByRole('group', { name: 'Модели' }).getByRole('option').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await look(page, testInfo, `search-machines-first-${width}.png`);
  });

  test(`'масляный фильтр 6145' lists the oil filters that fit a 6145M, and opens one, at ${width} px ${tag}`, async ({ page }, testInfo) => {
    const { dialog, field } = await openSearch(page, width === 375);
    await field.fill('масляный фильтр 6145');
    const parts = dialog.getByRole('group', { name: 'Запчасти' });
    const hit = parts.getByRole('option', { name: /^RE504836 — Фильтр масляный двигателя/ });
    await expect(hit).toBeVisible();
    await expect(hit).toContainText('Подходит к 6145M, зав. № с 20242000');
    for (const link of await parts.getByRole('option').all()) await expect(link).toContainText('Подходит к 6145M');
    await look(page, testInfo, `search-part-fits-${width}.png`);
    await hit.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('RE504836');
  });

  test(`a query that finds nothing offers the nearest spelling, which searches it, at ${width} px ${tag}`, async ({ page }, testInfo) => {
    const { dialog, field } = await openSearch(page, width === 375);
    await field.fill('фильтер');
    await expect(dialog).toContainText('Ничего не найдено');
    await expect(dialog).toContainText('Возможно, вы искали «фильтр»?');
    await look(page, testInfo, `search-did-you-mean-${width}.png`);
    await dialog.getByRole('link', { name: 'фильтр', exact: true }).click();
    await expect(field).toHaveValue('фильтр');
    await expect(field).toBeFocused();
    await expect(dialog.getByRole('group', { name: 'Запчасти' }).getByRole('option').first()).toContainText(/Фильтр/);
    await expect(dialog).not.toContainText('Возможно, вы искали');

    // The results page offers the same, as a link to its own search.
    await page.goto('/search?q=%D1%84%D0%B8%D0%BB%D1%8C%D1%82%D0%B5%D1%80');
    await expect(page.getByText('По запросу «фильтер» ничего не найдено.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'фильтр', exact: true }).click();
    await expect(page).toHaveURL('/search?q=%D1%84%D0%B8%D0%BB%D1%8C%D1%82%D1%80');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Поиск: «фильтр»');
    await expect(page.getByRole('region', { name: /^Запчасти/ })).toBeVisible();
  });
}
