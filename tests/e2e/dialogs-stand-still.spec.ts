import { test as base, type Locator, type Page, type TestInfo } from '@playwright/test';
import { authDialog, createAccount, unique, openSearch } from './accounts-helpers.ts';
import { expect, look, pageSettled, test } from './fixtures.ts';

/*
 * Issue 7, point 4: the region modal, the search and the auth modal keep their place while results or
 * errors change their height. Before: the region filter moved from y=116 to y=324 after three letters
 * (the dialog was centred, and shrank around its content). Each check takes the field's top edge
 * while typing 1, 2, 3 letters and when nothing is found, and allows 1 px.
 */

const top = async (locator: Locator) => {
  const box = await locator.boundingBox();
  expect(box, 'the field is on screen').not.toBeNull();
  return box!.y;
};

/** Two frames after the last change: layout has settled, so a position read now is the final one. */
const settled = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await look(page, testInfo, `${name}.png`);
}

base('region modal: opens with focus in the filter and its title in view; the filter stands still; «Алматы — в Казахстане»', async ({ page }, testInfo) => {
  await page.goto('/');
  // The question is in the first HTML; a click before hydration is answered once hydrated
  // (early-clicks.spec.ts). Here the page is hydrated first, so the steps below are timed alike.
  await pageSettled(page);
  const tooltip = page.getByRole('dialog', { name: 'Подтверждение региона' });
  await tooltip.getByRole('button', { name: 'Нет, указать' }).click();

  const modal = page.getByRole('dialog', { name: 'Выберите свой регион' });
  const filter = modal.getByPlaceholder('Введите текст для поиска...');
  await expect(filter).toBeFocused();
  const title = modal.getByRole('heading', { name: 'Выберите свой регион' });
  await expect(title).toBeInViewport({ ratio: 1 });
  // The visitor's own region is in view in the list (it opens scrolled to it), the title too.
  await expect(modal.getByRole('button', { name: /Смоленская область/ })).toBeInViewport();
  await settled(page);
  const start = await top(filter);
  await shot(page, testInfo, 'region-0-open');

  for (const [i, text] of ['а', 'ал', 'алм'].entries()) {
    await filter.fill(text);
    await settled(page);
    expect(Math.abs((await top(filter)) - start), `after ${i + 1} letter(s)`).toBeLessThanOrEqual(1);
    await shot(page, testInfo, `region-${i + 1}-letters`);
  }
  await expect(title).toBeInViewport({ ratio: 1 });

  // Nothing in Russia: the modal says where it is, and the button switches the tab.
  await filter.fill('алматы');
  const elsewhere = modal.getByRole('button', { name: 'Алматы — в Казахстане' });
  await expect(elsewhere).toBeVisible();
  await expect(modal).toContainText('Ничего не найдено');
  await settled(page);
  expect(Math.abs((await top(filter)) - start), 'with no results').toBeLessThanOrEqual(1);
  await shot(page, testInfo, 'region-4-elsewhere');

  await elsewhere.click();
  await expect(modal.getByRole('tab', { name: 'Казахстан' })).toHaveAttribute('aria-selected', 'true');
  await expect(modal.getByRole('button', { name: /^Алматы/ })).toBeVisible();
  await settled(page);
  expect(Math.abs((await top(filter)) - start), 'after switching the tab').toBeLessThanOrEqual(1);

  // Emptied again, the whole list: still in place.
  await filter.fill('');
  await settled(page);
  expect(Math.abs((await top(filter)) - start), 'with the filter emptied').toBeLessThanOrEqual(1);
});

test('search: the field stands still while results come and go', async ({ page, isMobile }, testInfo) => {
  await page.goto('/');
  await pageSettled(page);
  const { dialog, field } = await openSearch(page, isMobile);
  await settled(page);
  const start = await top(field);
  for (const text of ['т', 'тр', 'тра', 'трактор', 'щъщъщъ']) {
    await field.fill(text);
    await settled(page);
    expect(Math.abs((await top(field)) - start), `typing «${text}»`).toBeLessThanOrEqual(1);
  }
  await expect(dialog).toContainText('Ничего не найдено');
  await field.fill('тра');
  await expect(dialog.getByRole('option', { name: 'Тракторы', exact: true })).toBeVisible();
  await settled(page);
  expect(Math.abs((await top(field)) - start)).toBeLessThanOrEqual(1);
  await shot(page, testInfo, 'search-results');
});

test('auth modal: the fields stand still when an error appears', async ({ page, browser }, testInfo) => {
  const email = `still${unique(testInfo)}@agro.ru`;
  const api = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await createAccount(api.request, email, 'secret1');
  await page.goto('/login');
  const dialog = authDialog(page, 'Вход');
  const field = dialog.getByLabel('E-mail');
  const password = dialog.getByLabel('Пароль');
  await expect(field).toBeFocused();
  await settled(page);
  const start = { email: await top(field), password: await top(password) };

  // A field message under the e-mail, then a server alert: what is above stays where it was.
  await field.fill('не адрес');
  await password.fill('x');
  await password.press('Enter');
  await expect(dialog).toContainText('Поле "Email" содержит некорректный Email адрес');
  await settled(page);
  expect(Math.abs((await top(field)) - start.email)).toBeLessThanOrEqual(1);
  await shot(page, testInfo, 'auth-field-errors');

  await field.fill(email);
  await password.fill('wrong-one');
  await dialog.getByRole('button', { name: 'Войти' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Неверный пароль');
  await settled(page);
  expect(Math.abs((await top(field)) - start.email)).toBeLessThanOrEqual(1);
  expect(Math.abs((await top(password)) - start.password)).toBeLessThanOrEqual(1);
  await shot(page, testInfo, 'auth-server-error');

  // Registration with every message at once: the first field is still where the form began.
  await dialog.getByRole('button', { name: 'Регистрация' }).click();
  const signup = authDialog(page, 'Регистрация');
  const name = signup.getByLabel('Ваше имя');
  await settled(page);
  const nameTop = await top(name);
  await name.press('Enter');
  await expect(signup).toContainText('Поле "Ваше Имя" не заполнено');
  await settled(page);
  expect(Math.abs((await top(name)) - nameTop)).toBeLessThanOrEqual(1);
  await shot(page, testInfo, 'signup-errors');
  await api.close();
});
