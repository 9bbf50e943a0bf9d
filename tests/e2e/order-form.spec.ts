import { addFromPartPage, signIn, unique } from './accounts-helpers.ts';
import { expect, pageSettled, test } from './fixtures.ts';

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
  await page.screenshot({ path: testInfo.outputPath('order-form.png'), fullPage: false });
});
