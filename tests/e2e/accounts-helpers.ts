import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { extractLink } from '../../app/modules/auth/providers/sandbox.ts';
import { expect, pageSettled } from './fixtures.ts';

/** A value unique to this run and project (desktop and mobile run in parallel on one database). */
export const unique = (testInfo: TestInfo) => `${Date.now().toString().slice(-6)}${testInfo.project.name === 'mobile' ? 1 : 0}`;

/** The latest message the sandbox providers "sent" to a phone or address (the development outbox page). */
export async function latestOutboxBody(request: APIRequestContext, recipient: string, previous = ''): Promise<string> {
  let body = '';
  await expect(async () => {
    const html = await (await request.get(`/__dev/outbox?recipient=${encodeURIComponent(recipient)}`)).text();
    const match = /<pre data-testid="outbox-body">([\s\S]*?)<\/pre>/.exec(html);
    expect(match, `no outbox message for ${recipient}`).not.toBeNull();
    body = match![1]!.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"');
    expect(body, 'waiting for a newer message').not.toBe(previous);
  }).toPass({ timeout: 5_000 });
  return body;
}

/** A confirmed e-mail account, made through the API in a context of its own (the page stays a guest). */
export async function createAccount(request: APIRequestContext, email: string, password: string, name = 'Тест Тестов') {
  const { token } = (await (await request.get('/api/csrf-token')).json()) as { token: string };
  const registered = await request.post('/api/auth/registration', {
    headers: { 'X-CSRF-Token': token },
    data: { type: 'email', props: { name, email, password, confirm_password: password, acceptGDPR: true, acceptAds: true } },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const link = new URL(extractLink(await latestOutboxBody(request, email))!);
  // Opening the link shows a page; its button (a form with the CSRF field) confirms.
  const page = await (await request.get(link.pathname + link.search)).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)?.[1] ?? '';
  const confirmed = await request.post(link.pathname + link.search, { form: { _csrf: field('_csrf'), token: field('token') }, maxRedirects: 0 });
  expect(confirmed.headers().location).toBe('/auth/confirm-email?confirmed=1');
}

export function authDialog(page: Page, title: string) {
  return page.getByRole('dialog', { name: title });
}

/** The header's user area says 'Личный кабинет' once signed in (at 375 px it is in the hidden top bar). */
export async function expectSignedIn(page: Page, isMobile: boolean) {
  const cabinet = page.getByRole('banner').getByText('Личный кабинет').first();
  await expect(cabinet).toBeAttached();
  if (!isMobile) await expect(cabinet).toBeVisible();
}

/** Opens /signup and sends the e-mail registration form with both consents ticked. */
export async function submitEmailRegistration(page: Page, { name, email, password = 'secret1' }: { name: string; email: string; password?: string }) {
  await page.goto('/signup');
  const dialog = authDialog(page, 'Регистрация');
  await dialog.getByLabel('Ваше имя').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Пароль', { exact: true }).fill(password);
  await dialog.getByLabel('Повторите пароль').fill(password);
  await dialog.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
  await dialog.getByRole('checkbox', { name: 'Соглашаюсь на получение рекламных рассылок' }).check();
  await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
  return dialog;
}

/** Opens /signup, registers by phone up to the call (captcha ticked) and returns the code step's dialog. */
export async function startPhoneRegistration(page: Page, { name, national }: { name: string; national: string }) {
  await page.goto('/signup');
  const dialog = authDialog(page, 'Регистрация');
  await dialog.getByRole('button', { name: 'Телефон' }).click();
  await dialog.getByLabel('Ваше имя').fill(name);
  await dialog.getByLabel('Номер телефона').fill(national);
  await dialog.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
  await dialog.getByRole('checkbox', { name: 'Я не робот' }).check();
  await dialog.getByRole('button', { name: 'Получить код' }).click();
  return authDialog(page, 'Введите последние 4 цифры входящего номера');
}

/** The CSRF token of the page's browser context (for API calls made from the test). */
export async function csrfToken(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/csrf-token')).json()) as { token: string }).token;
}

/**
 * A new account with a confirmed e-mail, signed in on the page's browser context through the API;
 * with `role`, given that role first (the test server's POST /__test/role).
 */
export async function signIn(page: Page, email: string, name?: string, role?: string) {
  await createAccount(page.request, email, 'secret1', name);
  await signInAs(page, email, role);
}

/** Signs in to an account made earlier in the journey (password 'secret1'), given `role` first when asked. */
export async function signInAs(page: Page, email: string, role?: string) {
  if (role) {
    const granted = await page.request.post('/__test/role', { headers: { 'X-CSRF-Token': await csrfToken(page) }, data: { email, role } });
    expect(granted.ok(), await granted.text()).toBe(true);
  }
  const authorize = async () => page.request.post('/api/auth/authorize', { headers: { 'X-CSRF-Token': await csrfToken(page) }, data: { type: 'email', props: { email, password: 'secret1' } } });
  let res = await authorize();
  // As the shop's own client does (app/lib/api.ts): an answer to a request the open page sent with
  // the session that ended may set that session's token after ours; the refusal changed nothing.
  if (res.status() === 403) res = await authorize();
  expect(res.ok(), await res.text()).toBe(true);
}

/** Orders what the signed-in visitor's cart holds, for pickup, and returns the order's number. */
export async function placeOrder(page: Page): Promise<string> {
  await page.goto('/cart');
  await pageSettled(page);
  const checkout = page.getByRole('region', { name: 'Оформление заказа' });
  await checkout.getByLabel('Ваше имя').fill('Пётр Иванов');
  await checkout.getByLabel('Номер телефона').fill('+7 912 345-67-89');
  await checkout.getByRole('button', { name: 'Оформить заказ' }).click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Спасибо! Заказ АГ-\d{4}-\d{6} оформлен$/);
  return /АГ-\d{4}-\d{6}/.exec((await heading.textContent())!)![0];
}

/** Opens the header's search dialog (the read-only field on phones, the button on desktops). */
export async function openSearch(page: Page, isMobile: boolean) {
  const header = page.getByRole('banner');
  if (isMobile) await header.getByPlaceholder('Искать в каталоге или на сайте').click();
  else await header.getByRole('button', { name: 'Поиск по технике, запчастям и артикулам' }).click();
  const dialog = page.getByRole('dialog', { name: 'Поиск по сайту' });
  const field = dialog.getByRole('combobox', { name: 'Искать в каталоге или на сайте' });
  await expect(field).toBeFocused();
  return { dialog, field };
}

/** Finds a part by its code in the header search and puts one in the cart from its page. */
export async function addFromPartPage(page: Page, isMobile: boolean, code: string) {
  await page.goto('/');
  await pageSettled(page);
  const { dialog, field } = await openSearch(page, isMobile);
  await field.fill(code);
  await dialog.getByRole('group', { name: 'Запчасти' }).getByRole('option').filter({ hasText: code }).first().click();
  await expect(page.getByTestId('part-code')).toHaveText(code);
  const buy = page.getByTestId('part-buy');
  await buy.getByRole('button', { name: 'В корзину' }).click();
  await expect(buy.getByRole('status')).toHaveText('Добавлено в корзину: 1 шт.');
}
