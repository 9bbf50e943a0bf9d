import type { ArticleCard, ArticleView } from './blog.schema.ts';

/*
 * The blog's addresses, its feed and its structured data (ADR 089): pure functions of what the
 * server read, so the pages, the feed and the tests agree.
 */

export const BLOG_PATH = '/blog';
export const BLOG_TITLE = 'Агроновости';

/** An article's page. */
export function articleLink(typeSlug: string, slug: string): string {
  return `${BLOG_PATH}/${typeSlug}/${slug}`;
}

/** A list's address: all articles or one type's, with its filters; page 1 and no filter write nothing. */
export function blogListLink(typeSlug: string | null, filters: { tag?: string | null; region?: number | null; page?: number } = {}): string {
  const query = new URLSearchParams();
  if (filters.tag) query.set('tag', filters.tag);
  if (filters.region) query.set('region', String(filters.region));
  if (filters.page && filters.page > 1) query.set('page', String(filters.page));
  const search = query.toString();
  return `${typeSlug ? `${BLOG_PATH}/${typeSlug}` : BLOG_PATH}${search ? `?${search}` : ''}`;
}

const DAY = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });

/** '12 марта 2026' (Moscow time: the shop's dates). */
/** A related model's or part's chip in the article editor's picker: its name and its number. */
export function relatedChipLabel(name: string, code: string): string {
  return `${name} (${code})`;
}

export function formatArticleDate(iso: string): string {
  return DAY.format(new Date(iso)).replace(/\s*г\.$/, '');
}

/** The editor's 'YYYY-MM-DDTHH:MM' in Moscow time (UTC+3 all year) as an instant, and back. */
export function moscowLocalToDate(local: string): Date {
  return new Date(`${local}:00+03:00`);
}
export function dateToMoscowLocal(date: Date | string): string {
  const ms = new Date(date).getTime() + 3 * 3_600_000;
  return new Date(ms).toISOString().slice(0, 16);
}

/** A slug from a Russian title: transliterated, lower case, dashes (the editor may change it). */
export function slugFromTitle(title: string): string {
  const map: Record<string, string> = {
    а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'j', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
    п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  };
  const latin = [...title.toLowerCase()].map((ch) => map[ch] ?? ch).join('');
  return latin.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '');
}

function absolute(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin}${path}`;
}

/** schema.org `Article` (NewsArticle for news) of an article's page, with absolute addresses from PUBLIC_ORIGIN. */
export function articleJsonLd(article: ArticleView, origin: string, siteName: string): Record<string, unknown> {
  const url = absolute(origin, article.link);
  return {
    '@context': 'https://schema.org',
    '@type': article.blogType.slug === 'novosti' || article.blogType.slug === 'agronovosti' ? 'NewsArticle' : 'Article',
    headline: article.title,
    description: article.metaDescription || article.lead,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    ...(article.image ? { image: [absolute(origin, article.image.src)] } : {}),
    articleSection: article.blogType.name,
    ...(article.tags.length ? { keywords: article.tags.map((t) => t.name).join(', ') } : {}),
    inLanguage: 'ru-RU',
    author: article.authorName ? { '@type': 'Person', name: article.authorName } : { '@type': 'Organization', name: siteName, url: origin },
    publisher: { '@type': 'Organization', name: siteName, url: origin, logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` } },
  };
}

export function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);
}

/** Text inside CDATA: the one sequence that would end it is split. */
function cdata(value: string): string {
  return `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** Site paths in an article's HTML made absolute (a feed reader has no base address). */
export function absoluteLinks(html: string, origin: string): string {
  return html.replace(/(\s(?:href|src)=")(\/(?!\/)[^"]*)"/g, (_m, attr: string, path: string) => `${attr}${origin}${path}"`);
}

/** A stable `guid` of an article: its number, which neither a new title nor a new address changes. */
export function articleGuid(origin: string, id: number): string {
  return `${new URL(origin).host}/blog/${id}`;
}

export interface FeedItem extends ArticleCard { bodyHtml: string; authorName: string }

/**
 * The RSS 2.0 feed at /blog/rss.xml in the form news aggregators read (Yandex Dzen: full text in
 * `content:encoded`, `media:rating`, the cover as `enclosure`, `format-article`/`index` categories;
 * a stable `guid` that is not a permalink).
 */
export function rssXml(items: readonly FeedItem[], options: { origin: string; siteName: string; description: string; builtAt: Date }): string {
  const { origin, siteName } = options;
  const entries = items.map((a) => {
    const link = absolute(origin, a.link);
    const image = a.image ? absolute(origin, a.image.src) : null;
    const imageType = image?.endsWith('.webp') ? 'image/webp' : image?.endsWith('.svg') ? 'image/svg+xml' : image?.endsWith('.png') ? 'image/png' : 'image/jpeg';
    const body = a.bodyHtml ? absoluteLinks(a.bodyHtml, origin) : `<p>${escapeXml(a.lead)}</p>`;
    return [
      '    <item>',
      `      <title>${escapeXml(a.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="false">${escapeXml(articleGuid(origin, a.id))}</guid>`,
      `      <pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate>`,
      `      <author>${escapeXml(a.authorName || siteName)}</author>`,
      '      <media:rating scheme="urn:simple">nonadult</media:rating>',
      `      <category>${escapeXml(a.blogType.name)}</category>`,
      ...a.tags.map((t) => `      <category>${escapeXml(t.name)}</category>`),
      '      <category>format-article</category>',
      '      <category>index</category>',
      '      <category>comment-all</category>',
      ...(image ? [`      <enclosure url="${escapeXml(image)}" type="${imageType}"/>`] : []),
      `      <description>${cdata(a.lead)}</description>`,
      `      <content:encoded>${cdata(image ? `<figure><img src="${escapeXml(image)}" alt="${escapeXml(a.image!.alt)}"/></figure>${body}` : body)}</content:encoded>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(`${BLOG_TITLE} — ${siteName}`)}</title>`,
    `    <link>${escapeXml(`${origin}${BLOG_PATH}`)}</link>`,
    `    <description>${escapeXml(options.description)}</description>`,
    '    <language>ru</language>',
    `    <lastBuildDate>${options.builtAt.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${origin}${BLOG_PATH}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
