import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { StaffOnlyBoundary } from '#app/layout/StaffOnly.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { canSearchSpareParts } from '#app/modules/auth/viewer.schema.ts';
import { viewerOf } from '#app/modules/auth/users.server.ts';
import { searchSparePartsForStaff } from '#app/modules/parts/staff/staff-search.server.ts';
import { staffSearchInput } from '#app/modules/parts/staff/staff-search.schema.ts';
import { SparePartSearch } from '#app/modules/parts/staff/ui/SparePartSearch.tsx';
import type { Route } from './+types/search.sparepart';
import { AddToCartButton } from '#app/modules/cart/ui/AddToCartButton.tsx';
import { CartButtonSlot } from '#app/modules/parts/ui/cart-button-slot.tsx';

/**
 * `/search/sparepart/` (spec §2, §6; issue 9 point 7): company employees only. Anyone else, guests
 * included, gets the 403 page. `?q=` is a number in any notation or the beginning of a name; a
 * refused query answers 400 with the reason on the same page.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const viewer = await viewerOf(ctx);
  if (!canSearchSpareParts(viewer)) throw data({ guest: viewer.isGuest }, { status: 403 });
  const raw = url.searchParams.get('q') ?? '';
  const parsed = staffSearchInput.safeParse({ q: raw });
  if (!parsed.success) {
    const result = await searchSparePartsForStaff(ctx, '');
    return data({ result, query: raw.slice(0, 200), error: parsed.error.issues[0]?.message ?? 'Некорректный запрос' }, { status: 400 });
  }
  return { result: await searchSparePartsForStaff(ctx, parsed.data.q), query: parsed.data.q, error: null };
}

/** Prices of every branch, for one employee: never stored by a shared cache. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const meta = () => [...pageMeta('Поиск запчастей', 'Поиск запчастей и аналогов с наличием во всех филиалах.'), { name: 'robots', content: 'noindex, nofollow' }];

export const handle = { crumbs: () => [{ label: 'Главная', to: '/' }] };

export default function SparePartSearchPage({ loaderData }: Route.ComponentProps) {
  return <CartButtonSlot value={AddToCartButton}><SparePartSearch result={loaderData.result} query={loaderData.query} error={loaderData.error} /></CartButtonSlot>;
}

/** 403 for everyone but employees (a guest may sign in from here); anything else as the shop's error page. */
export function ErrorBoundary() {
  return (
    <StaffOnlyBoundary
      path="/search/sparepart"
      why="Поиск запчастей по всем филиалам доступен только сотрудникам компании."
      links={<><Link to="/zapchasti" className="btn btn-secondary">Каталог запчастей</Link>{' '}</>}
    />
  );
}
