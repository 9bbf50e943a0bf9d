import type { Browser, Page, TestInfo } from '@playwright/test';
import { addFromPartPage, placeOrder, signIn, unique } from './accounts-helpers.ts';
import { expect, hydrated, pageSettled, shot, test } from './fixtures.ts';
import { answerServiceSurvey } from './questionnaire-helpers.ts';

/*
 * A questionnaire linked from an order or an offer (ADR 103): an employee chooses the demo's
 * questionnaire № 1 on the order's back-office page; the customer sees 'Пройти опрос' on his order
 * in 'Мои заказы', answers (the response keeps the order) and the invitation is gone. A manager
 * links it in the offer editor; the client, a guest with the link, sees it on the offer's page until
 * he has answered. At 1280 and 375 px.
 */

const SURVEY = 'Оценка качества сервиса';

/** An employee in a browser of his own, at the project's size. */
async function employee(browser: Browser, testInfo: TestInfo, isMobile: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile });
  const staff = await context.newPage();
  await signIn(staff, `links-staff-${unique(testInfo)}@agro.test`, 'Ольга Менеджер', 'employee');
  return staff;
}

/** Chooses a questionnaire in the 'Анкета для клиента' form of the page and saves it. */
async function choose(staff: Page, label: string, toast: string) {
  const section = staff.getByTestId('questionnaire-link');
  await section.getByLabel('Анкета').selectOption({ label });
  await section.getByRole('button', { name: 'Сохранить анкету' }).click();
  await expect(staff.getByRole('status').filter({ hasText: toast })).toBeVisible();
}

test('an employee links a questionnaire to an order; the customer answers it from his order and the invitation goes', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, `links-customer-${unique(testInfo)}@agro.test`, 'Пётр Иванов');
  await addFromPartPage(page, isMobile, '700.18.38.309');
  const number = await placeOrder(page);
  // Nothing linked yet: no invitation.
  await expect(page.getByTestId('questionnaire-invite')).toHaveCount(0);

  const staff = await employee(browser, testInfo, isMobile);
  await staff.goto(`/admin/orders/${encodeURIComponent(number)}`);
  await expect(staff.getByTestId('questionnaire-link')).toContainText('Анкета не привязана');
  await choose(staff, `№ 1 · ${SURVEY}`, `Анкета «${SURVEY}» привязана`);
  await expect(staff.getByTestId('questionnaire-link')).toContainText(`Привязана: «${SURVEY}»`);
  await shot(staff, testInfo, 'order-questionnaire-link');

  await page.goto('/profile/orders');
  const card = page.getByRole('article', { name: `Заказ ${number}` });
  const invite = card.getByTestId('questionnaire-invite');
  await expect(invite).toContainText(`«${SURVEY}»`);
  await shot(page, testInfo, 'order-questionnaire-invite');
  await invite.getByRole('link', { name: 'Пройти опрос' }).click();
  await expect(page).toHaveURL(new RegExp(`/questionnaire/1\\?order=${encodeURIComponent(number)}$`));
  await expect(page.getByText(`Анкета о заказе ${number}`)).toBeVisible();
  await hydrated(page);
  await answerServiceSurvey(page);
  await page.getByRole('button', { name: 'Отправить ответы' }).click();
  await expect(page.getByTestId('questionnaire-thanks')).toBeVisible();

  // Answered: the order no longer invites him; the confirmation page neither.
  await page.goto('/profile/orders');
  await expect(page.getByRole('article', { name: `Заказ ${number}` })).toBeVisible();
  await expect(page.getByTestId('questionnaire-invite')).toHaveCount(0);
  await page.goto(`/cart/order/${encodeURIComponent(number)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
  await expect(page.getByTestId('questionnaire-invite')).toHaveCount(0);
  await staff.context().close();
});

test('a manager links a questionnaire in the offer editor; the client sees "Пройти опрос" on the offer until he answers', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const staff = await employee(browser, testInfo, false);
  await staff.goto('/admin/offers');
  await staff.getByTestId('offer-row').filter({ hasText: 'ТОО «Дала»' }).first().getByRole('link').first().click();
  const link = (await staff.getByTestId('client-link').getAttribute('href'))!;
  const hash = link.split('/').filter(Boolean).at(-1)!;
  await staff.goto(`/kp/edit/${hash}`);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(/^Редактор КП: ТОО «Дала»/);
  await choose(staff, `№ 1 · ${SURVEY}`, `Анкета «${SURVEY}» привязана`);
  await shot(staff, testInfo, 'offer-questionnaire-link');

  // The client: a guest with the link, in his own browser.
  await page.goto(link);
  await pageSettled(page);
  const invite = page.getByTestId('questionnaire-invite');
  await expect(invite).toContainText(`«${SURVEY}»`);
  await shot(page, testInfo, 'offer-questionnaire-invite');
  await invite.getByRole('link', { name: 'Пройти опрос' }).click();
  await expect(page).toHaveURL(new RegExp(`/questionnaire/1\\?offer=${hash}$`));
  await expect(page.getByText('Анкета о коммерческом предложении')).toBeVisible();
  await hydrated(page);
  await answerServiceSurvey(page);
  await page.getByRole('button', { name: 'Отправить ответы' }).click();
  await expect(page.getByTestId('questionnaire-thanks')).toBeVisible();
  await page.goto(link);
  await pageSettled(page);
  await expect(page.getByTestId('offer-page')).toBeVisible();
  await expect(page.getByTestId('questionnaire-invite')).toHaveCount(0);
  await staff.context().close();
});
