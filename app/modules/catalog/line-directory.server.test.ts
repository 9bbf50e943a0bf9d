import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { modelLineDirectory } from './line-directory.server.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); }, 120_000);
afterAll(async () => { await t?.destroy(); });

describe('modelLineDirectory', () => {
  it('names every line with its maker, its alias and its models, by id and by the two slugs', async () => {
    const dir = await modelLineDirectory(t.services);
    const line = dir.byId.get(1)!;
    expect(line).toMatchObject({ id: 1, slug: 'kirovets-k-7m', name: 'Кировец К-7М', manufacturer: { slug: 'kirovets', name: 'Кировец' } });
    expect(line.link).toMatch(/^\/catalog\/[a-z0-9-]+\/kirovets-k-7m$/);
    expect(line.models.length).toBeGreaterThan(3);
    expect(dir.bySlugs.get('kirovets/kirovets-k-7m')).toBe(line);
    expect(dir.bySlugs.get('rostselmash/kirovets-k-7m')).toBeUndefined();
    // Kept in memory: the same object until the TTL passes.
    expect(await modelLineDirectory(t.services)).toBe(dir);
  });
});
