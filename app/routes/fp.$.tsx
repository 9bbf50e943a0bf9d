import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import type { Crumb } from '#app/components/page/crumbs.ts';
import { NotFound } from '#app/layout/NotFound.tsx';
import { NOT_FOUND_META, pageMeta } from '#app/lib/meta.ts';
import { parseCategoryPath, parseFpQuery } from '#app/modules/parts/pages/fp.rules.ts';
import type { FpPage } from '#app/modules/parts/pages/pages.schema.ts';
import { loadFpPage } from '#app/modules/parts/pages/pages.server.ts';
import { FpList } from '#app/modules/parts/pages/ui/FpList.tsx';
import type { Route } from './+types/fp.$';
import { AddToCartButton } from '#app/modules/cart/ui/AddToCartButton.tsx';
import { CartButtonSlot } from '#app/modules/parts/ui/cart-button-slot.tsx';

/**
 * Spec §2 /fp/{categorySlugs}: parts of a category path of any depth, or every part (issue 9,
 * point 4). A path that is not a category's is the 404 page; bad filter values are dropped.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const slugs = parseCategoryPath(params['*']);
  const page = slugs ? await loadFpPage(context.get(requestContext), slugs, parseFpQuery(url.searchParams)) : null;
  if (!page) throw data(null, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData
  ? [
    ...pageMeta(`${loaderData.title}: запчасти`, `${loaderData.title}: ${loaderData.total.toLocaleString('ru-RU')} запчастей с ценами и наличием в филиалах.`),
    { tagName: 'link', rel: 'canonical', href: `/fp${loaderData.slugs.length ? `/${loaderData.slugs.join('/')}` : ''}` },
  ]
  : NOT_FOUND_META;

export const handle = { crumbs: (d: FpPage | undefined): Crumb[] => d?.trail ?? [] };

export default function Fp({ loaderData }: Route.ComponentProps) {
  return <CartButtonSlot value={AddToCartButton}><FpList data={loaderData} /></CartButtonSlot>;
}

export function ErrorBoundary() {
  return <NotFound />;
}
