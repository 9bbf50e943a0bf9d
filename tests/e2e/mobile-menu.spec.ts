import { expect, test } from './fixtures.ts';

// The drill-down menu is the mobile layout (below 768 px): playwright.config.ts runs this file at 375 px only.

const MAIN_ITEMS = [
  'Каталог техники', 'Главная', 'Запчасти', 'Сервис', 'Филиалы', 'Акции', 'Агроинформация',
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
