import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { modelCountsByCategory } from './catalog-stats.server.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.destroy(); });

describe('models per category', () => {
  it('counts a category\'s own models and those of its subcategories at any depth', async () => {
    const counts = await modelCountsByCategory(t.services);
    const { rows } = await sql<{ category_id: number; n: string }>`
      select l.category_id, count(*) as n from catalog_model m join catalog_model_line l on l.id = m.model_line_id group by l.category_id`.execute(t.db);
    const own = Object.fromEntries(rows.map((r) => [r.category_id, Number(r.n)]));
    // 'Колёсные тракторы' (101) holds nothing itself: its three power classes (151–153) do.
    expect(own[101]).toBeUndefined();
    expect(counts[101]).toBe((own[151] ?? 0) + (own[152] ?? 0) + (own[153] ?? 0));
    const total = Object.values(own).reduce((a, b) => a + b, 0);
    const tops = Array.from({ length: 12 }, (_, i) => counts[i + 1] ?? 0);
    expect(tops.reduce((a, b) => a + b, 0)).toBe(total);
    expect(tops.every((n) => n > 0)).toBe(true);
    // A category with no models is absent rather than 0.
    expect(counts[107]).toBeUndefined();
  });

  it('reads the tree in one query, then serves from the cache', async () => {
    // A counting handle is a new database handle to the cache: its first read loads.
    const { services, counter } = countingServices(t.services);
    await modelCountsByCategory(services);
    await modelCountsByCategory(services);
    expect(counter.count).toBe(1);
  });
});
