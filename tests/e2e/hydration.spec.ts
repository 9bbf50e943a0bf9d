import type { Page } from '@playwright/test';
import { signIn, unique } from './accounts-helpers.ts';
import { expect, markWritten, pageSettled, test } from './fixtures.ts';

/*
 * A signed-in visitor's pages hydrate as the server rendered them: no hydration error, and the parts
 * React took over work.
 */

const CATEGORY = '/catalog/traktory';

/**
 * The page's script errors and console errors (React's hydration errors among them) from now until
 * `stop()`. `failedLoads: false` leaves out answers to requests no test can reach (map tiles).
 */
function watchErrors(page: Page, { failedLoads = true } = {}) {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error' && (failedLoads || !message.text().startsWith('Failed to load resource'))) errors.push(message.text());
  };
  page.on('pageerror', onError);
  page.on('console', onConsole);
  return {
    errors,
    stop() {
      page.off('pageerror', onError);
      page.off('console', onConsole);
      return errors;
    },
  };
}

test('a signed-in category page hydrates without an error and its toggles and footer work', async ({ page }, testInfo) => {
  await signIn(page, `shared-${unique(testInfo)}@agro.ru`);
  const { errors } = watchErrors(page);
  await page.goto(CATEGORY);
  await pageSettled(page);

  // Past the first row, its buttons included.
  const card = page.getByTestId('model-card').nth(4);
  await expect(card).toContainText(/руб\.|₸|Цена по запросу/);
  const compare = card.getByRole('button', { name: 'Сравнить' });
  await expect(compare).toHaveAttribute('aria-pressed', 'false');
  const written = markWritten(page);
  await compare.click();
  await written;
  await expect(card.getByRole('button', { name: 'В сравнении' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('header [aria-label="Сравнение: 1"]')).toBeAttached();

  // The footer is revealed 2 s after load (spec §9).
  await expect(page.getByTestId('site-footer')).toHaveAttribute('data-visible', 'true', { timeout: 10_000 });

  // A card's link is React's too: a client-side navigation, no new document.
  const name = card.getByRole('heading').getByRole('link');
  const href = await name.getAttribute('href');
  await page.evaluate(() => { (window as { stillHere?: boolean }).stillHere = true; });
  await name.click();
  await expect(page).toHaveURL(href!);
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);

  expect(errors).toEqual([]);
});

test('a signed-in model page and a parts line page hydrate without an error', async ({ page }, testInfo) => {
  await signIn(page, `shared-pages-${unique(testInfo)}@agro.ru`);
  // A model of a line with more models than the slider's first screenful, found from the category.
  const html = await (await page.request.get(CATEGORY)).text();
  const modelPath = /href="(\/catalog\/[^"/?#]+\/[^"/?#]+\/[^"/?#]+)"/.exec(html)?.[1];
  expect(modelPath).toBeTruthy();
  for (const path of [modelPath!, '/zapchasti/kirovets/kirovets-k-7m']) {
    const watch = watchErrors(page);
    await page.goto(path);
    await pageSettled(page);
    await expect(page.getByTestId(path.startsWith('/zapchasti') ? 'part-rows' : 'spec-table').first()).toBeVisible();
    expect(watch.stop(), path).toEqual([]);
  }
});

test('the home page and the contacts hydrate without an error', async ({ page }, testInfo) => {
  await signIn(page, `shared-plain-${unique(testInfo)}@agro.ru`);
  for (const path of ['/', '/contacts']) {
    // The contacts' map asks for tiles no test can reach: those answers are not the page's errors.
    const watch = watchErrors(page, { failedLoads: path !== '/contacts' });
    await page.goto(path);
    await pageSettled(page);
    expect(watch.stop(), path).toEqual([]);
  }
});
