import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { NotFound } from '#app/components/layout/NotFound.tsx';
import type { Crumb } from '#app/components/layout/MobileBackLink.tsx';
import { OTHER_PAGE } from '#app/components/layout/root-data.ts';
import { NOT_FOUND_META } from '#app/lib/meta.ts';
import { catalogMeta } from '#app/modules/catalog/catalog-page.rules.ts';
import type { CatalogPageBase } from '#app/modules/catalog/catalog-page.schema.ts';
import { loadCategoryPage, loadModelLinePage } from '#app/modules/catalog/listing/listing.server.ts';
import { CategoryPage } from '#app/modules/catalog/listing/ui/CategoryPage.tsx';
import { ModelLinePage } from '#app/modules/catalog/listing/ui/ModelLinePage.tsx';
import { loadModelPage } from '#app/modules/catalog/model/model.server.ts';
import { ModelPage } from '#app/modules/catalog/model/ui/ModelPage.tsx';
import { resolvePageAlias } from '#app/modules/content/content.server.ts';
import type { PageAlias } from '#app/modules/content/content.schema.ts';
import type { Route } from './+types/fallback';

/**
 * Spec §2 fallback: any other path is looked up among page aliases and shown as the view its
 * controller names (category, model line, model); everything else is a real 404.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  // `url`, not request.url: on client navigations the request is for '/catalog/….data'.
  const alias = await resolvePageAlias(ctx.services, url.pathname);
  const id = alias.referenceId;
  if (id !== null) {
    if (alias.controller === 'category') {
      const page = await loadCategoryPage(ctx, id, url);
      if (page) return { view: 'category' as const, alias, page };
    } else if (alias.controller === 'model-line') {
      const page = await loadModelLinePage(ctx, id, url);
      if (page) return { view: 'model-line' as const, alias, page };
    } else if (alias.controller === 'model') {
      const page = await loadModelPage(ctx, id, url);
      if (page) return { view: 'model' as const, alias, page };
    }
  }
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData ? catalogMeta(loaderData.page) : NOT_FOUND_META;

type FallbackData = { alias: PageAlias; page: CatalogPageBase } | undefined;

export const handle = {
  crumbs: (d: FallbackData): Crumb[] => d?.page.trail ?? [],
  // Spec §3 pathData: the spare-parts link in the header names what this page shows.
  pathData: (d: FallbackData): PageAlias => d?.alias ?? OTHER_PAGE,
};

export default function Fallback({ loaderData }: Route.ComponentProps) {
  switch (loaderData.view) {
    case 'category': return <CategoryPage data={loaderData.page} />;
    case 'model-line': return <ModelLinePage data={loaderData.page} />;
    case 'model': return <ModelPage data={loaderData.page} />;
  }
}

export function ErrorBoundary() {
  return <NotFound />;
}
