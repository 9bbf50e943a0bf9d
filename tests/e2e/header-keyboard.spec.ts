import type { Page } from '@playwright/test';
import { expect, pageSettled, test } from './fixtures.ts';

/** Where keyboard focus is: its text, and whether it is in the catalogue menu's categories or its subcategories. */
const focus = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  const where = el?.closest('[data-testid="catalog-menu"] > ul') ? 'categories' : el?.closest('[data-testid="catalog-menu"] > div') ? 'subcategories' : 'outside';
  return `${where}: ${(el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim()}`;
});

test.describe('catalogue menu by keyboard @desktop', () => {
  test('↓ opens it on the first category; ↑/↓ wrap, Home/End, → into the subcategories, ← back out; Escape gives focus back', async ({ page }) => {
    await page.goto('/');
    await pageSettled(page);
    const button = page.getByRole('banner').getByRole('button', { name: 'Каталог техники' });
    const menu = page.getByTestId('catalog-menu');
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect.poll(() => focus(page)).toBe('categories: Тракторы');

    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focus(page)).toBe('categories: Зерноуборочные комбайны');
    // The focused category shows its subcategories, as hovering does.
    await expect(page.getByTestId('catalog-column-1').getByRole('link', { name: 'Роторные комбайны' })).toBeVisible();
    await page.keyboard.press('End');
    await expect.poll(() => focus(page)).toBe('categories: Весь каталог техники');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focus(page)).toBe('categories: Тракторы');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focus(page)).toBe('categories: Весь каталог техники');
    await page.keyboard.press('Home');
    await expect.poll(() => focus(page)).toBe('categories: Тракторы');

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focus(page)).toBe('subcategories: Колёсные тракторы');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focus(page)).toBe('subcategories: Тракторы до 100 л. с.');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focus(page)).toBe('subcategories: Колёсные тракторы');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focus(page)).toBe('categories: Тракторы');
    // The arrows moved focus, never the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    // ↑ on the button opens it on the last entry; Enter on a category follows its link.
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focus(page)).toBe('categories: Весь каталог техники');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/catalog\/traktory$/);
    await expect(menu).toBeHidden();
  });

  test('Enter and Space toggle it with focus on the button; it closes when focus leaves it either way', async ({ page }) => {
    await page.goto('/');
    await pageSettled(page);
    const button = page.getByRole('banner').getByRole('button', { name: 'Каталог техники' });
    const menu = page.getByTestId('catalog-menu');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(button).toBeFocused();
    await page.keyboard.press('Space');
    await expect(menu).toBeHidden();
    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();

    // Tab goes into the panel (once its categories are in), Shift+Tab back to the button, once more
    // out of the menu: it closes.
    await expect(menu.getByText('Тракторы').first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect.poll(() => focus(page)).toBe('categories: Тракторы');
    await page.keyboard.press('Shift+Tab');
    await expect(button).toBeFocused();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(menu).toBeHidden();

    // Past the menu's last entry, focus reaches 'Запчасти' and the menu is closed.
    await button.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focus(page)).toBe('categories: Весь каталог техники');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Запчасти', exact: true })).toBeFocused();
    await expect(menu).toBeHidden();
  });

  test('Tab goes through each category and then its subcategories (issue 28 §4.14); Shift+Tab the same way back', async ({ page }) => {
    await page.goto('/');
    await pageSettled(page);
    const button = page.getByRole('banner').getByRole('button', { name: 'Каталог техники' });
    const menu = page.getByTestId('catalog-menu');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    // The category tree loads when the menu opens; Tab walks it once it is there.
    await expect(page.getByTestId('catalog-column-1').getByRole('link', { name: 'Колёсные тракторы' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect.poll(() => focus(page)).toBe('categories: Тракторы');

    // Into the tractors' subcategories, their children and the banner's link, in the order they read.
    const tractors = [
      'Колёсные тракторы', 'Тракторы до 100 л. с.', 'Тракторы 100–250 л. с.', 'Тракторы свыше 250 л. с.', 'Гусеничные тракторы',
      'Пропашные тракторы', 'Садовые и виноградниковые тракторы', 'Минитракторы', 'Навесное оборудование для тракторов', 'Шины и колёса',
      'Смотреть модели',
    ];
    for (const name of tractors) {
      await page.keyboard.press('Tab');
      await expect.poll(() => focus(page)).toBe(`subcategories: ${name}`);
    }
    // Then the next category, and its subcategories.
    await page.keyboard.press('Tab');
    await expect.poll(() => focus(page)).toBe('categories: Зерноуборочные комбайны');
    await page.keyboard.press('Tab');
    await expect.poll(() => focus(page)).toBe('subcategories: Роторные комбайны');

    // Back: the category, then the previous category's subcategories from their last link.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focus(page)).toBe('categories: Зерноуборочные комбайны');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focus(page)).toBe('subcategories: Смотреть модели');
    await expect(page.getByTestId('catalog-column-1').getByRole('link', { name: 'Колёсные тракторы' })).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focus(page)).toBe('subcategories: Шины и колёса');
    await expect(menu).toBeVisible();

    // Enter on a subcategory follows its link.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/catalog\/shiny-i-kolesa$/);
    await expect(menu).toBeHidden();
  });

  test('a hovered category still shows its subcategories (spec §2)', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Каталог техники' }).click();
    const menu = page.getByTestId('catalog-menu');
    await menu.getByRole('link', { name: 'Кормоуборочная техника' }).first().hover();
    await expect(page.getByTestId('catalog-column-1').locator(':scope > li')).toHaveCount(2);
  });
});

test('contacts dropdown: Escape closes it and gives focus back to «Контакты»', async ({ page }) => {
  await page.goto('/');
  await pageSettled(page);
  const header = page.getByRole('banner');
  const toggle = header.getByRole('button', { name: 'Контакты' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const write = header.getByRole('button', { name: 'Написать нам' });
  await expect(write).toBeVisible();
  // From inside the panel too.
  await write.focus();
  await page.keyboard.press('Escape');
  await expect(write).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(write).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(write).toBeHidden();
  await expect(toggle).toBeFocused();
});

test.describe('mobile menu by keyboard @mobile', () => {
  test('Tab and Shift+Tab cycle inside the open menu; Escape closes it onto the burger', async ({ page }) => {
    await page.goto('/');
    await pageSettled(page);
    const burger = page.getByRole('button', { name: 'Открыть меню' });
    await burger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Мобильное меню' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Меню' })).toHaveAttribute('aria-modal', 'true');

    const inMenu = () => menu.evaluate((nav) => nav.contains(document.activeElement));
    const focusables = await menu.locator('a[href], button').count();
    // Twice round the whole menu: focus never leaves it.
    for (let i = 0; i < focusables * 2 + 1; i++) {
      await page.keyboard.press('Tab');
      expect(await inMenu(), `after Tab #${i + 1}`).toBe(true);
    }
    await menu.getByRole('link', { name: 'Войти' }).focus();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('button', { name: 'Закрыть меню' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(menu.getByRole('link', { name: 'Войти' })).toBeFocused();
    for (let i = 0; i < focusables + 1; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inMenu(), `after Shift+Tab #${i + 1}`).toBe(true);
    }

    // A deeper level cycles within itself as well.
    await menu.getByRole('button', { name: 'Каталог техники' }).focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('button', { name: 'Назад' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(menu.getByRole('button', { name: 'Прочая техника' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('button', { name: 'Назад' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(burger).toBeFocused();
  });
});
