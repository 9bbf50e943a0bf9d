import { afterEach, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock } from '../clock.ts';
import type { DB } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { seed } from './seed.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

// Every start runs the migrations and then the seed; these tests boot that way on a database of
// their own (PGlite, or a fresh database on the server in DATABASE_URL).
async function boot(db: DB, demo: boolean): Promise<void> {
  await migrateToLatest(db);
  await seed(db, { demo });
}

async function counts(db: DB): Promise<Record<string, number>> {
  const tables = [
    'region_country', 'region_area', 'region_branch', 'catalog_category', 'catalog_banner', 'catalog_technique_type', 'catalog_manufacturer',
    'catalog_specification', 'catalog_model_line', 'catalog_model', 'catalog_model_spec', 'catalog_model_branch',
    'content_page', 'content_page_alias', 'content_promotion',
  ] as const;
  const entries = await Promise.all(tables.map(async (table) => {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return [table, Number(row.n)] as const;
  }));
  return Object.fromEntries(entries);
}

const today = () => now().toISOString().slice(0, 10);

let t: TestDatabase | undefined;
afterEach(async () => {
  resetClock();
  await t?.destroy();
  t = undefined;
});

describe('a production start (no demo)', () => {
  it('has the reference data of the migrations and no demo content', async () => {
    t = await createTestDatabase({}, { demo: false });
    await boot(t.db, false);
    expect(await counts(t.db)).toEqual({
      region_country: 2, region_area: 103, region_branch: 0, catalog_category: 0, catalog_banner: 0,
      catalog_technique_type: 0, catalog_manufacturer: 0, catalog_specification: 0, catalog_model_line: 0, catalog_model: 0,
      catalog_model_spec: 0, catalog_model_branch: 0, content_page: 0, content_page_alias: 0, content_promotion: 0,
    });
    const countries = await t.db.selectFrom('region_country').select(['id', 'root_id', 'code', 'name']).orderBy('sort').execute();
    expect(countries).toEqual([
      { id: 1, root_id: 3220, code: 'RU', name: 'Россия' },
      { id: 115, root_id: 3221, code: 'KZ', name: 'Казахстан' },
    ]);
    const smolensk = await t.db.selectFrom('region_area').selectAll().where('id', '=', 4067).executeTakeFirstOrThrow();
    expect(smolensk).toEqual({ id: 4067, root_id: 3220, label: 'Смоленская область', admin_center: 'Смоленск', lat: 54.7826, lng: 32.0453 });
    const byRoot = await t.db.selectFrom('region_area').select(['root_id', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('root_id').orderBy('root_id').execute();
    expect(byRoot.map((r) => [r.root_id, Number(r.n)])).toEqual([[3220, 83], [3221, 20]]);
  });
});

describe('the demo seed', () => {
  it('is idempotent: a second --demo changes nothing', async () => {
    t = await createTestDatabase();
    const first = await counts(t.db);
    expect(first).toMatchObject({ region_branch: 30, content_page: 7, content_promotion: 4 });
    expect(first.catalog_category).toBeGreaterThan(50);
    // A page alias for every category, model line and model.
    expect(first.content_page_alias).toBe(first.catalog_category! + first.catalog_model_line! + first.catalog_model!);
    const pages = await t.db.selectFrom('content_page').select(['slug', 'body_html']).orderBy('slug').execute();
    await boot(t.db, true);
    await boot(t.db, true);
    expect(await counts(t.db)).toEqual(first);
    expect(await t.db.selectFrom('content_page').select(['slug', 'body_html']).orderBy('slug').execute()).toEqual(pages);
  }, 120_000);

  it('reads the long page bodies from their HTML files', async () => {
    t = await createTestDatabase();
    const servis = await t.db.selectFrom('content_page').select('body_html').where('slug', '=', 'servis').executeTakeFirstOrThrow();
    expect(servis.body_html).toMatch(/^<h2>Гарантийный ремонт<\/h2>/);
    const policy = await t.db.selectFrom('content_page').select('body_html').where('slug', '=', 'documents/policy-privacy').executeTakeFirstOrThrow();
    expect(policy.body_html.length).toBeGreaterThan(10_000);
  });

  it('invents no phone numbers: demo branches have none of their own', async () => {
    t = await createTestDatabase();
    const withPhone = await t.db.selectFrom('region_branch').select('id')
      .where((eb) => eb.or([eb('phone', 'is not', null), eb('phone_internal', 'is not', null), eb('service_phone', 'is not', null), eb('service_phone_internal', 'is not', null)]))
      .execute();
    expect(withPhone).toEqual([]);
  });
});

describe('an editor\'s changes survive every later start', () => {
  it.each([false, true])('demo = %s', async (demo) => {
    t = await createTestDatabase();
    const db = t.db;
    await db.updateTable('region_area').set({ label: 'Смоленская обл.' }).where('id', '=', 4067).execute();
    await db.updateTable('region_country').set({ sales_phone: '+7 800 100-00-01' }).where('id', '=', 1).execute();
    await db.updateTable('region_branch').set({ name: 'Смоленск (головной офис)', phone: '+7 (4812) 00-00-00' }).where('id', '=', 1).execute();
    await db.updateTable('catalog_category').set({ name: 'Трактора' }).where('id', '=', 1).execute();
    await db.updateTable('catalog_banner').set({ title: 'Свой баннер' }).where('category_id', '=', 1).execute();
    await db.updateTable('catalog_model').set({ name: 'К-735 Премиум (2026)' }).where('product_code', '=', 'K735P').execute();
    await db.updateTable('catalog_model_branch').set({ price: 1_000_000, old_price: null, quantity: 0 }).where('model_id', '=', 102).where('branch_id', '=', 1).execute();
    await db.deleteFrom('catalog_model_branch').where('model_id', '=', 103).where('branch_id', '=', 2).execute();
    await db.updateTable('content_page').set({ body_html: '<p>Новый текст редактора</p>' }).where('slug', '=', 'servis').execute();
    await db.updateTable('content_page_alias').set({ controller: 'other', reference_id: null }).where('path', '=', '/catalog/traktory').execute();
    await db.deleteFrom('content_page').where('slug', '=', 'akcii').execute();
    await db.updateTable('content_promotion').set({ title: 'Акция редактора' }).where('sort', '=', 0).execute();
    const before = await counts(db);

    await boot(db, demo);

    expect((await db.selectFrom('region_area').select('label').where('id', '=', 4067).executeTakeFirstOrThrow()).label).toBe('Смоленская обл.');
    expect((await db.selectFrom('region_country').select('sales_phone').where('id', '=', 1).executeTakeFirstOrThrow()).sales_phone).toBe('+7 800 100-00-01');
    expect(await db.selectFrom('region_branch').select(['name', 'phone']).where('id', '=', 1).executeTakeFirstOrThrow()).toEqual({ name: 'Смоленск (головной офис)', phone: '+7 (4812) 00-00-00' });
    expect((await db.selectFrom('catalog_category').select('name').where('id', '=', 1).executeTakeFirstOrThrow()).name).toBe('Трактора');
    expect((await db.selectFrom('catalog_banner').select('title').where('category_id', '=', 1).executeTakeFirstOrThrow()).title).toBe('Свой баннер');
    expect((await db.selectFrom('catalog_model').select('name').where('product_code', '=', 'K735P').executeTakeFirstOrThrow()).name).toBe('К-735 Премиум (2026)');
    expect(await db.selectFrom('catalog_model_branch').select(['price', 'old_price', 'quantity']).where('model_id', '=', 102).where('branch_id', '=', 1).executeTakeFirstOrThrow())
      .toEqual({ price: 1_000_000, old_price: null, quantity: 0 });
    expect((await db.selectFrom('content_page').select('body_html').where('slug', '=', 'servis').executeTakeFirstOrThrow()).body_html).toBe('<p>Новый текст редактора</p>');
    expect(await db.selectFrom('content_page_alias').select(['controller', 'reference_id']).where('path', '=', '/catalog/traktory').executeTakeFirstOrThrow()).toEqual({ controller: 'other', reference_id: null });
    expect((await db.selectFrom('content_promotion').select('title').where('sort', '=', 0).executeTakeFirstOrThrow()).title).toBe('Акция редактора');
    const after = await counts(db);
    // Demo mode puts back only what is missing (the deleted page); a production start adds nothing.
    expect(after).toEqual(demo ? { ...before, content_page: before.content_page! + 1, catalog_model_branch: before.catalog_model_branch! + 1 } : before);
  });
});

describe('demo promotions', () => {
  it('come back fresh on a demo start once every earlier offer has ended', async () => {
    t = await createTestDatabase();
    advanceClock(400 * 86_400_000);
    const running = () => t!.db.selectFrom('content_promotion').select('id').where('ends_on', '>=', today()).execute();
    expect(await running()).toHaveLength(0);
    await boot(t.db, false);
    expect(await running()).toHaveLength(0);
    await boot(t.db, true);
    expect(await running()).toHaveLength(4);
    await boot(t.db, true);
    expect(await counts(t.db)).toMatchObject({ content_promotion: 8 });
  }, 120_000);
});
