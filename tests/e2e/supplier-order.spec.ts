import { csrfToken, signIn, unique } from './accounts-helpers.ts';
import { expect, look, pageSettled, test } from './fixtures.ts';

/*
 * Issue 32 §6 (ADR 099): a supplier's published offer of a part the branch has no price for shows
 * on the part's page as 'под заказ, N дней'; a signed-in customer orders it from the supplier — the
 * count starts at the supplier's minimum order, the cart shows the lead time, and the order's page
 * says the line comes from a supplier without naming him; the back-office's order page names him.
 * At 1280 px and 375 px.
 */

const CODE = '701.52.71.420';

test('a supplier\'s offer on the part page → ordered from the supplier → the order says so, the supplier unnamed; the back-office names him', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const email = `supplier-order-${unique(testInfo)}@agro.test`;
  await signIn(page, email);
  const offered = await page.request.post('/__test/supplier-offer', {
    headers: { 'X-CSRF-Token': await csrfToken(page) },
    data: { code: CODE, price: 123_400, leadTimeDays: 12, minOrder: 2, multiplicity: 2 },
  });
  expect(offered.ok(), await offered.text()).toBe(true);
  const { link } = await offered.json() as { link: string };

  await page.goto(link);
  await pageSettled(page);
  await expect(page.getByTestId('part-code')).toHaveText(CODE);
  const supplier = page.getByTestId('part-supplier-order');
  await expect(supplier.getByTestId('part-supplier-offer')).toContainText('Под заказ, 12 дней');
  await expect(supplier.getByTestId('part-supplier-offer')).toContainText(/1\s234\sруб\./);
  await expect(supplier.getByTestId('part-supplier-offer')).toContainText('от 2 шт., кратно 2 шт.');
  // The count starts at the supplier's minimum order.
  await expect(supplier.getByRole('spinbutton')).toHaveValue('2');
  await supplier.getByRole('button', { name: 'Заказать под заказ' }).click();
  await expect(supplier.getByRole('status')).toHaveText('Добавлено в корзину под заказ: в корзине 2 шт.');
  await look(page, testInfo, `supplier-part-${testInfo.project.name}.png`, { fullPage: true });

  await page.goto('/cart');
  await pageSettled(page);
  const line = page.locator('[data-line-id]');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('cart-line-supplier')).toHaveText('под заказ, 12 дней · от 2 шт. · кратно 2 шт.');
  await expect(page.getByTestId('cart-sum')).toHaveText(/2\s468\sруб\./);
  await look(page, testInfo, `supplier-cart-${testInfo.project.name}.png`, { fullPage: true });

  const checkout = page.getByRole('region', { name: 'Оформление заказа' });
  await checkout.getByLabel('Ваше имя').fill('Пётр Иванов');
  await checkout.getByLabel('Номер телефона').fill('+7 912 345-67-89');
  await checkout.getByRole('button', { name: 'Оформить заказ' }).click();

  await expect(page).toHaveURL(/\/cart\/order\/%D0%90%D0%93-\d{4}-\d{6}$/);
  const row = page.getByRole('row').filter({ hasText: CODE });
  await expect(row.getByTestId('order-line-supplier')).toHaveText('под заказ у поставщика, 12 дней');
  await expect(row).toContainText(/1\s234\sруб\./);
  // The customer never learns who the supplier is.
  await expect(page.locator('body')).not.toContainText('Поставщик для проверки');
  await look(page, testInfo, `supplier-order-${testInfo.project.name}.png`, { fullPage: true });
  const number = /АГ-\d{4}-\d{6}/.exec((await page.getByRole('heading', { level: 1 }).textContent())!)![0];

  // The employee's order page names the supplier.
  const staffContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile });
  try {
    const staff = await staffContext.newPage();
    await signIn(staff, `supplier-order-staff-${unique(testInfo)}@agro.test`, 'Ольга Менеджер', 'employee');
    await staff.goto(`/admin/orders/${encodeURIComponent(number)}`);
    await expect(staff.getByRole('heading', { level: 1, name: `Заказ ${number}` })).toBeVisible();
    await expect(staff.getByTestId('order-line-supplier')).toHaveText('под заказ у поставщика, 12 дней · ООО «Поставщик для проверки»');
    await look(staff, testInfo, `supplier-admin-order-${testInfo.project.name}.png`, { fullPage: true });
  } finally {
    await staffContext.close();
  }
});

/*
 * Issue 32 §6 (ADR 101): the same offer on the model line's parts page (a row of its first drawing)
 * and in the number search, ordered from there; a guest sees 'Под заказ, N дней' without a price,
 * also when the page was kept for guests before the offer came.
 */
const LINE = '/zapchasti/kirovets/kirovets-k-7m';

test('a supplier\'s offer on the parts line rows and in the number search → ordered from a row; a guest sees no price', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page, `supplier-line-${unique(testInfo)}@agro.test`);
  await page.goto(LINE);
  await pageSettled(page);
  // The first drawing's last row: its number from its 'В корзину' button's name.
  const lastRow = page.getByTestId('part-rows').locator('tbody tr').last();
  const label = await lastRow.getByRole('button', { name: /^В корзину: / }).getAttribute('aria-label');
  const code = /^В корзину: (\S+)/.exec(label ?? '')![1]!;
  const offered = await page.request.post('/__test/supplier-offer', {
    headers: { 'X-CSRF-Token': await csrfToken(page) },
    data: { code, price: 56_700, leadTimeDays: 7, minOrder: 1, multiplicity: 1 },
  });
  expect(offered.ok(), await offered.text()).toBe(true);

  await page.goto(LINE);
  await pageSettled(page);
  const row = page.getByTestId('part-rows').locator('tbody tr').filter({ hasText: code }).first();
  const note = row.getByTestId('part-supplier-offer');
  await expect(note).toContainText('Под заказ, 7 дней');
  await expect(note).toContainText(/567\sруб\./);
  await row.getByRole('button', { name: `Заказать под заказ: ${code}`, exact: false }).click();
  await expect(row.getByTestId('part-supplier-order').getByRole('status')).toHaveText('Добавлено в корзину под заказ: в корзине 1 шт.');
  await row.scrollIntoViewIfNeeded();
  await look(page, testInfo, `supplier-line-${testInfo.project.name}.png`);

  await page.goto(`/zapchasti?q=${encodeURIComponent(code)}`);
  await pageSettled(page);
  const hit = page.getByTestId('parts-search-results').getByTestId('part-row').filter({ hasText: code }).first();
  await expect(hit.getByTestId('part-supplier-offer')).toContainText('Под заказ, 7 дней');
  await expect(hit.getByTestId('part-supplier-offer')).toContainText(/567\sруб\./);
  await hit.getByRole('button', { name: /^Заказать под заказ: / }).click();
  await expect(hit.getByTestId('part-supplier-order').getByRole('status')).toHaveText('Добавлено в корзину под заказ: в корзине 2 шт.');
  await hit.scrollIntoViewIfNeeded();
  await look(page, testInfo, `supplier-search-${testInfo.project.name}.png`);

  await page.goto('/cart');
  await pageSettled(page);
  await expect(page.locator('[data-line-id]').filter({ hasText: code }).getByTestId('cart-line-supplier')).toHaveText('под заказ, 7 дней');

  // A guest: the note without a price (the kept page for guests never holds one).
  const guestContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile });
  try {
    const guest = await guestContext.newPage();
    for (const path of [LINE, `/zapchasti?q=${encodeURIComponent(code)}`]) {
      await guest.goto(path);
      const guestNote = guest.locator('tbody tr').filter({ hasText: code }).first().getByTestId('part-supplier-offer');
      await expect(guestNote).toHaveText('Под заказ, 7 дней');
    }
  } finally {
    await guestContext.close();
  }
});
