import { expect, test, type Page } from '@playwright/test';
import { pageSettled, shot } from './fixtures.ts';

// A new visitor, whose region is unconfirmed: the region question is there on screen, and must not
// be on paper (the plain Playwright test, without the fixture that confirms the region).

/**
 * What the print view keeps of the shell and what it drops (issue 7 §8): the logo, the phone and the
 * branch stay; buttons, counters, search, menus, the region tooltip, the demo banner and the footer go;
 * text is dark on white without background graphics.
 */
async function expectPrintView(page: Page, isMobile: boolean) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Агротехника — на главную' })).toBeVisible();
  const contacts = page.getByTestId('print-contacts');
  await expect(contacts).toBeVisible();
  await expect(contacts).toContainText(/\+7 \(800\) 555-01-20|\+7 800 555-01-20/);
  await expect(contacts).toContainText('Филиал Смоленск');

  for (const hidden of [
    header.getByRole('button', { name: 'Каталог техники' }),
    header.getByRole('button', { name: 'Поиск по технике, запчастям и артикулам' }),
    header.getByPlaceholder('Искать в каталоге или на сайте'),
    header.getByRole('navigation', { name: 'Сравнение, избранное, корзина' }),
    header.getByRole('navigation', { name: 'Разделы сайта' }),
    header.getByRole('link', { name: 'Запчасти', exact: true }),
    header.getByRole('button', { name: 'Открыть меню' }),
    header.getByRole('button', { name: 'Контакты' }),
    header.getByRole('link', { name: /Корзина/ }),
    header.getByRole('link', { name: 'Войти' }),
    page.getByTestId('region-button-desktop'),
    page.getByTestId('region-button-mobile'),
    page.getByRole('dialog', { name: 'Подтверждение региона' }),
    page.getByRole('note', { name: 'Демонстрационный режим' }),
    page.getByTestId('site-footer'),
  ]) await expect(hidden).toBeHidden();
  // No button anywhere on the page, the page's own ones included.
  expect(await page.locator('main button, main .btn').evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length)).toBe(0);

  const colours = await page.evaluate(() => {
    const painted = [...document.body.querySelectorAll('*')].filter((el) => {
      const style = getComputedStyle(el);
      return style.display !== 'none' && (style.backgroundImage !== 'none' || style.backgroundColor !== 'rgba(0, 0, 0, 0)');
    });
    const texts = [...document.body.querySelectorAll('h1, h2, p, a, li, span')].filter((el) => getComputedStyle(el).display !== 'none');
    return {
      body: getComputedStyle(document.body).backgroundColor,
      painted: painted.map((el) => `${el.tagName}.${el.className}`).slice(0, 5),
      light: texts.filter((el) => getComputedStyle(el).color !== 'rgb(0, 0, 0)').map((el) => el.textContent).slice(0, 5),
    };
  });
  expect(colours.body).toBe('rgb(255, 255, 255)');
  expect(colours.painted, 'elements with a background').toEqual([]);
  expect(colours.light, 'text that is not black').toEqual([]);
  if (isMobile) expect(await page.evaluate(() => getComputedStyle(document.querySelector('header')!).position)).toBe('static');
}

for (const path of ['/', '/servis', '/contacts']) {
  test(`printing ${path} keeps the logo, the phone and the branch and drops the rest`, async ({ page, isMobile }, testInfo) => {
    await page.goto(path);
    await pageSettled(page);
    // On screen: the question and the full header, not the print-only contacts.
    await expect(page.getByRole('dialog', { name: 'Подтверждение региона' })).toBeVisible();
    await expect(page.getByTestId('print-contacts')).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expectPrintView(page, isMobile);
    await shot(page, testInfo, `print${path.replaceAll('/', '-')}`);
  });
}

test('to_print=1 opens the print view on screen, without the region question', async ({ page, isMobile }, testInfo) => {
  for (const path of ['/', '/servis']) {
    await page.goto(`${path}?to_print=1`);
    await pageSettled(page);
    await expect(page.locator('html')).toHaveAttribute('data-print-view', '');
    await expectPrintView(page, isMobile);
    await shot(page, testInfo, `to-print${path.replaceAll('/', '-')}`);
  }
  // Without it, the same visitor is asked about the region and sees the full header.
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Подтверждение региона' })).toBeVisible();
  await expect(page.getByTestId('print-contacts')).toBeHidden();
});
