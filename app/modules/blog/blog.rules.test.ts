import { describe, expect, it } from 'vitest';
import {
  absoluteLinks, articleGuid, articleJsonLd, blogListLink, dateToMoscowLocal, formatArticleDate, moscowLocalToDate, rssXml, slugFromTitle, type FeedItem,
} from './blog.rules.ts';
import type { ArticleView } from './blog.schema.ts';

const card: FeedItem = {
  id: 42, title: 'Уборка & сев <2026>', slug: 'uborka', link: '/blog/sovety/uborka', lead: 'Анонс ]]> с концом CDATA',
  blogType: { id: 4, slug: 'sovety', name: 'Советы специалистов', link: '/blog/sovety' },
  tags: [{ id: 1, slug: 'uborka', name: 'Уборочная кампания' }], publishedAt: '2026-11-20T06:00:00.000Z', regions: [],
  image: { avifSrcSet: '', webpSrcSet: '', src: '/images/banners/traktory.jpg', width: 640, height: 560, alt: 'Трактор' },
  bodyHtml: '<p><a href="/catalog">Каталог</a> <img src="/media/images/x/640.webp"> <a href="https://other.example/">внешняя</a></p>', authorName: '',
};

describe('addresses', () => {
  it('writes a list\'s filters into its query, page 1 and empty filters not at all', () => {
    expect(blogListLink(null)).toBe('/blog');
    expect(blogListLink('sovety', { tag: 'uborka', region: 4067, page: 2 })).toBe('/blog/sovety?tag=uborka&region=4067&page=2');
    expect(blogListLink(null, { tag: null, page: 1 })).toBe('/blog');
  });

  it('makes a slug from a Russian title', () => {
    expect(slugFromTitle('Уборочная-2026: как подготовить комбайн?')).toBe('uborochnaya-2026-kak-podgotovit-kombajn');
    expect(slugFromTitle('Щётки и ёмкости')).toBe('schetki-i-emkosti');
    expect(slugFromTitle('!!!')).toBe('');
  });

  it('reads the editor\'s Moscow time and writes it back', () => {
    expect(moscowLocalToDate('2026-11-28T12:30').toISOString()).toBe('2026-11-28T09:30:00.000Z');
    expect(dateToMoscowLocal('2026-11-28T09:30:00.000Z')).toBe('2026-11-28T12:30');
    expect(formatArticleDate('2026-11-20T22:00:00.000Z')).toBe('21 ноября 2026');
  });
});

describe('the feed', () => {
  const xml = rssXml([card], { origin: 'https://shop.example', siteName: 'Агротехника', description: 'Новости', builtAt: new Date('2026-11-28T10:00:00Z') });

  it('is RSS 2.0 with the namespaces Dzen reads, escaped text and CDATA that cannot be closed early', () => {
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:content="http:\/\/purl.org\/rss\/1.0\/modules\/content\/"/);
    expect(xml).toContain('xmlns:media="http://search.yahoo.com/mrss/"');
    expect(xml).toContain('<title>Уборка &amp; сев &lt;2026&gt;</title>');
    expect(xml).toContain('<description><![CDATA[Анонс ]]]]><![CDATA[> с концом CDATA]]></description>');
    expect(xml).toContain('<media:rating scheme="urn:simple">nonadult</media:rating>');
    expect(xml).toContain('<category>format-article</category>');
    expect(xml).toContain('<pubDate>Fri, 20 Nov 2026 06:00:00 GMT</pubDate>');
    expect(xml).toContain('<enclosure url="https://shop.example/images/banners/traktory.jpg" type="image/jpeg"/>');
  });

  it('has a guid of the article\'s number, not of its address', () => {
    expect(xml).toContain('<guid isPermaLink="false">shop.example/blog/42</guid>');
    expect(articleGuid('https://shop.example', 42)).toBe(articleGuid('https://shop.example', 42));
    expect(rssXml([{ ...card, slug: 'novyj', link: '/blog/novosti/novyj', title: 'Новый заголовок' }], { origin: 'https://shop.example', siteName: 'А', description: 'Н', builtAt: new Date() }))
      .toContain('<guid isPermaLink="false">shop.example/blog/42</guid>');
  });

  it('makes the site\'s links in the text absolute and leaves others alone', () => {
    expect(absoluteLinks(card.bodyHtml, 'https://shop.example')).toBe(
      '<p><a href="https://shop.example/catalog">Каталог</a> <img src="https://shop.example/media/images/x/640.webp"> <a href="https://other.example/">внешняя</a></p>',
    );
  });
});

describe('structured data', () => {
  it('is a schema.org Article with absolute addresses from the public origin', () => {
    const article: ArticleView = { ...card, metaDescription: '', updatedAt: '2026-11-21T06:00:00.000Z', models: [], parts: [], categories: [] };
    expect(articleJsonLd(article, 'https://shop.example', 'Агротехника')).toMatchObject({
      '@context': 'https://schema.org', '@type': 'Article', headline: card.title, description: card.lead,
      url: 'https://shop.example/blog/sovety/uborka', image: ['https://shop.example/images/banners/traktory.jpg'],
      datePublished: card.publishedAt, dateModified: '2026-11-21T06:00:00.000Z', keywords: 'Уборочная кампания',
      publisher: { '@type': 'Organization', name: 'Агротехника' },
    });
    expect(articleJsonLd({ ...article, blogType: { ...article.blogType, slug: 'novosti' } }, 'https://shop.example', 'А')['@type']).toBe('NewsArticle');
  });
});
