import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { showsSaleBadge } from './catalog.rules.ts';

// The demo catalogue as the issue asks for it: enough machinery, believable and complete.
let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.destroy(); });

const count = async (query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(t.db)).rows[0]!.n);

describe('the demo catalogue', () => {
  it('has at least 15 manufacturers, 40 model lines and 200 models', async () => {
    expect(await count(sql`select count(*) as n from catalog_manufacturer`)).toBeGreaterThanOrEqual(15);
    expect(await count(sql`select count(*) as n from catalog_model_line`)).toBeGreaterThanOrEqual(40);
    expect(await count(sql`select count(*) as n from catalog_model`)).toBeGreaterThanOrEqual(200);
    // Every manufacturer has a logo and a country, every line a description of some sentences.
    expect(await count(sql`select count(*) as n from catalog_manufacturer where logo_path is null or country = ''`)).toBe(0);
    expect(await count(sql`select count(*) as n from catalog_model_line where length(description) < 80`)).toBe(0);
  });

  it('refers only to pictures that exist under public/ (logos and every image of every model)', async () => {
    const { rows } = await sql<{ src: string }>`
      select logo_path as src from catalog_manufacturer where logo_path is not null
      union select distinct i ->> 'src' from catalog_model, jsonb_array_elements(images) as i`.execute(t.db);
    expect(rows.length).toBeGreaterThan(200);
    const missing = rows.map((r) => r.src).filter((src) => !existsSync(join(import.meta.dirname, '../../../public', src)));
    expect(missing).toEqual([]);
  });

  it('puts model lines in every top category, in leaves or categories of the tree', async () => {
    const { rows } = await sql<{ id: number; lines: string }>`
      with recursive tree as (
        select id, id as top from catalog_category where parent_id is null
        union all select c.id, tree.top from catalog_category c join tree on c.parent_id = tree.id)
      select top as id, count(l.id) as lines from tree left join catalog_model_line l on l.category_id = tree.id group by top order by top`.execute(t.db);
    expect(rows.length).toBe(12);
    for (const row of rows) expect(Number(row.lines), `category ${row.id}`).toBeGreaterThan(0);
  });

  it('gives every model the 5–9 specifications of its type, with plausible values', async () => {
    const { rows } = await sql<{ n: string }>`select count(*) as n from catalog_model_spec group by model_id`.execute(t.db);
    expect(rows.length).toBe(await count(sql`select count(*) as n from catalog_model`));
    for (const r of rows) expect(Number(r.n)).toBeGreaterThanOrEqual(4);
    const power = await sql<{ name: string; v: number }>`
      select m.name, s.num_value as v from catalog_model m join catalog_model_spec s on s.model_id = m.id and s.spec_id = 1
      where m.product_code in ('K742P', '8R340', '5075E')`.execute(t.db);
    expect(Object.fromEntries(power.rows.map((r) => [r.name, r.v]))).toEqual({ 'К-742 Премиум': 430, '8R 340': 340, '5075E': 75 });
    // Models of a line differ: no two models of a line share all their number values.
    const same = await count(sql`select count(*) as n from (select model_line_id from (
      select m.model_line_id, string_agg(s.num_value::text, ',' order by s.spec_id) as v from catalog_model m
      join catalog_model_spec s on s.model_id = m.id where s.num_value is not null group by m.id, m.model_line_id) x
      group by model_line_id, v having count(*) > 1) twins`);
    expect(same).toBe(0);
    expect(await count(sql`select count(distinct text_value) as n from catalog_model_spec where spec_id = 9`)).toBeGreaterThanOrEqual(2);
  });

  it('has a picture with its size for every model, some with more than one', async () => {
    expect(await count(sql`select count(*) as n from catalog_model where jsonb_array_length(images) = 0`)).toBe(0);
    expect(await count(sql`select count(*) as n from catalog_model where jsonb_array_length(images) >= 2`)).toBeGreaterThan(50);
    expect(await count(sql`select count(*) as n from catalog_model where jsonb_array_length(images) = 3`)).toBeGreaterThan(10);
    const bad = await count(sql`select count(*) as n from catalog_model, jsonb_array_elements(images) i
      where (i->>'width')::int <> 640 or (i->>'height')::int <> 480 or i->>'alt' = '' or i->>'src' not like '/images/models/%.svg'`);
    expect(bad).toBe(0);
    const k735 = await t.db.selectFrom('catalog_model').select(['name', 'product_code', 'images']).where('product_code', '=', 'K735P').executeTakeFirstOrThrow();
    expect(k735.images[0]).toEqual({ src: '/images/models/K735P.svg', width: 640, height: 480, alt: 'Трактор Кировец К-735 Премиум, вид сбоку' });
  });

  it('prices models at every branch in its currency, with the cases the shop must show', async () => {
    // Every branch sells models; Kazakh branches in tenge, Russian ones in roubles.
    const { rows } = await sql<{ currency: string; branches: string }>`
      select currency, count(distinct branch_id) as branches from catalog_model_branch group by currency order by currency`.execute(t.db);
    expect(rows.map((r) => [r.currency, Number(r.branches)])).toEqual([['KZT', 7], ['RUB', 23]]);
    const wrong = await count(sql`select count(*) as n from catalog_model_branch mb join region_branch b on b.id = mb.branch_id
      join region_area a on a.id = b.area_id where (a.root_id = 3221) <> (mb.currency = 'KZT')`);
    expect(wrong).toBe(0);
    // At the head office (Smolensk) and in Astana a visitor meets every case.
    for (const branch of [1, 24]) {
      const where = (cond: ReturnType<typeof sql>) => count(sql`select count(*) as n from catalog_model_branch where branch_id = ${branch} and ${cond}`);
      expect(await where(sql`price is null`), 'price on request').toBeGreaterThan(5);
      expect(await where(sql`quantity = 0`), 'out of stock').toBeGreaterThan(10);
      expect(await where(sql`quantity = 0 and expected_date is not null`), 'expected').toBeGreaterThan(3);
      expect(await where(sql`quantity > 0`), 'in stock').toBeGreaterThan(100);
      expect(await where(sql`super_price`), 'Суперцена').toBeGreaterThan(3);
      expect(await where(sql`old_price > price and (old_price - price) * 100 <= old_price * 10`), 'discount without the badge').toBeGreaterThan(3);
      const sales = await sql<{ price: string; old_price: string }>`select price, old_price from catalog_model_branch where branch_id = ${branch} and old_price > price`.execute(t.db);
      expect(sales.rows.filter((r) => showsSaleBadge(Number(r.price), Number(r.old_price))).length, 'discount above 10 %').toBeGreaterThan(10);
    }
    // Models priced on request everywhere, models a branch does not sell.
    expect(await count(sql`select count(*) as n from (select model_id from catalog_model_branch group by model_id having bool_and(price is null)) x`)).toBeGreaterThan(5);
    expect(await count(sql`select count(*) as n from (select model_id from catalog_model_branch group by model_id having count(*) < 30) x`)).toBeGreaterThan(10);
    expect(await count(sql`select count(*) as n from catalog_model m where not exists (select 1 from catalog_model_branch mb where mb.model_id = m.id)`)).toBe(0);
    // Money in whole roubles and tenge at least: minor units with no kopecks.
    expect(await count(sql`select count(*) as n from catalog_model_branch where price % 100 <> 0 or old_price % 100 <> 0`)).toBe(0);
  });

  it('keeps a page alias for every category, model line and model', async () => {
    const missing = await count(sql`select count(*) as n from (
      select 'category' as c, id from catalog_category union all select 'model-line', id from catalog_model_line
      union all select 'model', id from catalog_model) e
      where not exists (select 1 from content_page_alias a where a.controller = e.c and a.reference_id = e.id)`);
    expect(missing).toBe(0);
    const k735 = await t.db.selectFrom('content_page_alias').select(['path', 'controller']).where('controller', '=', 'model').where('reference_id', '=', 102).executeTakeFirstOrThrow();
    expect(k735.path).toBe('/catalog/traktory-svyshe-250-ls/kirovets-k-7m/k-735-premium');
    const line = await t.db.selectFrom('content_page_alias').select('path').where('controller', '=', 'model-line').where('reference_id', '=', 1).executeTakeFirstOrThrow();
    expect(line.path).toBe('/catalog/traktory-svyshe-250-ls/kirovets-k-7m');
  });

  it('spreads the models\' arrival over the last two years, so "newest first" sorts', async () => {
    const { rows } = await sql<{ oldest: Date; newest: Date; days: string }>`
      select min(created_at) as oldest, max(created_at) as newest, count(distinct created_at::date) as days from catalog_model`.execute(t.db);
    expect(Number(rows[0]!.days)).toBeGreaterThan(150);
    expect(new Date(rows[0]!.newest).getTime()).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - new Date(rows[0]!.oldest).getTime()).toBeLessThan(731 * 86_400_000);
  });

  it('uses short URL-safe product codes', async () => {
    expect(await count(sql`select count(*) as n from catalog_model where product_code !~ '^[A-Z0-9]{2,12}$'`)).toBe(0);
  });
});
