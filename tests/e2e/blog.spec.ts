import { resolve } from 'node:path';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { signIn, unique } from './accounts-helpers.ts';
import { confirmRegion, expect, look, test } from './fixtures.ts';

/*
 * Agro news and the blog (ADR 089): a visitor opens the blog from the header, filters it by a tag,
 * reads an article (its structured data and canonical address), the RSS feed is XML with the
 * article, and the model it is about lists it among its news; a content editor publishes an article with a cover and it appears in the list, under its
 * tag, in the region's news on the home page and in the feed. At 1280 px and 375 px.
 */

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  look(page, testInfo, `${name}-${testInfo.project.name}.png`, { fullPage: testInfo.project.name === 'desktop' });

/** The feed as the browser's own XML parser reads it: titles of its items, or the parser's complaint. */
async function feedTitles(page: Page): Promise<string[]> {
  const res = await page.request.get('/blog/rss.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const xml = await res.text();
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const error = doc.querySelector('parsererror');
    if (error) throw new Error(`RSS is not well-formed XML: ${error.textContent}`);
    if (doc.documentElement.nodeName !== 'rss' || doc.documentElement.getAttribute('version') !== '2.0') throw new Error('not RSS 2.0');
    return [...doc.querySelectorAll('channel > item')].map((item) => {
      const guid = item.querySelector('guid');
      if (!guid?.textContent || guid.getAttribute('isPermaLink') !== 'false') throw new Error('an item without its stable guid');
      return item.querySelector('title')!.textContent!;
    });
  }, xml);
}

async function guest(browser: Browser, isMobile: boolean) {
  const context = await browser.newContext(isMobile ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await confirmRegion(page);
  return page;
}

test('a visitor opens the blog from the header, filters it by a tag, reads an article, and the feed carries it', async ({ page, isMobile }, testInfo) => {
  await page.goto('/');
  if (isMobile) {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('navigation', { name: 'Мобильное меню' }).getByRole('link', { name: 'Агроинформация', exact: true }).click();
  } else {
    await page.getByRole('banner').getByRole('navigation', { name: 'Разделы сайта' }).getByRole('link', { name: 'Агроновости', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Агроновости');
  await expect(page).toHaveTitle('Агроновости: новости сельского хозяйства и техники — Агротехника');
  const list = page.getByTestId('blog-list');
  await expect(list.getByTestId('article-card').first()).toBeVisible();
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', /\/blog\/rss\.xml$/);
  await shot(page, testInfo, 'blog-list');

  // A tag narrows the list to its articles, and says so.
  await page.getByRole('list', { name: 'Темы' }).getByRole('link', { name: 'Уборочная кампания', exact: true }).click();
  await expect(page).toHaveURL(/\/blog\?tag=uborka$/);
  await expect(page.getByText('Тема: Уборочная кампания')).toBeVisible();
  const titles = await list.getByRole('heading', { level: 2 }).allTextContents();
  expect(titles).toContain('Уборочная-2026: как подготовить комбайн за три недели до выхода в поле');
  expect(titles).not.toContain('Кировец К-7М: обзор трактора нового поколения');

  // The article: its page, its head for search engines and link previews.
  await list.getByRole('link', { name: 'Уборочная-2026: как подготовить комбайн за три недели до выхода в поле' }).click();
  await expect(page).toHaveURL(/\/blog\/sovety\/uborochnaya-2026-kak-podgotovit-kombajn$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Уборочная-2026: как подготовить комбайн за три недели до выхода в поле');
  await expect(page.getByTestId('article-models').getByRole('link', { name: 'Torum 750' })).toBeVisible();
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(/^https?:\/\/[^/]+\/blog\/sovety\/uborochnaya-2026-kak-podgotovit-kombajn$/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
  expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Article', headline: 'Уборочная-2026: как подготовить комбайн за три недели до выхода в поле', url: canonical });
  await shot(page, testInfo, 'blog-article');

  expect(await feedTitles(page)).toContain('Уборочная-2026: как подготовить комбайн за три недели до выхода в поле');

  // The model the article is about shows it among its news.
  await page.getByTestId('article-models').getByRole('link', { name: 'Torum 750' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Torum 750');
  const modelNews = page.getByTestId('page-news');
  await expect(modelNews.getByRole('heading', { level: 2 })).toHaveText('Новости и статьи о модели');
  await expect(modelNews.getByRole('link', { name: 'Уборочная-2026: как подготовить комбайн за три недели до выхода в поле' })).toBeVisible();
});

test('an editor publishes an article with a cover: it is in the list, under its tag, in the region\'s news and in the feed', async ({ page, browser, isMobile }, testInfo) => {
  test.setTimeout(60_000);
  const id = unique(testInfo);
  const title = `Филиал в Смоленске принимает заявки на ТО ${id}`;
  await signIn(page, `blog-editor-${id}@agro.test`, 'Ольга Редактор', 'content_editor');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Разделы бэк-офиса' }).getByRole('link', { name: 'Статьи и новости' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Статьи и новости' })).toBeVisible();
  await page.getByRole('link', { name: 'Новая статья' }).click();

  await page.getByLabel('Раздел', { exact: true }).selectOption({ label: 'Новости компании' });
  await page.getByLabel('Заголовок').fill(title);
  await page.getByLabel('Анонс').fill('Запишите технику на предсезонное обслуживание заранее.');
  await page.getByLabel('Текст статьи (HTML)').fill('<p>Сервис филиала принимает заявки.</p><script>window.hacked = 1</script>');
  await page.getByLabel('Метки').fill('Сервис и ТО');
  await page.getByLabel('Регионы').selectOption({ label: 'Смоленская область' });
  await page.getByLabel('Обложка').setInputFiles(resolve(import.meta.dirname, '../../public/images/banners/traktory.jpg'));
  await page.getByLabel('Подпись к обложке').fill('Трактор на сервисе');
  // A draft first: visitors do not see it.
  await page.getByRole('button', { name: 'Сохранить черновик' }).click();
  await expect(page.getByRole('status')).toContainText('Сохранено.');
  await expect(page.getByRole('status')).toContainText('Часть разметки удалена');
  await expect(page.getByTestId('article-state')).toContainText('Черновик');
  const visitor = await guest(browser, isMobile);
  await visitor.goto('/blog/novosti');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Новости компании');
  await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);

  // The toast covers the form's bottom on a phone: the editor closes it, as a person would.
  await page.getByRole('button', { name: 'Закрыть уведомление' }).click();
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.getByRole('status')).toHaveText('Опубликовано: статья видна посетителям.');
  await expect(page.getByTestId('article-state')).toContainText('Опубликована');
  await shot(page, testInfo, 'blog-editor');

  // The list, the tag, the article with its uploaded cover in both formats.
  await visitor.goto('/blog');
  await expect(visitor.getByTestId('blog-list').getByRole('link', { name: title })).toBeVisible();
  await visitor.goto('/blog?tag=servis');
  await visitor.getByTestId('blog-list').getByRole('link', { name: title }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  const cover = visitor.locator('main figure picture').first();
  await expect(cover.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\/media\/images\/[0-9a-f]{32}\/\d+\.avif \d+w/);
  await expect(cover.locator('img')).toHaveAttribute('alt', 'Трактор на сервисе');
  expect(await visitor.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  await shot(visitor, testInfo, 'blog-published');

  // The home page of a visitor in that region shows it among the region's news.
  await visitor.goto('/');
  const news = visitor.getByTestId('home-news');
  await expect(news.getByRole('link', { name: title })).toBeVisible();
  await news.scrollIntoViewIfNeeded();
  await shot(visitor, testInfo, 'blog-home-news');

  expect(await feedTitles(visitor)).toContain(title);
  await visitor.context().close();
});
