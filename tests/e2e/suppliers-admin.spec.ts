import type { Page, TestInfo } from '@playwright/test';
import { authDialog, createAccount, latestOutboxBody, signInAs, unique } from './accounts-helpers.ts';
import { expect, look, test } from './fixtures.ts';

/*
 * Suppliers managed by employees (spec §2 `/suppliers/admin`, `/suppliers/admin/edit/{id}`; issue 32 §1,
 * ADR 091): an employee makes an organisation, sets how its price lists are read, adds its user and an
 * API token shown once, then revokes it; the supplier's user finds his organisation in his cabinet.
 * At 1280 and 375 px: the screens have the back-office's phone layout.
 */

const shot = (page: Page, testInfo: TestInfo, name: string) => look(page, testInfo, `${name}-${testInfo.project.name}.png`);

test('an employee makes a supplier, sets its rules, adds its user and a token shown once; the user sees his organisation', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(60_000);
  const id = unique(testInfo);
  const employee = `supply-manager-${id}@agro.test`;
  const supplier = `price-${id}@agrodetal.test`;
  const name = `ООО «Агродеталь ${id}»`;
  const invitee = `invitee-${id}@agrodetal.test`;
  await createAccount(page.request, employee, 'secret1', 'Ирина Закупкина');
  await createAccount(page.request, supplier, 'secret1', 'Пётр Прайсов');
  await signInAs(page, employee, 'employee');

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Разделы бэк-офиса' }).getByRole('link', { name: 'Поставщики' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Поставщики' })).toBeVisible();
  await page.getByLabel('Название организации').fill(name);
  await page.getByRole('textbox', { name: 'ИНН', exact: true }).fill('7707083894');
  await page.getByRole('button', { name: 'Создать поставщика' }).click();
  await expect(page.locator('[data-field="inn"]')).toContainText('ИНН — 10 или 12 цифр, контрольные цифры не сходятся');
  await page.getByRole('textbox', { name: 'ИНН', exact: true }).fill('7707083893');
  await page.getByRole('button', { name: 'Создать поставщика' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText('Поставщик создан');
  const editPage = new URL(page.url()).pathname;
  await page.getByRole('checkbox', { name: 'Почта' }).check();
  await page.getByLabel('Адреса отправителей писем').fill(`Price@agrodetal-${id}.ru\nstock@agrodetal-${id}.ru`);
  await page.getByLabel('Срок поставки, дней').fill('7');
  await page.getByLabel('Цена от, строка 1').fill('0');
  await page.getByLabel('Наценка, строка 1').fill('25');
  await page.getByLabel('Цена от, строка 2').fill('5 000');
  await page.getByLabel('Наценка, строка 2').fill('15,5');
  await page.getByLabel('Строки, которых нет в полном прайс-листе').selectOption({ label: 'Оставлять как есть' });
  await page.getByRole('button', { name: 'Сохранить настройки' }).click();
  await expect(page.getByTestId('toast')).toContainText('Настройки сохранены');
  await expect(page.getByLabel('Адреса отправителей писем')).toHaveValue(`price@agrodetal-${id}.ru\nstock@agrodetal-${id}.ru`);
  await expect(page.getByLabel('Наценка, строка 2')).toHaveValue('15.5');

  // An address nobody registered: an invitation goes (ADR 101), listed until it is taken.
  await page.getByLabel('E-mail пользователя').fill(invitee);
  await page.getByRole('button', { name: 'Добавить пользователя' }).click();
  await expect(page.getByTestId('toast')).toContainText('Приглашение отправлено');
  await expect(page.getByTestId('supplier-invitations')).toContainText(invitee);
  await page.getByRole('button', { name: 'Закрыть уведомление' }).click();
  // The browser takes an address without a domain's dot; the server does not.
  await page.getByLabel('E-mail пользователя').fill('petr@localhost');
  await page.getByRole('button', { name: 'Добавить пользователя' }).click();
  await expect(page.locator('[data-field="email"]')).toContainText('Укажите e-mail пользователя');
  await page.getByLabel('E-mail пользователя').fill(supplier);
  await page.getByRole('button', { name: 'Добавить пользователя' }).click();
  await expect(page.getByTestId('supplier-members')).toContainText('Пётр Прайсов');
  await expect(page.getByLabel('E-mail пользователя')).toHaveValue('');
  // At 375 px the toast lies over the page's last button: closed, as a visitor closes it.
  await page.getByRole('button', { name: 'Закрыть уведомление' }).click();

  await page.getByLabel('Название нового токена').fill('Выгрузка из 1С');
  await page.getByRole('button', { name: 'Создать токен' }).click();
  const shown = page.getByTestId('new-token');
  await expect(shown).toContainText('Скопируйте токен сейчас');
  const token = (await shown.locator('code').textContent())!;
  expect(token).toMatch(/^sup_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('token-row')).toContainText(token.slice(0, 10));
  await shot(page, testInfo, 'supplier-edit');
  // Shown once: the page opened again has its beginning only.
  await page.reload();
  await expect(page.getByTestId('new-token')).toHaveCount(0);
  expect(await page.content()).not.toContain(token);
  await page.getByTestId('token-row').getByRole('button', { name: 'Отозвать: Выгрузка из 1С' }).click();
  await expect(page.getByTestId('token-row')).toContainText('отозван');

  await page.getByRole('link', { name: '← Поставщики' }).click();
  await page.getByRole('searchbox', { name: 'Название или ИНН' }).fill('7707083893');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByTestId('supplier-row').filter({ hasText: name })).toContainText('Почта, Загрузка файла');
  await shot(page, testInfo, 'suppliers-list');

  // The supplier's user, in a browser of his own.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile });
  const other = await context.newPage();
  await signInAs(other, supplier);
  await other.goto('/suppliers');
  await expect(other.getByText(`Кабинет поставщика «${name}» для «Агротехники».`)).toBeVisible();
  await expect(other.getByTestId('supplier-summary')).toContainText(`price@agrodetal-${id}.ru`);
  await expect(other.getByTestId('supplier-summary')).toContainText('Оставлять как есть');
  await shot(other, testInfo, 'supplier-cabinet');
  expect((await other.goto('/suppliers/admin'))?.status()).toBe(403);
  await context.close();

  // The invited person, without an account then: the letter's link → registers → signs in → the cabinet.
  const invited = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile });
  try {
    const guest = await invited.newPage();
    // The sandbox's outbox shows a letter to an address nobody proved to the browser that caused it: the employee's.
    const letter = await latestOutboxBody(page.request, invitee);
    expect(letter).toContain(`Ирина Закупкина приглашает вас в кабинет поставщика «${name}»`);
    const link = new URL(/https?:\/\/\S+\/supplier-invitation\/[A-Za-z0-9_-]{43}/.exec(letter)![0]);
    await guest.goto(link.pathname);
    await expect(guest.getByTestId('invitation')).toContainText(`Вас пригласили в кабинет поставщика «${name}»`);
    await expect(guest.getByTestId('invitation')).toContainText(invitee);
    await shot(guest, testInfo, 'supplier-invitation');
    // She registers (through the API, in a browser of its own: confirming signs that one in), then signs in here.
    const registration = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    await createAccount(registration.request, invitee, 'secret1', 'Ольга Приглашённая');
    await registration.close();
    await guest.getByTestId('invitation').getByRole('link', { name: 'Войти' }).click();
    const dialog = authDialog(guest, 'Вход');
    await dialog.getByLabel('E-mail').fill(invitee);
    await dialog.getByLabel('Пароль').fill('secret1');
    await dialog.getByRole('button', { name: 'Войти' }).click();
    await expect(guest).toHaveURL(link.pathname);
    await guest.getByRole('button', { name: 'Принять приглашение' }).click();
    await expect(guest).toHaveURL(/\/suppliers$/);
    await expect(guest.getByText(`Кабинет поставщика «${name}» для «Агротехники».`)).toBeVisible();
    await shot(guest, testInfo, 'supplier-invited-cabinet');
    // The link worked once.
    expect((await guest.goto(link.pathname))?.status()).toBe(404);
    await expect(guest.getByTestId('invitation-invalid')).toHaveText('Приглашение недействительно: ссылка устарела или уже использована. Попросите менеджера «Агротехники» пригласить вас снова.');
  } finally {
    await invited.close();
  }
  await page.goto(editPage);
  await expect(page.getByTestId('supplier-members')).toContainText('Ольга Приглашённая');
  await expect(page.getByTestId('supplier-invitations')).toHaveCount(0);
});
