import { expect, look, pageSettled, test } from './fixtures.ts';
import { openSearch } from './accounts-helpers.ts';

/*
 * Issue 9, points 2, 4, 5, 6, 8: a part found by an analog's number typed with dashes and Cyrillic
 * letters in the header search opens its page; /fp/ with a two-level category path; /zapchasti →
 * a model line; the /parts-catalog drill-down; the landing and a part page at 375 px.
 */

test("an analog's number typed as «АВ-123-45» (Cyrillic А, В) in the header search opens the part with its analog", async ({ page, isMobile }, testInfo) => {
  await page.goto('/');
  await pageSettled(page);
  const { dialog, field } = await openSearch(page, isMobile);
  await field.fill('АВ-123-45');
  const parts = dialog.getByRole('group', { name: 'Запчасти' });
  const first = parts.getByRole('option').first();
  await expect(first).toContainText('AB12345');
  await expect(parts).toContainText('6205-2RS1');
  await look(page, testInfo, 'parts-search.png');
  await first.click();
  await expect(page).toHaveURL(/\/parts\/ab12345-\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('AB12345 Подшипник ступицы диска');
  await expect(page.getByTestId('part-code')).toHaveText('AB12345');
  const analogs = page.getByRole('region', { name: 'Аналоги' });
  await expect(analogs.getByRole('link', { name: '6205-2RS1' })).toBeVisible();
  // Guests see the sign-in prompt instead of a price.
  await expect(page.getByTestId('part-buy').getByRole('link', { name: 'Войдите, чтобы увидеть цену' })).toBeVisible();
  await look(page, testInfo, 'part-page.png', { fullPage: !isMobile });
});

test('/fp/ with a two-level category path lists its parts, sorts and filters by maker', async ({ page, isMobile }, testInfo) => {
  await page.goto('/fp/dvigatel/porshnevaya-gruppa');
  await expect(page.getByRole('heading', { level: 1, name: 'Поршневая группа' })).toBeVisible();
  const rows = page.getByTestId('part-row');
  await expect(rows).toHaveCount(24);
  await expect(page.getByTestId('fp-total')).toHaveText(/^\d[\d\s]* запчаст/);
  await expect(page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Страница 2', exact: true })).toBeVisible();
  await look(page, testInfo, 'fp.png', { fullPage: !isMobile });
  if (!isMobile) {
    const filters = page.getByRole('complementary', { name: 'Фильтры' });
    const maker = filters.getByRole('group', { name: 'Производитель запчасти' }).getByRole('link').first();
    const makerName = (await maker.locator('span').nth(1).innerText()).trim();
    await maker.click();
    await expect(page).toHaveURL(/manufacturers%5B%5D=\d+/);
    await expect(rows.first()).toContainText(makerName);
    await page.getByRole('navigation', { name: 'Сортировка' }).getByRole('link', { name: 'По номеру' }).click();
    await expect(page).toHaveURL(/sortOrder=code/);
  }
  await page.goto('/fp/dvigatel/net-takoy-kategorii');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/не найдена/i);
});

test('/zapchasti lists the categories and the model lines; a line link opens the line parts page', async ({ page, isMobile }, testInfo) => {
  await page.goto('/zapchasti');
  await expect(page.getByRole('heading', { level: 1, name: 'Запчасти для сельхозтехники' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Категории запчастей' }).getByRole('link', { name: 'Двигатель' })).toBeVisible();
  await look(page, testInfo, `zapchasti-${isMobile ? 375 : 1280}.png`, { fullPage: !isMobile });
  const line = page.getByTestId('maker-lines').first().getByRole('link').first();
  const href = await line.getAttribute('href');
  expect(href).toMatch(/^\/zapchasti\/[a-z0-9-]+\/[a-z0-9-]+$/);

  // The search bar: Enter shows the results by number and by name.
  const field = page.getByRole('searchbox', { name: 'Номер или название запчасти' });
  await field.fill('фильтра масляного');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/zapchasti\?q=/);
  await expect(page.getByTestId('parts-search-results').getByTestId('part-row').first()).toContainText('Фильтр масляный');

  await line.click();
  await expect(page).toHaveURL(href!);
});

test('/parts-catalog drills down maker → line → model → drawing', async ({ page }) => {
  await page.goto('/parts-catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Каталоги запчастей' })).toBeVisible();
  await page.getByTestId('catalog-step').getByRole('link').first().click();
  await expect(page).toHaveURL(/\?manufacturer=[a-z0-9-]+$/);
  await page.getByTestId('catalog-step').getByRole('link').first().click();
  await expect(page).toHaveURL(/&line=[a-z0-9-]+$/);
  await page.getByTestId('catalog-step').getByRole('link').first().click();
  await expect(page).toHaveURL(/&model=[a-z0-9-]+$/);
  const drawing = page.getByTestId('catalog-drawings').getByRole('link').first();
  await expect(drawing).toHaveAttribute('href', /^\/zapchasti\/[a-z0-9-]+\/[a-z0-9-]+\?drawings%5B%5D=\d+&models%5B%5D=[a-z0-9-]+$/);
  await page.goto('/parts-catalog?manufacturer=net-takogo');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/не найдена/i);
});

test("/zapchasti's 'Вы смотрели' lists the parts and the parts catalogues viewed, newest first (issue 28 point 15)", async ({ page, isMobile }, testInfo) => {
  // Before anything is viewed the block is not there.
  await page.goto('/zapchasti');
  await pageSettled(page);
  await expect(page.getByTestId('parts-history')).toHaveCount(0);

  // A line's parts catalogue, then two parts: each page reports its view once hydrated.
  const viewed = () => page.waitForResponse((r) => r.url().endsWith('/api/parts/history/view') && r.ok());
  let reported = viewed();
  await page.goto('/zapchasti/kirovets/kirovets-k-7m');
  await reported;
  for (const code of ['6205-2RS1', 'AB12345']) {
    const part = await (await page.request.get(`/api/parts/search?q=${code}&limit=1`)).json() as { hits: { id: number; code: string }[] };
    reported = viewed();
    await page.goto(`/parts/${part.hits[0]!.id}`);
    await expect(page.getByTestId('part-code')).toHaveText(code);
    await reported;
  }

  await page.goto('/zapchasti');
  const history = page.getByRole('region', { name: 'Вы смотрели' });
  await expect(history.getByRole('list', { name: 'Запчасти' }).getByRole('listitem')).toHaveText([/^AB12345 Подшипник ступицы диска/, /^6205-2RS1 /]);
  const catalogues = history.getByRole('list', { name: 'Каталоги запчастей' });
  await expect(catalogues.getByRole('link')).toHaveText(['Запчасти для Кировец К-7М']);
  await history.scrollIntoViewIfNeeded();
  await look(page, testInfo, `zapchasti-history-${isMobile ? 375 : 1280}.png`);
  await catalogues.getByRole('link').click();
  await expect(page).toHaveURL('/zapchasti/kirovets/kirovets-k-7m');
});
