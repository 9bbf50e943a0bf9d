import { keptPerDb } from '#app/.server/cache.ts';
import { now } from '#app/.server/clock.ts';
import type { AppServices, AudienceContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { pictureOf } from '#app/.server/files/image-variants.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { modelCards } from '#app/modules/catalog/cards.server.ts';
import { machineryMenu } from '#app/modules/catalog/catalog.server.ts';
import type { MachineryCategory } from '#app/modules/catalog/catalog.schema.ts';
import { partSummariesAt } from '#app/modules/parts/part-summary.server.ts';
import { currentLocation, regionDirectory } from '#app/modules/regions/regions.server.ts';
import { BLOG_PAGE_SIZE, RSS_ITEMS } from './blog.constants.ts';
import {
  countVisible, selectCards, selectFacetCounts, selectFeed, selectVisibleArticle, type ArticleFilter, type ArticleRow, type CardRow,
} from './blog.queries.server.ts';
import { articleLink, blogListLink, rssXml, type FeedItem } from './blog.rules.ts';
import type { ArticleCard, ArticleView, BlogTagView, BlogTypeView, NewsFilter, NewsPage, RelatedLink } from './blog.schema.ts';

/*
 * Agro news and the blog (ADR 089): the lists, the article's page, the feed, and the §7 news calls.
 * Types and tags are kept in memory (few, read on every card); articles are read per request by
 * their indexes, so a scheduled one appears when its time comes, and a page that shows them is kept
 * by the page cache, which a write to the blog's tables empties (ADR 070).
 */

interface BlogDirectory {
  types: BlogTypeView[];
  typeById: Map<number, BlogTypeView>;
  typeBySlug: Map<string, BlogTypeView>;
  tagById: Map<number, BlogTagView>;
  tagBySlug: Map<string, BlogTagView>;
}

const directoryKept = keptPerDb<BlogDirectory>({ readsFrom: ['blog_type', 'blog_tag'] });

function loadDirectory(db: DB): Promise<BlogDirectory> {
  return directoryKept.get(db, '', async () => {
    const [types, tags] = await Promise.all([
      db.selectFrom('blog_type').select(['id', 'slug', 'name']).orderBy('sort').orderBy('id').execute(),
      db.selectFrom('blog_tag').select(['id', 'slug', 'name']).orderBy('name').execute(),
    ]);
    const typeViews = types.map((t) => ({ id: t.id, slug: t.slug, name: t.name, link: blogListLink(t.slug) }));
    return {
      types: typeViews,
      typeById: new Map(typeViews.map((t) => [t.id, t])),
      typeBySlug: new Map(typeViews.map((t) => [t.slug, t])),
      tagById: new Map(tags.map((t) => [t.id, t])),
      tagBySlug: new Map(tags.map((t) => [t.slug, t])),
    };
  });
}

export function blogDirectory(services: AppServices): Promise<BlogDirectory> {
  return loadDirectory(services.db);
}

type Facets = Awaited<ReturnType<typeof selectFacetCounts>>;
/** The filters' counts: shared by every list page; a minute old at most (a scheduled article's time may come). */
const facetsKept = keptPerDb<Facets>({ readsFrom: ['blog_article'], maxAgeMs: 60_000 });

function coverOf(r: Pick<CardRow, 'cover_image_id' | 'cover_src' | 'cover_width' | 'cover_height' | 'cover_alt'>): ArticleCard['image'] {
  if (!r.cover_width || !r.cover_height) return null;
  if (r.cover_image_id) return { ...pictureOf({ id: r.cover_image_id, width: r.cover_width, height: r.cover_height }), alt: r.cover_alt };
  if (r.cover_src) return { avifSrcSet: '', webpSrcSet: '', src: r.cover_src, width: r.cover_width, height: r.cover_height, alt: r.cover_alt };
  return null;
}

const iso = (d: Date | string | null) => (d === null ? '' : new Date(d).toISOString());

async function toCards(services: AppServices, rows: readonly CardRow[]): Promise<ArticleCard[]> {
  if (!rows.length) return [];
  const [dir, regions] = await Promise.all([loadDirectory(services.db), regionDirectory(services)]);
  return rows.flatMap((r) => {
    const type = dir.typeById.get(r.type_id);
    if (!type) return [];
    return [{
      id: r.id, title: r.title, slug: r.slug, link: articleLink(type.slug, r.slug), lead: r.lead, blogType: type,
      tags: r.tag_ids.flatMap((id) => dir.tagById.get(Number(id)) ?? []),
      publishedAt: iso(r.published_at),
      regions: r.region_ids.flatMap((id) => {
        const area = regions.areas.get(Number(id));
        return area ? [{ id: area.id, label: area.label }] : [];
      }),
      image: coverOf(r),
    }];
  });
}

/** One page of articles by the filters of get-news-by-filter and the list pages. Two statements. */
export async function newsPage(services: AppServices, filter: NewsFilter): Promise<NewsPage> {
  const f: ArticleFilter = {
    at: now(), typeIds: filter.blogTypes, tagIds: filter.tags, regionIds: filter.regions, excludeIds: filter.excludeIds,
    modelId: filter.modelId, partId: filter.partId, categoryId: filter.categoryId,
  };
  const [rows, total] = await Promise.all([
    selectCards(services.db, f, filter.limit, (filter.page - 1) * filter.limit),
    countVisible(services.db, f),
  ]);
  return { news: await toCards(services, rows), total, page: filter.page, pages: Math.max(1, Math.ceil(total / filter.limit)) };
}

/** POST /api/ps/get-news {blogTypes, tags, excludeIds}: the newest of those types having any of those tags. */
export async function latestNews(services: AppServices, q: { blogTypes: number[]; tags: number[]; excludeIds: number[]; limit: number }): Promise<ArticleCard[]> {
  const rows = await selectCards(services.db, { at: now(), typeIds: q.blogTypes, tagIds: q.tags, excludeIds: q.excludeIds }, q.limit);
  return toCards(services, rows);
}

export type NewsSubject = { modelId: number } | { partId: number } | { categoryId: number };

/** The newest articles about a model, a part or a machinery category: one statement by its GIN index. */
export async function newsAbout(services: AppServices, subject: NewsSubject, limit: number): Promise<ArticleCard[]> {
  const rows = await selectCards(services.db, { at: now(), ...subject }, limit);
  return toCards(services, rows);
}

/**
 * GET /api/ps/get-region-news {limit, includeRegionNews, excludeIds}: the news of the visitor's region
 * (its region as the page resolves it) first, then those for every region; without
 * includeRegionNews only the latter. Two statements by their indexes, merged.
 */
export async function regionNews(ctx: AudienceContext, q: { limit: number; includeRegionNews: boolean; excludeIds: number[] }): Promise<{ regionId: number; news: ArticleCard[] }> {
  const { currentArea } = await currentLocation(ctx);
  const at = now();
  const [own, general] = await Promise.all([
    q.includeRegionNews ? selectCards(ctx.services.db, { at, regionIds: [currentArea.regionId], excludeIds: q.excludeIds }, q.limit) : Promise.resolve([]),
    selectCards(ctx.services.db, { at, general: true, excludeIds: q.excludeIds }, q.limit),
  ]);
  return { regionId: currentArea.regionId, news: await toCards(ctx.services, [...own, ...general].slice(0, q.limit)) };
}

/** /api/ps/get-tags-by-id {tagsIds}: the tags in the order asked, unknown ids left out. */
export async function tagsById(services: AppServices, ids: readonly number[]): Promise<BlogTagView[]> {
  const dir = await loadDirectory(services.db);
  return ids.flatMap((id) => dir.tagById.get(id) ?? []);
}

export interface BlogListEntry extends BlogTypeView { count: number }

async function facets(services: AppServices): Promise<Facets> {
  return facetsKept.get(services.db, '', () => selectFacetCounts(services.db, now()));
}

/** /api/ps/get-blog-list: the blog's sections with how many articles each has, and the tags in use. */
export async function blogList(services: AppServices): Promise<{ blogTypes: BlogListEntry[]; tags: Array<BlogTagView & { count: number }> }> {
  const [dir, counts] = await Promise.all([loadDirectory(services.db), facets(services)]);
  return {
    blogTypes: dir.types.map((t) => ({ ...t, count: counts.types.get(t.id) ?? 0 })),
    tags: [...dir.tagById.values()].flatMap((t) => (counts.tags.has(t.id) ? [{ ...t, count: counts.tags.get(t.id)! }] : [])),
  };
}

export interface BlogListPage {
  /** The section shown, or null for all. */
  type: BlogTypeView | null;
  types: BlogListEntry[];
  tags: Array<BlogTagView & { count: number }>;
  regions: Array<{ id: number; label: string; count: number }>;
  tag: BlogTagView | null;
  region: { id: number; label: string } | null;
  page: NewsPage;
}

/**
 * /blog and /blog/{type}: one page of the list with its filters (tag, region, page). Null: an unknown
 * section or tag (the page answers 404), so a mistyped address is never a second copy of the list.
 */
export async function blogListPage(services: AppServices, typeSlug: string | null, q: { tag?: string; region?: number; page: number }): Promise<BlogListPage | null> {
  const [dir, list, counts, regionsDir] = await Promise.all([loadDirectory(services.db), blogList(services), facets(services), regionDirectory(services)]);
  const type = typeSlug === null ? null : dir.typeBySlug.get(typeSlug) ?? null;
  if (typeSlug !== null && !type) return null;
  const tag = q.tag ? dir.tagBySlug.get(q.tag) ?? null : null;
  if (q.tag && !tag) return null;
  const area = q.region ? regionsDir.areas.get(q.region) : undefined;
  if (q.region && !area) return null;
  const page = await newsPage(services, {
    blogTypes: type ? [type.id] : [], tags: tag ? [tag.id] : [], regions: area ? [area.id] : [], excludeIds: [],
    page: q.page, limit: BLOG_PAGE_SIZE,
  });
  const regions = [...counts.regions].flatMap(([id, count]) => {
    const a = regionsDir.areas.get(id);
    return a ? [{ id, label: a.label, count }] : [];
  }).sort((a, b) => a.label.localeCompare(b.label, 'ru'));
  return { type, types: list.blogTypes, tags: list.tags, regions, tag, region: area ? { id: area.id, label: area.label } : null, page };
}

function flattenMenu(nodes: readonly MachineryCategory[], into = new Map<number, RelatedLink>()): Map<number, RelatedLink> {
  for (const n of nodes) {
    into.set(n.id, { id: n.id, name: n.name, link: n.link });
    flattenMenu(n.cats, into);
  }
  return into;
}

/** The models, parts and categories an article names, as links: three lookups by id whatever their number. */
async function relatedOf(services: AppServices, row: Pick<ArticleRow, 'model_ids' | 'part_ids' | 'category_ids'>) {
  const modelIds = row.model_ids.map(Number);
  const partIds = row.part_ids.map(Number);
  const [models, parts, menu] = await Promise.all([
    modelCards(services.db, modelIds, null, false),
    partIds.length ? partSummariesAt(services.db, partIds, null, false) : Promise.resolve(new Map()),
    row.category_ids.length ? machineryMenu(services) : Promise.resolve([]),
  ]);
  const categories = flattenMenu(menu);
  return {
    models: models.map((m) => ({ id: m.card.id, name: m.card.name, link: m.card.link })),
    parts: partIds.flatMap((id) => {
      const p = parts.get(id);
      return p ? [{ id, name: `${p.code} ${p.name}`, link: p.link }] : [];
    }),
    categories: row.category_ids.flatMap((id) => categories.get(Number(id)) ?? []),
  };
}

/** An article's page by its section and slug; null when there is none visible (404). */
export async function articlePage(services: AppServices, typeSlug: string, slug: string): Promise<ArticleView | null> {
  const [dir, row] = await Promise.all([loadDirectory(services.db), selectVisibleArticle(services.db, slug, now())]);
  const type = dir.typeBySlug.get(typeSlug);
  if (!row || !type || row.type_id !== type.id) return null;
  const [[card], related] = await Promise.all([toCards(services, [row]), relatedOf(services, row)]);
  return { ...card!, metaDescription: row.meta_description, bodyHtml: row.body_html, updatedAt: iso(row.updated_at), authorName: row.author_name, ...related };
}

/** Where an article now lives, by its slug alone (an old section in a link finds the article). */
export async function articleLinkBySlug(services: AppServices, slug: string): Promise<string | null> {
  const [dir, row] = await Promise.all([loadDirectory(services.db), selectVisibleArticle(services.db, slug, now())]);
  const type = row ? dir.typeById.get(row.type_id) : undefined;
  return row && type ? articleLink(type.slug, row.slug) : null;
}

export const RSS_DESCRIPTION = 'Новости «Агротехники», агроновости регионов, обзоры техники и советы специалистов.';

/** /blog/rss.xml: the newest visible articles with their whole text. */
export async function blogFeed(services: AppServices): Promise<string> {
  const rows = await selectFeed(services.db, now(), RSS_ITEMS);
  const cards = await toCards(services, rows);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items: FeedItem[] = cards.map((c) => ({ ...c, bodyHtml: byId.get(c.id)!.body_html, authorName: byId.get(c.id)!.author_name }));
  return rssXml(items, { origin: services.config.PUBLIC_ORIGIN, siteName: SITE_NAME, description: RSS_DESCRIPTION, builtAt: now() });
}

/** The sitemap's addresses of the blog: its lists and every visible article. */
export async function blogSitemapPaths(services: AppServices): Promise<string[]> {
  const [dir, rows] = await Promise.all([
    loadDirectory(services.db),
    services.db.selectFrom('blog_article').select(['type_id', 'slug']).where('status', '=', 'published').where('published_at', '<=', now())
      .orderBy('published_at', 'desc').limit(50_000).execute(),
  ]);
  return ['/blog', ...dir.types.map((t) => t.link), ...rows.flatMap((r) => {
    const type = dir.typeById.get(r.type_id);
    return type ? [articleLink(type.slug, r.slug)] : [];
  })];
}
