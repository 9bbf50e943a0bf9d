import type { Page } from '@playwright/test';
import { placeOrder, signIn, unique } from './accounts-helpers.ts';
import { expect, hydrated, shot, test } from './fixtures.ts';

/*
 * The back-office kit (ADR 079): /admin/orders sorted by a column's header (its sort bar on a
 * phone), the order in the address and said by aria-sort; the rows walked with the arrow keys and
 * opened with Enter; /demo/index, every shared component in its states, usable at 375 px without
 * sideways scrolling, its toast and its confirmation working. At 1280 and 375 px.
 */

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/csrf-token')).json()) as { token: string }).token;
}

/** A part priced at the demo's default branch, put in the signed-in customer's cart through the API. */
async function cartWithPart(page: Page, code: string) {
  const found = await (await page.request.get(`/api/parts/search?q=${encodeURIComponent(code)}`)).json() as { hits: Array<{ id: number; code: string }> };
  const part = found.hits.find((h) => h.code === code)!;
  const added = await page.request.post('/api/cart/add', { headers: { 'X-CSRF-Token': await csrf(page) }, data: { products: [{ part_id: part.id, count: 1 }] } });
  expect(added.ok(), await added.text()).toBe(true);
}

/**
 * The page is no wider than the screen: nothing scrolls sideways. (Measured against the viewport
 * set for the project: a phone's browser widens its layout viewport to content that overflows.)
 */
async function expectNoSidewaysScroll(page: Page) {
  const scroll = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(page.viewportSize()!.width);
}

const amount = (text: string) => Number(text.replace(/\s| /g, '').replace(/[^\d,]/g, '').replace(',', '.'));

test('an employee sorts the orders by a header and walks the rows with the keyboard', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(120_000);
  const email = `kit-${unique(testInfo)}@agro.test`;
  await signIn(page, email);
  await cartWithPart(page, '700.18.38.309');
  const small = await placeOrder(page);
  await cartWithPart(page, '700.18.38.309');
  await cartWithPart(page, '701.23.62.817-1');
  const large = await placeOrder(page);

  const staffContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile });
  const staff = await staffContext.newPage();
  await signIn(staff, `kit-staff-${unique(testInfo)}@agro.test`, 'Ольга Менеджер', 'employee');
  await staff.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await hydrated(staff);
  const rows = staff.getByTestId('order-row');
  // Newest first by default.
  await expect(rows.getByRole('link')).toHaveText([large, small]);
  if (!isMobile) await expect(staff.getByRole('columnheader', { name: 'Заказ' })).toHaveAttribute('aria-sort', 'descending');

  // The header (a phone: the sort bar above the cards) sorts by the total, largest first, then the other way.
  await staff.getByRole('link', { name: 'Сумма', exact: true }).click();
  await expect(staff).toHaveURL(/[?&]sort=-total(&|$)/);
  await expect(staff).toHaveURL(/[?&]q=/);
  const totals = async () => (await rows.locator('td[data-label="Сумма"]').allTextContents()).map(amount);
  await expect.poll(totals).toEqual([...(await totals())].sort((a, b) => b - a));
  await expect(rows.getByRole('link')).toHaveText([large, small]);
  if (!isMobile) {
    await expect(staff.getByRole('columnheader', { name: 'Сумма' })).toHaveAttribute('aria-sort', 'descending');
    await expect(staff.getByRole('columnheader', { name: 'Заказ' })).not.toHaveAttribute('aria-sort');
  }
  await staff.getByRole('link', { name: /^Сумма/ }).click();
  await expect(staff).toHaveURL(/[?&]sort=total(&|$)/);
  await expect(rows.getByRole('link')).toHaveText([small, large]);
  if (!isMobile) await expect(staff.getByRole('columnheader', { name: 'Сумма' })).toHaveAttribute('aria-sort', 'ascending');
  await expectNoSidewaysScroll(staff);
  await shot(staff, testInfo, 'admin-orders-sorted');

  // The keyboard: each row's link is on the Tab path; the arrows move between rows, Enter opens.
  const first = rows.nth(0).getByRole('link', { name: small });
  const second = rows.nth(1).getByRole('link', { name: large });
  await first.focus();
  await staff.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  await staff.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  await staff.keyboard.press('ArrowUp');
  await expect(first).toBeFocused();
  await staff.keyboard.press('Shift+Tab');
  await staff.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('heading', { level: 1, name: `Заказ ${small}` })).toBeVisible();

  // A cancellation asks first; the answer is a toast.
  await hydrated(staff);
  const cancel = staff.locator('summary', { hasText: 'Отменить заказ' });
  await cancel.click();
  const dialog = staff.getByRole('dialog', { name: `Отменить заказ ${small}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Причина отмены')).toBeFocused();
  await shot(staff, testInfo, 'admin-order-confirm');
  await dialog.getByRole('button', { name: 'Не отменять' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(staff.getByTestId('toast')).toHaveCount(0);
  await cancel.click();
  await dialog.getByLabel('Причина отмены').fill('Покупатель передумал');
  await dialog.getByRole('button', { name: 'Отменить заказ' }).click();
  await expect(staff.getByRole('status')).toHaveText('Заказ отменён');
  await expect(staff.getByTestId('order-event').last()).toContainText('Покупатель передумал');
  await shot(staff, testInfo, 'admin-order-toast');
  await staff.getByRole('button', { name: 'Закрыть уведомление' }).click();
  await expect(staff.getByTestId('toast')).toHaveCount(0);
  await staffContext.close();
});

test('/demo/index shows the shared components in their states, usable without sideways scrolling, and is not indexed', async ({ page, isMobile }, testInfo) => {
  test.setTimeout(60_000);
  const res = await page.goto('/demo/index');
  expect(res!.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Компоненты интерфейса' })).toBeVisible();
  for (const name of ['Кнопки', 'Поля формы', 'Телефон и код', 'Файлы и согласие', 'Диалог', 'Таблица данных', 'Пустой список', 'Фильтры и страницы', 'Уведомление', 'Подтверждение']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'demo-index');

  // The sample table: sorted by its header (or its bar), the cards labelled on a phone.
  const table = page.getByRole('region', { name: 'Таблица данных' });
  await expect(table.getByTestId('demo-row')).toHaveCount(5);
  if (isMobile) await expect(table.getByTestId('demo-row').first().locator('td[data-label="Сумма"]')).toBeVisible();
  await table.getByRole('link', { name: 'Сумма', exact: true }).click();
  await expect(page).toHaveURL(/sort=-total/);
  await expect(page.getByRole('region', { name: 'Пустой список' })).toContainText('Заказов пока нет.');
  await expectNoSidewaysScroll(page);

  // The toast: an action's answer, closed by its button.
  await page.getByRole('button', { name: 'Сохранить (пример)' }).click();
  await expect(page.getByTestId('toast')).toContainText('Сохранено');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Закрыть уведомление' }).click();
  await expect(page.getByTestId('toast')).toHaveCount(0);

  // The confirmation: a dialog; Escape closes it and focus returns to the trigger.
  const trigger = page.locator('summary', { hasText: 'Отменить заказ (пример)' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Отменить заказ АГ-2026-000120?' });
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'demo-confirm');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
  // Asked by the server: the dialog opens with the answer.
  await page.getByRole('button', { name: 'Снять роль (пример)' }).click();
  await expect(page.getByRole('dialog', { name: 'Снять роль?' })).toBeVisible();
  await page.getByRole('button', { name: 'Снять и сохранить' }).click();
  await expect(page.getByTestId('toast')).toContainText('Пример подтверждён');
});

test('without scripts the confirmation opens in place and the toast comes with the answer\'s page', async ({ browser, isMobile }, testInfo) => {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/demo/index');
  await page.locator('summary', { hasText: 'Отменить заказ (пример)' }).click();
  const panel = page.getByRole('region', { name: 'Отменить заказ АГ-2026-000120?' });
  await expect(panel).toBeVisible();
  await panel.getByLabel('Причина отмены').fill('Проверка');
  await panel.getByRole('button', { name: 'Отменить заказ' }).click();
  await expect(page.getByTestId('toast')).toContainText('Пример подтверждён');

  // Asked by the server: the question is in the answer's page, with a way back.
  await page.getByRole('button', { name: 'Снять роль (пример)' }).click();
  const asked = page.getByRole('region', { name: 'Снять роль?' });
  await expect(asked).toBeVisible();
  await expect(asked.getByRole('link', { name: 'Отмена' })).toHaveAttribute('href', '/demo/index');
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'demo-no-script-confirm');
  await asked.getByRole('button', { name: 'Снять и сохранить' }).click();
  await expect(page.getByTestId('toast')).toContainText('Пример подтверждён');
  await context.close();
});
