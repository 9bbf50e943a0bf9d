import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { rotateSession } from '#app/.server/session.ts';
import { testContext } from '#app/.server/test-context.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { searchSparePartsForStaff } from './staff-search.server.ts';

let t: TestDatabase;
let userId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  userId = await createUser(t.db, { name: 'Сотрудник', email: 'staff-search@agro.test' });
}, 120_000);
afterAll(async () => { await t?.destroy(); });

async function employee(services = t.services) {
  const session = (await rotateSession(services.db, null, userId, 'browser')).session;
  return testContext(services, { session });
}

describe('the employees\' part search', () => {
  it('finds a part by number in another notation, its replacement and analogs, with every branch\'s price and stock, 1C code and weight', async () => {
    const result = await searchSparePartsForStaff(await employee(), 'ку-59754'); // RE59754 typed in the Russian layout
    expect(result.hits.slice(0, 2).map((h) => [h.code, h.relation])).toEqual([['RE59754', 'exact'], ['RE504836', 'replacement']]);
    expect(result.hits.map((h) => h.code)).toEqual(expect.arrayContaining(['LF3349', 'W 940/25']));
    const first = result.hits[0]!;
    expect(first).toMatchObject({ manufacturer: 'John Deere', weightGrams: 820, manufacturerKind: 'oem' });
    const rows = await t.db.selectFrom('parts_part_branch').selectAll().where('part_id', '=', first.id).orderBy('branch_id').execute();
    expect(first.branches).toEqual(rows.map((r) => ({
      branchId: r.branch_id, currency: r.currency, price: r.price, oldPrice: r.old_price, quantity: r.quantity,
      expectedDate: r.expected_date === null ? null : String(r.expected_date).slice(0, 10),
    })));
    expect(first.branches.length).toBeGreaterThan(0);
    expect(first.branches.some((b) => b.price !== null)).toBe(true);
    expect(first.oneCCode).toBe((await t.db.selectFrom('parts_part').select('one_c_code').where('id', '=', first.id).executeTakeFirstOrThrow()).one_c_code);
    // Every branch is a column, the employee's own first.
    expect(result.branches.length).toBe((await t.db.selectFrom('region_branch').select('id').execute()).length);
    expect(result.branches[0]!.id).toBe(result.currentBranchId);
  });

  it('finds parts by the beginning of the name, case and ё ignored', async () => {
    const result = await searchSparePartsForStaff(await employee(), 'ФИЛЬТР МАСЛЯНЫЙ ДВИГ');
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits.every((h) => h.relation === 'name' && h.name.toLowerCase().startsWith('фильтр масляный двиг'))).toBe(true);
    expect(result.hits.map((h) => h.code)).toContain('RE504836');
    // LIKE's wildcards are text, not patterns: '%ильтр' finds no 'Фильтр'.
    expect((await searchSparePartsForStaff(await employee(), '%ильтр')).hits).toEqual([]);
    expect((await searchSparePartsForStaff(await employee(), '')).hits).toEqual([]);
  });

  it('folds names in code as the database does (the pattern is folded by search_plain, the index too)', async () => {
    const { rows } = await sql<{ same: boolean }>`select search_plain('Ёлка ЙОД Фильтр') = 'елка йод фильтр' as same`.execute(t.db);
    expect(rows[0]!.same).toBe(true);
  });

  it('sends a fixed number of statements whatever the number of hits', async () => {
    const { services, counter } = countingServices(t.services);
    const ctx = await employee(services);
    await searchSparePartsForStaff(ctx, 'RE504836'); // warms the region directory of this handle
    const counts: number[] = [];
    for (const q of ['0006379310', 'RE504836', 'подшипник', 'RE5']) {
      counter.count = 0;
      const r = await searchSparePartsForStaff(ctx, q);
      expect(r.hits.length).toBeGreaterThan(0);
      counts.push(counter.count);
    }
    expect(Math.max(...counts)).toBeLessThanOrEqual(5);
  });
});
