import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import example from '../../docs/examples/offer-import.json' with { type: 'json' };
import { unique } from './accounts-helpers.ts';
import { expect, shot, test } from './fixtures.ts';

/*
 * The offer as a document and as slides (issue 30 point 9, ADR 085). 1C sends the exchange's example
 * (one offer of each variant) under ids of the journey's own, as 1C would (the journeys' server has
 * the exchange's credentials, playwright.config.ts), and its answer gives each offer's link. Then:
 * every variant's PDF, printed by the server's Chromium, holds the offer's lines (read back with
 * pdftotext, poppler-utils); the print page reads well at 1280 and 375 px; the slides move by the
 * keyboard and by the buttons, and print as a handout; an unknown link is a Russian 404.
 */

const run = promisify(execFile);
const EXCHANGE = { user: 'e2e-exchange', password: 'e2e-exchange-secret' };
type Variant = 'multi-technique' | 'single-technique' | 'spare-parts' | 'engineer';

/** Imports the example under ids unique to this test and answers each variant's hash. */
async function importExample(request: APIRequestContext, testInfo: TestInfo): Promise<Record<Variant, string>> {
  const id = `${unique(testInfo)}-${testInfo.testId.slice(0, 8)}`;
  const offers = example.offers.map((o) => ({ ...o, external_id: `e2e-${id}-${o.external_id}` }));
  const res = await request.post('/api/exchange/offers', {
    headers: { authorization: `Basic ${Buffer.from(`${EXCHANGE.user}:${EXCHANGE.password}`).toString('base64')}` },
    data: { offers },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { results } = (await res.json()) as { results: Array<{ ok: boolean; hash: string }> };
  expect(results.every((r) => r.ok)).toBe(true);
  return Object.fromEntries(example.offers.map((o, i) => [o.variant, results[i]!.hash])) as Record<Variant, string>;
}

/** The PDF's text; the download may first answer 'готовится' (202) while a cold Chromium starts. */
async function pdfText(request: APIRequestContext, hash: string, testInfo: TestInfo): Promise<string> {
  let pdf: Buffer = Buffer.alloc(0);
  await expect(async () => {
    const res = await request.get(`/offer/pdf/${hash}?format=pdf`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    pdf = await res.body();
  }).toPass({ timeout: 40_000, intervals: [1_000, 3_000] });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const file = testInfo.outputPath(`offer-${hash}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout.replace(/\s+/g, ' ');
}

/** Nothing wider than the window: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('every variant downloads as a PDF that holds the offer\'s lines, totals and VAT @server-logic', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const hashes = await importExample(page.request, testInfo);
  const money = (minor: number) => new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2 }).format(minor / 100).replace(/\s/g, ' ');
  for (const offer of example.offers) {
    const text = await pdfText(page.request, hashes[offer.variant as Variant], testInfo);
    expect(text).toContain('Коммерческое предложение');
    expect(text).toContain('Агротехника');
    expect(text).toContain(offer.client.name);
    for (const product of offer.products) expect(text, `${offer.variant}: ${product.name}`).toContain(product.name);
    expect(text).toMatch(/Итого: [\d ]+,\d\d/);
    expect(text).toMatch(/в т\.ч\. НДС \((22|16)%\)/);
    expect(text).toContain('Страница 1 из');
  }
  // The single machine's options chosen and its total: 16 519 500,00 руб. with delivery.
  const single = await pdfText(page.request, hashes['single-technique'], testInfo);
  for (const option of ['Сдвоенные колёса', 'Система параллельного вождения', 'Навигационный терминал', 'Кондиционер кабины — в комплектации']) expect(single).toContain(option);
  expect(single).not.toContain('Шины повышенной проходимости');
  expect(single).toContain(`Итого: ${money(1_651_950_000)} руб.`);
  expect(single).toContain(`в т.ч. НДС (22%): ${money(297_892_623)}`);

  // The print page's button downloads the same file.
  await page.goto(`/offer/pdf/${hashes['spare-parts']}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Скачать PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('КП СХП «Рассвет», версия 1.pdf');
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
});

test('the print page lays the offer out for paper and reads on a phone', async ({ page }, testInfo) => {
  const hashes = await importExample(page.request, testInfo);
  for (const variant of ['single-technique', 'engineer'] as const) {
    const response = await page.goto(`/offer/pdf/${hashes[variant]}`);
    expect(response!.status()).toBe(200);
    const headers = response!.headers();
    expect(headers['cache-control']).toBe('private, no-store');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-robots-tag']).toBe('noindex, nofollow');
    // No scripts at all: nothing runs, nothing is counted, nothing from elsewhere.
    expect(await page.locator('script').count()).toBe(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Коммерческое предложение' })).toBeVisible();
    const offer = example.offers.find((o) => o.variant === variant)!;
    for (const product of offer.products) await expect(page.getByRole('cell', { name: new RegExp(product.name) })).toBeVisible();
    await expect(page.getByText(/в т\.ч\. НДС/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, testInfo, `offer-print-${variant}`);
  }
  // On paper the actions are gone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('link', { name: 'Скачать PDF' })).toBeHidden();
});

test('the slides move by the keyboard and the buttons, and print as a handout', async ({ page, isMobile }, testInfo) => {
  const hashes = await importExample(page.request, testInfo);
  const response = await page.goto(`/offer-slides/?hash=${hashes['multi-technique']}`);
  expect(response!.headers()['cache-control']).toBe('private, no-store');
  expect(response!.headers()['referrer-policy']).toBe('no-referrer');
  const counter = page.getByTestId('slide-counter');
  await expect(counter).toHaveText('Слайд 1 из 4');
  await expect(page.getByRole('heading', { name: 'ООО «Кубань-Агро»' })).toBeVisible();
  await shot(page, testInfo, 'offer-slides-title', false);

  // The slides hear the keyboard from their effects, which also write the place into the address:
  // '#1' there means the keys are heard (a key pressed before is lost, as for a visitor).
  await page.waitForURL(/#1$/);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('Слайд 2 из 4');
  await expect(page.getByRole('heading', { name: 'Сеялка Horsch Maestro 24 SW' })).toBeVisible();
  await expect(page.getByText('Система внесения удобрений')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'offer-slides-machine', false);
  await page.keyboard.press('PageDown');
  await expect(page.getByRole('heading', { name: 'Опрыскиватель Amazone UX 5201 Super' })).toBeVisible();
  // 12,5 % off: the sale badge (above 10 %).
  await expect(page.getByText('−12,5 %')).toBeVisible();
  await page.keyboard.press('End');
  await expect(counter).toHaveText('Слайд 4 из 4');
  await expect(page.getByRole('heading', { name: 'Итого', exact: true })).toBeVisible();
  await shot(page, testInfo, 'offer-slides-totals', false);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('Слайд 4 из 4');
  await page.keyboard.press('Home');
  await expect(counter).toHaveText('Слайд 1 из 4');
  await page.keyboard.press(' ');
  await expect(counter).toHaveText('Слайд 2 из 4');
  await page.keyboard.press('PageUp');
  await expect(counter).toHaveText('Слайд 1 из 4');

  // The buttons, as a finger presses them; the place survives a reload.
  const next = page.getByRole('button', { name: 'Далее →' });
  await (isMobile ? next.tap() : next.click());
  await (isMobile ? next.tap() : next.click());
  await expect(counter).toHaveText('Слайд 3 из 4');
  await page.getByRole('button', { name: '← Назад' }).click();
  await expect(counter).toHaveText('Слайд 2 из 4');
  await page.reload();
  await expect(counter).toHaveText('Слайд 2 из 4');

  // The handout: every slide on paper, the controls gone.
  await expect(page.getByRole('button', { name: 'Распечатать раздатку' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('section[aria-roledescription="слайд"]:visible')).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Далее →' })).toBeHidden();
});

test('an unknown offer link is a 404 page in Russian @server-logic', async ({ page }) => {
  for (const path of ['/offer-slides/?hash=AAAAAAAAAAAAAAAAAAAAAA', '/offer/pdf/AAAAAAAAAAAAAAAAAAAAAA']) {
    const response = await page.goto(path);
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Предложение не найдено' })).toBeVisible();
  }
  expect((await page.request.get('/offer/pdf/AAAAAAAAAAAAAAAAAAAAAA?format=pdf')).status()).toBe(404);
  expect((await page.request.get('/print/offer/AAAAAAAAAAAAAAAAAAAAAA')).status()).toBe(404);
});
