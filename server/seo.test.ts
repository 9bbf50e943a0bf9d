import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { sitemapXml } from './seo.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.destroy(); });

describe('sitemap.xml', () => {
  it('holds categories, model lines and models, each once', async () => {
    const xml = await sitemapXml(t.services);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(new Set(locs).size).toBe(locs.length);
    const { rows } = await sql<{ path: string }>`select path from content_page_alias where controller in ('category', 'model-line', 'model')`.execute(t.db);
    const listed = new Set(locs);
    expect(rows.filter((r) => !listed.has(r.path))).toEqual([]);
    expect(locs).toContain('/catalog/traktory-svyshe-250-ls/kirovets-k-7m/k-735-premium');
    // The parts sections (ADR 033): the lists by category path and the catalogue by models.
    expect(locs).toEqual(expect.arrayContaining(['/fp', '/fp/dvigatel', '/fp/dvigatel/porshnevaya-gruppa', '/parts-catalog']));
  });
});
