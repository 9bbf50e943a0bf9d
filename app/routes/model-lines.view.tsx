import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import type { Crumb } from '#app/components/page/crumbs.ts';
import { NotFound } from '#app/layout/NotFound.tsx';
import { NOT_FOUND_META } from '#app/lib/meta.ts';
import { catalogMeta } from '#app/modules/catalog/catalog-page.rules.ts';
import type { PageAlias } from '#app/modules/content/content.schema.ts';
import { loadModelLinePage, type ModelLinePageData } from '#app/modules/catalog/listing/listing.server.ts';
import { ModelLinePage } from '#app/modules/catalog/listing/ui/ModelLinePage.tsx';
import { loadPartsLinePage } from '#app/modules/parts/line/line.server.ts';
import type { PartsLinePageData } from '#app/modules/parts/line/line.schema.ts';
import { PartsLinePage } from '#app/modules/parts/line/ui/PartsLinePage.tsx';
import type { Route } from './+types/model-lines.view';
import { AddToCartButton } from '#app/modules/cart/ui/AddToCartButton.tsx';
import { CartButtonSlot } from '#app/modules/parts/ui/cart-button-slot.tsx';

/** A line id as the URL may carry it: digits only, within 32 bits; anything else is no page. */
function lineIdOf(url: URL): number | null {
  const raw = url.searchParams.get('id') ?? '';
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * Spec §2 `/model-lines/view?id=…`: the model line page by id, with the filters of its query. It is
 * the same page as the line's alias, which is its canonical address.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const id = lineIdOf(url);
  const ctx = context.get(requestContext);
  // `section=parts`: the line's parts page (canonical at /zapchasti/{maker}/{line}).
  if (url.searchParams.get('section') === 'parts') {
    const parts = id === null ? null : await loadPartsLinePage(ctx, id, url);
    if (!parts) throw data(null, { status: 404 });
    return { view: 'parts' as const, alias: { controller: 'model-line', referenceId: parts.line.id } satisfies PageAlias, page: parts as ModelLinePageData | PartsLinePageData };
  }
  const page = id === null ? null : await loadModelLinePage(ctx, id, url);
  if (!page) throw data(null, { status: 404 });
  const alias: PageAlias = { controller: 'model-line', referenceId: page.modelLine.id };
  return { view: 'machinery' as const, alias, page: page as ModelLinePageData | PartsLinePageData };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData ? catalogMeta(loaderData.page) : NOT_FOUND_META;

type ViewData = { alias: PageAlias; page: ModelLinePageData | PartsLinePageData } | undefined;

export const handle = {
  crumbs: (d: ViewData): Crumb[] => d?.page.trail ?? [],
  pathData: (d: ViewData): PageAlias | undefined => d?.alias,
};

export default function ModelLinesView({ loaderData }: Route.ComponentProps) {
  const page = loaderData.page;
  // The view names which of the two the page is.
  return loaderData.view === 'parts' ? <CartButtonSlot value={AddToCartButton}><PartsLinePage data={page as PartsLinePageData} /></CartButtonSlot> : <ModelLinePage data={page as ModelLinePageData} />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
