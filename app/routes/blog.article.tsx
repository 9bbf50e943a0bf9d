import { data } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import type { Crumb } from '#app/components/page/crumbs.ts';
import { NotFound } from '#app/layout/NotFound.tsx';
import { NOT_FOUND_META, SITE_NAME, pageMeta } from '#app/lib/meta.ts';
import { NEWS_BLOCK_SIZE } from '#app/modules/blog/blog.constants.ts';
import { BLOG_PATH, BLOG_TITLE, articleJsonLd } from '#app/modules/blog/blog.rules.ts';
import { articlePage, latestNews } from '#app/modules/blog/blog.server.ts';
import { ArticleScreen } from '#app/modules/blog/ui/ArticleScreen.tsx';
import type { Route } from './+types/blog.article';

/** /blog/{section}/{slug}: a visible article; a draft, a scheduled one or a wrong section is a 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(pageContext);
  const article = await articlePage(services, params.type, params.slug);
  if (!article) throw data(null, { status: 404 });
  const more = await latestNews(services, { blogTypes: [article.blogType.id], tags: [], excludeIds: [article.id], limit: NEWS_BLOCK_SIZE });
  const origin = services.config.PUBLIC_ORIGIN;
  return { article, more, origin, jsonLd: articleJsonLd(article, origin, SITE_NAME) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return NOT_FOUND_META;
  const { article, origin, jsonLd } = loaderData;
  const url = origin + article.link;
  const description = article.metaDescription || article.lead;
  return [
    ...pageMeta(article.title, description).filter((m) => !('property' in m && m.property === 'og:type')),
    { property: 'og:type', content: 'article' },
    { property: 'og:url', content: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'ru_RU' },
    ...(article.image ? [
      { property: 'og:image', content: /^https?:/.test(article.image.src) ? article.image.src : origin + article.image.src },
      { property: 'og:image:width', content: String(article.image.width) },
      { property: 'og:image:height', content: String(article.image.height) },
      { name: 'twitter:card', content: 'summary_large_image' },
    ] : [{ name: 'twitter:card', content: 'summary' }]),
    { property: 'article:published_time', content: article.publishedAt },
    { property: 'article:modified_time', content: article.updatedAt },
    { property: 'article:section', content: article.blogType.name },
    ...article.tags.map((t) => ({ property: 'article:tag', content: t.name })),
    { tagName: 'link', rel: 'canonical', href: url },
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: `${BLOG_TITLE} — RSS`, href: `${origin}${BLOG_PATH}/rss.xml` },
    { 'script:ld+json': jsonLd },
  ];
};

type ArticleData = { article: { blogType: { name: string; link: string } } } | undefined;

export const handle = {
  crumbs: (d: ArticleData): Crumb[] => [{ label: BLOG_TITLE, to: BLOG_PATH }, ...(d ? [{ label: d.article.blogType.name, to: d.article.blogType.link }] : [])],
  pageCache: { query: [] },
} satisfies PageCacheHandle;

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  return <ArticleScreen article={loaderData.article} more={loaderData.more} />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
