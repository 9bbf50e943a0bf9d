import { expect, test, type Locator, type Page } from '@playwright/test';
import { interLoaded, pageSettled, scrollAndSettle, recordLayoutShift, layoutShift } from './fixtures.ts';

// A new visitor (region unconfirmed): the plain Playwright test, without the fixture that confirms it.

const question = (page: Page) => page.getByRole('dialog', { name: 'Подтверждение региона' });

/** The element the pointer lands on at the centre of `target` is the target itself or inside it. */
async function expectOnTop(target: Locator, name: string) {
  await expect(target, name).toBeVisible();
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { ok: !!top && (top === el || el.contains(top)), top: top ? `${top.tagName}.${top.className}` : 'nothing' };
  });
  expect(hit.ok, `${name}: covered by ${hit.top}`).toBe(true);
}

/** The header's controls the question must never cover, at the project's width. */
function headerControls(page: Page, mobile: boolean): [string, Locator][] {
  const header = page.getByRole('banner');
  return [
    ['logo', header.getByRole('link', { name: 'Агротехника — на главную' })],
    mobile
      ? ['menu (the catalogue on a phone)', header.getByRole('button', { name: 'Открыть меню' })]
      : ['catalogue button', header.getByRole('button', { name: 'Каталог техники' })],
    mobile
      ? ['search', header.getByPlaceholder('Искать в каталоге или на сайте')]
      : ['search', header.getByRole('button', { name: 'Поиск по технике, запчастям и артикулам' })],
    ['region button', page.getByTestId(`region-button-${mobile ? 'mobile' : 'desktop'}`)],
  ];
}

test('the region question covers none of the header\'s controls', async ({ page, isMobile }) => {
  await page.goto('/');
  await expect(question(page)).toContainText('Ваш регион Смоленская область?');
  await pageSettled(page);

  for (const [name, control] of headerControls(page, isMobile)) await expectOnTop(control, name);
  // Every other visible control of the header is free too, and so are the question's own answers.
  const controls = page.getByRole('banner').locator('a[href], button, input');
  for (const control of await controls.all()) {
    if (await control.isVisible()) await expectOnTop(control, (await control.getAttribute('aria-label')) ?? (await control.innerText()));
  }

  // It sits under the row of the region button, its notch pointing at it, and takes the header's width.
  const regionButton = page.getByTestId(`region-button-${isMobile ? 'mobile' : 'desktop'}`);
  const [button, bar, header] = await Promise.all([regionButton.boundingBox(), question(page).boundingBox(), page.getByRole('banner').boundingBox()]);
  expect(bar!.y).toBeGreaterThanOrEqual(button!.y + button!.height);
  expect(bar!.y + bar!.height).toBeLessThanOrEqual(header!.y + header!.height);
  expect(bar!.width).toBeGreaterThanOrEqual(header!.width - 1);
});

test('the question is part of the first HTML, so its arrival shifts nothing', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('aria-label="Подтверждение региона"');
  // A print view never asks (spec §2).
  expect(await (await request.get('/?to_print=1')).text()).not.toContain('Подтверждение региона');

  await recordLayoutShift(page);
  await page.goto('/');
  await expect(question(page)).toBeVisible();
  // The footer shows 2 s after the load event (spec §9), which a loaded machine delays.
  await expect(page.getByTestId('site-footer')).toHaveAttribute('data-visible', 'true', { timeout: 10_000 });
  await interLoaded(page);
  expect(await layoutShift(page)).toBeLessThan(0.01);
});

test('on a phone the question hides and comes back with the header @mobile', async ({ page }) => {
  await page.goto('/documents/policy-privacy');
  await expect(question(page)).toBeVisible();
  await pageSettled(page);
  const banner = page.getByRole('banner');
  const height = await banner.evaluate((h) => (h as HTMLElement).offsetHeight);

  await scrollAndSettle(page, height + 300);
  await expect(banner).toHaveAttribute('data-mobile-hidden', 'true');
  // Entirely out of view, not half of it left on the page.
  await expect.poll(() => question(page).evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);

  await scrollAndSettle(page, height + 150);
  await expect(banner).not.toHaveAttribute('data-mobile-hidden');
  await expect.poll(() => question(page).evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(0);
  await expectOnTop(question(page).getByRole('button', { name: 'Да' }), 'Да');
});

test('Escape from the question\'s buttons closes it without an answer; Escape elsewhere leaves it', async ({ page, isMobile }) => {
  await page.goto('/');
  await pageSettled(page);
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeVisible();

  await question(page).getByRole('button', { name: 'Нет, указать' }).focus();
  await page.keyboard.press('Escape');
  await expect(question(page)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Выберите свой регион' })).toHaveCount(0);
  // Unanswered, so it asks again on the next page.
  await page.reload();
  await expect(question(page)).toBeVisible();
  await expect(page.getByTestId(`region-button-${isMobile ? 'mobile' : 'desktop'}`)).toHaveText('Смоленская область');
});
