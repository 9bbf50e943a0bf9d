import { expect, test } from './fixtures.ts';

// The demo catalogue as a visitor meets it: /catalog with its counts, the sitemap, the pictures.
test.describe('catalogue data', () => {
  test('/catalog shows how many models each category and subcategory holds', async ({ page }) => {
    await page.goto('/catalog');
    const tractors = page.getByRole('region', { name: 'Тракторы' });
    // 69 demo tractors: the category's own subcategories at any depth (wheeled ones are in three power classes).
    await expect(tractors.getByText('69 моделей', { exact: true })).toBeVisible();
    const wheeled = tractors.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Колёсные тракторы' }) });
    await expect(wheeled).toHaveText('Колёсные тракторы51, 51 модель');
    await expect(tractors.getByRole('listitem').filter({ hasText: 'Гусеничные тракторы' })).toContainText('7 моделей');
    // A subcategory without models shows no count.
    await expect(tractors.getByRole('listitem').filter({ hasText: 'Шины и колёса' })).toHaveText('Шины и колёса');
    // Nothing spills sideways, at 375 px either.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await wheeled.getByRole('link', { name: 'Колёсные тракторы' }).click();
    await expect(page).toHaveURL(/\/catalog\/traktory-kolesnye$/);
  });

  test('sitemap.xml lists model lines, models and parts whose pages open @server-logic', async ({ page }) => {
    // An index (ADR 040): the site's pages in one file, the part pages in files by id range.
    const index = await (await page.request.get('/sitemap.xml')).text();
    const files = [...index.matchAll(/<sitemap><loc>[^<]*?(\/sitemaps\/[^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]!);
    expect(files[0]).toBe('/sitemaps/pages.xml');
    expect(files.length).toBeGreaterThan(1);
    const parts = await (await page.request.get(files[1]!)).text();
    const part = /<loc>[^<]*?(\/parts\/[^<]+)<\/loc>/.exec(parts)?.[1];
    expect((await page.goto(part!))?.status()).toBe(200);
    const sitemap = await (await page.request.get(files[0]!)).text();
    expect(sitemap).toContain('/catalog/traktory-svyshe-250-ls/kirovets-k-7m</loc>');
    expect(sitemap).toContain('/catalog/traktory-svyshe-250-ls/kirovets-k-7m/k-735-premium</loc>');
    const models = [...sitemap.matchAll(/<loc>[^<]*?(\/catalog\/[^/<]+\/[^/<]+\/[^/<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(models.length).toBeGreaterThanOrEqual(200);
    const response = await page.goto(models[models.length - 1]!);
    expect(response?.status()).toBe(200);
    // The parts catalogue's line pages (issue 28 point 15).
    const lines = [...sitemap.matchAll(/<loc>[^<]*?(\/zapchasti\/[^/<]+\/[^/<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(lines).toContain('/zapchasti/kirovets/kirovets-k-7m');
    expect((await page.goto(lines[lines.length - 1]!))?.status()).toBe(200);
  });

  test('model pictures and logos are served as SVG with their size @server-logic', async ({ page }) => {
    for (const path of ['/images/models/K735P.svg', '/images/models/K735S-rear.svg', '/images/manufacturers/kirovets.svg']) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain('image/svg+xml');
    }
    const svg = await (await page.request.get('/images/models/K735P.svg')).text();
    expect(svg).toMatch(/^<svg [^>]*width="640" height="480"/);
    expect(svg).toContain('К-735 Премиум');
  });
});
