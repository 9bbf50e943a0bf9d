import { resolve } from 'node:path';
import { signIn, signInAs, unique } from './accounts-helpers.ts';
import { expect, look, pageSettled, test } from './fixtures.ts';

/*
 * The transportation exchange (ADR 097): a guest is asked to sign in; a customer posts a load with a photo; a
 * carrier finds it by its cities and bids without seeing the owner's phone; the owner sees the bid
 * as 'Перевозчик №1', awards it, and only then do both sides see each other's contacts. The
 * footer ('Покупателям') and the account's menu (the header's on wide screens, the phone menu's
 * 'Личный кабинет') lead to the exchange.
 */

test('the footer and the account\'s menu lead to the exchange, which answers', async ({ page, isMobile }, testInfo) => {
  // The spec's address with its slash and without it.
  for (const path of ['/transportation-orders/', '/transportation-orders']) expect((await page.request.get(path)).status(), path).toBe(200);
  await page.goto('/');
  await pageSettled(page);
  await expect(page.locator('footer').getByRole('link', { name: 'Биржа перевозок', exact: true })).toHaveAttribute('href', '/transportation-orders');

  await signIn(page, `exchange-menu-${unique(testInfo)}@agro.test`, 'Пётр Грузов');
  await page.goto('/');
  await pageSettled(page);
  let link;
  if (isMobile) {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    link = page.getByRole('navigation', { name: 'Мобильное меню' }).getByRole('list', { name: 'Личный кабинет' }).getByRole('link', { name: 'Биржа перевозок' });
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Личный кабинет' }).click();
    link = page.getByRole('banner').getByRole('list', { name: 'Личный кабинет' }).getByRole('link', { name: 'Биржа перевозок' });
  }
  await expect(link).toHaveAttribute('href', '/transportation-orders');
  await link.click();
  await expect(page).toHaveURL(/\/transportation-orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Биржа перевозок' })).toBeVisible();
});

test('a load is posted by a customer, answered by a carrier and awarded', async ({ page }, testInfo) => {
  // Three accounts, a photo and six forms: over the default 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  const id = unique(testInfo);
  const from = `Елец${id}`;
  const owner = `shipper-${id}@agro.test`;
  const carrier = `carrier-${id}@agro.test`;

  await page.goto('/transportation-orders');
  await expect(page.getByTestId('transport-guest')).toContainText('Войдите, чтобы продолжить');

  // The customer posts a load.
  await signIn(page, owner, 'Пётр Грузов');
  await page.goto('/transportation-orders');
  await page.getByTestId('post-load').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Разместить груз');
  const form = page.getByTestId('load-form');
  await form.locator('input[name=fromCity]').fill(from);
  await form.locator('input[name=toCity]').fill('Курск');
  await form.locator('input[name=machine]').fill('Трактор Беларус 1221');
  await form.locator('input[name=lengthCm]').fill('520');
  await form.locator('input[name=widthCm]').fill('250');
  await form.locator('input[name=heightCm]').fill('290');
  await form.locator('input[name=weightKg]').fill('5300');
  await form.locator('input[name=readyOn]').fill('2030-05-01');
  await form.locator('input[name=deadlineOn]').fill('2030-05-10');
  await form.locator('input[name=contactPhone]').fill('+7 912 555-01-02');
  await form.locator('input[name=photos]').setInputFiles(resolve(import.meta.dirname, '../../public/images/banners/traktory.jpg'));
  await form.getByRole('button', { name: 'Разместить груз' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^Груз №\\d+: ${from} → Курск$`));
  await expect(page.getByTestId('load-status')).toHaveText('Принимает ставки');
  const loadPath = new URL(page.url()).pathname;
  await expect(page.getByRole('list', { name: 'Фотографии' }).getByRole('img')).toHaveCount(1);
  await look(page, testInfo, 'load-owner.png', { fullPage: true });

  // A carrier finds it by its city and bids; the owner's phone stays hidden.
  await page.context().clearCookies();
  await signIn(page, carrier, 'ТК Журавль', 'carrier');
  await page.goto(`/transportation-orders?from=${encodeURIComponent(from.toLowerCase())}`);
  const card = page.getByTestId('open-loads').getByTestId('load-card');
  await expect(card).toHaveCount(1);
  await look(page, testInfo, 'open-loads.png', { fullPage: true });
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${loadPath}$`));
  await expect(page.getByTestId('owner-contacts')).toHaveText('Откроются, когда владелец выберет вашу ставку');
  await expect(page.locator('body')).not.toContainText('555-01-02');
  const bid = page.getByTestId('bid-form');
  await bid.locator('input[name=price]').fill('45000');
  await bid.locator('input[name=pickupOn]').fill('2030-05-02');
  await bid.getByRole('button', { name: 'Предложить цену' }).click();
  await expect(page.getByTestId('load-notice')).toHaveText('Ставка сохранена.');
  await expect(page.getByTestId('bid-form').getByRole('button', { name: 'Изменить ставку' })).toBeVisible();

  // The owner sees a label, not the carrier, and awards it; then the contacts open.
  await page.context().clearCookies();
  await signInAs(page, owner);
  await page.goto(loadPath);
  const offer = page.getByTestId('bid');
  await expect(offer).toContainText('Перевозчик №1');
  await expect(offer).toContainText('45 000');
  await expect(page.locator('body')).not.toContainText('ТК Журавль');
  await offer.getByRole('button', { name: 'Выбрать' }).click();
  await expect(page.getByTestId('load-status')).toHaveText('Перевозчик выбран');
  await expect(page.getByTestId('carrier-contacts')).toContainText('ТК Журавль');
  await look(page, testInfo, 'load-awarded.png', { fullPage: true });

  // The awarded carrier now sees the owner's phone and marks the load in transit.
  await page.context().clearCookies();
  await signInAs(page, carrier);
  await page.goto(loadPath);
  await expect(page.getByTestId('owner-contacts')).toContainText('+7 912 555-01-02');
  await page.getByRole('button', { name: 'Груз забран, в пути' }).click();
  await expect(page.getByTestId('load-status')).toHaveText('В пути');
});
