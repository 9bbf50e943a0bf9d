import type { Locator, Page, TestInfo } from '@playwright/test';
import { extractCode } from '../../app/modules/auth/providers/sandbox.ts';
import { authDialog, createAccount, latestOutboxBody, unique, startPhoneRegistration } from './accounts-helpers.ts';
import { expect, look, test } from './fixtures.ts';

/*
 * Issue 7, point 5 (forms, from the form kit): a refused submit moves focus to the first invalid
 * field and is announced (a polite live region; aria-invalid and aria-describedby on the field); a
 * message goes as soon as its field is corrected; after a wrong code the boxes are emptied and the
 * first one has focus.
 */

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await look(page, testInfo, `${name}.png`);
}

/** The field's message, found through its aria-describedby: what a screen reader reads with it. */
async function describedText(field: Locator): Promise<string> {
  const ids = await field.getAttribute('aria-describedby');
  expect(ids, 'the field points to its message').toBeTruthy();
  return field.page().evaluate((list) => list.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '), ids!);
}

test('registration by e-mail: focus goes to the first invalid field, the reason is announced, messages go as fields are corrected', async ({ page }, testInfo) => {
  await page.goto('/signup');
  const dialog = authDialog(page, 'Регистрация');
  const name = dialog.getByLabel('Ваше имя');
  const email = dialog.getByLabel('E-mail');
  await expect(name).toBeFocused();
  // Spec §5: submit looks disabled while the form is invalid; pressed anyway, it shows what is wrong.
  const submit = dialog.getByRole('button', { name: 'Зарегистрироваться' });
  await expect(submit).toBeDisabled();
  await email.fill('anna@');
  await submit.click({ force: true });

  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(await describedText(name)).toBe('Поле "Ваше Имя" не заполнено');
  await expect(dialog.getByRole('status').filter({ hasText: 'Форма не отправлена' })).toHaveText(/^Форма не отправлена, исправьте поля: \d+\. Поле "Ваше Имя" не заполнено/);
  await expect(dialog).toContainText('Поле "Email" содержит некорректный Email адрес');
  await expect(dialog).toContainText('Пожалуйста, подтвердите согласие');
  await shot(page, testInfo, 'signup-errors');

  // Corrected, the message goes at once, before any new submit.
  await name.fill('Анна Полевая');
  await expect(dialog).not.toContainText('Поле "Ваше Имя" не заполнено');
  await expect(name).not.toHaveAttribute('aria-invalid');

  // The next refused submit (Enter, from the keyboard) goes to the next field to correct.
  await name.press('Enter');
  await expect(email).toBeFocused();
  expect(await describedText(email)).toBe('Поле "Email" содержит некорректный Email адрес');
  await email.fill(`anna${unique(testInfo)}@agro.ru`);
  await expect(dialog).not.toContainText('содержит некорректный Email адрес');

  await email.press('Enter');
  await expect(dialog.getByLabel('Пароль', { exact: true })).toBeFocused();
});

test('phone registration: the number box (not the country) takes focus; the captcha is a field too', async ({ page }, testInfo) => {
  await page.goto('/signup');
  const dialog = authDialog(page, 'Регистрация');
  await dialog.getByRole('button', { name: 'Телефон' }).click();
  await dialog.getByLabel('Ваше имя').fill('Иван Полевой');
  await dialog.getByLabel('Ваше имя').press('Enter');
  const phone = dialog.getByLabel('Номер телефона');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  expect(await describedText(phone)).toBe('Поле "Номер телефона" содержит некорректный телефон');
  await shot(page, testInfo, 'signup-phone-errors');

  await phone.fill(`912${unique(testInfo)}`);
  await expect(dialog).not.toContainText('содержит некорректный телефон');
  await dialog.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
  await phone.press('Enter');
  await expect(dialog.getByRole('checkbox', { name: 'Я не робот' })).toBeFocused();
  await expect(dialog).toContainText('Подтвердите, что вы не робот');
});

test('a wrong code empties the boxes and puts focus in the first; the message goes as the new code is typed', async ({ page }, testInfo) => {
  const national = `913${unique(testInfo)}`;
  const dialog = await startPhoneRegistration(page, { name: 'Иван Полевой', national });
  const first = dialog.getByLabel('Символ 1 из 4');
  await expect(first).toBeFocused();
  const code = extractCode(await latestOutboxBody(page.request, `7${national}`))!;
  const wrong = code === '0000' ? '1111' : '0000';
  await first.fill(wrong);

  await expect(dialog.getByRole('alert')).toHaveText('Неверный код. Осталось попыток: 4');
  for (let i = 1; i <= 4; i++) await expect(dialog.getByLabel(`Символ ${i} из 4`)).toHaveValue('');
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  expect(await describedText(first)).toBe('Неверный код. Осталось попыток: 4');
  await shot(page, testInfo, 'code-wrong');

  await page.keyboard.type(code.slice(0, 1));
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await page.keyboard.type(code.slice(1));
  await expect(authDialog(page, 'Задайте пароль')).toBeVisible();
});

test('a server message goes once the field it was about is changed', async ({ page, browser }, testInfo) => {
  const email = `again${unique(testInfo)}@agro.ru`;
  const api = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await createAccount(api.request, email, 'secret1');
  await page.goto('/login');
  const dialog = authDialog(page, 'Вход');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Пароль').fill('wrong-one');
  await dialog.getByRole('button', { name: 'Войти' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Неверный пароль');
  await dialog.getByLabel('Пароль').fill('secret');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await api.close();
});

test('«Написать нам»: the form kit — focus on the first invalid field, the phone masked like the auth forms', async ({ page, isMobile }, testInfo) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Контакты' }).click();
  const container = isMobile ? page.getByRole('region', { name: 'Контакты' }) : page.getByRole('banner');
  await container.getByRole('button', { name: 'Написать нам' }).click();
  const dialog = page.getByRole('dialog', { name: 'Написать нам' });
  const name = dialog.getByLabel('Ваше имя');
  await expect(name).toBeFocused();
  await name.fill('Иван Петров');
  await name.press('Enter');

  const phone = dialog.getByLabel('Номер телефона');
  await expect(phone).toBeFocused();
  expect(await describedText(phone)).toBe('Поле "Номер телефона" содержит некорректный телефон');
  await shot(page, testInfo, 'write-us-errors');
  // The mask of the auth forms: the country select and (###)-###-##-##.
  await expect(dialog.getByRole('combobox', { name: 'Страна' })).toHaveValue('RU');
  await phone.pressSequentially('9124693764');
  await expect(phone).toHaveValue('(912)-469-37-64');
  await expect(dialog).not.toContainText('содержит некорректный телефон');
  await phone.press('Enter');
  await expect(dialog.getByLabel('Сообщение')).toBeFocused();
  await expect(dialog).toContainText('Напишите, пожалуйста, ваш вопрос');

  await dialog.getByLabel('Сообщение').fill('Нужна консультация по комбайну.');
  await dialog.getByRole('checkbox', { name: /Согласен на обработку персональных данных/ }).check();
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('dialog', { name: 'Сообщение отправлено' })).toBeVisible();
});

test('the reset-password page: a refused password takes focus back to the field, tied to its message', async ({ page, browser }, testInfo) => {
  const email = `page${unique(testInfo)}@agro.ru`;
  const api = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await createAccount(api.request, email, 'secret1');
  const { token } = (await (await api.request.get('/api/csrf-token')).json()) as { token: string };
  const asked = await api.request.post('/api/auth/authorize', { headers: { 'X-CSRF-Token': token }, data: { type: 'email', props: { email, reset_password: true } } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const link = new URL(/https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+/.exec(await latestOutboxBody(api.request, email))![0]);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('Новый пароль').fill('brand-new-1');
  await page.getByLabel('Пароль ещё раз').fill('brand-new-2');
  await page.getByRole('button', { name: 'Сохранить и войти' }).click();
  const again = page.getByLabel('Пароль ещё раз');
  await expect(page.getByRole('alert')).toHaveText('Введённые пароли не совпадают');
  await expect(again).toBeFocused();
  await expect(again).toHaveAttribute('aria-invalid', 'true');
  expect(await describedText(again)).toBe('Введённые пароли не совпадают');
  await api.close();
});
