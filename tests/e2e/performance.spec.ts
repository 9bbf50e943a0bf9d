import { expect, test } from '@playwright/test';
import { interLoaded, recordLayoutShift, layoutShift } from './fixtures.ts';

test('no layout shift while the page loads, the fonts swap and the footer appears', async ({ page }) => {
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
