import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Opens 'write us' the way each layout offers it: the contacts dropdown at 1280 px, the contacts
 * panel at 375 px. Returns the button that opened the dropdown or panel (focus goes back there).
 */
async function openWriteUs(page: Page, isMobile: boolean) {
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Контакты' });
  await toggle.click();
  const container = isMobile ? page.getByRole('region', { name: 'Контакты' }) : page.getByRole('banner');
  await container.getByRole('button', { name: 'Написать нам' }).click();
  const dialog = page.getByRole('dialog', { name: 'Написать нам' });
  await expect(dialog).toBeVisible();
  return { dialog, toggle };
}

test('write us: empty form shows the field messages; a filled one is thanked', async ({ page, isMobile }) => {
  await page.goto('/');
  const { dialog } = await openWriteUs(page, isMobile);

  // Spec §5: submit looks disabled while the form is invalid; Enter still tries, and the form shows why.
  await expect(dialog.getByRole('button', { name: 'Отправить' })).toBeDisabled();
  await dialog.getByLabel('Ваше имя').press('Enter');
  await expect(dialog).toContainText('Поле "Ваше Имя" не заполнено');
  await expect(dialog).toContainText('Поле "Номер телефона" содержит некорректный телефон');
  await expect(dialog.getByLabel('Ваше имя')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Ваше имя')).toBeFocused();

  await dialog.getByLabel('Ваше имя').fill('Иван Петров');
  await dialog.getByLabel('Номер телефона').fill('+7 912 345-67-89');
  await dialog.getByLabel('Сообщение').fill('Интересует колёсный трактор до 100 л. с., нужна консультация.');
  await dialog.getByRole('checkbox', { name: /Согласен на обработку персональных данных/ }).check();
  await dialog.getByRole('button', { name: 'Отправить' }).click();

  const sent = page.getByRole('dialog', { name: 'Сообщение отправлено' });
  await expect(sent).toBeVisible();
  await expect(sent.getByRole('status')).toContainText('Спасибо! Мы получили ваше сообщение и свяжемся с вами в рабочее время филиала.');
  await expect(sent).not.toContainText('Поле "Ваше Имя" не заполнено');
});

test('generic dialog: focus stays inside on Tab, Escape closes and returns focus, backdrop closes, scroll is locked', async ({ page, isMobile }) => {
  await page.goto('/');
  const html = page.locator('html');
  const { dialog, toggle } = await openWriteUs(page, isMobile);
  await expect(html).toHaveCSS('overflow', 'hidden');
  // Focus starts in the content: the first field.
  await expect(dialog.getByLabel('Ваше имя')).toBeFocused();

  // Forward through every stop and past the last one: focus wraps and never leaves the dialog.
  const stops = await dialog.evaluate((d) => d.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled])').length);
  const inside = () => dialog.evaluate((d) => d.contains(document.activeElement) && document.activeElement !== document.body);
  for (let i = 0; i < stops + 2; i++) {
    await page.keyboard.press('Tab');
    expect(await inside(), `focus after Tab #${i + 1}`).toBe(true);
  }
  // Backwards from the first stop (the × button) goes to the last one (Отправить).
  await dialog.getByRole('button', { name: 'Закрыть' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Отправить' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Закрыть' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(html).not.toHaveCSS('overflow', 'hidden');

  // A click on the backdrop (outside the dialog box) closes it too; a click inside does not.
  await openWriteUs(page, isMobile);
  await dialog.getByText('Задайте вопрос о технике').click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(4, 796);
  await expect(dialog).toBeHidden();
  await expect(html).not.toHaveCSS('overflow', 'hidden');
});
