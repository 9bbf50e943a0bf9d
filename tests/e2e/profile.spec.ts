import type { Page } from '@playwright/test';
import { signInAs } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

/** The password `signInAs` signs in with. */
const PASSWORD = 'secret1';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

async function csrfOf(page: Page): Promise<string> {
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  expect(token).toBeTruthy();
  return token!;
}

/** The newest message the sandbox sent to a recipient, read from the development outbox page in another tab. */
async function lastMessage(page: Page, recipient: string): Promise<string> {
  const tab = await page.context().newPage();
  await tab.goto(`/__dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  const body = (await tab.getByTestId('outbox-body').first().textContent()) ?? '';
  await tab.close();
  return body;
}

/** Registers by e-mail through the API, confirms by the link from the outbox, signs in through the API. */
async function signUpAndSignIn(page: Page): Promise<{ email: string; name: string }> {
  const email = `e2e-${unique()}@agro.ru`;
  const name = 'Иван Профилев';
  await page.goto('/');
  const registered = await page.request.post('/api/auth/registration', {
    headers: { 'x-csrf-token': await csrfOf(page) },
    data: { type: 'email', props: { name, email, password: PASSWORD, confirm_password: PASSWORD, acceptGDPR: true, acceptAds: true } },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const link = /https?:\/\/\S+\/auth\/confirm-email\?token=[\w-]+/.exec(await lastMessage(page, email))?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByRole('button', { name: 'Подтвердить e-mail' }).click();
  await expect(page.getByRole('heading', { name: 'E-mail подтверждён' })).toBeVisible();
  await signInAs(page, email);
  return { email, name };
}

test('a guest asking for the favourites goes to sign-in with the way back @server-logic', async ({ page }) => {
  await page.goto('/profile/bookmarks');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Fbookmarks$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
});

test('Мои данные shows the account, Избранное the empty state', async ({ page }) => {
  const { email, name } = await signUpAndSignIn(page);
  await page.goto('/profile');
  await expect(page).toHaveTitle(/Мои данные/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { level: 1, name: 'Мои данные' })).toBeVisible();
  await expect(page.getByLabel('Ваше имя')).toHaveValue(name);
  await expect(page.getByTestId('profile-email')).toContainText(email);
  await expect(page.getByTestId('profile-email')).toContainText('подтверждён');
  await expect(page.getByTestId('profile-email')).not.toContainText('не подтверждён');
  await expect(page.getByTestId('profile-phone')).toContainText('не указан');

  const nav = page.getByRole('navigation', { name: 'Разделы личного кабинета' });
  await nav.getByRole('link', { name: 'Избранное' }).click();
  await expect(page).toHaveURL(/\/profile\/bookmarks$/);
  await expect(page.getByText('В избранном пока ничего нет')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/catalog');
});

test('changes the name, the e-mail by link and the phone by SMS code @server-logic', async ({ page }) => {
  await signUpAndSignIn(page);
  const mounted = await page.request.get('/api/notifications');
  expect(mounted.status()).toBe(200);

  await page.goto('/profile');
  await page.getByLabel('Ваше имя').fill('Пётр Сидоров');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Имя сохранено' })).toBeVisible();

  await page.getByLabel('Ваше имя').fill(' ');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Поле "Ваше Имя" не заполнено', { exact: true })).toBeVisible();

  const next = `e2e-new-${unique()}@agro.ru`;
  await page.getByRole('button', { name: 'Изменить e-mail' }).click();
  await page.getByLabel('Новый e-mail').fill('не адрес');
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByText('Поле "E-mail" содержит некорректный E-mail адрес', { exact: true })).toBeVisible();
  await page.getByLabel('Новый e-mail').fill(next);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Мы отправили письмо на ${next}` })).toBeVisible();
  await expect(page.getByText(`Ждёт подтверждения: ${next}`)).toBeVisible();
  const link = /https?:\/\/\S+\/auth\/confirm-email-change\?token=[\w-]+/.exec(await lastMessage(page, next))?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  // The link opens a page; only its button changes the address (mail scanners open links too).
  await page.getByRole('button', { name: 'Подтвердить новый e-mail' }).click();
  await expect(page).toHaveURL(/\/profile\?email=changed$/);
  await expect(page.getByText('E-mail изменён и подтверждён').first()).toBeVisible();
  await expect(page.getByTestId('profile-email')).toContainText(next);

  const national = `912${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await page.getByRole('button', { name: 'Указать телефон' }).click();
  await page.getByLabel('Новый номер телефона').fill(national);
  await page.getByRole('checkbox', { name: 'Я не робот' }).check();
  await page.getByRole('button', { name: 'Получить код по SMS' }).click();
  // The number is written one way everywhere: +7 (912) 469-37-64.
  const written = `+7 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`;
  await expect(page.getByRole('status').filter({ hasText: `Мы отправили SMS с кодом на ${written}` })).toBeVisible();
  const sms = await lastMessage(page, `7${national}`);
  const code = /код[^\d]*(\d{4})/i.exec(sms)?.[1];
  expect(code).toBeTruthy();
  await page.getByRole('group', { name: 'Код из SMS' }).getByRole('textbox').first().fill(code!);
  await expect(page.getByRole('status').filter({ hasText: 'Номер телефона изменён и подтверждён' })).toBeVisible();
  await expect(page.getByTestId('profile-phone')).toContainText(written);
  await expect(page.getByTestId('profile-phone')).toContainText('подтверждён');
  await expect(page.getByTestId('profile-phone')).not.toContainText('не подтверждён');
});

test.describe('with the shell integration', () => {
  test('the Личный кабинет menu: items for a plain user, Escape closes, Выйти signs out @desktop', async ({ page }) => {
    await signUpAndSignIn(page);
    await page.goto('/profile');
    const header = page.getByRole('banner');
    const toggle = header.getByRole('button', { name: 'Личный кабинет' });
    await expect(toggle).toBeVisible();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = header.getByRole('list', { name: 'Личный кабинет' });
    await expect(list.getByRole('listitem')).toHaveText(['Мои данные', 'Корзина', 'Избранное', 'Моя техника', 'Сравнить товары', 'Биржа перевозок', 'Выйти']);
    await expect(list.getByRole('link', { name: 'Избранное' })).toHaveAttribute('href', '/profile/bookmarks');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();

    await toggle.click();
    await list.getByRole('link', { name: 'Избранное' }).click();
    await expect(page).toHaveURL(/\/profile\/bookmarks$/);
    await expect(list).toBeHidden();

    await toggle.click();
    await list.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Войти' })).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  });

  test('a hint shows as a toast 5 s after load for 10 s, and only once', async ({ page }) => {
    // Confirming the e-mail leaves the hint 'E-mail подтверждён'.
    await signUpAndSignIn(page);
    // The browser's clock moves through the 5 s delay and the 10 s display instead of waiting.
    await page.clock.install();
    await page.goto('/profile');
    const region = page.getByTestId('notifications');
    await expect(region).toBeAttached();
    const toast = page.getByTestId('notification-toast');
    await page.clock.fastForward(4_000);
    await expect(toast).toHaveCount(0);
    await page.clock.fastForward(1_100);
    await expect(toast).toBeVisible();
    await expect(region).toHaveAttribute('role', 'status');
    await expect(toast).toContainText('E-mail подтверждён');
    // It lies over none of the header: its controls (the account's menu, a phone's menu button) stay pressable.
    const [toastBox, headerBox] = [(await toast.boundingBox())!, (await page.getByRole('banner').boundingBox())!];
    expect(toastBox.y, 'the toast starts below the header').toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    await page.clock.fastForward(9_000);
    await expect(toast).toBeVisible();
    await page.clock.fastForward(1_100);
    await expect(toast).toBeHidden();

    const pending = await page.request.get('/api/notifications');
    expect((await pending.json()).notifications).toEqual([]);
  });
});
