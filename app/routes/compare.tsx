import { data, redirect } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { comparePage, ownCompareCodes } from '#app/modules/catalog/marks/marks.server.ts';
import { compareLink } from '#app/modules/catalog/marks/marks.rules.ts';
import { CompareTable } from '#app/modules/catalog/marks/ui/CompareTable.tsx';
import styles from '#app/modules/catalog/marks/ui/CompareTable.module.css';
import type { Route } from './+types/compare';

/** The visitor's own list differs per visitor: never from a shared cache. */
const PERSONAL = { 'Cache-Control': 'private, no-store' };

/**
 * Spec §2 `/compare/{productCodes?}`. Without codes: the visitor's own comparison, sent on to its
 * shareable address (`/compare/K735P,T150K`), or the empty state. With codes: the same table for
 * anyone who opens the address (prices for the signed-in only), so a guest's copy may be cached.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const origin = ctx.services.config.PUBLIC_ORIGIN;
  if (!params.productCodes) {
    const codes = await ownCompareCodes(ctx);
    if (codes.length) throw redirect(compareLink(codes), { headers: PERSONAL });
    return data({ page: { groups: [], codes: [], notices: [], withPrices: false }, origin }, { headers: PERSONAL });
  }
  return data({ page: await comparePage(ctx, params.productCodes), origin });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const names = loaderData?.page.groups.flatMap((g) => g.models.map((m) => m.name)) ?? [];
  return [
    ...pageMeta(
      names.length ? `Сравнение: ${names.slice(0, 4).join(', ')}${names.length > 4 ? ' …' : ''}` : 'Сравнение техники',
      'Сравнение моделей сельхозтехники по характеристикам, бок о бок.',
    ),
    // Any set of codes makes a page: they are for sharing, not for search engines.
    { name: 'robots', content: 'noindex, follow' },
  ];
};

export default function Compare({ loaderData }: Route.ComponentProps) {
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>Сравнение техники</h1>
      <CompareTable data={loaderData.page} origin={loaderData.origin} />
    </div>
  );
}
