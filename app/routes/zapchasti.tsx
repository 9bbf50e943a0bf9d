import { data } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import type { Crumb } from '#app/components/page/crumbs.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { landingQueryInput } from '#app/modules/parts/pages/pages.schema.ts';
import { loadPartsLanding, searchPartsLanding, type LandingSearch } from '#app/modules/parts/pages/pages.server.ts';
import { PartsLanding } from '#app/modules/parts/pages/ui/PartsLanding.tsx';
import type { Route } from './+types/zapchasti';
import { AddToCartButton } from '#app/modules/cart/ui/AddToCartButton.tsx';
import { CartButtonSlot } from '#app/modules/parts/ui/cart-button-slot.tsx';

/**
 * Spec §2 /zapchasti: the parts landing (issue 9, point 2). `?q=` searches by number or name; a bad
 * query answers 400 with the reason on the page.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(pageContext);
  const raw = url.searchParams.getAll('q');
  const parsed = landingQueryInput.safeParse(raw.length ? raw : undefined);
  const [landing, search] = await Promise.all([
    loadPartsLanding(ctx.services),
    parsed.success && parsed.data ? searchPartsLanding(ctx, parsed.data) : Promise.resolve<LandingSearch | null>(null),
  ]);
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? 'Неверный запрос';
    return data({ ...landing, search: { query: '', numbers: null, names: [], error } }, { status: 400 });
  }
  return { ...landing, search };
}

export const meta = () => pageMeta('Запчасти для сельхозтехники', 'Запчасти для тракторов, комбайнов и навесной техники: поиск по номеру и названию, аналоги и замены, каталоги со сборочными чертежами, наличие в филиалах.');

export const handle = { crumbs: (): Crumb[] => [], pageCache: { query: ['q'] } } satisfies PageCacheHandle;

export default function Zapchasti({ loaderData }: Route.ComponentProps) {
  return (
    <CartButtonSlot value={AddToCartButton}>
      <PartsLanding categories={loaderData.categories} total={loaderData.total} makers={loaderData.makers} search={loaderData.search} />
    </CartButtonSlot>
  );
}
