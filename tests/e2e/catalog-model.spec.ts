import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, signInAs, unique } from './accounts-helpers.ts';
import { confirmRegion, expect, layoutShift, pageSettled, recordLayoutShift, test } from './fixtures.ts';

interface ModelJson {
  id: number;
  name: string;
  productCode: string;
  link: string;
  images: { src: string }[];
  specs: { name: string; value: string }[];
  stock: { quantity: number } | null;
}

/**
 * A model of the demo catalogue with two photos or more and stock at the visitor's branch (Smolensk),
 * found the way a visitor would: through a category page's cards, then its page alias and
 * GET /models/get-model.
 */
async function findModel(request: APIRequestContext): Promise<ModelJson> {
  for (const category of ['/catalog/traktory', '/catalog/zernouborochnye-kombajny']) {
    const html = await (await request.get(category)).text();
    const links = [...new Set([...html.matchAll(/href="(\/catalog\/[^"/?#]+\/[^"/?#]+\/[^"/?#]+)"/g)].map((m) => m[1]!))];
    for (const path of links) {
      const alias = await (await request.get(`/api/page-alias/path?path=${encodeURIComponent(path)}`)).json() as { controller: string; referenceId: number | null };
      if (alias.controller !== 'model' || alias.referenceId === null) continue;
      const { model } = await (await request.get(`/models/get-model?id=${alias.referenceId}`)).json() as { model: ModelJson };
      if (model.images.length >= 2 && (model.stock?.quantity ?? 0) > 0 && model.specs.length >= 3) return model;
    }
  }
  throw new Error('The demo catalogue has no model with two photos in stock at Smolensk');
}

async function signIn(page: Page, request: APIRequestContext, email: string) {
  await createAccount(request, email, 'secret1');
  await signInAs(page, email);
}

test('a model page: photos, specifications, stock at the branches; prices only after sign-in', async ({ page, request, isMobile }, testInfo) => {
  await confirmRegion(page);
  const model = await findModel(page.request);
  await recordLayoutShift(page);
  await page.goto(model.link);

  await expect(page.getByRole('heading', { level: 1, name: model.name })).toBeVisible();
  await expect(page.getByTestId('product-code')).toHaveText(model.productCode);
  await expect(page).toHaveTitle(new RegExp(`^${model.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — .+, купить в филиале «Смоленск»`));
  if (!isMobile) await expect(page.getByRole('navigation', { name: 'Хлебные крошки' }).getByRole('link', { name: 'Каталог техники' })).toBeVisible();
  await pageSettled(page);

  // The gallery: the photo keeps its box; thumbnails are buttons; ← and → move through the photos.
  const gallery = page.getByTestId('gallery');
  const main = gallery.locator('img').first();
  await expect(main).toHaveAttribute('width', /\d+/);
  await expect(main).toHaveAttribute('height', /\d+/);
  await expect(main).toHaveAttribute('src', model.images[0]!.src);
  const second = gallery.getByRole('button', { name: `Фото 2 из ${model.images.length}` });
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');
  await expect(main).toHaveAttribute('src', model.images[1]!.src);
  await gallery.getByLabel(/^Фото 2 из \d+\. Листайте стрелками$/).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(gallery.getByRole('button', { name: `Фото 1 из ${model.images.length}` })).toHaveAttribute('aria-current', 'true');
  await expect(main).toHaveAttribute('src', model.images[0]!.src);

  // The specification table, written the Russian way.
  const specs = page.getByTestId('spec-table');
  await expect(specs.getByRole('row')).toHaveCount(model.specs.length);
  await expect(specs.getByRole('row').first()).toContainText(model.specs[0]!.name);
  await expect(specs.getByRole('row').first()).toContainText(model.specs[0]!.value);
  await expect(specs).not.toContainText(/\d\.\d/);

  // A guest sees the stock and the sign-in prompt, never a price.
  const stock = page.getByTestId('branch-stock');
  await expect(stock.getByRole('row', { name: /Смоленск/ })).toContainText('ваш филиал');
  await expect(stock.getByRole('columnheader', { name: 'Цена' })).toHaveCount(0);
  const prompt = page.getByRole('link', { name: 'Войдите, чтобы увидеть цену' }).first();
  await expect(prompt).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/руб\.|₸/);
  if (!isMobile) {
    await prompt.hover();
    await expect(page.getByRole('tooltip').first()).toContainText('После входа вы увидите цены');
  }

  // Similar models stream in with the page.
  const similar = page.getByTestId('similar-models');
  await expect(similar.getByTestId('model-card').first()).toBeVisible();
  await expect(similar.getByTestId('model-card').filter({ hasText: model.name }).getByRole('heading', { name: model.name, exact: true })).toHaveCount(0);
  expect(await layoutShift(page)).toBeLessThan(0.01);

  // Signed in, the same page shows the price at the branch and a price column at every branch.
  await signIn(page, request, `model-page-${unique(testInfo)}@agro.ru`);
  await page.goto(model.link);
  await expect(page.getByRole('link', { name: 'Войдите, чтобы увидеть цену' })).toHaveCount(0);
  await expect(stock.getByRole('columnheader', { name: 'Цена' })).toBeVisible();
  await expect(page.getByTestId('model-offer')).toContainText(/руб\.|Цена по запросу/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(jsonLd).toMatchObject({ '@type': 'Product', name: model.name, sku: model.productCode });
});

test('a model that does not exist is a 404 @server-logic', async ({ page }) => {
  const res = await page.goto('/catalog/traktory/net-takoj-linejki/net-takoj-modeli');
  expect(res?.status()).toBe(404);
});
