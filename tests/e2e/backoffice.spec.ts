import { createAccount, signInAs, unique } from './accounts-helpers.ts';
import { expect, shot, test } from './fixtures.ts';

/*
 * The back-office's door and its first screens (ADR 073): an administrator finds an account, makes
 * it a branch's employee, and the change is in the audit log; that employee then finds 'Бэк-офис'
 * in his menu and sees only his sections; a customer is refused at the door. At 1280 and 375 px.
 */

test('an administrator makes an account a branch employee; the audit log shows it; the employee reaches his sections', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const id = unique(testInfo);
  const admin = `admin-${id}@agro.test`;
  const staff = `new-staff-${id}@agro.test`;
  await createAccount(page.request, admin, 'secret1', 'Анна Администратор');
  await createAccount(page.request, staff, 'secret1', 'Пётр Новиков');
  await signInAs(page, admin, 'administrator');

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Здравствуйте, Анна Администратор' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Разделы бэк-офиса' });
  await expect(nav.getByRole('link')).toHaveText(['Сводка', 'Заказы', 'Заявки', 'Предложения', 'Опции моделей', 'Страницы и акции', 'Статьи и новости', 'Вакансии', 'Анкеты', 'Филиалы', 'Финансирование', 'Поставщики', 'Пользователи', 'Журнал изменений', 'Фоновые задания']);
  // No shop shell: no catalogue menu, no cart.
  await expect(page.getByRole('button', { name: 'Каталог' })).toHaveCount(0);
  await shot(page, testInfo, 'admin-home');

  await nav.getByRole('link', { name: 'Пользователи' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Пользователи' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Поиск' }).fill(staff);
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await shot(page, testInfo, 'admin-users');
  await page.getByTestId('user-row').getByRole('link', { name: 'Пётр Новиков' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toContainText('Пётр Новиков');
  await page.getByRole('checkbox', { name: /^Сотрудник/ }).check();
  await page.getByLabel('Филиал сотрудника').selectOption({ index: 1 });
  const branch = (await page.getByLabel('Филиал сотрудника').locator('option:checked').textContent())!.replace(/ \(.*\)$/, '');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status')).toHaveText('Сохранено');
  await expect(page.getByRole('checkbox', { name: /^Сотрудник/ })).toBeChecked();
  await shot(page, testInfo, 'admin-user');

  await page.getByRole('link', { name: 'История изменений' }).click();
  const row = page.getByTestId('audit-row').first();
  await expect(row).toContainText('Анна Администратор');
  await expect(row).toContainText('Роли пользователя');
  await expect(row).toContainText('Сотрудник');
  await expect(row).toContainText(branch);
  await shot(page, testInfo, 'admin-audit');

  // The new employee, in a browser of his own.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile });
  const other = await context.newPage();
  await signInAs(other, staff);
  await other.goto('/admin');
  await expect(other.getByTestId('admin-user')).toContainText(`Пётр Новиков · ${branch}`);
  await expect(other.getByRole('navigation', { name: 'Разделы бэк-офиса' }).getByRole('link')).toHaveText(['Сводка', 'Заказы', 'Заявки', 'Предложения', 'Поставщики']);
  const refused = await other.goto('/admin/users');
  expect(refused?.status()).toBe(403);
  await expect(other.getByRole('heading', { level: 1, name: 'Доступ запрещён' })).toBeVisible();
  await context.close();
});

test('a customer and a guest are refused at the back-office door @server-logic', async ({ page }, testInfo) => {
  const guest = await page.goto('/admin/users');
  expect(guest?.status()).toBe(403);
  await expect(page.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login?redirect=%2Fadmin%2Fusers');
  const email = `customer-${unique(testInfo)}@agro.test`;
  await createAccount(page.request, email, 'secret1');
  await signInAs(page, email);
  const customer = await page.goto('/admin');
  expect(customer?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Доступ запрещён' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти' })).toHaveCount(0);
});

test('a supplier opens his cabinet from the user menu; the back-office is not his, and his cabinet is not a customer\'s @server-logic', async ({ page }, testInfo) => {
  const id = unique(testInfo);
  const supplier = `supplier-${id}@agro.test`;
  await createAccount(page.request, supplier, 'secret1', 'Ольга Поставщикова');
  await signInAs(page, supplier, 'supplier');
  await page.goto('/suppliers');
  await expect(page.getByRole('heading', { level: 1, name: 'Здравствуйте, Ольга Поставщикова' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Кабинет поставщика' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Разделы кабинета поставщика' }).getByRole('link')).toHaveText(['Сводка', 'Прайс-листы', 'Письма', 'API', 'Журнал обработки', 'Уведомления']);
  // The grant alone made him a supplier organisation named after him (ADR 091).
  await expect(page.getByText('Кабинет поставщика «Ольга Поставщикова» для «Агротехники».')).toBeVisible();
  await expect(page.getByTestId('supplier-summary')).toContainText('Загрузка файла');
  const admin = await page.goto('/admin');
  expect(admin?.status()).toBe(403);
  expect((await page.goto('/suppliers/admin'))?.status()).toBe(403);
  const missing = await page.goto('/suppliers/price-lists-that-do-not-exist');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('В кабинете поставщика нет такого раздела.')).toBeVisible();

  const customerPage = await page.context().browser()!.newPage();
  const refused = await customerPage.goto(new URL('/suppliers', page.url()).toString());
  expect(refused?.status()).toBe(403);
  await expect(customerPage.getByText('Кабинет открыт поставщикам компании. Войдите под учётной записью, которую вам выдал менеджер.')).toBeVisible();
  await customerPage.close();
});
