import type { Locator, Page } from '@playwright/test';
import { expect, scrollAndSettle, test } from './fixtures.ts';

/** Top-level items of a catalogue-menu column (not the nested second-level links). */
const columnItems = (page: Page, n: 1 | 2) => page.getByTestId(`catalog-column-${n}`).locator(':scope > li');
const ownLinkTexts = (items: Locator) => items.evaluateAll((lis) => lis.map((li) => li.querySelector(':scope > a')?.textContent?.trim()));

test.describe('desktop header (768 px and up) @desktop', () => {

  test('main links, spare-parts link on the home page, counters, guest links', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');

    await expect(header.getByRole('link', { name: 'Агротехника — на главную' })).toHaveAttribute('href', '/');
    const nav = header.getByRole('navigation', { name: 'Разделы сайта' });
    const expected: [string, string][] = [
      ['Сервис', '/servis'],
      ['Финансирование', '/finansirovanie'],
      ['Акции', '/akcii'],
      ['Агроновости', '/blog'],
      ['Филиалы', '/contacts'],
      ['Доставка и оплата', '/dostavka-i-oplata'],
      ['Вакансии', '/vacancies'],
    ];
    for (const [name, href] of expected) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(header.getByRole('link', { name: 'Запчасти', exact: true })).toHaveAttribute('href', '/zapchasti?ref_t=p.btn&ref_c=other&ref_i=');

    // The machinery catalogue: its menu button, and a link to /catalog inside the menu.
    await header.getByRole('button', { name: 'Каталог техники' }).click();
    await expect(header.getByTestId('catalog-menu').getByRole('link', { name: 'Весь каталог техники' })).toHaveAttribute('href', '/catalog');

    const counters = header.getByRole('navigation', { name: 'Сравнение, избранное, корзина' });
    for (const name of ['Корзина', 'Избранное', 'Сравнение']) {
      const counter = counters.getByRole('link', { name: `${name}: 0` });
      await expect(counter).toBeVisible();
      await expect(counter).toContainText('0');
    }
    await expect(counters.getByRole('link', { name: 'Избранное: 0' })).toHaveAttribute('href', '/login?redirect=%2Fprofile%2Fbookmarks');
    await expect(header.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
  });

  test('spare-parts link carries the category of /catalog/traktory', async ({ page }) => {
    await page.goto('/catalog/traktory');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Запчасти', exact: true }))
      .toHaveAttribute('href', /^\/zapchasti\?ref_t=p\.btn&ref_c=category&ref_i=\d+$/);
  });

  test('catalogue menu: hovered category in two columns split at ceil(n/2), with its banner', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Каталог техники' }).click();
    const menu = page.getByTestId('catalog-menu');
    await expect(menu).toBeVisible();

    // Зерноуборочные комбайны: 5 subcategories (odd) and a banner → 3 + 2.
    await menu.getByRole('link', { name: 'Зерноуборочные комбайны' }).first().hover();
    await expect(columnItems(page, 1)).toHaveCount(3);
    await expect(columnItems(page, 2)).toHaveCount(2);
    expect(await ownLinkTexts(columnItems(page, 1))).toEqual(['Роторные комбайны', 'Клавишные комбайны', 'Жатки']);
    expect(await ownLinkTexts(columnItems(page, 2))).toEqual(['Тележки для жаток', 'Измельчители соломы']);
    await expect(page.getByTestId('catalog-banner')).toContainText('Готовимся к уборке заранее');

    // Тракторы: 7 subcategories (odd), one with children, and a banner → 4 + 3.
    await menu.getByRole('link', { name: 'Тракторы' }).first().hover();
    await expect(columnItems(page, 1)).toHaveCount(4);
    await expect(columnItems(page, 2)).toHaveCount(3);
    expect(await ownLinkTexts(columnItems(page, 1))).toEqual(['Колёсные тракторы', 'Гусеничные тракторы', 'Пропашные тракторы', 'Садовые и виноградниковые тракторы']);
    await expect(page.getByTestId('catalog-column-1').getByRole('link', { name: 'Тракторы до 100 л. с.' })).toHaveAttribute('href', '/catalog/traktory-do-100-ls');
    await expect(page.getByTestId('catalog-banner')).toContainText('Тракторы для любых задач');

    // Кормоуборочная техника: 4 subcategories, no banner → 2 + 2.
    await menu.getByRole('link', { name: 'Кормоуборочная техника' }).first().hover();
    await expect(columnItems(page, 1)).toHaveCount(2);
    await expect(columnItems(page, 2)).toHaveCount(2);
    await expect(page.getByTestId('catalog-banner')).toHaveCount(0);
  });

  test('search modal: «трак» lists Тракторы, which opens /catalog/traktory', async ({ page }) => {
    await page.goto('/');
    const field = page.getByRole('banner').getByRole('button', { name: 'Поиск по технике, запчастям и артикулам' });
    await field.click();
    const dialog = page.getByRole('dialog', { name: 'Поиск по сайту' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Искать в каталоге или на сайте' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(field).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Искать в каталоге или на сайте' }).fill('трак');
    await dialog.getByRole('option', { name: 'Тракторы', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog\/traktory$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Тракторы');
    // After a client-side navigation the spare-parts link follows the new page.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Запчасти', exact: true }))
      .toHaveAttribute('href', /^\/zapchasti\?ref_t=p\.btn&ref_c=category&ref_i=\d+$/);
  });
});

test('contacts dropdown: free line, hotline, hours, both phone forms, РФ and call tracking', async ({ page, isMobile }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Контакты' }).click();
  const panel = isMobile
    ? page.getByRole('region', { name: 'Контакты' })
    : header.locator('section', { has: page.getByRole('heading', { name: /Подбор запчастей и техники/ }) }).locator('xpath=..');

  await expect(panel.getByRole('heading', { name: /Подбор запчастей и техники/ })).toContainText('РФ');
  await expect(panel.getByRole('heading', { name: 'Сервис, горячая линия' })).toBeVisible();
  await expect(panel).toContainText('Звонок по России бесплатный');
  await expect(panel).toContainText('Пн–Пт 08:00–17:00');

  // The demo branch has no line of its own, so its section repeats the country's lines (ADR 013).
  const sales = panel.getByRole('link', { name: '+7 (800) 555-01-20' });
  await expect(sales).toHaveCount(2);
  await expect(sales.first()).toHaveAttribute('href', 'tel:+78005550120');
  await expect(sales.first()).toHaveClass(/\bcall_phone_rf\b/);
  await expect(panel).toContainText('8 (800) 555-01-20');
  await expect(panel.getByRole('link', { name: '+7 (800) 555-01-30' })).toHaveCount(2);
  await expect(panel.getByRole('link', { name: '+7 (800) 555-01-30' }).first()).toHaveClass(/\bcall_phone_rf\b/);
  await expect(panel).toContainText('8 (800) 555-01-30');

  const phoneLinks = panel.locator('a[href^="tel:"]');
  expect(await phoneLinks.count()).toBeGreaterThanOrEqual(4);
  for (const cls of await phoneLinks.evaluateAll((links) => links.map((a) => a.className))) {
    expect(cls).toMatch(/\bcall_phone_rf\b/);
  }
  await expect(panel.getByRole('button', { name: 'Написать нам' })).toBeVisible();
});

test.describe('mobile header (below 768 px) @mobile', () => {

  test('read-only search field, counters hidden, cart icon', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const search = header.getByPlaceholder('Искать в каталоге или на сайте');
    await expect(search).toBeVisible();
    await expect(search).toHaveAttribute('readonly', '');
    await expect(header.getByRole('link', { name: 'Корзина, товаров: 0' })).toHaveAttribute('href', '/cart');
    await expect(header.getByRole('navigation', { name: 'Сравнение, избранное, корзина' })).toBeHidden();

    await search.click();
    const dialog = page.getByRole('dialog', { name: 'Поиск по сайту' });
    await expect(dialog).toBeVisible();
    // Escape closes it for good: focus going back to the field must not reopen it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(search).toBeFocused();
    await expect(dialog).toHaveCount(0);
    await search.click();
    await dialog.getByRole('combobox', { name: 'Искать в каталоге или на сайте' }).fill('трак');
    await dialog.getByRole('option', { name: 'Тракторы', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog\/traktory$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Тракторы');
  });

  test('back link on /servis leads to Главная', async ({ page }) => {
    await page.goto('/servis');
    await expect(page.getByRole('navigation', { name: 'Назад' }).getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/');
  });

  test('header hides when scrolling down past its height and returns when scrolling up', async ({ page }) => {
    await page.goto('/documents/policy-privacy');
    const banner = page.getByRole('banner');
    await expect(banner).not.toHaveAttribute('data-mobile-hidden');
    const height = await banner.evaluate((h) => (h as HTMLElement).offsetHeight);
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(height + 400);

    // Scrolling down but still within the header's height keeps it.
    await scrollAndSettle(page, Math.floor(height / 2));
    await expect(banner).not.toHaveAttribute('data-mobile-hidden');

    await page.evaluate((y) => window.scrollTo(0, y), height + 300);
    await expect(banner).toHaveAttribute('data-mobile-hidden', 'true');

    await page.evaluate((y) => window.scrollTo(0, y), height + 150);
    await expect(banner).not.toHaveAttribute('data-mobile-hidden');
  });
});

test('the header fits the screen: nothing sticks out sideways at 375 and 360 px @mobile', async ({ page }) => {
  for (const width of [375, 360]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/');
    const overflow = await page.getByRole('banner').evaluate((header) => {
      const right = header.getBoundingClientRect().right;
      return [...header.querySelectorAll<HTMLElement>('a, button, input')]
        .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > right + 0.5)
        .map((el) => el.getAttribute('aria-label') ?? el.textContent);
    });
    expect(overflow, `at ${width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width);
  }
});
