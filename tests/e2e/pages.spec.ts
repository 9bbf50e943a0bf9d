import { expect, test } from './fixtures.ts';

const PAGES = ['/', '/servis', '/finansirovanie', '/akcii', '/dostavka-i-oplata', '/documents/policy-privacy', '/contacts', '/catalog'];

// The same server-rendered markup at 375 px: checked once, at 1280 px.
test.describe('server-rendered pages @desktop', () => {

  test('every page has an h1, a title ending with «— Агротехника» and a meta description', async ({ request }) => {
    // The server-rendered document is what search engines and link previews read: check it as served.
    for (const path of PAGES) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const h1 = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim());
      expect(h1, `${path} has one non-empty h1`).toHaveLength(1);
      expect(h1[0], `${path} h1`).not.toBe('');
      const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]!);
      expect(titles, `${path} title`).toHaveLength(1);
      expect(titles[0], `${path} title`).toMatch(/\S — Агротехника$/);
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
      expect(description?.trim(), `${path} meta description`).toBeTruthy();
    }
  });

  test('home: hero, machinery categories, promotions, the visitor’s branch', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();

    const catalog = page.getByRole('region', { name: 'Каталог техники' });
    await expect(catalog.getByRole('link')).toHaveCount(12);
    await expect(catalog.getByRole('link', { name: /Тракторы/ })).toHaveAttribute('href', '/catalog/traktory');

    const promotions = page.getByRole('region', { name: 'Акции' });
    await expect(promotions.getByRole('link', { name: 'Все акции' })).toHaveAttribute('href', '/akcii');
    await expect(promotions.getByRole('listitem').first()).toBeVisible();

    const branch = page.getByRole('region', { name: 'Ваш филиал' });
    await expect(branch.getByTestId('branch-card').getByRole('heading', { name: 'Смоленск' })).toBeVisible();
    await expect(branch.getByTestId('branch-card')).toContainText('Пн–Пт 08:00–17:00');
  });

  test('category page /catalog/traktory shows its subcategories', async ({ page }) => {
    await page.goto('/catalog/traktory');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Тракторы');
    await expect(page).toHaveTitle(/— Агротехника$/);
    const main = page.getByRole('main');
    const subcategories: [string, string][] = [
      ['Колёсные тракторы', '/catalog/traktory-kolesnye'],
      ['Гусеничные тракторы', '/catalog/traktory-gusenichnye'],
      ['Шины и колёса', '/catalog/shiny-i-kolesa'],
      ['Тракторы до 100 л. с.', '/catalog/traktory-do-100-ls'],
    ];
    for (const [name, href] of subcategories) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

  test('an unknown path answers 404 with «Страница не найдена»', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
  });
});

test('contacts: every branch listed by country, one map marker per branch', async ({ page }) => {
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { level: 2, name: 'Россия', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Казахстан', exact: true })).toBeVisible();
  const cards = page.getByTestId('branch-card');
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(25);
  await expect(page.locator('.leaflet-container .leaflet-interactive')).toHaveCount(count);
});

test('the footer is revealed 2 s after load without shifting the layout', async ({ page }) => {
  await page.goto('/servis');
  const footer = page.getByTestId('site-footer');
  const main = page.getByRole('main');
  await expect(footer).not.toHaveAttribute('data-visible');
  await expect(footer).toBeHidden();
  const mainBefore = await main.boundingBox();
  const footerBefore = await footer.boundingBox();

  // When did it appear, counted from the page's load event?
  const sinceLoad = await footer.evaluate((f) => new Promise<number>((resolve) => {
    const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
    const done = () => resolve(performance.now() - loaded);
    if (f.hasAttribute('data-visible')) return done();
    new MutationObserver(() => { if (f.hasAttribute('data-visible')) done(); }).observe(f, { attributes: true });
  }));
  expect(sinceLoad).toBeGreaterThanOrEqual(1_950);
  expect(sinceLoad).toBeLessThan(4_000);
  await expect(footer).toBeVisible();
  expect(await main.boundingBox()).toEqual(mainBefore);
  expect(await footer.boundingBox()).toEqual(footerBefore);
});
