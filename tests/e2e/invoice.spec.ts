import { readFile } from 'node:fs/promises';
import { addFromPartPage, createAccount, placeOrder, signIn, unique } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

/*
 * The invoice (ADR 074): a customer orders a part for pickup, downloads 'Скачать счёт' from the
 * order's page as a PDF printed by the server's Chromium, finds the same link in 'Мои заказы', and
 * nobody else gets it. What the PDF says is read in server/invoice-pdf.test.ts.
 */

test('the customer downloads his order\'s invoice as a PDF @server-logic', async ({ page, isMobile, browser }, testInfo) => {
  test.setTimeout(90_000);
  const email = `invoice-${unique(testInfo)}@agro.test`;
  await signIn(page, email);
  await addFromPartPage(page, isMobile, '700.18.38.309');

  const number = await placeOrder(page);

  const link = page.getByRole('link', { name: 'Скачать счёт' });
  await expect(link).toHaveAttribute('href', `/cart/order/${encodeURIComponent(number)}/invoice.pdf`);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`Счёт ${number}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(10_000);

  // 'Мои заказы' offers the same invoice.
  await page.goto('/profile/orders');
  const card = page.getByRole('article', { name: new RegExp(`Заказ ${number}`) });
  await expect(card.getByRole('link', { name: 'Скачать счёт' })).toHaveAttribute('href', `/cart/order/${encodeURIComponent(number)}/invoice.pdf`);

  // Nobody else: a guest is sent to sign in, another customer gets 404, the print page answers no one.
  const href = `/cart/order/${encodeURIComponent(number)}/invoice.pdf`;
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const guest = await other.request.get(href, { maxRedirects: 0 });
    expect(guest.status()).toBe(302);
    const stranger = `invoice-stranger-${unique(testInfo)}@agro.test`;
    await createAccount(other.request, stranger, 'secret1');
    const { token } = await (await other.request.get('/api/csrf-token')).json() as { token: string };
    expect((await other.request.post('/api/auth/authorize', { headers: { 'X-CSRF-Token': token }, data: { type: 'email', props: { email: stranger, password: 'secret1' } } })).ok()).toBe(true);
    expect((await other.request.get(href)).status()).toBe(404);
    expect((await page.request.get(`/print/invoice/${encodeURIComponent(number)}`)).status()).toBe(404);
  } finally {
    await other.close();
  }
});
