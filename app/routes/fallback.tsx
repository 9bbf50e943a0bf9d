import { lazy, Suspense } from 'react';
import { data, redirect } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import { FILTER_QUERY_KEYS } from '#app/modules/catalog/listing/filters.rules.ts';
import { NotFound } from '#app/layout/NotFound.tsx';
import type { Crumb } from '#app/components/page/crumbs.ts';
import { OTHER_PAGE } from '#app/components/page/root-data.ts';
import { NOT_FOUND_META, pageMeta } from '#app/lib/meta.ts';
import { catalogMeta } from '#app/modules/catalog/catalog-page.rules.ts';
import type { CatalogPageBase } from '#app/modules/catalog/catalog-page.schema.ts';
import { loadCategoryPage, loadModelLinePage } from '#app/modules/catalog/listing/listing.server.ts';
import { CategoryPage } from '#app/modules/catalog/listing/ui/CategoryPage.tsx';
import { ModelLinePage } from '#app/modules/catalog/listing/ui/ModelLinePage.tsx';
import { loadModelPage } from '#app/modules/catalog/model/model.server.ts';
import { ModelPage } from '#app/modules/catalog/model/ui/ModelPage.tsx';
import { resolvePageAlias } from '#app/modules/content/content.server.ts';
import { OfferRequestButton } from '#app/modules/leads/ui/OfferRequestButton.tsx';
import type { PageAlias } from '#app/modules/content/content.schema.ts';
import type { PartPage } from '#app/modules/parts/pages/pages.schema.ts';
import { loadPartPage } from '#app/modules/parts/pages/pages.server.ts';
import { NEWS_BLOCK_SIZE } from '#app/modules/blog/blog.constants.ts';
import { newsAbout } from '#app/modules/blog/blog.server.ts';
import { NewsBlock } from '#app/modules/blog/ui/NewsBlock.tsx';
import type { Route } from './+types/fallback';
import { AddToCartButton } from '#app/modules/cart/ui/AddToCartButton.tsx';
import { CartButtonSlot } from '#app/modules/parts/ui/cart-button-slot.tsx';

/**
 * Spec §2 fallback: any other path is looked up among page aliases and shown as the view its
 * controller names (category, model line, model); everything else is a real 404.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(pageContext);
  // `url`, not request.url: on client navigations the request is for '/catalog/….data'.
  const alias = await resolvePageAlias(ctx.services, url.pathname);
  const id = alias.referenceId;
  if (id !== null) {
    // The page's news (ADR 089) are read beside the page itself: one statement by its index.
    if (alias.controller === 'category') {
      const [page, news] = await Promise.all([loadCategoryPage(ctx, id, url), newsAbout(ctx.services, { categoryId: id }, NEWS_BLOCK_SIZE)]);
      if (page) return { view: 'category' as const, alias, page, news };
    } else if (alias.controller === 'model-line') {
      const page = await loadModelLinePage(ctx, id, url);
      if (page) return { view: 'model-line' as const, alias, page, news: [] };
    } else if (alias.controller === 'model') {
      const [page, news] = await Promise.all([loadModelPage(ctx, id), newsAbout(ctx.services, { modelId: id }, NEWS_BLOCK_SIZE)]);
      if (page) return { view: 'model' as const, alias, page, news };
    } else if (alias.controller === 'part') {
      const [part, news] = await Promise.all([loadPartPage(ctx, id, { employee: ctx.roles.isLbrUser }), newsAbout(ctx.services, { partId: id }, NEWS_BLOCK_SIZE)]);
      // The id finds the part; an old or missing slug goes to the canonical address.
      if (part && part.link !== url.pathname) throw redirect(`${part.link}${url.search}`, 301);
      if (part) return { view: 'part' as const, alias, part, news };
    }
  }
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return NOT_FOUND_META;
  if (loaderData.view === 'part') return partMeta(loaderData.part);
  return catalogMeta(loaderData.page);
};

function partMeta(part: PartPage) {
  return [
    ...pageMeta(`${part.code} ${part.name} — ${part.manufacturer.name}`, `${part.name} ${part.code} (${part.manufacturer.name}): цена, наличие в филиалах, аналоги и замены, применяемость по моделям техники.`),
    { tagName: 'link', rel: 'canonical', href: part.link },
  ];
}

type FallbackData = { alias: PageAlias; page?: CatalogPageBase; part?: PartPage } | undefined;

export const handle = {
  crumbs: (d: FallbackData): Crumb[] => d?.page?.trail ?? d?.part?.trail ?? [],
  // Spec §3 pathData: the spare-parts link in the header names what this page shows.
  pathData: (d: FallbackData): PageAlias => d?.alias ?? OTHER_PAGE,
  pageCache: { query: FILTER_QUERY_KEYS },
} satisfies PageCacheHandle;

// Loaded only where a part's page is shown (its code stays out of the catalogue pages' budget).
const PartPageScreen = lazy(() => import('#app/modules/parts/pages/ui/PartPageScreen.tsx'));

export default function Fallback({ loaderData }: Route.ComponentProps) {
  const title = loaderData.view === 'model' ? 'Новости и статьи о модели' : loaderData.view === 'part' ? 'Статьи о запчасти' : 'Новости и статьи раздела';
  return (
    <>
      <FallbackView loaderData={loaderData} />
      <NewsBlock title={title} news={loaderData.news} testId="page-news" pictures={false} />
    </>
  );
}

function FallbackView({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  switch (loaderData.view) {
    case 'category': return <CategoryPage data={loaderData.page} />;
    case 'model-line': return <ModelLinePage data={loaderData.page} />;
    case 'model': {
      const { model, offers } = loaderData.page;
      return (
        <ModelPage
          data={loaderData.page}
          offerRequest={(className) => (
            <OfferRequestButton className={className} model={{ id: model.id, name: model.name }} branchName={offers.branch.id === null ? null : offers.branch.name} />
          )}
        />
      );
    }
    case 'part': return <CartButtonSlot value={AddToCartButton}><Suspense fallback={null}><PartPageScreen data={loaderData.part} /></Suspense></CartButtonSlot>;
  }
}

export function ErrorBoundary() {
  return <NotFound />;
}
