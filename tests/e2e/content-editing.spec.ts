import type { Browser } from '@playwright/test';
import { createAccount, csrfToken, signIn, unique } from './accounts-helpers.ts';
import { expect, shot, test } from './fixtures.ts';

/*
 * Editing what the shop shows (ADR 081): a content editor changes a page and a promotion, a branch
 * manager his branch's hours; each is a draft the visitors do not see until it is published, then
 * visitors see it on their next page; the audit log has it. Desktop and phone edit different
 * things, since they run at the same time on one database.
 */

/** A visitor who is not signed in, in a browser context of his own. */
async function guest(browser: Browser, isMobile: boolean) {
  const context = await browser.newContext(isMobile ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

test('a content editor changes a page: the draft is previewed, visitors see it once published, the audit log keeps it', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(60_000);
  const id = unique(testInfo);
  // The desktop run edits /servis, the phone run /finansirovanie.
  const [label, path] = isMobile ? ['Финансирование', '/finansirovanie'] : ['Сервис', '/servis'];
  await signIn(page, `editor-${id}@agro.test`, 'Ольга Редактор', 'content_editor');

  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Разделы бэк-офиса' });
  await expect(nav.getByRole('link')).toHaveText(['Сводка', 'Страницы и акции', 'Статьи и новости', 'Вакансии', 'Анкеты']);
  await nav.getByRole('link', { name: 'Страницы и акции' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Страницы сайта' })).toBeVisible();
  await page.getByTestId('page-row').getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible();

  const lead = page.getByLabel('Вводный абзац');
  const marker = `Проверка редактора ${id}.`;
  await lead.fill(`${await lead.inputValue()} ${marker}`);
  const body = page.getByLabel('Текст страницы (HTML)');
  await body.fill(`${await body.inputValue()}\n<p>Новый абзац ${id}</p><script>window.hacked = 1</script><p onclick="alert(1)">Кликни</p>`);
  await page.getByRole('button', { name: 'Сохранить черновик и показать' }).click();
  await expect(page.getByRole('status')).toHaveText('Черновик сохранён. Предпросмотр показывает, как его увидят посетители.');
  await expect(page.getByRole('alert')).toContainText('Часть разметки удалена');
  await expect(page.getByTestId('draft-note')).toContainText('Ольга Редактор');
  const preview = page.getByTestId('preview');
  await expect(preview).toContainText(marker);
  await expect(preview).toContainText(`Новый абзац ${id}`);
  await expect(page.getByLabel('Текст страницы (HTML)')).not.toHaveValue(/script|onclick/);
  await shot(page, testInfo, 'content-draft');

  // The draft is the editor's: visitors still see the published page.
  const visitor = await guest(browser, isMobile);
  await visitor.goto(path);
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.locator('main')).not.toContainText(marker);

  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.getByRole('status')).toHaveText('Опубликовано: посетители уже видят изменения.');
  await expect(page.getByTestId('draft-note')).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.locator('main')).toContainText(marker);
  await expect(visitor.locator('main')).toContainText(`Новый абзац ${id}`);
  expect(await visitor.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  await visitor.context().close();

  await page.getByRole('link', { name: 'История изменений' }).click();
  // A content editor does not read the audit log: the link is for those who do.
  await expect(page.getByRole('heading', { level: 1, name: 'Доступ запрещён' })).toBeVisible();
});

test('a promotion is scheduled, then published for today, then taken off the site @server-logic', async ({ page, browser }, testInfo) => {
  test.setTimeout(60_000);
  const id = unique(testInfo);
  await signIn(page, `promo-${id}@agro.test`, 'Ольга Редактор', 'content_editor');
  await page.goto('/admin/content/promotions');
  await page.getByRole('link', { name: 'Новая акция' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Новая акция' })).toBeVisible();

  const title = `Скидка на фильтры ${id}`;
  await page.getByLabel('Название').fill(title);
  await page.getByLabel('Условия').fill('Минус 10 % на масляные и топливные фильтры при заказе от пяти штук.');
  await page.getByLabel('Метка').fill('−10 %');
  await page.getByLabel('Ссылка').fill('//evil.example/phish');
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('Начало').fill(tomorrow);
  await page.getByLabel('Последний день').fill(today);
  await page.getByRole('button', { name: 'Опубликовать акцию' }).click();
  await expect(page.getByText('Ссылка должна вести на страницу сайта (начинаться с /) или на адрес https://')).toBeVisible();
  await expect(page.getByText('Акция не может закончиться раньше, чем начнётся')).toBeVisible();
  await expect(page.getByLabel('Название')).toHaveValue(title);

  await page.getByLabel('Ссылка').fill('/zapchasti');
  // A text file named as a picture is refused by its content, and nothing is saved.
  await page.getByLabel('Картинка').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('это не картинка') });
  await page.getByRole('button', { name: 'Сохранить черновик и показать' }).click();
  await expect(page.getByText('Это не изображение: подойдут JPEG, PNG, WebP или AVIF')).toBeVisible();
  await page.getByLabel('Картинка').setInputFiles('public/images/banners/traktory.jpg');
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Последний день').fill(inAWeek);
  await page.getByRole('button', { name: 'Опубликовать акцию' }).click();
  await expect(page.getByRole('status')).toHaveText('Опубликовано: посетители видят акцию с даты начала по последний день.');
  await expect(page.getByText(/^Запланирована/)).toBeVisible();
  await shot(page, testInfo, 'promotion-scheduled');

  const visitor = await guest(browser, false);
  await visitor.goto('/akcii');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);

  await page.getByLabel('Начало').fill(today);
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.getByText(/^Идёт/)).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('link', { name: title })).toHaveAttribute('href', '/zapchasti');
  // Its picture, served as AVIF or WebP in the widths made from the upload.
  const picture = visitor.getByRole('article').filter({ hasText: title }).locator('img');
  await expect(picture).toHaveAttribute('src', /^\/media\/images\/[0-9a-f]{32}\/\d+\.webp$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.getByText('Снять акцию с сайта', { exact: true }).click();
  await page.getByRole('dialog', { name: 'Снять акцию с сайта?' }).getByRole('button', { name: 'Снять с сайта' }).click();
  await expect(page.getByRole('status')).toHaveText('Акция снята с сайта.');
  await expect(page.getByTestId('promotion-row').filter({ hasText: title })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByText(title)).toHaveCount(0);
  await visitor.context().close();
});

test('a branch manager changes his branch\'s hours and sees them on the contacts page; requisites are checked; another branch is not his', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(60_000);
  const id = unique(testInfo);
  // Branches of their own for each run: Брянск (desktop) and Пенза (phone) in the demo.
  const branchId = isMobile ? 12 : 11;
  const email = `manager-${id}@agro.test`;
  await createAccount(page.request, email, 'secret1', 'Игорь Руководитель');
  const granted = await page.request.post('/__test/role', { headers: { 'X-CSRF-Token': await csrfToken(page) }, data: { email, role: 'branch_manager', branchId } });
  expect(granted.ok(), await granted.text()).toBe(true);
  const signedIn = await page.request.post('/api/auth/authorize', { headers: { 'X-CSRF-Token': await csrfToken(page) }, data: { type: 'email', props: { email, password: 'secret1' } } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);

  await page.goto('/admin/branches');
  await expect(page.getByTestId('branch-row')).toHaveCount(1);
  const name = (await page.getByTestId('branch-row').getByRole('link').textContent())!;
  await page.getByTestId('branch-row').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);

  const hours = `Пн–Пт 07:00–19:00, Сб 09:00–14:00 (${id})`;
  await page.getByLabel('Часы работы').fill(hours);
  await page.getByLabel('ИНН').fill('7707083894');
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.getByText('ИНН — 10 или 12 цифр, контрольные цифры не сходятся')).toBeVisible();
  await expect(page.getByLabel('Часы работы')).toHaveValue(hours);

  await page.getByLabel('ИНН').fill('7707083893');
  await page.getByRole('button', { name: 'Сохранить черновик и показать' }).click();
  await expect(page.getByTestId('preview')).toContainText(hours);
  await shot(page, testInfo, 'branch-draft');
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.getByRole('status')).toHaveText('Опубликовано: посетители уже видят новые контакты.');

  const visitor = await guest(browser, isMobile);
  await visitor.goto('/contacts');
  await expect(visitor.getByTestId('branch-card').filter({ hasText: name }).first()).toContainText(hours);
  await visitor.context().close();

  // Another branch, by a guessed id, is not found; so is its form's action.
  const other = await page.goto(`/admin/branches/${branchId === 11 ? 12 : 11}`);
  expect(other?.status()).toBe(404);
});
