import type { Page, TestInfo } from '@playwright/test';
import { extractLink } from '../../app/modules/auth/providers/sandbox.ts';
import { authDialog, createAccount, expectSignedIn, latestOutboxBody, unique, startPhoneRegistration, submitEmailRegistration } from './accounts-helpers.ts';
import { advanceServerClock, expect, look, test } from './fixtures.ts';

/*
 * Issue 7, point 6: accounts, smoothed. The confirmation lands on a page that says so; 'E-mail не
 * подтверждён' offers the letter again; letters-sent messages name the address; the code step offers
 * 'Изменить номер' and says each thing once; a limit says when to try again and its links wait; the
 * captcha and the countdown never show together; the profile changes the password.
 */

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await look(page, testInfo, `${name}.png`);
}

const written = (national: string) => `+7 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`;

test('an unconfirmed e-mail: «Отправить письмо ещё раз» names the address, the new link confirms, the page says so @server-logic', async ({ page, isMobile }, testInfo) => {
  const email = `late${unique(testInfo)}@agro.ru`;
  let dialog = await submitEmailRegistration(page, { name: 'Мария Луговая', email });
  // The letter-sent message names the address.
  await expect(dialog.getByRole('status').locator('p')).toHaveText(`Мы отправили письмо на ${email}. Чтобы завершить регистрацию, подтвердите e-mail по ссылке из письма`);
  const firstLetter = await latestOutboxBody(page.request, email);
  await dialog.getByRole('button', { name: 'Хорошо' }).click();

  // Signing in before confirming: the alert offers the letter again.
  await page.goto('/login');
  dialog = authDialog(page, 'Вход');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Пароль').fill('secret1');
  await dialog.getByRole('button', { name: 'Войти' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('E-mail не подтверждён');
  await shot(page, testInfo, 'unconfirmed');
  await alert.getByRole('button', { name: 'Отправить письмо ещё раз' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'ждёт подтверждения' })).toHaveText(`Если ${email} ждёт подтверждения, мы отправили на него новое письмо со ссылкой. Ссылки из прежних писем больше не действуют`);
  await shot(page, testInfo, 'unconfirmed-resent');

  const letter = await latestOutboxBody(page.request, email, firstLetter);
  const link = new URL(extractLink(letter)!);
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: 'Подтвердить e-mail' }).click();
  await expect(page).toHaveURL(/\/auth\/confirm-email\?confirmed=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail подтверждён' })).toBeVisible();
  await expect(page.getByRole('status').first()).toContainText('Регистрация завершена');
  await expectSignedIn(page, isMobile);
  // The first letter's link stopped working when the new one was sent.
  const old = new URL(extractLink(firstLetter)!);
  await page.goto(old.pathname + old.search);
  await expect(page.getByRole('dialog', { name: 'Ссылка устарела' })).toBeVisible();
});

test('recovery by e-mail: the message names the address @server-logic', async ({ page }, testInfo) => {
  const email = `forgot${unique(testInfo)}@agro.ru`;
  await page.goto('/login');
  await authDialog(page, 'Вход').getByRole('button', { name: 'Забыли пароль?' }).click();
  const dialog = authDialog(page, 'Восстановление пароля');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(dialog.getByRole('status').locator('p')).toHaveText(`Если ${email} зарегистрирован, мы отправили на него ссылку для восстановления пароля`);
});

test('the code step says each thing once and offers «Изменить номер», which keeps the number and the name', async ({ page }, testInfo) => {
  const national = `914${unique(testInfo)}`;
  let dialog = await startPhoneRegistration(page, { name: 'Иван Полевой', national });
  await expect(dialog.locator('p').first()).toHaveText(`Мы звоним на ${written(national)}. Отвечать на звонок не нужно. Изменить номер`);
  // Said once: the instruction is the title; the number once; no second 'we are calling' line.
  const text = await dialog.evaluate((d) => (d as HTMLElement).innerText);
  expect(text.split('последние 4 цифры').length - 1, text).toBe(1);
  expect(text.split(written(national)).length - 1, text).toBe(1);
  expect(text).not.toContain('Мы звоним на ваш номер');
  // The captcha and the countdown never show together.
  await expect(dialog.getByText(/^Получить новый код можно через/)).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Я не робот' })).toHaveCount(0);
  await shot(page, testInfo, 'code-step');

  await dialog.getByRole('button', { name: 'Изменить номер' }).click();
  dialog = authDialog(page, 'Регистрация');
  await expect(dialog.getByRole('button', { name: 'Телефон' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByLabel('Номер телефона')).toHaveValue(`(${national.slice(0, 3)})-${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`);
  await expect(dialog.getByLabel('Ваше имя')).toHaveValue('Иван Полевой');
});

test('too many codes: the limit says when to try again, its links wait, and no captcha shows meanwhile @server-logic @server-clock', async ({ page }, testInfo) => {
  const national = `915${unique(testInfo)}`;
  await page.clock.install();
  const dialog = await startPhoneRegistration(page, { name: 'Иван Полевой', national });

  // Codes 2 and 3 (3 a phone in 10 minutes), each after the 30 s lock on both clocks.
  for (let i = 0; i < 3; i++) {
    await advanceServerClock(page, 31_000);
    await page.clock.fastForward('00:31');
    const retry = dialog.getByRole('button', { name: 'Повторить звонок' });
    await dialog.getByRole('checkbox', { name: 'Я не робот' }).check();
    await retry.click();
    if (i < 2) await expect(dialog.getByText(/^Получить новый код можно через/)).toBeVisible();
  }
  const limit = dialog.getByRole('status').filter({ hasText: 'Слишком много запросов кода' });
  await expect(limit).toHaveText(/^Слишком много запросов кода\. Попробуйте через \d+ мин\.$/);
  await expect(dialog.getByRole('button', { name: 'Повторить звонок' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Запросить SMS код' })).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: 'Я не робот' })).toHaveCount(0);
  await expect(dialog.getByText(/^Получить новый код можно через/)).toHaveCount(0);
  await shot(page, testInfo, 'code-limit');
});

test('the profile changes the password: wrong current one refused, then the other sessions end @server-logic', async ({ page, browser }, testInfo) => {
  const email = `newpass${unique(testInfo)}@agro.ru`;
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await createAccount(other.request, email, 'secret1');
  // Signed in twice: here and in another browser.
  for (const request of [page.request, other.request]) {
    const { token } = (await (await request.get('/api/csrf-token')).json()) as { token: string };
    const res = await request.post('/api/auth/authorize', { headers: { 'X-CSRF-Token': token }, data: { type: 'email', props: { email, password: 'secret1' } } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Пароль' });
  const submit = section.getByRole('button', { name: 'Сменить пароль' });
  await submit.click({ force: true });
  await expect(section.getByLabel('Текущий пароль')).toBeFocused();
  await expect(section).toContainText('Введите текущий пароль');
  await section.getByLabel('Текущий пароль').fill('wrong-one');
  await section.getByLabel('Новый пароль').fill('brand-new-1');
  await section.getByLabel('Повторите пароль').fill('brand-new-2');
  await section.getByLabel('Повторите пароль').blur();
  await expect(section).toContainText('Введённые пароли не совпадают');
  await section.getByLabel('Повторите пароль').fill('brand-new-1');
  await expect(section).not.toContainText('Введённые пароли не совпадают');
  await submit.click();
  await expect(section.getByRole('alert')).toHaveText('Текущий пароль указан неверно');
  await shot(page, testInfo, 'profile-password-error');
  await section.getByLabel('Текущий пароль').fill('secret1');
  await expect(section.getByRole('alert')).toHaveCount(0);
  await submit.click();
  await expect(section.getByRole('status').filter({ hasText: 'Пароль изменён' })).toHaveText('Пароль изменён. Другие сеансы завершены: 1');
  await shot(page, testInfo, 'profile-password-changed');

  // This browser stays in; the other one is out; the new password signs in.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Пароль' })).toBeVisible();
  expect((await other.request.get('/api/notifications')).status()).toBe(401);
  const { token } = (await (await other.request.get('/api/csrf-token')).json()) as { token: string };
  const again = await other.request.post('/api/auth/authorize', { headers: { 'X-CSRF-Token': token }, data: { type: 'email', props: { email, password: 'brand-new-1' } } });
  expect(again.ok(), await again.text()).toBe(true);
  await other.close();
});
