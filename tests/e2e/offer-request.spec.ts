import type { Browser, Page, TestInfo } from '@playwright/test';
import { createAccount, latestOutboxBody, signInAs, unique } from './accounts-helpers.ts';
import { expect, look, pageSettled, test } from './fixtures.ts';

/*
 * Issue 28 §4 point 8 (ADR 069): 'Запросить коммерческое предложение' on a model page opens a short
 * form that names the model and the branch; the visitor's contacts are filled from his account once
 * the (shared, cached) page is hydrated; the request is confirmed with its number, e-mailed to the
 * branch (the sandbox outbox shows the letter to the browser that sent it) and listed for employees
 * at /admin/leads, which is closed to everyone else. At 1280 px and 375 px.
 */

async function signIn(page: Page, email: string, { employee = false, name }: { employee?: boolean; name?: string } = {}) {
  await createAccount(page.request, email, 'secret1', name);
  await signInAs(page, email, employee ? 'employee' : undefined);
}

/** A model of the tractors' category (the first card linking to a model's page) opened. */
async function openModel(page: Page): Promise<string> {
  const html = await (await page.request.get('/catalog/traktory')).text();
  const links = [...new Set([...html.matchAll(/href="(\/catalog\/[^"/?#]+\/[^"/?#]+\/[^"/?#]+)"/g)].map((m) => m[1]!))];
  let href: string | null = null;
  for (const path of links) {
    const alias = await (await page.request.get(`/api/page-alias/path?path=${encodeURIComponent(path)}`)).json() as { controller: string };
    if (alias.controller === 'model') { href = path; break; }
  }
  expect(href, 'a model on /catalog/traktory').not.toBeNull();
  await page.goto(href!);
  await pageSettled(page);
  return (await page.getByRole('heading', { level: 1 }).textContent())!;
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await look(page, testInfo, `${name}-${testInfo.project.name}.png`);
}

/** The employees' list as an employee sees it, in a browser of his own. */
async function employeeReads(browser: Browser, testInfo: TestInfo, isMobile: boolean) {
  // An address of the employee's own (the server trusts X-Forwarded-For in the journeys).
  const extraHTTPHeaders = { 'X-Forwarded-For': `10.254.${isMobile ? 1 : 0}.${Date.now() % 250}` };
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile, extraHTTPHeaders });
  const page = await context.newPage();
  await signIn(page, `staff-${unique(testInfo)}@agro.test`, { employee: true });
  await page.goto('/admin/leads');
  await expect(page.getByRole('heading', { level: 1, name: 'Заявки посетителей' })).toBeVisible();
  return { page, close: () => context.close() };
}

test('a guest asks for a commercial offer from a model page; the branch gets the letter and an employee the request', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const model = await openModel(page);
  const { currentBranch } = await (await page.request.get('/api/current-area')).json() as { currentBranch: { name: string; email: string } };

  await page.getByRole('button', { name: 'Запросить коммерческое предложение' }).click();
  const dialog = page.getByRole('dialog', { name: 'Запрос коммерческого предложения' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(model);
  await expect(dialog).toContainText(`менеджер филиала «${currentBranch.name}»`);
  await expect(dialog.getByLabel('Ваше имя')).toHaveValue('');

  await dialog.getByLabel('Ваше имя').fill('Пётр Полевой');
  await dialog.getByLabel('Номер телефона').pressSequentially('9124693764');
  await expect(dialog.getByLabel('Номер телефона')).toHaveValue('(912)-469-37-64');
  await dialog.getByLabel(/Комментарий/).fill('Нужен лизинг на 3 года');
  // Without the consent nothing is sent (the button looks disabled; Enter tries), and the form says why.
  await expect(dialog.getByRole('button', { name: 'Отправить запрос' })).toHaveAttribute('aria-disabled', 'true');
  await dialog.getByLabel('Ваше имя').press('Enter');
  await expect(dialog).toContainText('Пожалуйста, подтвердите согласие');
  await expect(dialog.getByRole('checkbox', { name: /Согласен на обработку персональных данных/ })).toBeFocused();
  await shot(page, testInfo, 'offer-request-form');
  await dialog.getByRole('checkbox', { name: /Согласен на обработку персональных данных/ }).check();
  await dialog.getByRole('button', { name: 'Отправить запрос' }).click();

  const done = page.getByRole('dialog', { name: 'Запрос отправлен' });
  await expect(done.getByRole('status')).toHaveText(new RegExp(`^Запрос № \\d+ принят\\. Менеджер филиала «${currentBranch.name}» подготовит коммерческое предложение на .+ и свяжется с вами в рабочее время\\.`));
  const number = /№ (\d+)/.exec((await done.textContent())!)![1]!;
  await shot(page, testInfo, 'offer-request-sent');
  await done.getByRole('button', { name: 'Хорошо' }).click();
  await expect(done).toBeHidden();

  // The branch's letter, as the sandbox outbox shows it to the browser that sent it.
  const letter = await latestOutboxBody(page.request, currentBranch.email);
  expect(letter).toContain('Запрос коммерческого предложения с сайта.');
  expect(letter).toContain(`Модель: ${model}`);
  expect(letter).toContain('Телефон: +7 (912) 469-37-64');
  expect(letter).toContain('Комментарий: Нужен лизинг на 3 года');
  expect(letter).toContain(`Номер запроса: ${number}.`);

  // The list is the employees': the visitor gets 403.
  const refused = await page.goto('/admin/leads');
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Доступ запрещён' })).toBeVisible();

  const employee = await employeeReads(browser, testInfo, isMobile);
  try {
    const item = employee.page.getByTestId('lead').filter({ hasText: `№ ${number}` });
    await expect(item).toContainText(model);
    await expect(item).toContainText('Пётр Полевой');
    await expect(item).toContainText('+7 (912) 469-37-64');
    await expect(item).toContainText(currentBranch.name);
    await expect(item).toContainText('Новая');
    await look(employee.page, testInfo, `admin-leads-${testInfo.project.name}.png`, { fullPage: true });
    expect(await employee.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // The request's own page: the comment, the model's page.
    await item.getByRole('link', { name: `№ ${number}` }).click();
    await expect(employee.page.getByRole('heading', { level: 1 })).toHaveText(`Заявка № ${number}: коммерческое предложение`);
    await expect(employee.page.getByRole('main')).toContainText('Нужен лизинг на 3 года');
    await expect(employee.page.getByRole('link', { name: model })).toHaveAttribute('href', /^\/catalog\//);
    expect(await employee.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  } finally {
    await employee.close();
  }
});

test('a signed-in visitor finds his contacts filled in, on the page every visitor of his kind shares', async ({ page }, testInfo) => {
  const email = `kp-${unique(testInfo)}@agro.test`;
  await signIn(page, email, { name: 'Анна Полевая' });
  await openModel(page);
  await page.getByRole('button', { name: 'Запросить коммерческое предложение' }).click();
  const dialog = page.getByRole('dialog', { name: 'Запрос коммерческого предложения' });
  await expect(dialog.getByLabel('Ваше имя')).toHaveValue('Анна Полевая');
  await expect(dialog.getByLabel(/E-mail/)).toHaveValue(email);
  await dialog.getByLabel('Номер телефона').pressSequentially('9051234567');
  await dialog.getByRole('checkbox', { name: /Согласен на обработку персональных данных/ }).check();
  await dialog.getByRole('button', { name: 'Отправить запрос' }).click();
  await expect(page.getByRole('dialog', { name: 'Запрос отправлен' }).getByRole('status')).toHaveText(/^Запрос № \d+ принят\./);
});
