import type { Page } from '@playwright/test';
import { confirmRegion, expect, pageSettled, test } from './fixtures.ts';

/** A region of Kazakhstan (Акмолинская область): its branch is Kazakh, country id 115. */
const KAZAKH_AREA_ID = 5002;

async function expectServiceLines(page: Page, country: 'RU' | 'KZ') {
  const service = page.getByTestId('service-lines');
  await expect(service).toHaveAttribute('data-country', country);
  const [line, dial, free] = country === 'KZ'
    ? ['+7 (800) 080-41-30', 'tel:+78000804130', 'звонок по Казахстану бесплатный']
    : ['+7 (800) 555-01-30', 'tel:+78005550130', 'звонок по России бесплатный'];
  const link = service.getByRole('link', { name: line });
  await expect(link).toHaveAttribute('href', dial);
  await expect(link).toHaveClass(country === 'KZ' ? /\bcall_phone_kz\b/ : /\bcall_phone_rf\b/);
  await expect(service).toContainText(free);
  await expect(service).toContainText('Пн–Пт 08:00–17:00');
}

test.describe('true content', () => {
  test('/servis and /contacts show the service line of the visitor’s branch, Kazakh lines for a Kazakh region', async ({ page }) => {
    await page.goto('/servis');
    await expect(page.getByTestId('service-lines')).toContainText('Филиал Смоленск');
    await expectServiceLines(page, 'RU');
    // The prose no longer states hours or numbers of its own.
    await expect(page.getByRole('main')).not.toContainText('с 8:00 до 20:00');

    await page.goto('/contacts');
    const yours = page.getByRole('region', { name: 'Ваш филиал' }).getByTestId('branch-lines');
    await expect(yours).toContainText('Филиал Смоленск');
    await expect(yours.getByRole('link', { name: '+7 (800) 555-01-30' })).toHaveAttribute('href', 'tel:+78005550130');
    await expect(yours.getByRole('link', { name: '+7 (800) 555-01-20' })).toHaveAttribute('href', 'tel:+78005550120');
    await expect(page.getByTestId('country-lines').getByRole('link', { name: '+7 (800) 555-01-30' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('ИНН');

    // region_id in the address: that region's branch and lines, without saving it.
    await page.goto(`/servis?region_id=${KAZAKH_AREA_ID}`);
    await expectServiceLines(page, 'KZ');
    await page.goto(`/contacts?region_id=${KAZAKH_AREA_ID}`);
    const kz = page.getByTestId('branch-lines');
    await expect(kz).toHaveAttribute('data-country', 'KZ');
    await expect(kz.getByRole('link', { name: '+7 (800) 080-41-30' })).toHaveAttribute('href', 'tel:+78000804130');
    await expect(page.getByTestId('country-lines').getByRole('link', { name: '+7 (800) 080-41-20' })).toHaveClass(/\bcall_phone_kz\b/);

    // A visitor who chose a Kazakh region sees the same without the parameter.
    await confirmRegion(page, KAZAKH_AREA_ID);
    await page.goto('/servis');
    await expectServiceLines(page, 'KZ');
    await page.goto('/contacts');
    await expect(page.getByTestId('branch-lines')).toHaveAttribute('data-country', 'KZ');
  });

  test('no broken images on /, /contacts, /servis, /catalog, /akcii', async ({ page }, testInfo) => {
    const failed: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      // Map tiles come from an outside service (a stand-in address in the journeys), not from our pages.
      if (response.request().resourceType() === 'image' && !url.pathname.startsWith('/tiles/') && response.status() !== 200 && response.status() !== 304) {
        failed.push(`${response.status()} ${url.pathname}`);
      }
    });
    for (const path of ['/', '/contacts', '/servis', '/catalog', '/akcii']) {
      await page.goto(path);
      await pageSettled(page);
      if (testInfo.project.name.startsWith('desktop')) {
        // The catalogue menu's banners are CSS backgrounds: open it and show each category with a banner.
        await page.getByRole('banner').getByRole('button', { name: 'Каталог техники' }).click();
        const menu = page.getByTestId('catalog-menu');
        for (const name of ['Тракторы', 'Посевная техника', 'Техника для заготовки кормов']) {
          await menu.getByRole('link', { name }).first().hover();
          await expect(page.getByTestId('catalog-banner')).toBeVisible();
          await checkBackgrounds(page, path, failed);
        }
        await page.keyboard.press('Escape');
      }
      // Every <img> (lazy ones brought into view) decoded with a size.
      for (const img of await page.locator('img:not(.leaflet-tile)').all()) {
        await img.scrollIntoViewIfNeeded();
        const ok = await img.evaluate(async (el: HTMLImageElement) => { try { await el.decode(); } catch { /* reported below */ } return el.complete && el.naturalWidth > 0; });
        if (!ok) failed.push(`${path}: <img src="${await img.getAttribute('src')}">`);
      }
      await checkBackgrounds(page, path, failed);
      // Icons are symbols of one sprite: each <use> names a symbol the sprite has.
      const uses = await page.locator('svg use').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('href') ?? ''))]);
      for (const href of uses) {
        const [file, id] = href.split('#');
        const sprite = await page.request.get(new URL(file!, page.url()).href);
        if (sprite.status() !== 200 || !(await sprite.text()).includes(`id="${id}"`)) failed.push(`${path}: <use href="${href}">`);
      }
    }
    expect(failed).toEqual([]);
  });
});

/** Every CSS background image on the page now is answered 200. */
async function checkBackgrounds(page: Page, path: string, failed: string[]) {
  const urls = await page.evaluate(() => [...new Set([...document.querySelectorAll('*')].flatMap((el) =>
    [...getComputedStyle(el).backgroundImage.matchAll(/url\("?([^")]+)"?\)/g)].map((m) => m[1]!)))]);
  for (const url of urls) {
    if (url.startsWith('data:') || new URL(url).pathname.startsWith('/tiles/')) continue;
    const response = await page.request.get(url);
    if (response.status() !== 200) failed.push(`${path}: background ${response.status()} ${url}`);
  }
}
