import { createAccount, csrfToken, latestOutboxBody, signIn, unique } from './accounts-helpers.ts';
import { expect, pageSettled, shot, test } from './fixtures.ts';

/*
 * Vacancies (ADR 092): the header's, footer's and phone menu's 'Вакансии' lead to /vacancies; a
 * visitor filters the list, opens a vacancy (its JobPosting and canonical address), is refused an
 * executable renamed .pdf, applies with a PDF CV; HR's letter and his confirmation are in the outbox;
 * the branch's HR sees the application in the back-office, downloads the CV and takes it into
 * review; a content editor writes a vacancy as a draft and publishes it. At 1280 px and 375 px.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = (() => { const b = Buffer.alloc(512); b.set([0x4d, 0x5a, 0x90, 0x00]); b.set([0x50, 0x45, 0, 0], 128); b[60] = 128; return b; })();

test('the header, the footer and the phone menu lead to /vacancies, which answers', async ({ page, isMobile }) => {
  await page.goto('/');
  await pageSettled(page);
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'Вакансии', exact: true })).toHaveAttribute('href', '/vacancies');
  if (isMobile) {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const link = page.getByRole('navigation', { name: 'Мобильное меню' }).getByRole('link', { name: 'Вакансии', exact: true });
    await expect(link).toHaveAttribute('href', '/vacancies');
    await link.click();
  } else {
    const link = page.locator('header').getByRole('link', { name: 'Вакансии', exact: true });
    await expect(link).toHaveAttribute('href', '/vacancies');
    await link.click();
  }
  await expect(page).toHaveURL(/\/vacancies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Вакансии' })).toBeVisible();
  // Served from the page cache like the blog's pages (the same address again is a kept page). An
  // editor's publication in another journey empties the cache meanwhile: asked again, it is kept.
  for (const path of ['/vacancies', '/vacancies/smolensk', '/vacancies/smolensk/inzhener-servisa-smolensk']) {
    expect((await page.request.get(path)).status(), path).toBe(200);
    await expect.poll(async () => (await page.request.get(path)).headers()['x-page-cache'], { message: path }).toBe('hit');
  }
  expect((await page.request.get('/vacancies/nowhere')).status()).toBe(404);
  expect((await page.request.get('/vacancies/smolensk/no-such-vacancy')).status()).toBe(404);
  expect((await page.request.get('/vacancies?city=%D0%9C%D0%B0%D1%80%D1%81')).status()).toBe(404);
});

test('a visitor applies to a vacancy with a PDF CV: the letters are in the outbox and the branch\'s HR works the application', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const id = unique(testInfo);
  await page.goto('/vacancies');
  await pageSettled(page);
  await expect(page.getByTestId('vacancies-list').getByRole('heading', { level: 2, name: 'Динская' })).toBeVisible();
  await shot(page, testInfo, 'vacancies');

  // The direction's chip, then the vacancy.
  await page.getByRole('list', { name: 'Направления' }).getByRole('link', { name: /Сервис и ремонт/ }).click();
  await expect(page).toHaveURL(/direction=servis/);
  await expect(page.getByText('Направление: Сервис и ремонт')).toBeVisible();
  await page.getByRole('link', { name: 'Механик по ремонту комбайнов' }).click();
  await expect(page).toHaveURL(/\/vacancies\/krasnodar\/mehanik-kombajnov-krasnodar$/);
  const vacancy = page.getByTestId('vacancy');
  await expect(vacancy.getByRole('heading', { level: 1 })).toHaveText('Механик по ремонту комбайнов');
  await expect(vacancy).toContainText('80 000 – 120 000 руб.');
  await expect(vacancy.getByRole('heading', { level: 2, name: 'Обязанности' })).toBeVisible();
  const lds = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
  const ld = lds.find((l) => l['@type'] === 'JobPosting');
  expect(ld).toMatchObject({ '@type': 'JobPosting', title: 'Механик по ремонту комбайнов', employmentType: 'FULL_TIME' });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/vacancies\/krasnodar\/mehanik-kombajnov-krasnodar$/);
  await shot(page, testInfo, 'vacancy');

  const form = page.getByTestId('apply');
  await form.getByLabel('Ваше имя').fill('Сергей Комбайнов');
  await form.getByLabel('Номер телефона').pressSequentially('9205554433');
  const email = `applicant-${id}@agro.test`;
  await form.getByLabel('E-mail (необязательно)').fill(email);
  await form.getByLabel('Сопроводительное письмо').fill('Ремонтирую комбайны Acros и Torum восемь лет');
  await form.getByRole('checkbox', { name: /Согласен на обработку персональных данных/ }).check();
  // An executable under a CV's name is refused by its content, with the file's name.
  await form.locator('input[type="file"]').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: EXE });
  await form.getByRole('button', { name: 'Отправить отклик' }).click();
  await expect(form.getByText('Файл «resume.pdf» не похож на резюме: принимаются PDF, DOC, DOCX, RTF и ODT. Проверьте, что файл не переименован из другого формата')).toBeVisible();
  // The real CV.
  await form.getByRole('button', { name: 'Убрать файл resume.pdf' }).click();
  await form.locator('input[type="file"]').setInputFiles({ name: 'Комбайнов резюме.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByText('Комбайнов резюме.pdf')).toBeVisible();
  await shot(page, testInfo, 'vacancy-apply');
  await form.getByRole('button', { name: 'Отправить отклик' }).click();
  const thanks = form.getByRole('status');
  await expect(thanks).toHaveText(/^Отклик № \d+ на вакансию «Механик по ремонту комбайнов» отправлен в филиал «Краснодар \(Динская\)»\. Специалист по персоналу свяжется с вами; подтверждение отправлено на ваш e-mail\.$/);
  const number = /№ (\d+)/.exec((await thanks.textContent())!)![1]!;

  const hrLetter = await latestOutboxBody(page.request, 'hr.krasnodar@agrotechnika.example');
  expect(hrLetter).toContain('Отклик на вакансию «Механик по ремонту комбайнов» (филиал «Краснодар (Динская)»).');
  expect(hrLetter).toContain('Имя: Сергей Комбайнов');
  expect(hrLetter).toContain(`/admin/vacancies/applications/${number}`);
  const confirmation = await latestOutboxBody(page.request, email);
  expect(confirmation).toContain(`Мы получили ваш отклик № ${number} на вакансию «Механик по ремонту комбайнов»`);

  // The branch's HR, in a browser of his own.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, isMobile });
  const hr = await context.newPage();
  try {
    const hrEmail = `hr-${id}@agro.test`;
    await createAccount(hr.request, hrEmail, 'secret1', 'Мария Кадровик');
    const granted = await hr.request.post('/__test/role', { headers: { 'X-CSRF-Token': await csrfToken(hr) }, data: { email: hrEmail, role: 'branch_manager', branchId: 2 } });
    expect(granted.ok(), await granted.text()).toBe(true);
    const signedIn = await hr.request.post('/api/auth/authorize', { headers: { 'X-CSRF-Token': await csrfToken(hr) }, data: { type: 'email', props: { email: hrEmail, password: 'secret1' } } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);

    await hr.goto('/admin');
    await hr.getByRole('navigation', { name: 'Разделы бэк-офиса' }).getByRole('link', { name: 'Вакансии' }).click();
    await expect(hr.getByRole('heading', { level: 1, name: 'Вакансии' })).toBeVisible();
    await hr.getByRole('link', { name: 'Отклики соискателей' }).click();
    await expect(hr.getByRole('heading', { level: 1, name: 'Отклики на вакансии' })).toBeVisible();
    const row = hr.getByTestId('application-row').filter({ hasText: `№ ${number}` });
    await expect(row).toContainText('Сергей Комбайнов');
    await expect(row).toContainText('Механик по ремонту комбайнов');
    await expect(row).toContainText('Новый');
    await shot(hr, testInfo, 'admin-applications');
    await row.getByRole('link', { name: `№ ${number}` }).click();
    await expect(hr.getByRole('heading', { level: 1 })).toHaveText(`Отклик № ${number}: Механик по ремонту комбайнов`);
    const download = hr.getByRole('link', { name: 'Скачать резюме «Комбайнов резюме.pdf»' });
    const cv = await hr.request.get((await download.getAttribute('href'))!);
    expect(cv.status()).toBe(200);
    expect(cv.headers()['content-type']).toBe('application/pdf');
    expect(cv.headers()['content-disposition']).toContain('attachment');
    expect(Buffer.from(await cv.body()).equals(PDF)).toBe(true);
    await hr.getByRole('button', { name: 'Взять на рассмотрение' }).click();
    await expect(hr.getByRole('status')).toHaveText('Состояние отклика изменено');
    await expect(hr.getByTestId('application-status')).toHaveText('На рассмотрении');
    await shot(hr, testInfo, 'admin-application');
  } finally {
    await context.close();
  }
  // Nobody else gets the CV.
  expect((await page.request.get(`/admin/vacancies/applications/${number}/cv`)).status()).toBe(403);
});

test('a content editor writes a vacancy as a draft, publishes it, and visitors find it in its city', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const id = unique(testInfo);
  await signIn(page, `vacancy-editor-${id}@agro.test`, 'Ольга Редактор', 'content_editor');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Разделы бэк-офиса' }).getByRole('link', { name: 'Вакансии' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Вакансии' })).toBeVisible();
  // Applications are HR's, not an editor's.
  await expect(page.getByRole('link', { name: 'Отклики соискателей' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Новая вакансия' }).click();
  await page.getByLabel('Филиал').selectOption({ label: 'Воронеж' });
  await page.getByLabel('Направление').selectOption({ label: 'Запчасти и склад' });
  const title = `Водитель погрузчика ${id}`;
  await page.getByLabel('Название').fill(title);
  await page.getByLabel('Зарплата от').fill('55 000');
  await page.getByLabel('Обязанности').fill('Погрузка и разгрузка запчастей\nУчёт на складе');
  await page.getByRole('button', { name: 'Сохранить черновик' }).click();
  await expect(page.getByRole('status')).toHaveText('Черновик сохранён');
  await expect(page.getByTestId('vacancy-state')).toContainText('Черновик');
  const slug = `voditel-pogruzchika-${id}`;
  expect((await page.request.get(`/vacancies/voronezh/${slug}`)).status()).toBe(404);
  await shot(page, testInfo, 'admin-vacancy');

  // The notice sits over the form's buttons on a phone: closed first.
  await page.getByRole('button', { name: 'Закрыть уведомление' }).click();
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.getByRole('status')).toHaveText('Вакансия опубликована');
  await page.getByRole('link', { name: 'Открыть на сайте' }).click();
  await expect(page).toHaveURL(new RegExp(`/vacancies/voronezh/${slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('vacancy')).toContainText('от 55 000 руб.');
  await page.goto('/vacancies?city=%D0%92%D0%BE%D1%80%D0%BE%D0%BD%D0%B5%D0%B6');
  await expect(page.getByTestId('vacancies-list').getByRole('link', { name: title })).toBeVisible();
});
