import type { Page } from '@playwright/test';
import { openSearch, signIn, unique } from './accounts-helpers.ts';
import { expect, look, pageSettled, test } from './fixtures.ts';

/*
 * Issue 10 points 1, 2, 4: parts added from their pages → /cart → counts changed (the stepper and a
 * typed count) → all unchecked (the choice survives a reload) → one removed → the other → the empty
 * state; a guest's cart joins the account at sign-in; at 375 px the whole cart, without the header's
 * cart icon (spec §2).
 */

const headerCart = (page: Page, isMobile: boolean) => (isMobile
  ? page.getByRole('banner').getByRole('link', { name: /^Корзина, товаров: \d+$/ })
  : page.getByRole('banner').getByRole('link', { name: /^Корзина: \d+$/ }));

/** Opens a part's page through the header search and puts `count` of it in the cart. */
async function addFromPartPage(page: Page, isMobile: boolean, query: string, code: string) {
  await page.goto('/');
  await pageSettled(page);
  const { dialog, field } = await openSearch(page, isMobile);
  await field.fill(query);
  const link = dialog.getByRole('group', { name: 'Запчасти' }).getByRole('option').filter({ hasText: code }).first();
  await link.click();
  await expect(page.getByTestId('part-code')).toHaveText(code);
  const buy = page.getByTestId('part-buy');
  await buy.getByRole('button', { name: 'В корзину' }).click();
  await expect(buy.getByRole('status')).toHaveText('Добавлено в корзину: 1 шт.');
}

const lines = (page: Page) => page.locator('[data-line-id]');
const line = (page: Page, code: string) => lines(page).filter({ hasText: code });

test('parts from their pages → /cart: counts, unchecking all, removal, the empty state', async ({ page, isMobile }, testInfo) => {
  await signIn(page, `cart-${unique(testInfo)}@agro.test`);
  await addFromPartPage(page, isMobile, 'AB12345', 'AB12345');
  await addFromPartPage(page, isMobile, '6205-2RS1', '6205-2RS1');

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Корзина · 2 позиции');
  await expect(lines(page)).toHaveCount(2);
  // Spec §2: the cart icon is hidden on the cart page (the mobile header); the desktop counter stays.
  if (isMobile) await expect(headerCart(page, true)).toHaveCount(0);
  else await expect(headerCart(page, false)).toHaveAccessibleName('Корзина: 2');
  const first = line(page, 'AB12345');
  await expect(first.getByRole('link', { name: /Подшипник ступицы диска/ })).toHaveAttribute('href', /^\/parts\/ab12345-\d+$/);
  await expect(first).toContainText(/руб\.|₸|цена по запросу/);
  const aside = page.getByRole('complementary', { name: 'Итого' });
  await expect(aside).toContainText('Выбрано2 позиции, 2 шт.');
  await look(page, testInfo, `cart-${testInfo.project.name}.png`, { fullPage: true });

  // Spec §4: decrease only while above 1; the stepper and a typed count each reload the cart.
  const minus = first.getByRole('button', { name: 'Меньше' });
  await expect(minus).toHaveAttribute('aria-disabled', 'true');
  await first.getByRole('button', { name: 'Больше' }).click();
  await expect(first.getByRole('textbox', { name: 'Количество, шт.' })).toHaveValue('2');
  await expect(minus).not.toHaveAttribute('aria-disabled');
  const second = line(page, '6205-2RS1');
  const typed = second.getByRole('textbox', { name: 'Количество, шт.' });
  await typed.fill('12');
  const saved = page.waitForResponse((r) => r.url().includes('/api/cart/change-count'));
  await typed.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(aside).toContainText('Выбрано2 позиции, 14 шт.');
  // A count above the maximum is cut to it, and the page says so.
  await typed.fill('100000');
  await typed.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('В одной строке — не больше 9999 шт. Больше закажите через менеджера');
  await expect(aside).toContainText('Выбрано2 позиции, 10001 шт.');
  await typed.fill('12');
  const resaved = page.waitForResponse((r) => r.url().includes('/api/cart/change-count'));
  await typed.press('Tab');
  await expect(aside).toContainText('Выбрано2 позиции, 14 шт.');
  // The counts are the server's: a reload shows them (once the last change is saved: a reload
  // before that would cancel its request).
  expect((await resaved).status()).toBe(200);
  await page.reload();
  await expect(line(page, 'AB12345').getByRole('textbox', { name: 'Количество, шт.' })).toHaveValue('2');
  await expect(line(page, '6205-2RS1').getByRole('textbox', { name: 'Количество, шт.' })).toHaveValue('12');

  // Uncheck all: nothing selected, nothing to remove; the choice is the browser's and survives a reload.
  const all = page.getByRole('checkbox', { name: 'Выбрать все' });
  await all.click();
  await expect(all).not.toBeChecked();
  await expect(aside).toContainText('Выбрано0 позиций, 0 шт.');
  await expect(page.getByRole('button', { name: 'Удалить выбранные' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /^Выбрать: AB12345/ })).not.toBeChecked();
  await expect(aside).toContainText('Выбрано0 позиций, 0 шт.');
  await page.getByRole('checkbox', { name: /^Выбрать: 6205-2RS1/ }).check();
  await expect(aside).toContainText('Выбрано1 позиция, 12 шт.');
  await look(page, testInfo, `cart-checks-${testInfo.project.name}.png`, { fullPage: true });

  // Remove one with its own button (keyboard), then the selected one.
  await line(page, 'AB12345').getByRole('button', { name: /^Удалить: AB12345/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Товар удалён из корзины' })).toBeVisible();
  await expect(lines(page)).toHaveCount(1);
  if (!isMobile) await expect(headerCart(page, false)).toHaveAccessibleName('Корзина: 1');
  await page.getByRole('button', { name: 'Удалить выбранные (1)' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'В корзине пока пусто' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Корзина');
  if (!isMobile) await expect(headerCart(page, false)).toHaveAccessibleName('Корзина: 0');
  await look(page, testInfo, `cart-empty-${testInfo.project.name}.png`, { fullPage: false });
});

test('a guest\'s cart shows without prices and joins the account at sign-in', async ({ page, isMobile }, testInfo) => {
  await addFromPartPage(page, isMobile, 'AB12345', 'AB12345');
  await page.goto('/cart');
  await expect(lines(page)).toHaveCount(1);
  await expect(page.getByText('Цены и сумма заказа видны после входа.')).toBeVisible();
  await expect(page.getByTestId('cart-sum')).toHaveCount(0);
  await look(page, testInfo, `cart-guest-${testInfo.project.name}.png`, { fullPage: true });

  // Signing in (the same browser) moves the line to the account: prices now.
  await signIn(page, `cart-guest-${unique(testInfo)}@agro.test`);
  await page.goto('/cart');
  await expect(lines(page)).toHaveCount(1);
  await expect(line(page, 'AB12345')).toBeVisible();
  await expect(page.getByText('Цены и сумма заказа видны после входа.')).toHaveCount(0);
  await expect(page.getByTestId('cart-sum')).toContainText(/руб\.|₸/);
  if (!isMobile) await expect(headerCart(page, false)).toHaveAccessibleName('Корзина: 1');
  // Recommended parts (analogs, the same drawings): 'В корзину' adds one, and it becomes a line.
  const recs = page.getByRole('region', { name: 'С этими запчастями берут' });
  await expect(recs.getByRole('listitem').first()).toBeVisible();
  await recs.getByRole('button', { name: /^В корзину: / }).first().click();
  await expect(lines(page)).toHaveCount(2);
  await look(page, testInfo, `cart-signed-in-${testInfo.project.name}.png`, { fullPage: true });
});
