import type { RequestContext } from '#app/.server/context.ts';
import type { Crumb } from '#app/components/layout/MobileBackLink.tsx';
import type { CatalogPageBase } from '../catalog-page.schema.ts';
import type { MachineryCategory } from '../catalog.schema.ts';
import { findCategory, machineryMenu } from '../catalog.server.ts';

export interface CategoryPageData extends CatalogPageBase {
  category: MachineryCategory;
}

export interface ModelLinePageData extends CatalogPageBase {
  modelLine: { id: number; name: string };
}

/** A category page (spec §2 fallback, category view); null when the category does not exist. */
export async function loadCategoryPage(ctx: RequestContext, categoryId: number, _url: URL): Promise<CategoryPageData | null> {
  const category = await findCategory(ctx.services, categoryId);
  if (!category) return null;
  const menu = await machineryMenu(ctx.services);
  const parent = menu.find((c) => c.cats.some((s) => s.id === category.id || s.cats.some((x) => x.id === category.id)));
  const grand = parent?.cats.find((s) => s.cats.some((x) => x.id === category.id));
  const trail: Crumb[] = [{ label: 'Каталог техники', to: '/catalog' }];
  if (parent) trail.push({ label: parent.name, to: parent.link });
  if (grand) trail.push({ label: grand.name, to: grand.link });
  return {
    category,
    trail,
    head: {
      title: `${category.name} — купить в России и Казахстане`,
      description: `${category.name}: модели, цены в вашем филиале, наличие, лизинг и доставка. Официальный дилер сельхозтехники.`,
      canonical: category.link,
    },
  };
}

/** A model line page (`/model-lines/view` and the line's alias); null when the line does not exist. */
export async function loadModelLinePage(_ctx: RequestContext, _modelLineId: number, _url: URL): Promise<ModelLinePageData | null> {
  return null;
}
