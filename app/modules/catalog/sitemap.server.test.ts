import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { catalogSitemapPaths } from './sitemap.server.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.destroy(); });

describe('sitemap of the catalogue', () => {
  it('lists every model line and model at its page alias, in one query', async () => {
    const { services, counter } = countingServices(t.services);
    const paths = await catalogSitemapPaths(services);
    expect(counter.count).toBe(1);
    const { rows } = await sql<{ path: string }>`select path from content_page_alias where controller in ('model-line', 'model') order by path`.execute(t.db);
    expect([...paths].sort()).toEqual(rows.map((r) => r.path));
    // A line comes before its models.
    expect(paths.indexOf('/catalog/traktory-svyshe-250-ls/kirovets-k-7m')).toBeLessThan(paths.indexOf('/catalog/traktory-svyshe-250-ls/kirovets-k-7m/k-735-standart'));
  });
});
