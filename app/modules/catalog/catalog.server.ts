import { keptPerDb } from '#app/.server/cache.ts';
import type { AppServices } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import type { Banner, MachineryCategory, MenuEntry } from './catalog.schema.ts';

/** The menu is read from the categories and their banners; the JSON and the top level are made from it. */
const MENU_TABLES = ['catalog_category', 'catalog_banner'] as const;
const menuKept = keptPerDb<MachineryCategory[]>({ readsFrom: MENU_TABLES });
const menuJsonKept = keptPerDb<string>({ readsFrom: MENU_TABLES });
const topKept = keptPerDb<MenuEntry[]>({ readsFrom: MENU_TABLES });

/** The public path of a machinery category; the fallback route resolves it through page aliases. */
export function categoryLink(slug: string): string {
  return `/catalog/${slug}`;
}

const loadMenu = (db: DB): Promise<MachineryCategory[]> => menuKept.get(db, '', async () => {
  const rows = await db
    .selectFrom('catalog_category')
    .leftJoin('catalog_banner', 'catalog_banner.category_id', 'catalog_category.id')
    .select([
      'catalog_category.id', 'catalog_category.parent_id', 'catalog_category.slug', 'catalog_category.name', 'catalog_category.icon',
      'catalog_banner.bg_type', 'catalog_banner.image_path', 'catalog_banner.color', 'catalog_banner.title',
      'catalog_banner.text', 'catalog_banner.btn_title', 'catalog_banner.btn_link',
    ])
    .orderBy('catalog_category.sort')
    .orderBy('catalog_category.id')
    .execute();
  const byId = new Map<number, MachineryCategory>();
  for (const r of rows) {
    const banner: Banner | null = r.bg_type ? {
      bg_type: r.bg_type, image_path: r.image_path, color: r.color, title: r.title!, text: r.text!, btn_title: r.btn_title!, btn_link: r.btn_link!,
    } : null;
    byId.set(r.id, { id: r.id, name: r.name, link: categoryLink(r.slug), icon: r.icon, cats: [], banner });
  }
  const roots: MachineryCategory[] = [];
  for (const r of rows) {
    const node = byId.get(r.id)!;
    if (r.parent_id === null) roots.push(node);
    else byId.get(r.parent_id)?.cats.push(node);
  }
  return roots;
});

/** Machinery categories with two levels of subcategories, for the desktop and mobile menus. */
export function machineryMenu(services: AppServices): Promise<MachineryCategory[]> {
  return loadMenu(services.db);
}

const loadMenuJson = (db: DB): Promise<string> => menuJsonKept.get(db, '', async () => JSON.stringify({ error_status: 'success', menu: await loadMenu(db) }));

/** The full menu as the API sends it, serialised once. */
export function machineryMenuJson(services: AppServices): Promise<string> {
  return loadMenuJson(services.db);
}

const loadTop = (db: DB): Promise<MenuEntry[]> => topKept.get(db, '', async () =>
  (await loadMenu(db)).map((c) => ({ id: c.id, name: c.name, link: c.link, icon: c.icon, count: c.cats.length })));

/** Top-level categories only: what every page's header and footer need, kept small on purpose. */
export function machineryTopCategories(services: AppServices): Promise<MenuEntry[]> {
  return loadTop(services.db);
}


/**
 * The mass in kilograms of the models with these product codes, from their specification 'Масса'
 * (in кг or т): what the catalogue knows of a machine's freight (an offer's delivery price, ADR 088).
 * Codes without a model or a mass are absent.
 */
export async function modelMassesKg(db: DB, productCodes: readonly string[]): Promise<Map<string, number>> {
  if (productCodes.length === 0) return new Map();
  const rows = await db.selectFrom('catalog_model as m')
    .innerJoin('catalog_model_spec as ms', 'ms.model_id', 'm.id')
    .innerJoin('catalog_specification as s', 's.id', 'ms.spec_id')
    .select(['m.product_code', 'ms.num_value', 's.unit'])
    .where('m.product_code', 'in', [...new Set(productCodes)])
    .where('s.name', '=', 'Масса').where('s.unit', 'in', ['кг', 'т']).where('ms.num_value', '>', 0)
    .execute();
  return new Map(rows.map((r) => [r.product_code, Number(r.num_value) * (r.unit === 'т' ? 1000 : 1)]));
}
