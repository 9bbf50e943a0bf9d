import { expect, test } from '@playwright/test';
import { pageSettled } from './fixtures.ts';

test('first visit: tooltip → «Нет, указать» → filter → Kazakhstan region → branch modal → reload → KZ phones', async ({ page }, info) => {
  const mobile = info.project.name === 'mobile';
  await page.goto('/');
  // The question is in the first HTML; a click before hydration is answered once hydrated
  // (early-clicks.spec.ts). Here the page is hydrated first, so the steps below are timed alike.
  await pageSettled(page);

  const tooltip = page.getByRole('dialog', { name: 'Подтверждение региона' });
  await expect(tooltip).toContainText('Ваш регион Смоленская область?');
  await tooltip.getByRole('button', { name: 'Нет, указать' }).click();
  await expect(tooltip).toBeHidden();

  const modal = page.getByRole('dialog', { name: 'Выберите свой регион' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('tab')).toHaveText(['Россия', 'Казахстан']);
  await modal.getByRole('tab', { name: 'Казахстан' }).click();
  await modal.getByPlaceholder('Введите текст для поиска...').fill('акмол');
  await expect(modal.getByRole('button', { name: /Акмолинская область/ })).toHaveCount(1);
  await expect(modal.getByRole('button', { name: /Карагандинская область/ })).toHaveCount(0);

  await modal.getByRole('button', { name: /Акмолинская область/ }).click();
  if (mobile) await modal.getByRole('button', { name: 'Сохранить' }).click();

  const branchModal = page.getByRole('dialog', { name: /^Филиал изменен на / });
  await expect(branchModal).toBeVisible();
  await page.waitForEvent('load');

  await expect(page.getByTestId('current-branch-country')).toHaveText('KZ');
  if (mobile) {
    await page.getByRole('button', { name: 'Контакты' }).click();
    const panel = page.getByRole('region', { name: 'Контакты' });
    await expect(panel).toContainText('Звонок по Казахстану бесплатный');
    await expect(panel.locator('a.call_phone_kz').first()).toHaveText('+7 (800) 080-41-20');
  } else {
    await expect(page.getByTestId('header-phone')).toHaveText('+7 (800) 080-41-20');
    await expect(page.getByTestId('header-phone')).toHaveClass(/call_phone_kz/);
    await expect(page.getByTestId('region-button-desktop')).toHaveText('Акмолинская область');
  }
  await expect(page.getByRole('dialog', { name: 'Подтверждение региона' })).toHaveCount(0);
});

test('«Да» confirms the guessed region and the tooltip does not come back', async ({ page }, info) => {
  const variant = info.project.name === 'mobile' ? 'mobile' : 'desktop';
  await page.goto('/');
  const tooltip = page.getByRole('dialog', { name: 'Подтверждение региона' });
  await tooltip.getByRole('button', { name: 'Да' }).click();
  await expect(tooltip).toBeHidden();
  await page.reload();
  await expect(page.getByTestId(`region-button-${variant}`)).toHaveText('Смоленская область');
  await pageSettled(page);
  await expect(page.getByRole('dialog', { name: 'Подтверждение региона' })).toHaveCount(0);
});

test('print mode hides the region tooltip', async ({ page }) => {
  await page.goto('/?to_print=1');
  await expect(page.getByTestId('current-branch-country')).toHaveText('RU');
  await pageSettled(page);
  await expect(page.getByRole('dialog', { name: 'Подтверждение региона' })).toHaveCount(0);
});

test('region_id in the page URL shows that region without saving it @server-logic', async ({ page }) => {
  await page.goto('/contacts?region_id=5002');
  await expect(page.getByTestId('current-branch-country')).toHaveText('KZ');
  await page.goto('/contacts');
  await expect(page.getByTestId('current-branch-country')).toHaveText('RU');
});
