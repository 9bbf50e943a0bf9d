import { data } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import type { Crumb } from '#app/components/page/crumbs.ts';
import { NotFound } from '#app/layout/NotFound.tsx';
import { NOT_FOUND_META, pageMeta } from '#app/lib/meta.ts';
import { BLOG_LIST_QUERY_KEYS } from '#app/modules/blog/blog.constants.ts';
import { blogListQuery } from '#app/modules/blog/blog.schema.ts';
import { BLOG_PATH, BLOG_TITLE, blogListLink } from '#app/modules/blog/blog.rules.ts';
import { blogListPage } from '#app/modules/blog/blog.server.ts';
import { BlogListScreen, type BlogListData } from '#app/modules/blog/ui/BlogListScreen.tsx';
import type { Route } from './+types/blog';

/** What each list says of itself (the title's and the description's words). */
const LEADS: Readonly<Record<string, string>> = {
  all: 'Новости компании и филиалов, агроновости регионов, обзоры техники и советы специалистов сервиса.',
  novosti: 'События «Агротехники»: новые филиалы и сервисные центры, выставки, условия покупки и финансирования.',
  agronovosti: 'Что происходит в сельском хозяйстве регионов: посевная, уборка, заготовка кормов, меры господдержки.',
  obzory: 'Подробные обзоры тракторов, комбайнов и другой техники из нашего каталога: устройство, комплектации, для кого.',
  sovety: 'Практические советы инженеров сервиса и отдела запчастей: подготовка к сезону, обслуживание, выбор запчастей.',
};

/** /blog and /blog/{section} (spec §2 `/blog/*`): one page of the list with its filters. */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { services } = context.get(pageContext);
  const parsed = blogListQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data(null, { status: 404 });
  const query = parsed.data;
  const list = await blogListPage(services, params.type ?? null, query);
  // An unknown section or tag, or a page past the last, is not a page of the blog.
  if (!list || (query.page > 1 && query.page > list.page.pages)) throw data(null, { status: 404 });
  return { list: list satisfies BlogListData, origin: services.config.PUBLIC_ORIGIN };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return NOT_FOUND_META;
  const { list, origin } = loaderData;
  const parts = [list.type?.name ?? BLOG_TITLE, list.tag ? `тема «${list.tag.name}»` : null, list.page.page > 1 ? `страница ${list.page.page}` : null].filter(Boolean);
  const title = `${parts.join(' — ')}: новости сельского хозяйства и техники`;
  const canonical = origin + blogListLink(list.type?.slug ?? null, { tag: list.tag?.slug, page: list.page.page });
  return [
    ...pageMeta(title, LEADS[list.type?.slug ?? 'all'] ?? LEADS.all!),
    { property: 'og:url', content: canonical },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: `${BLOG_TITLE} — RSS`, href: `${origin}${BLOG_PATH}/rss.xml` },
    // A region's choice is a view of the same list: followed, not indexed on its own.
    ...(list.region ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ];
};

type ListData = { list: BlogListData } | undefined;

export const handle = {
  crumbs: (d: ListData): Crumb[] => (d?.list.type ? [{ label: BLOG_TITLE, to: BLOG_PATH }] : []),
  pageCache: { query: BLOG_LIST_QUERY_KEYS },
} satisfies PageCacheHandle;

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  return <BlogListScreen data={list} lead={LEADS[list.type?.slug ?? 'all'] ?? LEADS.all!} />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
