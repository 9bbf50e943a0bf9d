import { addFromPartPage, latestOutboxBody, placeOrder, signIn, unique } from './accounts-helpers.ts';
import { expect, shot, test } from './fixtures.ts';

/*
 * Orders as work (ADR 076): a customer orders a priced part and one 'цена по запросу'; an employee
 * finds the order by its number, takes it into work, names the missing price; the customer hears of
 * it, confirms the prices in 'Мои заказы' and sees the history; the employee assembles and issues
 * it; the customer finds the invoice and repeats the order into his cart. At 1280 and 375 px.
 */

test('an employee takes an order through its statuses and prices a line on request; the customer confirms and sees the history', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(120_000);
  const email = `orders-work-${unique(testInfo)}@agro.test`;
  await signIn(page, email);
  await addFromPartPage(page, isMobile, '700.18.38.309');
  await addFromPartPage(page, isMobile, '701.52.71.420');
  const number = await placeOrder(page);

  // The employee, in a browser of his own.
  const staffContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile });
  const staff = await staffContext.newPage();
  await signIn(staff, `orders-staff-${unique(testInfo)}@agro.test`, 'Ольга Менеджер', 'employee');

  await staff.goto('/admin');
  await staff.getByRole('navigation', { name: 'Разделы бэк-офиса' }).getByRole('link', { name: 'Заказы' }).click();
  await staff.getByRole('searchbox', { name: 'Поиск' }).fill(number);
  await staff.getByRole('button', { name: 'Показать' }).click();
  await expect(staff.getByTestId('order-row')).toHaveCount(1);
  await expect(staff.getByTestId('order-row')).toContainText('без цены: 1');
  await shot(staff, testInfo, 'admin-orders');
  await staff.getByTestId('order-row').getByRole('link', { name: number }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Заказ ${number}` })).toBeVisible();

  await staff.getByRole('button', { name: 'В работе' }).click();
  await expect(staff.getByRole('status')).toHaveText('Статус изменён');
  // Not assembled while a line has no price.
  await expect(staff.getByRole('button', { name: 'Собран' })).toBeDisabled();
  await staff.getByLabel('Цена 701.52.71.420').fill('1 250,50');
  await staff.getByRole('button', { name: 'Назначить' }).click();
  await expect(staff.getByRole('status')).toContainText('Цена сохранена');
  await expect(staff.getByRole('button', { name: 'Собран' })).toBeDisabled();
  await shot(staff, testInfo, 'admin-order');

  // The customer hears of the price and confirms it in 'Мои заказы'.
  expect(await latestOutboxBody(page.request, email)).toContain(`Менеджер назвал цену позиции заказа ${number}`);
  await page.goto('/profile/orders');
  const card = page.getByRole('article', { name: new RegExp(`Заказ ${number}`) });
  await expect(card).toContainText('Менеджер назвал цену: 701.52.71.420');
  await card.getByRole('button', { name: 'Подтвердить цены' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Цены заказа ${number} подтверждены` })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Подтвердить цены' })).toHaveCount(0);
  await expect(card).toContainText('Вы подтвердили цены');

  // Now it is assembled and issued at the branch.
  await staff.reload();
  await staff.getByRole('button', { name: 'Собран' }).click();
  await expect(staff.getByRole('status')).toHaveText('Статус изменён');
  await staff.getByRole('button', { name: 'Выдан' }).click();
  await expect(staff.getByRole('status')).toHaveText('Статус изменён');
  await expect(staff.getByTestId('order-event')).toHaveCount(5);
  await staffContext.close();

  await page.reload();
  await expect(card.getByText('Выдан', { exact: true })).toBeVisible();
  await expect(card).toContainText('Статус «Собран»');
  await shot(page, testInfo, 'my-orders-history');
  await expect(card.getByRole('link', { name: 'Скачать счёт' })).toHaveAttribute('href', `/cart/order/${encodeURIComponent(number)}/invoice.pdf`);

  // 'Повторить заказ': the order's parts are back in the (emptied) cart, at today's prices.
  await card.getByRole('button', { name: 'Повторить заказ' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator('[data-line-id]')).toHaveCount(2);
});
