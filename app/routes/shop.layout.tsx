import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { Outlet, isRouteErrorResponse, useRouteError } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import type { ShopData } from '#app/components/page/root-data.ts';
import { NotFound, PageFailed } from '#app/layout/NotFound.tsx';
import { SiteShell } from '#app/layout/SiteShell.tsx';
import { machineryTopCategories } from '#app/modules/catalog/catalog.server.ts';
import type { Route } from './+types/shop.layout';

/**
 * The shop's area (ADR 073): its pages share the header, footer and catalogue menu. What the shell
 * needs beyond the root's data is loaded here, once per document, and never by the other areas.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<ShopData> {
  const ctx = context.get(pageContext);
  return { menu: await machineryTopCategories(ctx.services) };
}

/** The menu describes the catalogue, not the page: keep it across client navigations. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export default function ShopLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SiteShell>
      {notFound ? <NotFound /> : <PageFailed />}
    </SiteShell>
  );
}
