import { ImapFlow } from 'imapflow';
import { letter } from '../../app/modules/suppliers/mail/dovecot-test-server.ts';
import { createAccount, csrfToken, signInAs, unique } from './accounts-helpers.ts';
import { expect, hydrated, shot, test } from './fixtures.ts';

/*
 * Price lists by mail (spec §2 `/suppliers/mails`, `/suppliers/mails/{id}`; issue 32 §2, ADR 095): an
 * employee registers a supplier's sender address; a letter from it with a CSV and one from a stranger
 * reach the journeys' dovecot (tests/e2e/start-server.ts) and are read at once; the supplier finds his
 * letter, opens it and downloads its file; the stranger's waits in the employees' quarantine.
 * At 1280 and 375 px: the cabinet's lists have the back-office's phone layout.
 */

const MAILBOX_PORT = Number(process.env.E2E_PORT ?? 3100) + 1000;
async function deliver(message: string) {
  const client = new ImapFlow({ host: '127.0.0.1', port: MAILBOX_PORT, secure: false, auth: { user: 'prices', pass: 'secret-prices' }, logger: false });
  await client.connect();
  await client.append('INBOX', message);
  await client.logout();
}

test('a supplier\'s letter with a price list is listed in his cabinet with its file; a stranger\'s waits in quarantine', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(60_000);
  const id = unique(testInfo);
  const employee = `mail-manager-${id}@agro.test`;
  const supplier = `mail-supplier-${id}@agro.test`;
  const sender = `price@agrodetal-${id}.ru`;
  const name = `Пётр Письмов ${id}`;
  await createAccount(page.request, employee, 'secret1', 'Ирина Закупкина');
  await createAccount(page.request, supplier, 'secret1', name);

  // The supplier, in a browser of his own: the grant makes him an organisation named after him.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile });
  const cabinet = await context.newPage();
  await signInAs(cabinet, supplier, 'supplier');
  await cabinet.goto('/suppliers/mails');
  await expect(cabinet.getByRole('heading', { level: 1, name: 'Письма' })).toBeVisible();
  await expect(cabinet.getByText('Писем пока нет.')).toBeVisible();

  await signInAs(page, employee, 'employee');
  await page.goto(`/suppliers/admin?q=${encodeURIComponent(name)}`);
  await page.getByTestId('supplier-row').getByRole('link', { name }).click();
  await page.getByRole('checkbox', { name: 'Почта' }).check();
  await page.getByLabel('Адреса отправителей писем').fill(sender);
  await page.getByRole('button', { name: 'Сохранить настройки' }).click();
  await expect(page.getByTestId('toast')).toContainText('Настройки сохранены');

  const csv = 'Артикул;Наименование;Цена\r\n70-1701030;Вал первичный;12 500,00\r\n';
  await deliver(letter({ from: `Агродеталь <${sender}>`, subject: `Прайс-лист ${id}`, files: [{ name: 'Прайс 28.11.csv', content: csv }] }));
  await deliver(letter({ from: `stranger-${id}@unknown.test`, subject: `Предложение ${id}`, files: [{ name: 'offer.csv', content: csv }] }));
  const token = await csrfToken(cabinet);
  // Read now (another journey's reading may hold the mailbox: asked again until the letter is in).
  await expect.poll(async () => {
    await cabinet.request.post('/__test/mail-intake', { headers: { 'X-CSRF-Token': token } });
    await cabinet.goto('/suppliers/mails');
    return cabinet.getByTestId('letter-row').count();
  }, { timeout: 20_000 }).toBe(1);

  const row = cabinet.getByTestId('letter-row');
  await expect(row).toContainText(`Прайс-лист ${id}`);
  await expect(row).toContainText('Прайс 28.11.csv');
  await expect(row).toContainText('Принято');
  await shot(cabinet, testInfo, 'supplier-mails');
  await row.getByRole('link', { name: `Прайс-лист ${id}` }).click();
  await expect(cabinet.getByRole('heading', { level: 1, name: `Прайс-лист ${id}` })).toBeVisible();
  await expect(cabinet.getByTestId('letter')).toContainText(`Агродеталь <${sender}>`);
  // Handed to the reading as the scheduled job hands it (ADR 096): no longer waiting.
  await expect(cabinet.getByTestId('letter-file')).toContainText('Обработан');
  await shot(cabinet, testInfo, 'supplier-mail');
  const download = await cabinet.request.get((await cabinet.getByTestId('letter-file').getByRole('link').getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(await download.text()).toBe(csv);
  // An id that is not one of his organisation's letters is a 404 (another organisation's: mail-intake.server.test.ts).
  const foreign = Number(new URL(cabinet.url()).pathname.split('/').pop()) + 100_000;
  expect((await cabinet.goto(`/suppliers/mails/${foreign}`))?.status()).toBe(404);

  // The letter's file was read by the price-list job: listed from the mail, held as an organisation's
  // first list (its columns to confirm), and logged step by step.
  await expect.poll(async () => {
    await cabinet.goto('/suppliers/processing-logs');
    return cabinet.getByTestId('processing-log-row').filter({ hasText: 'Прайс 28.11.csv' }).filter({ hasText: 'Ждёт подтверждения' }).count();
  }, { timeout: 20_000 }).toBe(1);
  await shot(cabinet, testInfo, 'supplier-mail-logs');
  await cabinet.getByTestId('processing-log-row').filter({ hasText: 'Прайс 28.11.csv' }).getByRole('link').first().click();
  await expect(cabinet.getByRole('heading', { level: 1, name: 'Прайс 28.11.csv' })).toBeVisible();
  await expect(cabinet.getByText('Итог: Ждёт подтверждения')).toBeVisible();
  const steps = cabinet.getByTestId('processing-step');
  await expect(steps.filter({ hasText: 'Получение файла' })).toHaveCount(1);
  await expect(steps.filter({ hasText: 'Чтение и проверка строк' })).toHaveCount(1);
  await shot(cabinet, testInfo, 'supplier-mail-log');
  await cabinet.goto('/suppliers/files');
  await expect(cabinet.getByTestId('pricelist-row').filter({ hasText: 'Прайс 28.11.csv' })).toContainText('Почта');
  await context.close();

  await page.goto('/suppliers/admin');
  await page.getByTestId('quarantine-link').getByRole('link', { name: 'Письма на проверке' }).click();
  const held = page.getByTestId('quarantine-row').filter({ hasText: `stranger-${id}@unknown.test` });
  await expect(held).toContainText(`Предложение ${id}`);
  await expect(held).toContainText('Отправитель не зарегистрирован ни у одного поставщика');
  await shot(page, testInfo, 'suppliers-quarantine');
  // The employees who manage suppliers were told by e-mail (ADR 101).
  await expect.poll(async () => (await (await page.request.get(`/__dev/outbox?recipient=${encodeURIComponent(employee)}`)).text())
    .includes(`Письмо с адреса stranger-${id}@unknown.test («Предложение ${id}») отложено на проверку.`), { timeout: 10_000 }).toBe(true);
  // Deleting asks first.
  await hydrated(page);
  await held.locator('summary', { hasText: 'Удалить' }).click();
  await page.getByRole('dialog', { name: 'Удалить письмо?' }).getByRole('button', { name: 'Да, удалить' }).click();
  await expect(page.getByText('Письмо удалено')).toBeVisible();
  await expect(page.getByTestId('quarantine-row').filter({ hasText: `stranger-${id}@unknown.test` })).toHaveCount(0);
});
