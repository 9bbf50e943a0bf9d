import type { Locator, Page } from '@playwright/test';
import { authDialog, createAccount, unique, signIn } from './accounts-helpers.ts';
import { expect, liesWithin, look, markWritten, pageSettled, test } from './fixtures.ts';

/*
 * Comparison, favourites and the browsing history (issue 8 points 6–8) on the demo catalogue:
 * the compare and favourite buttons of the category page's cards, the header's counters, the
 * comparison table and its shareable address, 'Избранное' in the account.
 */

const CATEGORY = '/catalog/traktory';

async function openCategory(page: Page): Promise<Locator> {
  await page.goto(CATEGORY);
  await pageSettled(page);
  const cards = page.getByTestId('model-card');
  await expect(cards.first()).toBeVisible();
  return cards;
}

/**
 * Product codes of models of one model line (so of one technique type: one table), found as a
 * visitor would: the category's card links, their aliases, GET /models/get-model.
 */
async function productCodes(page: Page, count: number): Promise<string[]> {
  return (await demoModels(page, count)).map((m) => m.productCode);
}

async function demoModels(page: Page, count: number): Promise<{ productCode: string; name: string; path: string }[]> {
  const html = await (await page.request.get(CATEGORY)).text();
  const all = [...new Set([...html.matchAll(/href="(\/catalog\/[^"/?#]+\/[^"/?#]+\/[^"/?#]+)"/g)].map((m) => m[1]!))];
  const lineOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
  const line = all.map(lineOf).find((l) => all.filter((p) => lineOf(p) === l).length >= count);
  const links = all.filter((p) => lineOf(p) === line);
  const models: { productCode: string; name: string; path: string }[] = [];
  for (const path of links) {
    const alias = await (await page.request.get(`/api/page-alias/path?path=${encodeURIComponent(path)}`)).json() as { controller: string; referenceId: number | null };
    if (alias.controller !== 'model' || alias.referenceId === null) continue;
    const { model } = await (await page.request.get(`/models/get-model?id=${alias.referenceId}`)).json() as { model: { productCode: string; name: string } };
    models.push({ productCode: model.productCode, name: model.name, path });
    if (models.length === count) break;
  }
  expect(models).toHaveLength(count);
  return models;
}

test('compare two tractors from their cards, only the differences, the address shared with another visitor @desktop', async ({ page, browser }) => {
  const cards = await openCategory(page);
  const counter = page.getByRole('link', { name: /^Сравнение: \d+$/ });
  await expect(counter).toHaveAccessibleName('Сравнение: 0');

  const names: string[] = [];
  for (const i of [0, 1]) {
    const card = cards.nth(i);
    names.push((await card.getByRole('heading').innerText()).trim());
    const button = card.getByRole('button', { name: 'Сравнить' });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    const written = markWritten(page);
    await button.click();
    await written;
    await expect(card.getByRole('button', { name: 'В сравнении' })).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(counter).toHaveAccessibleName('Сравнение: 2');

  // The header's link opens the visitor's comparison at its shareable address.
  await counter.click();
  await expect(page).toHaveURL(/\/compare\/[A-Za-z0-9._-]+,[A-Za-z0-9._-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Сравнение техники' })).toBeVisible();
  const table = page.getByRole('table');
  for (const name of names) await expect(table.getByRole('link', { name })).toBeVisible();
  // Guests see no prices, only the sign-in prompt.
  await expect(table).not.toContainText(/руб\.|₸/);

  // 'Только различия' hides every row whose values are all the same, and shows them again.
  const rows = table.locator('tbody tr');
  const all = await rows.count();
  expect(all).toBeGreaterThan(2);
  const same = await rows.evaluateAll((trs) => trs.filter((tr) => {
    const values = [...tr.querySelectorAll('td')].map((td) => td.textContent);
    return values.every((v) => v === values[0]);
  }).length);
  await page.getByLabel('Только различия').check();
  await expect(rows).toHaveCount(all - same);
  await page.getByLabel('Только различия').uncheck();
  await expect(rows).toHaveCount(all);

  // Another visitor (no cookies of ours) opens the address and sees the same table.
  const shared = page.url();
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  const otherPage = await other.newPage();
  await otherPage.goto(shared);
  for (const name of names) await expect(otherPage.getByRole('table').getByRole('link', { name })).toBeVisible();
  await expect(otherPage.getByRole('table').locator('tbody tr')).toHaveCount(all);
  // An unknown code is left out with a notice.
  await otherPage.goto(`${shared},NO-SUCH-CODE`);
  await expect(otherPage.getByRole('status')).toHaveText('Товар с кодом NO-SUCH-CODE не найден — он не показан');
  await other.close();

  // 'Убрать' takes a model out of the table, the address and the counter.
  await page.getByRole('button', { name: `Убрать ${names[0]} из сравнения` }).click();
  await expect(table.getByRole('link', { name: names[0] })).toHaveCount(0);
  await expect(page).toHaveURL(/\/compare\/[A-Za-z0-9._-]+$/);
  await expect(counter).toHaveAccessibleName('Сравнение: 1');
});

test('a guest who presses "В избранное" gets the login modal @desktop', async ({ page }) => {
  const cards = await openCategory(page);
  await cards.first().getByRole('button', { name: 'В избранное' }).click();
  const dialog = authDialog(page, 'Вход');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('input[name="redirect-url"]')).toHaveValue('/profile/bookmarks');
});

test("a guest's 'В избранное' survives the sign-in it asked for: the model is in his favourites after it", async ({ page, browser }, testInfo) => {
  const email = `marks-guest-${unique(testInfo)}@agro.test`;
  // Made elsewhere: confirming the address signs that browser in, and this page stays a guest.
  const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await createAccount(elsewhere.request, email, 'secret1');
  await elsewhere.close();
  const cards = await openCategory(page);
  const name = (await cards.first().getByRole('heading').innerText()).trim();
  await cards.first().getByRole('button', { name: 'В избранное' }).click();
  const dialog = authDialog(page, 'Вход');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Пароль').fill('secret1');
  await dialog.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL('/profile/bookmarks');
  await expect(page.getByTestId('bookmarks').getByRole('heading', { name })).toBeVisible();
});

test('favourites of a signed-in user: from a card to /profile/bookmarks and out again @desktop', async ({ page }, testInfo) => {
  await signIn(page, `marks-${unique(testInfo)}@agro.test`);
  const cards = await openCategory(page);
  const card = cards.first();
  const name = (await card.getByRole('heading').innerText()).trim();
  const added = markWritten(page);
  await card.getByRole('button', { name: 'В избранное' }).click();
  await expect(card.getByRole('button', { name: 'В избранном' })).toHaveAttribute('aria-pressed', 'true');
  await added;
  const counter = page.getByRole('link', { name: /^Избранное: \d+$/ });
  await expect(counter).toHaveAccessibleName('Избранное: 1');
  // The page is the same for every signed-in visitor of the branch (it may come from the page
  // cache): nothing is pressed in its HTML; his marks come with the document and press the button
  // once it is hydrated.
  const html = await (await page.request.get(CATEGORY)).text();
  expect(html).not.toMatch(/aria-pressed="true"/);
  await page.reload();
  await expect(page.getByTestId('model-card').first().getByRole('button', { name: 'В избранном' })).toHaveAttribute('aria-pressed', 'true');
  await expect(counter).toHaveAccessibleName('Избранное: 1');

  await counter.click();
  await expect(page).toHaveURL('/profile/bookmarks');
  const list = page.getByTestId('bookmarks');
  await expect(list.getByRole('heading', { name })).toBeVisible();
  await expect(list).toContainText(/руб\.|Цена по запросу/);
  const removed = markWritten(page);
  await list.getByRole('button', { name: `Удалить ${name} из избранного` }).click();
  await expect(page.getByText('В избранном пока ничего нет')).toBeVisible();
  await expect(counter).toHaveAccessibleName('Избранное: 0');
  await removed;
  await page.reload();
  await expect(page.getByText('В избранном пока ничего нет')).toBeVisible();
});

test("the favourites' 'Удалить' stays inside its card, beside 'Сравнить', at 1280 and 375 px (issue 28 point 15)", async ({ page }, testInfo) => {
  await signIn(page, `marks-fit-${unique(testInfo)}@agro.test`);
  const cards = await openCategory(page);
  const added = markWritten(page);
  await cards.first().getByRole('button', { name: 'В избранное' }).click();
  await added;
  await page.goto('/profile/bookmarks');
  const card = page.getByTestId('bookmarks').getByTestId('model-card').first();
  const remove = card.getByRole('button', { name: /^Удалить .* из избранного$/ });
  await expect(remove).toBeVisible();
  await look(page, testInfo, `bookmarks-${testInfo.project.name}.png`, { fullPage: true });
  expect(await liesWithin(remove, card), "'Удалить' inside its card").toBe(true);
  expect(await liesWithin(card.getByRole('button', { name: 'Сравнить' }), card)).toBe(true);
});

test("a guest's comparison joins the account at sign-in @desktop", async ({ page }, testInfo) => {
  const cards = await openCategory(page);
  const card = cards.first();
  const name = (await card.getByRole('heading').innerText()).trim();
  const added = markWritten(page);
  await card.getByRole('button', { name: 'Сравнить' }).click();
  await expect(page.getByRole('link', { name: 'Сравнение: 1' })).toBeVisible();
  await added;

  await signIn(page, `marks-join-${unique(testInfo)}@agro.test`);
  await page.goto('/compare');
  await expect(page).toHaveURL(/\/compare\/[A-Za-z0-9._-]+$/);
  await expect(page.getByRole('table').getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Сравнение: 1' })).toBeVisible();
  // Signed in, the table shows prices.
  await expect(page.getByRole('table')).toContainText(/руб\.|Цена по запросу/);
});

test('the empty comparison says so and leads to the catalogue', async ({ page }) => {
  await page.goto('/compare');
  await expect(page.getByText('В сравнении пока нет товаров')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/catalog');
});

test('at 375 px the comparison scrolls sideways and keeps the specification names @mobile', async ({ page }) => {
  const codes = await productCodes(page, 2);
  await page.goto(`/compare/${codes.join(',')}`);
  await pageSettled(page);
  const scroller = page.getByTestId('compare-scroller').first();
  await expect(scroller).toHaveAccessibleName(/^Таблица сравнения: /);
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  const firstName = scroller.locator('tbody th').first();
  const before = await firstName.boundingBox();
  await scroller.evaluate((el) => { el.scrollLeft = 300; });
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const after = await firstName.boundingBox();
  expect(after?.x).toBe(before?.x);
  await expect(firstName).toBeVisible();
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('at 375 px the models are swiped one at a time beside the names, each snapping to their column @mobile', async ({ page }) => {
  const codes = await productCodes(page, 3);
  await page.goto(`/compare/${codes.join(',')}`);
  await pageSettled(page);
  const scroller = page.getByTestId('compare-scroller').first();
  const firstName = scroller.locator('tbody th').first();
  const nameBox = (await firstName.boundingBox())!;
  const models = scroller.locator('thead th:not(:first-child)');
  // The first model fills most of what the names leave; the next one peeks out.
  const first = (await models.nth(0).boundingBox())!;
  const box = (await scroller.boundingBox())!;
  expect(first.width).toBeGreaterThan((box.width - nameBox.width) * 0.7);
  await expect(models.nth(1)).toBeInViewport();
  // A swipe that stops part-way ends with a model beside the names, not cut by them.
  await scroller.evaluate((el) => { el.scrollLeft = 120; });
  await expect.poll(async () => Math.round((await models.nth(1).boundingBox())!.x - (nameBox.x + nameBox.width))).toBe(0);
  expect((await firstName.boundingBox())!.x).toBe(nameBox.x);
});

test("a guest's 'Сравнить' on a card shows a toast that opens the comparison @mobile", async ({ page }) => {
  const cards = await openCategory(page);
  const card = cards.first();
  const name = (await card.getByRole('heading').innerText()).trim();
  const written = markWritten(page);
  await card.getByRole('button', { name: 'Сравнить' }).click();
  await written;
  const toast = page.getByTestId('compare-button-toast');
  await expect(toast).toHaveText('Модель добавлена к сравнению. Открыть сравнение');
  await expect(toast).toBeInViewport({ ratio: 1 });
  // The next add replaces it: one toast at a time, never two even for a moment.
  await page.evaluate(() => {
    const count = () => document.querySelectorAll('[data-testid="compare-button-toast"]').length;
    const w = window as unknown as { mostToasts: number };
    w.mostToasts = count();
    new MutationObserver(() => { w.mostToasts = Math.max(w.mostToasts, count()); }).observe(document.body, { childList: true, subtree: true });
  });
  const writtenAgain = markWritten(page);
  await cards.nth(1).getByRole('button', { name: 'Сравнить' }).click();
  await writtenAgain;
  await expect(cards.nth(1).getByRole('button', { name: 'В сравнении' })).toBeVisible();
  await expect(toast).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { mostToasts: number }).mostToasts)).toBe(1);
  await toast.getByRole('link', { name: 'Открыть сравнение' }).click();
  await expect(page).toHaveURL(/\/compare(\/[A-Za-z0-9._,-]+)?$/);
  await expect(page.getByRole('table').getByRole('link', { name })).toBeVisible();
});

test("a shared comparison joins the visitor's own (the header counts it); after 'Убрать' the focus stays in the table (issue 28 point 14)", async ({ page, isMobile }, testInfo) => {
  const models = await demoModels(page, 3);
  await page.goto(`/compare/${models.map((m) => m.productCode).join(',')}`);
  await pageSettled(page);
  const table = page.getByRole('table');
  for (const m of models) await expect(table.getByRole('link', { name: m.name })).toBeVisible();
  // The visitor compared nothing before: the link's models are his comparison now.
  const own = async () => ((await (await page.request.get('/api/catalog/marks')).json()) as { compare: number[] }).compare.length;
  await expect.poll(own).toBe(3);
  if (!isMobile) await expect(page.getByRole('banner').getByRole('link', { name: /^Сравнение: \d+$/ })).toHaveAccessibleName('Сравнение: 3');
  await look(page, testInfo, `compare-shared-${testInfo.project.name}.png`);

  // 'Убрать' by keyboard: the next model's button takes the focus, and the last one's goes to the one before it.
  const remove = (name: string) => page.getByRole('button', { name: `Убрать ${name} из сравнения` });
  await remove(models[0]!.name).focus();
  await page.keyboard.press('Enter');
  await expect(table.getByRole('link', { name: models[0]!.name })).toHaveCount(0);
  await expect(remove(models[1]!.name)).toBeFocused();
  await remove(models[2]!.name).focus();
  await page.keyboard.press('Enter');
  await expect(table.getByRole('link', { name: models[2]!.name })).toHaveCount(0);
  await expect(remove(models[1]!.name)).toBeFocused();
  await expect.poll(own).toBe(1);
  if (!isMobile) await expect(page.getByRole('banner').getByRole('link', { name: /^Сравнение: \d+$/ })).toHaveAccessibleName('Сравнение: 1');
  // The last one: the empty comparison's way on.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Перейти в каталог' })).toBeFocused();
});

test('"Вы смотрели" on a model page lists the models viewed before, not the one on the page', async ({ page }) => {
  const [first, second] = await demoModels(page, 2);
  await page.goto(first!.path);
  await pageSettled(page);
  // Nothing viewed before: no widget at all.
  await expect(page.getByTestId('browsing-history')).toHaveCount(0);
  await page.goto(second!.path);
  const history = page.getByRole('region', { name: 'Вы смотрели' });
  await expect(history.getByRole('link', { name: first!.name })).toBeVisible();
  await expect(history.getByRole('link', { name: second!.name })).toHaveCount(0);
  // Back on the first page, the second is listed and the first is not.
  await page.goto(first!.path);
  await expect(history.getByRole('link', { name: second!.name })).toBeVisible();
  await expect(history.getByRole('link', { name: first!.name })).toHaveCount(0);
});
