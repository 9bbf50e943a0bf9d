import type { Transaction } from 'kysely';
import type { Database } from '#app/.server/db/schema.ts';
import { categoryLink } from './catalog.server.ts';
import { CATEGORIES } from './data/categories.ts';
import type { CategorySeed } from './data/types.ts';

/** A path the content module resolves to a category (spec §2 page alias), returned to the seed. */
export interface CategoryPath { path: string; categoryId: number }

/**
 * Demo content of the catalogue: the machinery tree and its banners. Rows are only inserted when
 * missing, so a category or banner an editor changed keeps its edit on every later demo start.
 * Returns the categories' public paths, for which the content module keeps the page aliases.
 */
export async function seedCatalogDemo(trx: Transaction<Database>): Promise<CategoryPath[]> {
  const categories = flatten(CATEGORIES);
  // Parents come before their children in one statement, so the foreign key holds at its end.
  await trx.insertInto('catalog_category')
    .values(categories.map(({ node, parentId, sort }) => ({ id: node.id, parent_id: parentId, slug: node.slug, name: node.name, icon: node.icon, sort })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const banners = categories.flatMap(({ node }) => node.banner ? [{
    category_id: node.id, bg_type: node.banner.bgType, image_path: node.banner.imagePath,
    color: node.banner.color, title: node.banner.title, text: node.banner.text,
    btn_title: node.banner.btnTitle, btn_link: node.banner.btnLink,
  }] : []);
  // Keyed by category: a category that has a banner (the demo's or an editor's) keeps it.
  if (banners.length) await trx.insertInto('catalog_banner').values(banners).onConflict((oc) => oc.doNothing()).execute();
  return categories.map(({ node }) => ({ path: categoryLink(node.slug), categoryId: node.id }));
}

function flatten(nodes: CategorySeed[], parentId: number | null = null): { node: CategorySeed; parentId: number | null; sort: number }[] {
  return nodes.flatMap((node, sort) => [{ node, parentId, sort }, ...flatten(node.children ?? [], node.id)]);
}
