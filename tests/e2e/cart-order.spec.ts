import type { Page } from '@playwright/test';
import { addFromPartPage, authDialog, createAccount, latestOutboxBody, signIn, unique } from './accounts-helpers.ts';
import { expect, look, pageSettled, test } from './fixtures.ts';

/*
 * Issue 10, the whole flow (ADR 042): parts → /cart → counts → all unchecked (the delivery price
 * cleared) → delivery to an address (suggestions) → terminals on the map with three carriers'
 * prices → an order with a PDF → the confirmation → the letter in the outbox → 'Мои заказы' and the
 * attachment (its owner only). At 1280 px and 375 px (the header's cart icon hidden on the cart).
 */

const headerCart = (page: Page, isMobile: boolean) => (isMobile
  ? page.getByRole('banner').getByRole('link', { name: /^Корзина, товаров: \d+$/ })
  : page.getByRole('banner').getByRole('link', { name: /^Корзина: \d+$/ }));

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Picks the first suggestion of an address typed in the panel's field. */
async function pickAddress(page: Page, label: string | RegExp, text: string) {
  const panel = page.getByRole('region', { name: 'Способ получения' });
  const field = panel.getByRole('combobox', { name: label });
  await field.fill(text);
  const option = panel.getByRole('listbox', { name: 'Подсказки адреса' }).getByRole('option').first();
  await expect(option).toBeVisible();
  await option.click();
}

test('parts → cart → delivery → an order with a PDF → confirmation, letter, \'Мои заказы\'', async ({ page, isMobile, browser }, testInfo) => {
  test.setTimeout(90_000);
  const email = `order-${unique(testInfo)}@agro.test`;
  await signIn(page, email);
  const signUpLetter = await latestOutboxBody(page.request, email);
  // Two parts priced and in stock at the visitor's branch (Smolensk, the demo's default).
  await addFromPartPage(page, isMobile, '700.18.38.309');
  await addFromPartPage(page, isMobile, '701.23.62.817-1');

  await page.goto('/cart');
  await pageSettled(page);
  if (isMobile) await expect(headerCart(page, true)).toHaveCount(0);
  const lines = page.locator('[data-line-id]');
  await expect(lines).toHaveCount(2);
  const panel = page.getByRole('region', { name: 'Способ получения' });
  const checkout = page.getByRole('region', { name: 'Оформление заказа' });
  await expect(panel).toBeVisible();
  await expect(checkout).toBeVisible();
  await expect(panel.getByTestId('delivery-pickup')).toContainText('Бесплатно');
  await expect(checkout.getByTestId('order-delivery')).toHaveText('бесплатно, самовывоз');

  // A count changes the cart and the order's total (spec §4).
  const sum = page.getByTestId('cart-sum');
  const before = await sum.textContent();
  await lines.first().getByRole('button', { name: 'Больше' }).click();
  await expect(sum).not.toHaveText(before!);
  await expect(checkout.getByTestId('order-total')).toHaveText((await sum.textContent())!);

  // Delivery to an address: suggestions, then the price (spec §5: checked priced lines exist).
  await panel.getByRole('radio', { name: 'Доставка до адреса' }).check();
  await pickAddress(page, 'Адрес доставки', 'Вязьма, Ленина 5');
  const calc = panel.getByTestId('delivery-calc-result');
  await expect(calc).toContainText(/Доставка\s*[\d\s]+руб\./);
  await expect(checkout.getByTestId('order-delivery')).toHaveText(/[\d\s]+руб\./);

  // Unchecking all clears the delivery price (spec §4), and there is nothing to order.
  await page.getByRole('checkbox', { name: 'Выбрать все' }).click();
  await expect(calc).toContainText('Отметьте товары с ценой — тогда рассчитаем доставку');
  await expect(checkout).toContainText('Отметьте товары, которые хотите заказать.');
  await page.getByRole('checkbox', { name: 'Выбрать все' }).click();
  await expect(calc).toContainText(/Доставка\s*[\d\s]+руб\./);

  // Terminals: the map (tiles from the local stand-in) and three companies' prices side by side.
  await panel.getByRole('radio', { name: 'До терминала ТК' }).check();
  await pickAddress(page, /ближайшие терминалы/, 'Вязьма, Советская 3');
  const carriers = panel.getByRole('list', { name: 'Транспортные компании' }).locator('[data-carrier]');
  await expect(carriers).toHaveCount(3);
  for (const c of await carriers.all()) await expect(c.locator('p').first()).toContainText(/руб\.|не удалось|Не удалось/);
  await expect(panel.locator('.leaflet-container')).toBeVisible();
  await carriers.first().getByRole('radio').first().check();
  await expect(panel.getByTestId('delivery-terminals-result')).toContainText(/Доставка до терминала\s*[\d\s]+руб\./);
  await expect(checkout.getByTestId('order-delivery')).toHaveText(/[\d\s]+руб\./);
  await look(page, testInfo, `cart-checkout-${testInfo.project.name}.png`, { fullPage: true });
  await look(panel, testInfo, `cart-panel-${testInfo.project.name}.png`);

  // The order: contacts, a comment, a PDF.
  await checkout.getByLabel('Ваше имя').fill('Пётр Иванов');
  await checkout.getByLabel('Номер телефона').fill('+7 912 345-67-89');
  await expect(checkout.getByLabel('E-mail')).toHaveValue(email);
  await checkout.getByLabel('Комментарий к заказу').fill('Позвоните перед отправкой');
  await checkout.getByLabel(/^Файлы/).setInputFiles({ name: 'заявка.pdf', mimeType: 'application/pdf', buffer: PDF });
  await look(checkout, testInfo, `cart-form-${testInfo.project.name}.png`);
  // Nothing of the panel or the form is wider than the screen (a file input's own width once was).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await checkout.getByRole('button', { name: 'Оформить заказ' }).click();

  await expect(page).toHaveURL(/\/cart\/order\/%D0%90%D0%93-\d{4}-\d{6}$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Спасибо! Заказ АГ-\d{4}-\d{6} оформлен$/);
  const number = /АГ-\d{4}-\d{6}/.exec((await heading.textContent())!)![0];
  if (!isMobile) await expect(headerCart(page, false)).toHaveAccessibleName('Корзина: 0');
  await expect(page.getByRole('link', { name: 'заявка.pdf' })).toBeVisible();
  await look(page, testInfo, `order-confirmation-${testInfo.project.name}.png`, { fullPage: true });

  // The letter to the customer, with the delivery priced by the server.
  const letter = await latestOutboxBody(page.request, email, signUpLetter);
  expect(letter).toContain(`Заказ ${number}`);
  expect(letter).toMatch(/До терминала|терминала транспортной компании/);
  expect(letter).toMatch(/доставка [\d\s]+руб\./);
  expect(letter).toContain('заявка.pdf');

  // 'Мои заказы' lists it; its attachment downloads for the owner only.
  await page.getByRole('link', { name: 'Все мои заказы' }).click();
  await expect(page).toHaveURL(/\/profile\/orders$/);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(number) })).toBeVisible();
  const href = await page.getByRole('link', { name: 'заявка.pdf' }).first().getAttribute('href');
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toContain('application/pdf');
  expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);

  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    expect((await other.request.get(href!)).status()).toBe(404);
    const stranger = `stranger-${unique(testInfo)}@agro.test`;
    await createAccount(other.request, stranger, 'secret1');
    const { token } = await (await other.request.get('/api/csrf-token')).json() as { token: string };
    expect((await other.request.post('/api/auth/authorize', { headers: { 'X-CSRF-Token': token }, data: { type: 'email', props: { email: stranger, password: 'secret1' } } })).ok()).toBe(true);
    expect((await other.request.get(href!)).status()).toBe(404);
    expect((await other.request.get(`/cart/order/${encodeURIComponent(number)}`)).status()).toBe(404);
  } finally {
    await other.close();
  }
});

test('a guest signs in at checkout: his cart joins the account, a part on request is ordered asking for a price, the letter goes to the account\'s address', async ({ page, isMobile, browser }, testInfo) => {
  test.setTimeout(90_000);
  // The account exists already (made in another browser); the guest signs in to it at checkout.
  const email = `order-guest-${unique(testInfo)}@agro.test`;
  const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try { await createAccount(elsewhere.request, email, 'secret1'); } finally { await elsewhere.close(); }

  // A priced part and one 'цена по запросу' at the demo's branch (Smolensk).
  await addFromPartPage(page, isMobile, '700.18.38.309');
  await addFromPartPage(page, isMobile, '701.52.71.420');
  await page.goto('/cart');
  await pageSettled(page);
  const checkout = page.getByRole('region', { name: 'Оформление заказа' });
  await expect(checkout).toContainText('Заказ оформляется после входа');
  await expect(checkout.getByRole('button', { name: 'Оформить заказ' })).toHaveCount(0);
  await expect(page.getByTestId('cart-sum')).toHaveCount(0);

  await checkout.getByRole('button', { name: 'Войти' }).click();
  const dialog = authDialog(page, 'Вход');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Пароль').fill('secret1');
  await dialog.getByRole('button', { name: 'Войти' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/cart$/);

  // Signed in: the guest's lines joined the account, with prices; the part on request is in the order.
  await expect(page.locator('[data-line-id]')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Цена по запросу' })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Итого' });
  await expect(summary).toContainText('2 позиции, 2 шт.');
  const totals = checkout.getByTestId('order-totals');
  await expect(totals).toContainText(`Товары2 поз., ${(await page.getByTestId('cart-sum').textContent())!}`);
  await expect(totals).toContainText('Цена по запросу1 поз.');
  await expect(checkout).toContainText('Позиции с ценой по запросу войдут в заказ');
  await look(page, testInfo, `cart-order-form-${testInfo.project.name}.png`, { fullPage: true });

  await checkout.getByLabel('Ваше имя').fill('Пётр Иванов');
  await checkout.getByLabel('Номер телефона').fill('+7 912 345-67-89');
  // An address typed into the order is the manager's to read: the letter goes to the account's.
  await checkout.getByLabel('E-mail').fill(`typed-${unique(testInfo)}@agro.test`);
  await checkout.getByRole('button', { name: 'Оформить заказ' }).click();

  await expect(page).toHaveURL(/\/cart\/order\/%D0%90%D0%93-\d{4}-\d{6}$/);
  const number = /АГ-\d{4}-\d{6}/.exec((await page.getByRole('heading', { level: 1 }).textContent())!)![0];
  await expect(page.getByRole('status').filter({ hasText: `Заказ ${number} оформлен` })).toContainText(`Письмо с заказом отправлено на ${email}.`);
  await expect(page.getByRole('row').filter({ hasText: '701.52.71.420' })).toContainText('цена по запросу');
  await look(page, testInfo, `order-on-request-${testInfo.project.name}.png`, { fullPage: true });

  const letter = await latestOutboxBody(page.request, email);
  expect(letter).toContain(`Заказ ${number}`);
  expect(letter).toMatch(/Заказ на сайте: https?:\/\/\S+\/cart\/order\//);
  expect(letter).toContain('701.52.71.420');
  expect(letter).toMatch(/шт\. × цена по запросу/);
  expect(letter).toContain('--- HTML ---');
});
