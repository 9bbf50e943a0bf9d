import { data } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import type { Crumb } from '#app/components/page/crumbs.ts';
import { NotFound } from '#app/layout/NotFound.tsx';
import { NOT_FOUND_META, pageMeta } from '#app/lib/meta.ts';
import { partsCatalogInput } from '#app/modules/parts/pages/pages.schema.ts';
import { loadPartsCatalog } from '#app/modules/parts/pages/pages.server.ts';
import { PartsCatalogView } from '#app/modules/parts/pages/ui/PartsCatalogView.tsx';
import type { Route } from './+types/parts-catalog';

/**
 * Spec §2 /parts-catalog: machine maker → model line → model → drawing (issue 9, point 8), by
 * `?manufacturer=&line=&model=` slugs. A slug that names nothing is the 404 page.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const q = url.searchParams;
  const input = partsCatalogInput.safeParse({ maker: q.get('manufacturer'), line: q.get('line'), model: q.get('model') });
  const view = input.success ? await loadPartsCatalog(context.get(pageContext).services, input.data) : null;
  if (!view) throw data(null, { status: 404 });
  return view;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return NOT_FOUND_META;
  const what = [loaderData.maker?.name, loaderData.line?.name, loaderData.model?.name].filter(Boolean).join(' ');
  return pageMeta(what ? `Каталог запчастей ${what}` : 'Каталоги запчастей по моделям техники', 'Сборочные чертежи техники с номерами деталей: выберите производителя, модельный ряд и модель.');
};

export const handle = { crumbs: (): Crumb[] => [{ label: 'Запчасти', to: '/zapchasti' }], pageCache: { query: ['manufacturer', 'line', 'model'] } } satisfies PageCacheHandle;

export default function PartsCatalog({ loaderData }: Route.ComponentProps) {
  return <PartsCatalogView data={loaderData} />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
