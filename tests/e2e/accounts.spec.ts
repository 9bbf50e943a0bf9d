import type { Page } from '@playwright/test';
import { extractCode, extractLink } from '../../app/modules/auth/providers/sandbox.ts';
import { authDialog, createAccount, expectSignedIn, latestOutboxBody, unique, startPhoneRegistration, submitEmailRegistration } from './accounts-helpers.ts';
import { advanceServerClock, expect, test } from './fixtures.ts';

/** Signs out from the user menu (desktop) or the mobile menu, as a person would. */
async function signOut(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('navigation', { name: 'Мобильное меню' }).getByRole('button', { name: 'Выйти' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: /Личный кабинет/ }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Выйти' }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByText('Личный кабинет')).toHaveCount(0);
}

test('phone registration with the SMS fallback: the 30 s lock, a second call, then «Запросить SMS код» @server-logic @server-clock', async ({ page, isMobile }, testInfo) => {
  // Both clocks move instead of waiting 2 × 30 s: the browser's countdown (Playwright's clock) and
  // the server's own lock between codes (the test clock of a NODE_ENV=test server).
  const national = `913${unique(testInfo)}`;
  const phone = `7${national}`;
  await page.clock.install();
  let dialog = await startPhoneRegistration(page, { name: 'Пётр Полевой', national });
  const firstCall = await latestOutboxBody(page.request, phone);
  await expect(dialog.getByText(/^Получить новый код можно через 0:[0-3]\d$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Повторить звонок' })).toHaveCount(0);
  await page.clock.fastForward('00:31');
  await advanceServerClock(page, 31_000);
  await expect(dialog.getByRole('button', { name: 'Повторить звонок' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Запросить SMS код' })).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'Я не робот' }).check();
  await dialog.getByRole('button', { name: 'Повторить звонок' }).click();
  const secondCall = await latestOutboxBody(page.request, phone, firstCall);
  expect(extractCode(secondCall)).toMatch(/^\d{4}$/);

  // From the second call attempt on, the SMS link appears once the lock is over.
  await expect(dialog.getByText(/^Получить новый код можно через 0:[0-3]\d$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Запросить SMS код' })).toHaveCount(0);
  await page.clock.fastForward('00:31');
  await advanceServerClock(page, 31_000);
  await expect(dialog.getByRole('button', { name: 'Запросить SMS код' })).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Я не робот' }).check();
  await dialog.getByRole('button', { name: 'Запросить SMS код' }).click();
  dialog = authDialog(page, 'Введите код из SMS');
  await expect(dialog).toContainText('Мы отправили SMS на');
  await expect(dialog.getByRole('link', { name: 'support@agrotechnika.example' })).toHaveAttribute('href', 'mailto:support@agrotechnika.example');
  const sms = await latestOutboxBody(page.request, phone, secondCall);
  await dialog.getByLabel('Символ 1 из 4').fill(extractCode(sms)!);

  dialog = authDialog(page, 'Задайте пароль');
  await dialog.getByLabel('Новый пароль').fill('secret1');
  await dialog.getByLabel('Повторите пароль').fill('secret1');
  await dialog.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, isMobile);
});

test('registration by e-mail, confirmed by opening the link; then sign-out', async ({ page, isMobile }, testInfo) => {
  const email = `field${unique(testInfo)}@agro.ru`;
  const dialog = await submitEmailRegistration(page, { name: 'Мария Луговая', email });
  await expect(dialog).toContainText('подтвердите e-mail по ссылке');

  const link = new URL(extractLink(await latestOutboxBody(page.request, email))!);
  // Opening the link changes nothing (mail scanners open links); its button confirms.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Подтверждение e-mail' })).toBeVisible();
  await page.getByRole('button', { name: 'Подтвердить e-mail' }).click();
  await expect(page).toHaveURL(/\/auth\/confirm-email\?confirmed=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail подтверждён' })).toBeVisible();
  await expectSignedIn(page, isMobile);
  // The welcome notification arrives 5 s after the page mounts (spec §4) as a toast.
  await expect(page.getByRole('status').filter({ hasText: 'E-mail подтверждён' })).toBeVisible({ timeout: 8_000 });
  await signOut(page, isMobile);

  // The link works once: opened again it explains and offers to sign in.
  await page.goto(link.pathname + link.search);
  const notice = page.getByRole('dialog', { name: 'Ссылка устарела' });
  await expect(notice).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await notice.getByRole('button', { name: 'Войти' }).click();
  await expect(authDialog(page, 'Вход')).toBeVisible();
});

test('wrong password → «Сбросить пароль?» → e-mail link → new password → signed in @server-logic', async ({ page, isMobile, browser }, testInfo) => {
  const email = `reset${unique(testInfo)}@agro.ru`;
  const api = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await createAccount(api.request, email, 'secret1');
  await page.goto('/login');
  let dialog = authDialog(page, 'Вход');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Пароль').fill('wrong-one');
  await dialog.getByRole('button', { name: 'Войти' }).click();
  await dialog.getByRole('button', { name: 'Сбросить пароль?' }).click();
  dialog = authDialog(page, 'Восстановление пароля');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(dialog).toContainText('ссылку для восстановления пароля');

  const link = new URL(extractLink(await latestOutboxBody(api.request, email))!);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Задайте пароль' })).toBeVisible();
  await page.getByLabel('Новый пароль').fill('brand-new-1');
  await page.getByLabel('Пароль ещё раз').fill('brand-new-1');
  await page.getByRole('button', { name: 'Сохранить и войти' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expectSignedIn(page, isMobile);
  // The link works once.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('alert')).toContainText('Ссылка устарела или уже использована');
  await api.close();
});

test('social sign-in through the sandbox provider @server-logic', async ({ page, isMobile }) => {
  await page.goto('/login');
  await authDialog(page, 'Вход').getByRole('link', { name: /Яндекс/ }).click();
  await expect(page.getByRole('heading', { name: 'Тестовый вход через Яндекс' })).toBeVisible();
  await page.getByRole('button', { name: 'Войти' }).click();
  // A first sign-in asks for the personal-data consent (152-ФЗ) before any account exists.
  await expect(page.getByRole('heading', { name: 'Завершение регистрации' })).toBeVisible();
  await page.getByRole('button', { name: 'Создать кабинет и войти' }).click();
  await expect(page.getByText('Пожалуйста, подтвердите согласие')).toBeVisible();
  await page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
  await page.getByRole('button', { name: 'Создать кабинет и войти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, isMobile);
});

test('a cancelled social sign-in comes back to /login, which says so @server-logic', async ({ page }) => {
  await page.goto('/login');
  await authDialog(page, 'Вход').getByRole('link', { name: /Яндекс/ }).click();
  await expect(page.getByRole('heading', { name: 'Тестовый вход через Яндекс' })).toBeVisible();
  await page.getByRole('button', { name: 'Отмена' }).click();
  await expect(page).toHaveURL(/\/login\?auth_error=access_denied&authclient=yandex$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Вход через Яндекс отменён' })).toBeVisible();
  await expect(authDialog(page, 'Вход')).toBeVisible();
});

test('a guest\'s favourites go through sign-in and land on /profile/bookmarks @server-logic', async ({ page, isMobile, browser }, testInfo) => {
  const email = `fav${unique(testInfo)}@agro.ru`;
  const api = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await createAccount(api.request, email, 'secret1');
  await api.close();
  if (isMobile) {
    // At 375 px the favourites live behind sign-in on /profile/bookmarks itself.
    await page.goto('/profile/bookmarks');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Fbookmarks$/);
  } else {
    await page.goto('/');
    await page.getByRole('link', { name: /Избранное/ }).click();
  }
  const dialog = authDialog(page, 'Вход');
  await expect(dialog.locator('input[name="redirect-url"]')).toHaveValue('/profile/bookmarks');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Пароль').fill('secret1');
  await dialog.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/profile\/bookmarks$/);
  await expect(page.getByText('В избранном пока ничего нет')).toBeVisible();
});

test('the code boxes offer the digits keyboard, and the last digit typed sends the code (issue 28 point 14)', async ({ page }, testInfo) => {
  const national = `914${unique(testInfo)}`;
  const dialog = await startPhoneRegistration(page, { name: 'Ольга Полевая', national });
  const code = extractCode(await latestOutboxBody(page.request, `7${national}`));
  expect(code).toMatch(/^\d{4}$/);
  for (let i = 1; i <= 4; i++) await expect(dialog.getByLabel(`Символ ${i} из 4`)).toHaveAttribute('inputmode', 'numeric');
  await dialog.getByLabel('Символ 1 из 4').focus();
  await page.keyboard.type(code!);
  // No button pressed: the code went once its last digit was in.
  await expect(authDialog(page, 'Задайте пароль')).toBeVisible();
});
