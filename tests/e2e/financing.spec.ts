import type { Locator, Page, TestInfo } from '@playwright/test';
import { createAccount, csrfToken, unique } from './accounts-helpers.ts';
import { expect, look, pageSettled, shot, test } from './fixtures.ts';

/*
 * Financing (ADR 082): the financing request on /finansirovanie shows the annuity and differentiated
 * schedules side by side, recalculated in the browser as the term, the programme and the options
 * change; at 375 px each shows its first rows and totals until expanded. An administrator edits a
 * programme's rate from a later date at /admin/financing. At 1280 and 375 px.
 */

/** The dialog as the visitor sees it, scrolled to the estimate, and the estimate whole. */
async function estimateShot(page: Page, estimate: Locator, testInfo: TestInfo, name: string) {
  await estimate.scrollIntoViewIfNeeded();
  await look(page, testInfo, `${name}-${testInfo.project.name}.png`);
  await look(estimate, testInfo, `${name}-whole-${testInfo.project.name}.png`);
}

test('the financing request shows both schedules and recalculates them when the term changes', async ({ page, isMobile }, testInfo) => {
  await page.goto('/finansirovanie');
  await pageSettled(page);
  await page.getByTestId('financing-request').getByRole('button', { name: 'Оставить заявку на финансирование' }).click();
  const dialog = page.getByRole('dialog', { name: 'Заявка на финансирование' });
  const estimate = dialog.getByTestId('financing-estimate');
  await expect(estimate.getByTestId('financing-estimate-hint')).toHaveText('Укажите стоимость техники и срок — здесь появится расчёт платежей.');

  // Leasing «Стандарт», 12 % a year: 12 500 000 with 2 500 000 down leaves 10 000 000 over 36 months.
  await dialog.getByLabel('Стоимость техники').fill('12 500 000');
  await dialog.getByLabel('Аванс (необязательно)').fill('2 500 000');
  const annuity = estimate.getByTestId('schedule-annuity');
  const differentiated = estimate.getByTestId('schedule-differentiated');
  await expect(annuity.getByRole('caption')).toHaveText('Равные платежи, руб.');
  await expect(differentiated.getByRole('caption')).toHaveText('Убывающие платежи, руб.');
  // Row 1 is the advance; the annuity is 10 000 000 × 0,01 / (1 − 1,01^−36) = 332 143,10; the first
  // differentiated payment 10 000 000 / 36 + 100 000 = 377 777,78.
  const firstPayment = (table: typeof annuity) => table.getByTestId('schedule-row').nth(1).getByRole('cell').nth(1);
  await expect(annuity.getByTestId('schedule-row').first().getByRole('cell')).toHaveText(['аванс', /^2\s500\s000,00$/, '20,00', /^2\s500\s000,00$/]);
  await expect(firstPayment(annuity)).toHaveText(/^332\s143,10$/);
  await expect(firstPayment(differentiated)).toHaveText(/^377\s777,78$/);
  await expect(annuity.getByTestId('schedule-overpayment')).toHaveText(/^1\s957\s1\d\d,\d\d \(15,66\s%\)$/);

  if (isMobile) {
    // Side by side does not fit: one under the other, each its first rows and the totals.
    const [a, d] = [await annuity.boundingBox(), await differentiated.boundingBox()];
    expect(d!.y).toBeGreaterThan(a!.y + a!.height - 1);
    await expect(annuity.getByTestId('schedule-row').filter({ visible: true })).toHaveCount(3);
  } else {
    const [a, d] = [await annuity.boundingBox(), await differentiated.boundingBox()];
    expect(Math.abs(a!.y - d!.y)).toBeLessThan(2);
    await expect(annuity.getByTestId('schedule-row').filter({ visible: true })).toHaveCount(6);
  }
  await estimateShot(page, estimate, testInfo, 'financing-estimate');

  // 48 months instead of 36: 263 338,35 and 10 000 000 / 48 + 100 000 = 308 333,33.
  await dialog.getByLabel(/^Срок, месяцев/).fill('48');
  await expect(firstPayment(annuity)).toHaveText(/^263\s338,35$/);
  await expect(firstPayment(differentiated)).toHaveText(/^308\s333,33$/);

  await estimate.getByRole('button', { name: 'Показать весь график' }).click();
  await expect(annuity.getByTestId('schedule-row')).toHaveCount(49);
  // The last row's 'Выплачено' is the total paid.
  const paid = (await annuity.getByTestId('schedule-paid').textContent())!;
  await expect(annuity.getByTestId('schedule-row').last().getByRole('cell').last()).toHaveText(paid);

  // The seasonal leasing for farms: payments only in September–November; its advance is at least 15 %.
  await estimate.getByTestId('financing-programme').selectOption({ label: 'Сезонный лизинг для хозяйств — 11,5 %' });
  await dialog.getByLabel('Аванс (необязательно)').fill('1 000 000');
  await expect(estimate.getByRole('status')).toHaveText('Аванс по программе — не меньше 15 % стоимости. Расчёт показан для сравнения.');
  await dialog.getByLabel('Аванс (необязательно)').fill('3 000 000');
  await expect(estimate.getByRole('status')).toHaveCount(0);
  await estimate.getByRole('checkbox', { name: 'Сезонный график — платежи только после уборки: сентябрь, октябрь, ноябрь' }).check();
  const months = await annuity.getByTestId('schedule-row').locator('td:first-child').allTextContents();
  expect(months.slice(1).every((d) => /\.(09|10|11)\./.test(d))).toBe(true);
  await estimate.getByTestId('financing-defer').selectOption('6');
  await expect(estimate).toContainText('проценты за 6 мес. отсрочки прибавляются к долгу');
  await estimateShot(page, estimate, testInfo, 'financing-estimate-seasonal');
});

test('an administrator sets a programme\'s new rate from a later date', async ({ page }, testInfo) => {
  const email = `finance-admin-${unique(testInfo)}@agro.test`;
  await createAccount(page.request, email, 'secret1', 'Анна Администратор');
  const granted = await page.request.post('/__test/role', { headers: { 'X-CSRF-Token': await csrfToken(page) }, data: { email, role: 'administrator' } });
  expect(granted.ok(), await granted.text()).toBe(true);
  const signedIn = await page.request.post('/api/auth/authorize', { headers: { 'X-CSRF-Token': await csrfToken(page) }, data: { type: 'email', props: { email, password: 'secret1' } } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);

  await page.goto('/admin/financing');
  await expect(page.getByRole('heading', { level: 1, name: 'Финансирование' })).toBeVisible();
  const row = page.getByTestId('programme-row').filter({ hasText: 'Рассрочка 0 %' });
  await expect(row).toContainText('0 %');
  await expect(row).toContainText('6–12');
  await shot(page, testInfo, 'admin-financing');

  await row.getByRole('link', { name: 'Рассрочка 0 %' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Рассрочка 0 %' })).toBeVisible();
  const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Действуют с').fill(later);
  await page.getByLabel('Ставка, % годовых').fill('3,5');
  await page.getByRole('button', { name: 'Сохранить условия' }).click();
  await expect(page.getByRole('status')).toHaveText('Сохранено: условия действуют с указанной даты.');
  const history = page.getByTestId('terms-history');
  await expect(history.getByRole('row').nth(1)).toContainText('будет');
  await expect(history.getByRole('row').nth(1)).toContainText('3,5 %');
  await expect(history.getByRole('row').nth(2)).toContainText('действует');
  await shot(page, testInfo, 'admin-financing-programme');

  // A rate in the past is refused with the field's message.
  await page.getByLabel('Действуют с').fill('2026-01-01');
  await page.getByRole('button', { name: 'Сохранить условия' }).click();
  await expect(page.locator('[data-field="fromDate"]')).toContainText('Условия вступают в силу сегодня или позже: прошлые остаются в истории');
});
