import { expect, test, type Page } from '@playwright/test';
import { csrfToken, signIn, unique } from './accounts-helpers.ts';
import { confirmRegion, hydrated } from './fixtures.ts';

/** Holds the page's scripts back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((done) => { release = done; });
  await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => { await held; await route.continue(); });
  return release;
}

test('a click that comes before hydration is kept and answered once the page is hydrated', async ({ page }) => {
  // The page's scripts are held back, so the clicks surely come before React attaches itself.
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });

  const tooltip = page.getByRole('dialog', { name: 'Подтверждение региона' });
  const no = tooltip.getByRole('button', { name: 'Нет, указать' });
  await no.click();
  // Clicked again while nothing seems to happen: still one request, answered once.
  await no.click();
  await expect(no).toHaveAttribute('data-early-click', '');
  await expect(page.getByRole('dialog', { name: 'Выберите свой регион' })).toHaveCount(0);

  release();
  await expect(page.getByRole('dialog', { name: 'Выберите свой регион' })).toBeVisible();
  await expect(tooltip).toBeHidden();
});

test('links work before hydration as plain links: the kept clicks are only those of buttons', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const link = page.locator('main a[href^="/catalog/"]:visible').first();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  release();
});

test('«В корзину» clicked before hydration adds the part once the page is hydrated, without a reload', async ({ page }) => {
  const { hits: [part] } = await (await page.request.get('/api/parts/search?q=AB12345&limit=1')).json() as { hits: Array<{ id: number; code: string }> };
  expect(part?.code).toBe('AB12345');
  await confirmRegion(page);
  const release = await holdScripts(page);
  // A wrong slug answers 301 to the part's address: the journey needs only the id.
  await page.goto(`/parts/x-${part!.id}`, { waitUntil: 'domcontentloaded' });
  const address = page.url();
  expect(address).toMatch(/\/parts\/ab12345-\d+$/);

  const buy = page.getByTestId('part-buy');
  await buy.getByRole('button', { name: 'В корзину' }).click();
  await expect(buy.getByRole('button', { name: 'В корзину' })).toHaveAttribute('data-early-click', '');
  expect(page.url()).toBe(address);

  release();
  await expect(buy.getByRole('status')).toHaveText('Добавлено в корзину: 1 шт.');
  const cart = await (await page.request.get('/api/cart')).json() as { items?: Array<{ count: number }> };
  expect(JSON.stringify(cart)).toContain('AB12345');
});

test('what is typed into the order form before hydration stays, and the prefill fills only the empty fields', async ({ page }, testInfo) => {
  await confirmRegion(page);
  await signIn(page, `typed-early-${unique(testInfo)}@agro.test`, 'Тест Тестов');
  const { hits } = await (await page.request.get('/api/parts/search?q=700.18.38.309&limit=1')).json() as { hits: Array<{ id: number }> };
  const added = await page.request.post('/api/cart/add', { headers: { 'X-CSRF-Token': await csrfToken(page) }, data: { products: [{ part_id: hits[0]!.id, count: 1 }] } });
  expect(added.ok(), await added.text()).toBe(true);

  const release = await holdScripts(page);
  await page.goto('/cart', { waitUntil: 'domcontentloaded' });
  const checkout = page.getByRole('region', { name: 'Оформление заказа' });
  await checkout.getByLabel('Ваше имя').fill('Пётр Иванов');
  await checkout.getByLabel('Номер телефона').fill('+7 912 345-67-89');
  await checkout.getByLabel('Комментарий к заказу').fill('Позвоните до обеда');

  release();
  await hydrated(page);
  // The account's e-mail comes with the prefill; the typed name, phone and comment stay.
  await expect(checkout.getByLabel('E-mail')).toHaveValue(/^typed-early-.*@agro\.test$/);
  await expect(checkout.getByLabel('Ваше имя')).toHaveValue('Пётр Иванов');
  await expect(checkout.getByLabel('Номер телефона')).toHaveValue('+7 912 345-67-89');
  await expect(checkout.getByLabel('Комментарий к заказу')).toHaveValue('Позвоните до обеда');
  // And they are the form's: an edit after hydration keeps the rest.
  await checkout.getByLabel('Ваше имя').fill('Пётр Сидоров');
  await expect(checkout.getByLabel('Номер телефона')).toHaveValue('+7 912 345-67-89');
});
