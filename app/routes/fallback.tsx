import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { NotFound } from '#app/components/layout/NotFound.tsx';
import type { Crumb } from '#app/components/layout/MobileBackLink.tsx';
import { OTHER_PAGE } from '#app/components/layout/root-data.ts';
import { NOT_FOUND_META, pageMeta } from '#app/lib/meta.ts';
import { findCategory, machineryMenu } from '#app/modules/catalog/catalog.server.ts';
import { CategoryView } from '#app/modules/catalog/ui/CategoryView.tsx';
import { resolvePageAlias } from '#app/modules/content/content.server.ts';
import type { Route } from './+types/fallback';

/**
 * Spec §2 fallback: any other path is looked up among page aliases and shown as the view its
 * controller names. Models join when the catalogue of models lands; until then only categories
 * have aliases, and everything else is a real 404.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  // `url`, not request.url: on client navigations the request is for '/catalog/….data'.
  const alias = await resolvePageAlias(services, url.pathname);
  if (alias.controller === 'category' && alias.referenceId !== null) {
    const category = await findCategory(services, alias.referenceId);
    if (category) {
      const menu = await machineryMenu(services);
      const parent = menu.find((c) => c.cats.some((s) => s.id === category.id || s.cats.some((x) => x.id === category.id)));
      const grand = parent?.cats.find((s) => s.cats.some((x) => x.id === category.id));
      const trail: Crumb[] = [{ label: 'Каталог техники', to: '/catalog' }];
      if (parent) trail.push({ label: parent.name, to: parent.link });
      if (grand) trail.push({ label: grand.name, to: grand.link });
      return { view: 'category' as const, category, trail };
    }
  }
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.view === 'category'
  ? pageMeta(`${loaderData.category.name} — купить в России и Казахстане`, `${loaderData.category.name}: модели, цены в вашем филиале, наличие, лизинг и доставка. Официальный дилер сельхозтехники.`)
  : NOT_FOUND_META;

type FallbackData = { view?: 'category'; category?: { id: number }; trail?: Crumb[] } | undefined;

export const handle = {
  crumbs: (d: FallbackData) => d?.trail ?? [],
  // Spec §3 pathData: the spare-parts link in the header names the category shown here.
  pathData: (d: FallbackData) => (d?.view === 'category' && d.category ? { controller: 'category' as const, referenceId: d.category.id } : OTHER_PAGE),
};

export default function Fallback({ loaderData }: Route.ComponentProps) {
  return <CategoryView category={loaderData.category} trail={loaderData.trail} />;
}

export function ErrorBoundary() {
  return <NotFound />;
}

