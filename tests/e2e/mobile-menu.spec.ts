import { createAccount, signInAs, unique } from './accounts-helpers.ts';
import { expect, pageSettled, shot, test } from './fixtures.ts';

// The drill-down menu is the mobile layout (below 768 px): playwright.config.ts runs this file at 375 px only.

const MAIN_ITEMS = [
  'Каталог техники', 'Главная', 'Запчасти', 'Сервис', 'Сравнение', 'Филиалы', 'Акции', 'Агроинформация',
  'Финансирование', 'Доставка и оплата', 'Вакансии', 'Написать нам', 'Войти',
];

test('drill-down: main list → Каталог техники → Тракторы → back twice; scroll locked while open; a link closes it', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).not.toHaveCSS('overflow', 'hidden');

  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const menu = page.getByRole('navigation', { name: 'Мобильное меню' });
  const mainList = menu.locator(':scope > ul > li');
  await expect(mainList).toHaveText(MAIN_ITEMS);
  await expect(html).toHaveCSS('overflow', 'hidden');

  const hrefs: [string, string | RegExp][] = [
    ['Главная', '/'],
    ['Запчасти', '/zapchasti?ref_t=p.btn&ref_c=other&ref_i='],
    ['Сервис', '/servis'],
    // A guest's way to the comparison on a phone (the header's counters are the desktop's).
    ['Сравнение', '/compare'],
    ['Филиалы', '/contacts'],
    ['Акции', '/akcii'],
    ['Агроинформация', '/blog'],
    ['Финансирование', '/finansirovanie'],
    ['Доставка и оплата', '/dostavka-i-oplata'],
    ['Вакансии', '/vacancies'],
    ['Войти', '/login'],
  ];
  for (const [name, href] of hrefs) {
    await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }

  // Level 1: the machinery categories.
  await menu.getByRole('button', { name: 'Каталог техники' }).click();
  await expect(menu.getByRole('heading', { level: 2 })).toHaveText('Каталог техники');
  await expect(menu.getByRole('button', { name: 'Назад' })).toBeVisible();
  await expect(menu.locator(':scope > ul > li')).toHaveCount(12);

  // Level 2: one category's subcategories with their own children.
  await menu.getByRole('button', { name: 'Тракторы' }).click();
  await expect(menu.getByRole('heading', { level: 2 })).toHaveText('Тракторы');
  await expect(menu.getByRole('link', { name: 'Все товары раздела' })).toHaveAttribute('href', '/catalog/traktory');
  await expect(menu.getByRole('link', { name: 'Колёсные тракторы' })).toHaveAttribute('href', '/catalog/traktory-kolesnye');
  await expect(menu.getByRole('link', { name: 'Шины и колёса' })).toHaveAttribute('href', '/catalog/shiny-i-kolesa');
  await expect(menu.getByRole('link', { name: 'Тракторы до 100 л. с.' })).toHaveAttribute('href', '/catalog/traktory-do-100-ls');
  await expect(menu.getByRole('link', { name: 'Тракторы свыше 250 л. с.' })).toHaveAttribute('href', '/catalog/traktory-svyshe-250-ls');
  // 'Все товары раздела' and the seven subcategories; nested links sit in their own lists.
  await expect(menu.locator(':scope > ul > li')).toHaveCount(8);

  await menu.getByRole('button', { name: 'Назад' }).click();
  await expect(menu.getByRole('heading', { level: 2 })).toHaveText('Каталог техники');
  await menu.getByRole('button', { name: 'Назад' }).click();
  await expect(menu.getByRole('heading', { level: 2 })).toHaveCount(0);
  await expect(mainList).toHaveText(MAIN_ITEMS);
  await expect(html).toHaveCSS('overflow', 'hidden');

  await menu.getByRole('button', { name: 'Закрыть меню' }).click();
  await expect(menu).toBeHidden();
  await expect(html).not.toHaveCSS('overflow', 'hidden');
  await expect(page.getByRole('button', { name: 'Открыть меню' })).toBeFocused();

  // Reopened, it starts from the main list again; a link navigates and closes it.
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await expect(mainList).toHaveText(MAIN_ITEMS);
  await menu.getByRole('button', { name: 'Каталог техники' }).click();
  await menu.getByRole('button', { name: 'Тракторы' }).click();
  await menu.getByRole('link', { name: 'Все товары раздела' }).click();
  await expect(page).toHaveURL(/\/catalog\/traktory$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Тракторы');
  await expect(html).not.toHaveCSS('overflow', 'hidden');
});

test('«Написать нам» in the menu opens the write-us dialog', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const menu = page.getByRole('navigation', { name: 'Мобильное меню' });
  await menu.getByRole('button', { name: 'Написать нам' }).click();
  await expect(menu).toBeHidden();
  const dialog = page.getByRole('dialog', { name: 'Написать нам' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
});

test('two-line items have room: no text clipped or overlapping at 375 px', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const menu = page.getByRole('navigation', { name: 'Мобильное меню' });
  const check = () => menu.evaluate((nav) => {
    const problems: string[] = [];
    // Rows of the list and the smaller links nested under a subcategory.
    const items = [...nav.querySelectorAll<HTMLElement>('li > a, li > button')];
    let twoLine = 0;
    let previousBottom = -Infinity;
    for (const item of items) {
      const box = item.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(item);
      const text = range.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(item).lineHeight);
      if (text.height > lineHeight * 1.5) twoLine += 1;
      // The text stays inside its row with some air, and rows do not run into each other.
      if (text.top < box.top + 4 || text.bottom > box.bottom - 4) problems.push(`${item.textContent} touches its row's edge`);
      if (item.scrollHeight > item.clientHeight + 1 || item.scrollWidth > item.clientWidth + 1) problems.push(`${item.textContent} overflows`);
      if (box.top < previousBottom - 0.5) problems.push(`${item.textContent} overlaps the item above`);
      const nested = !!item.closest('li li');
      if (box.height < (nested ? 40 : 44)) problems.push(`${item.textContent} is ${box.height}px high`);
      previousBottom = box.bottom;
    }
    return { problems, twoLine };
  });
  await menu.getByRole('button', { name: 'Каталог техники' }).click();
  const categories = await check();
  expect(categories.problems).toEqual([]);
  // 'Погрузчики и телескопические погрузчики' and 'Техника для внесения удобрений' take two lines.
  expect(categories.twoLine).toBeGreaterThanOrEqual(2);
  await menu.getByRole('button', { name: 'Тракторы' }).click();
  await expect(menu.getByRole('link', { name: 'Все товары раздела' })).toBeVisible();
  const subcategories = await check();
  expect(subcategories.problems).toEqual([]);
  expect(subcategories.twoLine).toBeGreaterThanOrEqual(1);
});

test.describe('signed in on a phone', () => {
  test('«Личный кабинет» from the header and from the menu: Мои данные, Корзина, Избранное, Моя техника, Сравнить товары, Биржа перевозок; Выйти last', async ({ page, request }, testInfo) => {
    const email = `mobile-cabinet-${unique(testInfo)}@agro.ru`;
    await createAccount(request, email, 'secret1');
    await page.goto('/');
    await signInAs(page, email);
    await page.goto('/');
    await pageSettled(page);

    // The header: a person icon opens the account's list.
    const header = page.getByRole('banner');
    const icon = header.getByRole('button', { name: 'Личный кабинет' });
    await expect(icon).toBeVisible();
    await icon.click();
    await expect(icon).toHaveAttribute('aria-expanded', 'true');
    const list = header.getByRole('list', { name: 'Личный кабинет' });
    await expect(list.getByRole('listitem')).toHaveText(['Мои данные', 'Корзина', 'Избранное', 'Моя техника', 'Сравнить товары', 'Биржа перевозок', 'Выйти']);
    await expect(list.getByRole('link', { name: 'Мои данные' })).toHaveAttribute('href', '/profile');
    await expect(list.getByRole('link', { name: 'Корзина' })).toHaveAttribute('href', '/cart');
    await expect(list.getByRole('link', { name: 'Избранное' })).toHaveAttribute('href', '/profile/bookmarks');
    await shot(page, testInfo, 'account-in-the-header', false);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(icon).toBeFocused();
    await icon.click();
    await list.getByRole('link', { name: 'Избранное' }).click();
    await expect(page).toHaveURL(/\/profile\/bookmarks$/);
    await expect(list).toBeHidden();

    // The menu: the same pages at its top, 'Выйти' as its last item.
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = page.getByRole('navigation', { name: 'Мобильное меню' });
    const cabinet = menu.getByRole('list', { name: 'Личный кабинет' });
    await expect(menu.getByRole('heading', { name: 'Личный кабинет' })).toBeVisible();
    await expect(menu).toContainText('Тест Тестов');
    await expect(cabinet.getByRole('listitem')).toHaveText(['Мои данные', 'Корзина', 'Избранное', 'Моя техника', 'Сравнить товары', 'Биржа перевозок']);
    await expect(cabinet.getByRole('link', { name: 'Корзина' })).toHaveAttribute('href', '/cart');
    await expect(cabinet.getByRole('link', { name: 'Биржа перевозок' })).toHaveAttribute('href', '/transportation-orders');
    await expect(menu.locator(':scope > ul > li').last()).toHaveText('Выйти');
    await shot(page, testInfo, 'account-in-the-menu', false);
    await cabinet.getByRole('link', { name: 'Мои данные' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Мои данные' })).toBeVisible();

    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await cabinet.getByRole('button', { name: 'Сравнить товары' }).click();
    await expect(page).toHaveURL(/\/compare$/);

    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await menu.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
  });
});

test('a guest\'s person icon in the header opens sign-in', async ({ page }) => {
  await page.goto('/');
  await pageSettled(page);
  const icon = page.getByRole('banner').getByRole('link', { name: 'Войти' });
  await expect(icon).toHaveAttribute('href', '/login');
  await icon.click();
  await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible();
});
