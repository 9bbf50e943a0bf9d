import { createAccount, signInAs, unique } from './accounts-helpers.ts';
import { expect, shot, test } from './fixtures.ts';

/*
 * Price lists through the API (spec §2 `/suppliers/api`, `/suppliers/api/{id}/positions`; issue 32 §2,
 * ADR 098): an employee opens the API to a supplier and gives a token; the supplier's program pushes
 * positions with it (a bad row is refused with its number first); the list is processed and
 * published; the supplier finds it on the cabinet's API page, with the documentation and his token's
 * prefix only, and opens its positions. At 1280 and 375 px.
 */

test('a supplier\'s program pushes a price list with a token; the cabinet documents the API and lists the push with its positions', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const id = unique(testInfo);
  const employee = `api-manager-${id}@agro.test`;
  const supplier = `api-supplier-${id}@agro.test`;
  const name = `Анна Апишина ${id}`;
  await createAccount(page.request, employee, 'secret1', 'Ирина Закупкина');
  await createAccount(page.request, supplier, 'secret1', name);

  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile });
  const cabinet = await context.newPage();
  await signInAs(cabinet, supplier, 'supplier');

  await signInAs(page, employee, 'employee');
  await page.goto(`/suppliers/admin?q=${encodeURIComponent(name)}`);
  await page.getByTestId('supplier-row').getByRole('link', { name }).click();
  await page.getByRole('checkbox', { name: 'API' }).check();
  await page.getByRole('button', { name: 'Сохранить настройки' }).click();
  await expect(page.getByTestId('toast')).toContainText('Настройки сохранены');
  await page.getByRole('button', { name: 'Закрыть уведомление' }).click();
  await page.getByLabel('Название нового токена').fill('Выгрузка из 1С');
  await page.getByRole('button', { name: 'Создать токен' }).click();
  const token = (await page.getByTestId('new-token').locator('code').textContent())!;
  expect(token).toMatch(/^sup_/);

  // The program: no cookies, the token only.
  const api = await (await import('@playwright/test')).request.newContext({ baseURL: testInfo.project.use.baseURL });
  const auth = { authorization: `Bearer ${token}` };
  const bad = await api.post('/api/suppliers/v1/price-lists', { headers: auth, data: { positions: [{ code: 'RE59754', price: 100 }, { code: 'AR-1', price: -5 }] } });
  expect(bad.status()).toBe(422);
  expect((await bad.json() as { message: string }).message).toContain('позиция 2, поле price');
  expect((await api.post('/api/suppliers/v1/price-lists', { headers: { authorization: 'Bearer sup_wrong' }, data: { positions: [] } })).status()).toBe(401);
  const pushed = await api.post('/api/suppliers/v1/price-lists', {
    headers: auth,
    data: { kind: 'full', name: `Выгрузка ${id}`, positions: [
      { code: 'RE59754', brand: 'John Deere', name: 'Фильтр масляный', price: 1250.5, stock: 12, leadTimeDays: 5 },
      { code: 'НЕТ-ТАКОЙ-1', brand: 'Агросиб', name: 'Неизвестная деталь', price: 99, stock: 1 },
    ] },
  });
  expect(pushed.status()).toBe(202);
  const { id: listId, link } = await pushed.json() as { id: number; link: string };
  await expect.poll(async () => ((await (await api.get(link, { headers: auth })).json()) as { status: string }).status, { timeout: 30_000 }).toMatch(/published|held/);
  await api.dispose();

  await cabinet.goto('/suppliers/api');
  await expect(cabinet.getByRole('navigation').getByRole('link', { name: 'API', exact: true })).toHaveCount(1);
  await expect(cabinet.getByRole('heading', { level: 1, name: 'API' })).toBeVisible();
  await expect(cabinet.getByTestId('api-tokens')).toContainText(token.slice(0, 10));
  expect(await cabinet.content()).not.toContain(token);
  await expect(cabinet.getByRole('link', { name: 'схеме OpenAPI' })).toHaveAttribute('href', '/api/suppliers/v1/openapi.json');
  await expect(cabinet.getByTestId('api-list-row')).toHaveCount(1);
  await shot(cabinet, testInfo, 'suppliers-api');
  await cabinet.getByTestId('api-list-row').getByRole('link', { name: `Выгрузка ${id}` }).click();
  await expect(cabinet).toHaveURL(new RegExp(`/suppliers/api/${listId}/positions`));
  await expect(cabinet.getByRole('heading', { level: 1, name: 'Позиции прайс-листа' })).toBeVisible();
  await expect(cabinet.getByTestId('position-row')).toHaveCount(2);
  await expect(cabinet.getByTestId('position-row').first()).toContainText('RE59754');
  await shot(cabinet, testInfo, 'suppliers-api-positions');
  await context.close();
});
