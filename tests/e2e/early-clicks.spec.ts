import { expect, test } from '@playwright/test';

test('a click that comes before hydration is kept and answered once the page is hydrated', async ({ page }) => {
  // The page's scripts are held back, so the clicks surely come before React attaches itself.
  let release!: () => void;
  const held = new Promise<void>((done) => { release = done; });
  await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => { await held; await route.continue(); });
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
  let release!: () => void;
  const held = new Promise<void>((done) => { release = done; });
  await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => { await held; await route.continue(); });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const link = page.locator('main a[href^="/catalog/"]:visible').first();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  release();
});
