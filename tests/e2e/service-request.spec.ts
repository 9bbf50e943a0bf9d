import type { Page } from '@playwright/test';
import { createAccount, latestOutboxBody, unique } from './accounts-helpers.ts';
import { expect, pageSettled, shot, test } from './fixtures.ts';

/*
 * ADR 078: a guest leaves a service request on /servis (the page every visitor of his region
 * shares); it reaches his branch's letter and its list at /admin/leads; an employee of that branch
 * opens it, takes it into work (it becomes his) and comments, and the request's history shows both.
 */

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/csrf-token')).json()) as { token: string }).token;
}

test('a service request from /servis reaches the branch\'s list; an employee takes it into work and comments', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/servis');
  await pageSettled(page);
  const { currentBranch } = await (await page.request.get('/api/current-area')).json() as { currentBranch: { id: number; name: string; email: string } };

  const section = page.getByTestId('service-request');
  await expect(section.getByRole('heading', { name: 'Заявка на сервис' })).toBeVisible();
  await section.getByRole('button', { name: 'Оставить заявку на сервис' }).click();
  const dialog = page.getByRole('dialog', { name: 'Заявка на сервис' });
  await expect(dialog).toContainText(`сервис филиала «${currentBranch.name}»`);
  await dialog.getByLabel('Модель техники').fill('John Deere 8R 410');
  await dialog.getByLabel('Серийный номер (если известен)').fill('RW8410A123456');
  await dialog.getByLabel('Что случилось').fill('Не запускается двигатель, на панели ошибка 523');
  await dialog.getByLabel('Ваше имя').fill('Сергей Полевой');
  await dialog.getByLabel('Номер телефона').pressSequentially('9201112233');
  await dialog.getByRole('checkbox', { name: /Согласен на обработку персональных данных/ }).check();
  await shot(page, testInfo, 'service-request-form');
  await dialog.getByRole('button', { name: 'Отправить заявку' }).click();

  const done = page.getByRole('dialog', { name: 'Заявка отправлена' });
  await expect(done.getByRole('status')).toHaveText(new RegExp(`^Заявка на сервис № \\d+ принята\\. Сервисный инженер филиала «${currentBranch.name}» свяжется с вами`));
  const number = /№ (\d+)/.exec((await done.textContent())!)![1]!;
  await done.getByRole('button', { name: 'Хорошо' }).click();

  const letter = await latestOutboxBody(page.request, currentBranch.email);
  expect(letter).toContain('Заявка на сервис с сайта.');
  expect(letter).toContain('Серийный номер: RW8410A123456');
  expect(letter).toContain(`Номер заявки: ${number}.`);

  // An employee of the visitor's branch, in a browser of his own.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile, extraHTTPHeaders: { 'X-Forwarded-For': `10.253.0.${Date.now() % 250}` } });
  const staff = await context.newPage();
  try {
    const email = `service-staff-${unique(testInfo)}@agro.test`;
    await createAccount(staff.request, email, 'secret1', 'Анна Сервисная');
    const granted = await staff.request.post('/__test/role', { headers: { 'X-CSRF-Token': await csrf(staff) }, data: { email, role: 'employee', branchId: currentBranch.id } });
    expect(granted.ok(), await granted.text()).toBe(true);
    const signedIn = await staff.request.post('/api/auth/authorize', { headers: { 'X-CSRF-Token': await csrf(staff) }, data: { type: 'email', props: { email, password: 'secret1' } } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);

    await staff.goto('/admin/leads');
    await staff.getByLabel('Вид').selectOption({ label: 'Сервис' });
    await staff.getByLabel('Состояние').selectOption({ label: 'Новая' });
    await staff.getByRole('button', { name: 'Показать' }).click();
    await expect(staff).toHaveURL(/kind=service/);
    const row = staff.getByTestId('lead').filter({ hasText: `№ ${number}` });
    await expect(row).toContainText('John Deere 8R 410 (№ RW8410A123456)');
    await expect(row).toContainText('Сергей Полевой');
    await expect(row).toContainText(currentBranch.name);
    await expect(row).toContainText('Новая');
    await shot(staff, testInfo, 'admin-leads-service');

    await row.getByRole('link', { name: `№ ${number}` }).click();
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Заявка № ${number}: сервис`);
    await expect(staff.getByTestId('lead-status')).toHaveText('Новая');
    await staff.getByRole('button', { name: 'Взять в работу' }).click();
    await expect(staff.getByRole('status')).toHaveText('Состояние заявки изменено');
    await expect(staff.getByTestId('lead-status')).toHaveText('В работе');
    await expect(staff.getByTestId('lead-assignee')).toHaveText('Анна Сервисная');

    await staff.getByLabel('Комментарий').fill('Позвонила клиенту, выезд в четверг');
    await staff.getByRole('button', { name: 'Добавить комментарий' }).click();
    await expect(staff.getByRole('status')).toHaveText('Комментарий добавлен');
    await expect(staff.getByTestId('lead-event')).toHaveCount(3);
    await expect(staff.getByTestId('lead-event').nth(0)).toContainText('статус «В работе»');
    await expect(staff.getByTestId('lead-event').nth(1)).toContainText('ответственный: Анна Сервисная');
    await expect(staff.getByTestId('lead-event').nth(2)).toContainText('комментарий: Позвонила клиенту, выезд в четверг');
    await shot(staff, testInfo, 'admin-lead');
  } finally {
    await context.close();
  }
});
