import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testContext } from '#app/.server/test-context.ts';
import { lookupPartNumber } from '#app/modules/parts/parts.server.ts';
import { benchPartQueries, seedBenchParts } from './seed-parts.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); }, 120_000);
afterAll(async () => { await t?.destroy(); });

const count = async (query: string) => Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(t.db)).rows[0]!.n);

describe('the bench parts catalogue', () => {
  it('grows the demo parts to the asked size with analogs, supersessions and branch rows', { timeout: 300_000 }, async () => {
    const demoParts = await count('select count(*) as n from parts_part');
    const demoAnalogs = await count('select count(*) as n from parts_analog');
    // One copy of the demo parts is enough to show how copies are made (the bench makes 45).
    const { parts } = await seedBenchParts(t.db, demoParts + 1);
    expect(parts).toBe(2 * demoParts);
    expect(await count('select count(*) as n from parts_analog')).toBe(2 * demoAnalogs);
    expect(await count('select count(*) as n from parts_supersession where old_part_id >= 1000000')).toBeGreaterThan(0);
    expect(await count('select count(*) as n from parts_part p where not exists (select 1 from parts_part_branch b where b.part_id = p.id)')).toBe(0);
    // Copies' numbers differ from their originals' and from each other's after normalisation.
    expect(await count('select count(distinct code_norm) as n from parts_part')).toBe(parts);
    // The originals keep their numbers: a copy is found by its own, the original still first by its.
    const ctx = testContext(t.services);
    expect((await lookupPartNumber(ctx, 'RE504836')).hits[0]).toMatchObject({ code: 'RE504836', relation: 'exact' });
    expect((await lookupPartNumber(ctx, 're504836 z1')).hits[0]).toMatchObject({ code: 'RE504836Z1', relation: 'exact' });
    const copy = await lookupPartNumber(ctx, 'RE59754Z1');
    expect(copy.hits.slice(0, 2).map((h) => [h.code, h.relation])).toEqual([['RE59754Z1', 'exact'], ['RE504836Z1', 'replacement']]);
    // A second run adds nothing.
    expect((await seedBenchParts(t.db, demoParts + 1)).parts).toBe(parts);
  });

  it('gives the same queries on every run, most of them part numbers as people type them', async () => {
    const a = await benchPartQueries(t.db, 50);
    expect(a).toHaveLength(50);
    expect(await benchPartQueries(t.db, 50)).toEqual(a);
    expect(new Set(a).size).toBeGreaterThan(45);
  });
});
