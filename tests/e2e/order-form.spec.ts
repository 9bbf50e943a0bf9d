import { addFromPartPage, signIn, unique } from './accounts-helpers.ts';
import { expect, look, pageSettled, test } from './fixtures.ts';

/*
 * Issue 28 point 13, the order form under the cart: the contacts are marked required, the server's
 * word on a contact is shown at its field (focused, its description), and a phone number typed in
 * any written form is shown as the shop writes numbers. At 1280 px and 375 px.
 */
test('the order form marks its contacts required, shows an error at its field, shows the phone formatted', async ({ page, isMobile }, testInfo) => {
  test.setTimeout(60_000);
  await signIn(page, `form-${unique(testInfo)}@agro.test`);
  await addFromPartPage(page, isMobile, '700.18.38.309');
  await page.goto('/cart');
  await pageSettled(page);
  const checkout = page.getByRole('region', { name: 'Оформление заказа' });
  const email = checkout.getByRole('textbox', { name: 'E-mail' });
  // Prefilled from the account once the page asked for the customer's contacts.
  await expect(email).not.toHaveValue('');
  await expect(email).toHaveAttribute('required', '');
  await expect(checkout.getByText('Все поля контактов обязательны')).toBeVisible();

  const phone = checkout.getByRole('textbox', { name: 'Номер телефона' });
  await phone.fill('8 912 555 0017');
  await phone.blur();
  await expect(phone).toHaveValue('+7 (912) 555-00-17');

  await email.fill('');
  await checkout.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Поле "E-mail" содержит некорректный E-mail адрес');
  await expect(email).toBeFocused();
  await expect(page).toHaveURL(/\/cart$/);
  // Typing clears the error at the field.
  await email.fill('form@agro.test');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await look(page, testInfo, 'order-form.png', { fullPage: false });
});

test('the order form\'s file field: a button that Tab reaches, the chosen files by name with \'Убрать\' (issue 28 point 15)', async ({ page, isMobile }, testInfo) => {
  test.setTimeout(60_000);
  await signIn(page, `files-${unique(testInfo)}@agro.test`);
  await addFromPartPage(page, isMobile, '700.18.38.309');
  await page.goto('/cart');
  await pageSettled(page);
  const checkout = page.getByRole('region', { name: 'Оформление заказа' });
  const button = checkout.getByText('Выбрать файлы', { exact: true });
  await expect(button).toBeVisible();
  await expect(checkout.getByText('Файлы не выбраны')).toBeVisible();

  // The keyboard: from the comment, Tab is on the field (its native input, hidden to the eye), and the button shows the focus.
  await checkout.getByLabel('Комментарий к заказу').focus();
  await page.keyboard.press('Tab');
  const input = checkout.getByLabel(/^Файлы/);
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('type', 'file');
  expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');

  const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`) });
  await input.setInputFiles([pdf('заявка.pdf'), pdf('реквизиты.pdf')]);
  const chosen = checkout.getByRole('list', { name: 'Выбранные файлы' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expect(chosen).toContainText('заявка.pdf');
  await expect(checkout.getByText('Выбрано: 2 файла')).toBeVisible();
  await expect(checkout.getByText('Добавить файлы', { exact: true })).toBeVisible();
  // Picking again adds; 'Убрать' takes one away.
  await input.setInputFiles([pdf('фото.pdf')]);
  await expect(chosen.getByRole('listitem')).toHaveCount(3);
  await chosen.getByRole('button', { name: 'Убрать файл реквизиты.pdf' }).click();
  await expect(chosen.getByRole('listitem')).toHaveText([/^заявка\.pdf/, /^фото\.pdf/]);
  await expect(checkout.getByText('Выбрано: 2 файла')).toBeVisible();
  await expect(input).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await chosen.scrollIntoViewIfNeeded();
  await look(page, testInfo, `order-files-${testInfo.project.name}.png`);
});
