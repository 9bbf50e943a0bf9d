import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { partLink } from '#app/modules/parts/pages/part-link.rules.ts';
import { PART_SITEMAP_SIZE } from '#app/modules/parts/sitemap.server.ts';
import { pagesSitemapXml, sitemapFileXml, sitemapIndexXml } from './seo.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.destroy(); });

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);

describe('sitemap.xml', () => {
  it('lists categories, model lines and models in the pages file, each once', async () => {
    const paths = locs(await pagesSitemapXml(t.services));
    expect(new Set(paths).size).toBe(paths.length);
    const { rows } = await sql<{ path: string }>`select path from content_page_alias where controller in ('category', 'model-line', 'model')`.execute(t.db);
    const listed = new Set(paths);
    expect(rows.filter((r) => !listed.has(r.path))).toEqual([]);
    expect(paths).toContain('/catalog/traktory-svyshe-250-ls/kirovets-k-7m/k-735-premium');
    // The parts sections (ADR 033): the lists by category path and the catalogue by models.
    expect(paths).toEqual(expect.arrayContaining(['/fp', '/fp/dvigatel', '/fp/dvigatel/porshnevaya-gruppa', '/parts-catalog']));
    // The blog (ADR 089): its lists and its visible articles.
    expect(paths).toEqual(expect.arrayContaining(['/blog', '/blog/sovety', '/blog/sovety/uborochnaya-2026-kak-podgotovit-kombajn']));
  });

  it('lists the parts page of every model line with drawings (the parts catalogue\'s lines)', async () => {
    const paths = new Set(locs(await pagesSitemapXml(t.services)));
    const { rows } = await sql<{ path: string }>`
      select distinct '/zapchasti/' || m.slug || '/' || l.slug as path
      from parts_drawing d join catalog_model_line l on l.id = d.model_line_id join catalog_manufacturer m on m.id = l.manufacturer_id`.execute(t.db);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.map((r) => r.path).filter((p) => !paths.has(p))).toEqual([]);
    expect(paths).toContain('/zapchasti/kirovets/kirovets-k-7m');
  });

  it('is an index of the pages file and one file per 50,000 part ids that hold parts', async () => {
    const { rows: [maker] } = await sql<{ id: number; max: number }>`select min(id) as id, (select max(id) from parts_part) as max from parts_manufacturer`.execute(t.db);
    // Two parts beyond the others, a range apart: the range between them holds none.
    const first = Math.floor(maker!.max / PART_SITEMAP_SIZE) + 3;
    const far = [(first - 1) * PART_SITEMAP_SIZE + 7, (first + 2) * PART_SITEMAP_SIZE];
    for (const id of far) {
      await sql`insert into parts_part (id, code, name, manufacturer_id) values (${id}, ${`SM-${id}`}, 'Деталь для карты сайта', ${maker!.id})`.execute(t.db);
    }
    try {
      const files = locs(await sitemapIndexXml(t.services));
      expect(files[0]).toBe('/sitemaps/pages.xml');
      expect(files).toContain(`/sitemaps/parts-${first}.xml`);
      expect(files).toContain(`/sitemaps/parts-${first + 2}.xml`);
      expect(files).not.toContain(`/sitemaps/parts-${first + 1}.xml`);
      expect(locs((await sitemapFileXml(t.services, `parts-${first}.xml`))!)).toContain(partLink({ id: far[0]!, code: `SM-${far[0]}` }));
      // The last id of a range belongs to it, not to the next.
      expect(locs((await sitemapFileXml(t.services, `parts-${first + 2}.xml`))!)).toEqual([partLink({ id: far[1]!, code: `SM-${far[1]}` })]);
      expect(await sitemapFileXml(t.services, `parts-${first + 1}.xml`)).toBeNull();
      // Every part the files list is a part, once.
      const all = (await Promise.all(files.slice(1).map((f) => sitemapFileXml(t.services, f.split('/').pop()!)))).flatMap((x) => locs(x!));
      const { rows: [count] } = await sql<{ n: number }>`select count(*)::int as n from parts_part`.execute(t.db);
      expect(new Set(all).size).toBe(count!.n);
    } finally {
      await sql`delete from parts_part where id in (${sql.join(far)})`.execute(t.db);
    }
  });
});
