import { sql, type Insertable } from 'kysely';
import { CATEGORIES } from '#app/modules/catalog/data/categories.ts';
import { categoryLink } from '#app/modules/catalog/catalog.server.ts';
import { PAGES } from '#app/modules/content/data/pages.ts';
import { PROMOTIONS } from '#app/modules/content/data/promotions.ts';
import { BRANCHES } from '#app/modules/regions/data/branches.ts';
import { COUNTRIES } from '#app/modules/regions/data/countries.ts';
import { REGIONS } from '#app/modules/regions/data/regions.ts';
import type { CategorySeed } from '#app/modules/catalog/data/types.ts';
import type { DB } from './connect.ts';
import type { Database } from './schema.ts';

/**
 * Loads the reference data. Safe to run on every start: reference rows are upserted by id,
 * while editable content (pages, promotions) is only inserted when missing, so editors' changes stay.
 */
export async function seed(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Processes starting together on one PostgreSQL server take turns instead of racing.
    await sql`select pg_advisory_xact_lock(7310042)`.execute(trx);
    await upsert(trx, 'region_country', 'id', COUNTRIES.map((c) => ({
      id: c.id, root_id: c.rootId, code: c.code, name: c.name, abbreviation: c.abbreviation,
      sales_phone: c.salesPhone, sales_phone_internal: c.salesPhoneInternal,
      service_phone: c.servicePhone, service_phone_internal: c.servicePhoneInternal,
      map_lat: c.mapCenter[0], map_lng: c.mapCenter[1], sort: c.sort,
    })));
    await upsert(trx, 'region_area', 'id', REGIONS.map((r) => ({
      id: r.id, root_id: r.rootId, label: r.label, admin_center: r.adminCenter, lat: r.lat, lng: r.lng,
    })));
    await upsert(trx, 'region_branch', 'id', BRANCHES.map((b) => ({
      id: b.id, code: b.code, name: b.name, city: b.city, area_id: b.regionId, address: b.address,
      lat: b.lat, lng: b.lng, phone: b.phone, phone_internal: b.phoneInternal,
      service_phone: b.servicePhone, service_phone_internal: b.servicePhoneInternal,
      email: b.email, hours: b.hours,
    })));

    const categories = flattenCategories(CATEGORIES);
    await upsert(trx, 'catalog_category', 'id', categories.map(({ node, parentId, sort }) => ({
      id: node.id, parent_id: parentId, slug: node.slug, name: node.name, icon: node.icon, sort,
    })));
    const banners = categories.flatMap(({ node }) => node.banner ? [{
      category_id: node.id, bg_type: node.banner.bgType, image_path: node.banner.imagePath,
      color: node.banner.color, title: node.banner.title, text: node.banner.text,
      btn_title: node.banner.btnTitle, btn_link: node.banner.btnLink,
    }] : []);
    await upsert(trx, 'catalog_banner', 'category_id', banners);
    await upsert(trx, 'content_page_alias', 'path', categories.map(({ node }) => ({
      path: categoryLink(node.slug), controller: 'category' as const, reference_id: node.id,
    })));

    await insertMissing(trx, 'content_page', 'slug', PAGES.map((p) => ({
      slug: p.slug, title: p.title, meta_description: p.metaDescription, lead: p.lead, body_html: p.bodyHtml,
    })));
    const existingPromotions = await trx.selectFrom('content_promotion').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(existingPromotions.n) === 0) {
      await trx.insertInto('content_promotion').values(PROMOTIONS.map((p, sort) => ({ ...p, sort }))).execute();
    }
  });
}


function flattenCategories(nodes: CategorySeed[], parentId: number | null = null): { node: CategorySeed; parentId: number | null; sort: number }[] {
  return nodes.flatMap((node, sort) => [{ node, parentId, sort }, ...flattenCategories(node.children ?? [], node.id)]);
}

type Tx = Parameters<Parameters<ReturnType<DB['transaction']>['execute']>[0]>[0];

async function upsert<T extends keyof Database>(trx: Tx, table: T, key: string, rows: Insertable<Database[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).filter((c) => c !== key);
  // Kysely's generic table types do not narrow through a table-name parameter; the rows are typed by the caller.
  const builder = trx.insertInto(table as 'region_area').values(rows as never);
  await builder
    .onConflict((oc) => oc.column(key as 'id').doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}` as 'excluded.id')]))))
    .execute();
}

async function insertMissing<T extends keyof Database>(trx: Tx, table: T, key: string, rows: Insertable<Database[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  await trx.insertInto(table as 'content_page').values(rows as never).onConflict((oc) => oc.column(key as 'slug').doNothing()).execute();
}
