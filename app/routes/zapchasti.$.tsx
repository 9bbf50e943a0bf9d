import { data } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import { PARTS_QUERY_KEYS } from '#app/modules/parts/line/line.rules.ts';
import type { Crumb } from '#app/components/page/crumbs.ts';
import { NotFound } from '#app/layout/NotFound.tsx';
import { NOT_FOUND_META } from '#app/lib/meta.ts';
import { catalogMeta } from '#app/modules/catalog/catalog-page.rules.ts';
import type { PageAlias } from '#app/modules/content/content.schema.ts';
import { findPartsLine, loadPartsLinePage } from '#app/modules/parts/line/line.server.ts';
import type { PartsLinePageData } from '#app/modules/parts/line/line.schema.ts';
import { PartsLinePage } from '#app/modules/parts/line/ui/PartsLinePage.tsx';
import type { Route } from './+types/zapchasti.$';
import { AddToCartButton } from '#app/modules/cart/ui/AddToCartButton.tsx';
import { CartButtonSlot } from '#app/modules/parts/ui/cart-button-slot.tsx';

/** A slug as the catalogue writes them: lower-case Latin letters, digits and dashes. */
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * Spec §2 `/zapchasti/.+`: the parts of a model line at `/zapchasti/{manufacturerSlug}/{lineSlug}`
 * (the catalogue's slugs). Anything else under /zapchasti/ is the 404 page.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(pageContext);
  const parts = (params['*'] ?? '').split('/').filter((p, i, all) => p !== '' || i < all.length - 1);
  const [maker, line, ...rest] = parts;
  const id = rest.length === 0 && maker && line && SLUG.test(maker) && SLUG.test(line) ? await findPartsLine(ctx, maker, line) : null;
  const page = id === null ? null : await loadPartsLinePage(ctx, id, url);
  if (!page) throw data(null, { status: 404 });
  const alias: PageAlias = { controller: 'model-line', referenceId: page.line.id };
  return { alias, page };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? catalogMeta(loaderData.page) : NOT_FOUND_META);

type ViewData = { alias: PageAlias; page: PartsLinePageData } | undefined;

export const handle = {
  crumbs: (d: ViewData): Crumb[] => d?.page.trail ?? [],
  pathData: (d: ViewData): PageAlias | undefined => d?.alias,
  pageCache: { query: PARTS_QUERY_KEYS },
} satisfies PageCacheHandle;

export default function ZapchastiLine({ loaderData }: Route.ComponentProps) {
  return <CartButtonSlot value={AddToCartButton}><PartsLinePage data={loaderData.page} /></CartButtonSlot>;
}

export function ErrorBoundary() {
  return <NotFound />;
}
