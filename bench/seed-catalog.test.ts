import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { forgetBenchClientLimits, seedBenchCatalog } from './seed-catalog.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.destroy(); });

const count = async (query: string) => Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(t.db)).rows[0]!.n);

describe('the bench catalogue', () => {
  it('grows the demo catalogue to the asked size with everything a page needs', { timeout: 180_000 }, async () => {
    const demoModels = await count('select count(*) as n from catalog_model');
    const { models } = await seedBenchCatalog(t.db, 1_000);
    expect(models).toBeGreaterThanOrEqual(1_000);
    expect(models % demoModels).toBe(0);
    // Every model has specifications, an alias, a picture and a row at branches like its original.
    expect(await count('select count(*) as n from catalog_model m where not exists (select 1 from catalog_model_spec s where s.model_id = m.id)')).toBe(0);
    expect(await count(`select count(*) as n from catalog_model m where not exists (select 1 from content_page_alias a where a.controller = 'model' and a.reference_id = m.id)`)).toBe(0);
    expect(await count(`select count(*) as n from catalog_model_line l where not exists (select 1 from content_page_alias a where a.controller = 'model-line' and a.reference_id = l.id)`)).toBe(0);
    expect(await count('select count(*) as n from catalog_model where jsonb_array_length(images) = 0')).toBe(0);
    expect(await count('select count(*) as n from catalog_model m where not exists (select 1 from catalog_model_branch b where b.model_id = m.id)')).toBe(0);
    expect(await count(`select count(*) as n from catalog_model where product_code !~ '^[A-Z0-9]+$'`)).toBe(0);
    // Copies differ from their originals, in price and specifications.
    expect(await count('select count(distinct num_value) as n from catalog_model_spec where spec_id = 1')).toBeGreaterThan(100);
    // A second run adds nothing.
    expect((await seedBenchCatalog(t.db, 1_000)).models).toBe(models);
  });
});

describe("the benchmark's rate limits", () => {
  it("empties its own address's buckets, in every form of the loopback address, and no other", async () => {
    const keys = [
      'email-flow:ip:hour:127.0.0.1', 'email-flow:ip:day:127.0.0.1', 'signin:pair:day:user:7|127.0.0.1', 'signin:ip:::1', 'signin:ip:::ffff:127.0.0.1',
      'email-flow:ip:hour:10.1.2.3', 'signin:pair:day:user:7|10.1.2.3', 'mail:address:hour:bench-1@agro.ru', 'signin:account:day:user:7', 'feedback:ip:127.0.0.10',
    ];
    for (const key of keys) await sql`insert into rate_limit (key, window_start, hits, expires_at) values (${key}, 'epoch', 1, now() + interval '1 hour')`.execute(t.db);
    expect(await forgetBenchClientLimits(t.db)).toBe(5);
    const left = (await sql<{ key: string }>`select key from rate_limit`.execute(t.db)).rows.map((r) => r.key).sort();
    expect(left).toEqual(keys.slice(5).sort());
  });
});
