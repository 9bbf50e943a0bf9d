import { expect, test } from '@playwright/test';
import { hydrated, interLoaded, recordLayoutShift, layoutShift } from './fixtures.ts';

test('no layout shift while the page loads (a tab\'s first page, then pages with Inter from the start) and the footer appears', async ({ page }) => {
  await recordLayoutShift(page);
  for (const path of ['/', '/contacts', '/servis']) {
    await page.goto(path);
    await expect(page.getByTestId('site-footer')).toHaveAttribute('data-visible', 'true', { timeout: 4000 });
    await interLoaded(page);
    const cls = await layoutShift(page);
    expect(cls, `cumulative layout shift on ${path}`).toBeLessThan(0.01);
  }
});

test('the home page loads no map code until the map is opened', async ({ page }, info) => {
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()); });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((u) => /RegionMap|leaflet/i.test(u))).toEqual([]);

  const tooltip = page.getByRole('dialog', { name: 'Подтверждение региона' });
  await tooltip.getByRole('button', { name: 'Нет, указать' }).click();
  const modal = page.getByRole('dialog', { name: 'Выберите свой регион' });
  await expect(modal.getByRole('tab', { name: 'Россия' })).toBeVisible();
  expect(scripts.filter((u) => /RegionMap|leaflet/i.test(u))).toEqual([]);

  await modal.getByRole('button', { name: 'Показать на карте' }).click();
  await expect(modal.locator('.leaflet-interactive').first()).toBeAttached();
  expect(scripts.some((u) => /RegionMap/.test(u))).toBe(true);
  await expect(modal.getByRole('button', { name: 'Скрыть карту' })).toBeVisible();
  // One marker per region of the selected country (Russia).
  const markers = await modal.locator('.leaflet-interactive').count();
  expect(markers, info.project.name).toBeGreaterThanOrEqual(80);
});

test('a tab\'s first page keeps its font; Inter joins at the first page change', async ({ page }) => {
  const interFaces = () => page.evaluate(() => [...document.fonts].filter((f) => f.family.includes('Inter Variable')).map((f) => f.status));
  await page.goto('/servis');
  await hydrated(page);
  await interLoaded(page);
  expect(await interFaces()).toEqual([]);

  await page.getByRole('link', { name: /Агротехника/ }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(interFaces).toEqual(['loaded', 'loaded']);

  // A full load later in the tab has Inter from the start.
  await page.goto('/contacts');
  expect(await interFaces()).toEqual(expect.arrayContaining(['loaded']));
});
