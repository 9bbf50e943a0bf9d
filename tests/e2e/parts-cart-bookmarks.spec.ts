import type { Page } from '@playwright/test';
import { csrfToken, signIn, unique } from './accounts-helpers.ts';
import { expect, look, markWritten, test } from './fixtures.ts';

/*
 * Issue 9 points 7 and 10 and the cart's counter: an employee finds a part on /search/sparepart/
 * by a number typed in the wrong layout, puts two in the cart (the header's counter follows without
 * a reload) and one in the favourites, which 'Избранное' lists under 'Запчасти'; everyone else gets
 * the 403 page; a guest's cart shows in the header of a cached page.
 */

/** The header's cart count: the desktop counter, or the mobile icon at 375 px. */
function cartCounter(page: Page, isMobile: boolean) {
  return isMobile
    ? page.getByRole('banner').getByRole('link', { name: /^Корзина, товаров: \d+$/ })
    : page.getByRole('banner').getByRole('link', { name: /^Корзина: \d+$/ });
}
const cartName = (isMobile: boolean, n: number) => (isMobile ? `Корзина, товаров: ${n}` : `Корзина: ${n}`);

test('an employee finds a part by number, adds two to the cart and one to the favourites', async ({ page, isMobile }, testInfo) => {
  await signIn(page, `staff-${unique(testInfo)}@agro.test`, undefined, 'employee');
  await page.goto('/search/sparepart/');
  await expect(page.getByRole('heading', { level: 1, name: 'Поиск запчастей' })).toBeVisible();
  await expect(cartCounter(page, isMobile)).toHaveAccessibleName(cartName(isMobile, 0));

  // RE59754 typed with the keyboard left in the Russian layout, with a dash.
  const field = page.getByLabel('Номер детали или начало названия');
  await field.fill('ку-59754');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\/sparepart\/?\?q=/);
  await expect(page.getByRole('status').filter({ hasText: /^Найдено \d+/ })).toBeVisible();
  const hits = page.getByTestId('sparepart-hit');
  const first = hits.first();
  await expect(first).toHaveAttribute('data-code', 'RE59754');
  await expect(first.getByText('Номер', { exact: true })).toBeVisible();
  await expect(hits.nth(1)).toHaveAttribute('data-code', 'RE504836');
  await expect(page.getByTestId('sparepart-results')).toContainText('Аналог');
  // Every branch in its row, prices to the employee.
  const stock = first.getByRole('list', { name: 'Наличие и цены RE59754 по филиалам' });
  await expect(stock.getByRole('listitem')).toHaveCount(30);
  await expect(stock).toContainText(/руб\.|₸/);
  await look(page, testInfo, `sparepart-${testInfo.project.name}.png`, { fullPage: false });
  await stock.scrollIntoViewIfNeeded();
  await look(page, testInfo, `sparepart-stock-${testInfo.project.name}.png`, { fullPage: false });
  // '/' from anywhere on the page puts the cursor back in the field.
  await page.getByRole('heading', { level: 1, name: 'Поиск запчастей' }).click();
  await page.keyboard.press('/');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('ку-59754');

  // Two into the cart: the header's counter shows the part at once.
  await first.getByLabel('Количество: RE59754 Фильтр масляный двигателя').fill('2');
  await first.getByRole('button', { name: 'В корзину: RE59754 Фильтр масляный двигателя' }).click();
  await expect(first.getByRole('status')).toHaveText('Добавлено в корзину: 2 шт.');
  await expect(cartCounter(page, isMobile)).toHaveAccessibleName(cartName(isMobile, 1));
  // The count is the server's: a new page says the same.
  await page.reload();
  await expect(cartCounter(page, isMobile)).toHaveAccessibleName(cartName(isMobile, 1));

  // One into the favourites, listed under 'Запчасти'.
  const bookmark = page.getByTestId('sparepart-hit').first().getByRole('button', { name: 'В избранное' });
  const added = markWritten(page);
  await bookmark.click();
  await added;
  await expect(page.getByTestId('sparepart-hit').first().getByRole('button', { name: 'В избранном' })).toHaveAttribute('aria-pressed', 'true');
  if (!isMobile) await expect(page.getByRole('link', { name: 'Избранное: 1' })).toBeVisible();
  await page.goto('/profile/bookmarks');
  await expect(page.getByRole('heading', { level: 2, name: /Техника/ })).toBeVisible();
  const parts = page.getByTestId('part-bookmarks');
  await expect(parts.getByRole('link', { name: 'RE59754' })).toBeVisible();
  await expect(parts).toContainText('Фильтр масляный двигателя');
  await expect(parts).toContainText(/руб\.|Цена по запросу/);
  await look(page, testInfo, `bookmarks-${testInfo.project.name}.png`, { fullPage: true });
  // The entry goes at once; the reload waits for the server's answer (markWritten).
  const removed = markWritten(page);
  await parts.getByRole('button', { name: 'Удалить RE59754 Фильтр масляный двигателя из избранного' }).click();
  await expect(page.getByText('В избранном пока ничего нет')).toBeVisible();
  await removed;
  await page.reload();
  await expect(page.getByText('В избранном пока ничего нет')).toBeVisible();
});

test('a signed-in visitor who is not an employee gets the 403 page @server-logic', async ({ page }, testInfo) => {
  await signIn(page, `not-staff-${unique(testInfo)}@agro.test`);
  const response = await page.goto('/search/sparepart/');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Доступ запрещён' })).toBeVisible();
  await expect(page.getByText('Поиск запчастей по всем филиалам доступен только сотрудникам компании.')).toBeVisible();
  await look(page, testInfo, `forbidden-${testInfo.project.name}.png`);
});

test('a guest gets the 403 page with a way to sign in @server-logic', async ({ page }) => {
  const response = await page.goto('/search/sparepart');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Доступ запрещён' })).toBeVisible();
  await page.getByTestId('forbidden').getByRole('link', { name: 'Войти' }).click();
  await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible();
});

test("a guest's cart shows in the header of a cached page and joins the account at sign-in", async ({ page, isMobile }, testInfo) => {
  await page.goto('/');
  await expect(cartCounter(page, isMobile)).toHaveAccessibleName(cartName(isMobile, 0));
  // The way a page's button adds (the same client call, POST /api/cart/add).
  const part = await (await page.request.get('/api/parts/search?q=RE504836&limit=1')).json() as { hits: Array<{ id: number }> };
  const added = await page.request.post('/api/cart/add', { headers: { 'X-CSRF-Token': await csrfToken(page) }, data: { products: [{ part_id: part.hits[0]!.id, count: 3 }] } });
  expect(await added.json()).toMatchObject({ error_status: 'success', cartCount: 1 });
  await page.goto('/contacts');
  await expect(cartCounter(page, isMobile)).toHaveAccessibleName(cartName(isMobile, 1));

  await signIn(page, `cart-join-${unique(testInfo)}@agro.test`);
  await page.goto('/');
  await expect(cartCounter(page, isMobile)).toHaveAccessibleName(cartName(isMobile, 1));
});
