import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '#app/.server/context.ts';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { signedInContext, testContext } from '#app/.server/test-context.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import type { GoldenQuery } from './data/golden.ts';
import { PART_MAKERS } from './data/manufacturers.ts';
import { configurePartsPorts, lookupPartNumber } from './parts.server.ts';

let t: TestDatabase;

// The parts module's own statements: the suppliers' offers, a port (ADR 096) that another file of
// the worker may have wired, answer none here.
let restorePorts = () => {};
beforeAll(() => { restorePorts = configurePartsPorts({ supplierOffers: async () => new Map() }); });
afterAll(() => restorePorts());
let userId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  userId = await createUser(t.db, { name: 'Иван Механиков', email: 'parts-lookup@agro.example' });
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const guest = (services = t.services): RequestContext => testContext(services);
const signedIn = (services = t.services): Promise<RequestContext> => signedInContext(services, userId);
const codes = (hits: Array<{ code: string }>) => hits.map((h) => h.code);

describe('part-number lookup', () => {
  it('puts the exact part first for every query of the golden list', { timeout: 120_000 }, async () => {
    const golden = JSON.parse(readFileSync(new URL('./data/part-lookup-golden.json', import.meta.url), 'utf8')) as GoldenQuery[];
    expect(golden.length).toBeGreaterThanOrEqual(200);
    const makerName = new Map(PART_MAKERS.map((m) => [m.slug, m.name]));
    const ctx = guest();
    const misses: string[] = [];
    for (const g of golden) {
      const { hits } = await lookupPartNumber(ctx, g.query, { limit: 5 });
      const first = hits[0];
      if (!first || first.code !== g.code || first.manufacturer.name !== makerName.get(g.maker) || first.relation !== 'exact') {
        misses.push(`${g.query} (${g.rule}) → ${first ? `${first.code} ${first.relation}` : 'nothing'}, expected ${g.code}`);
      }
    }
    expect(misses).toEqual([]);
  });

  it('lists what replaced an old number (along the chain), then the analogs, then what it replaced', async () => {
    const { hits } = await lookupPartNumber(guest(), 'RE59754');
    expect(hits.slice(0, 5).map((h) => [h.code, h.relation, h.distance])).toEqual([
      ['RE59754', 'exact', 0],
      ['RE504836', 'replacement', 1],
      ['LF3349', 'analog', 0],
      ['W 940/25', 'analog', 0],
      ['RE57394', 'replaced', 1],
    ]);
    const oldest = await lookupPartNumber(guest(), 're-57394');
    expect(oldest.hits.slice(0, 3).map((h) => [h.code, h.relation, h.distance])).toEqual([
      ['RE57394', 'exact', 0], ['RE59754', 'replacement', 1], ['RE504836', 'replacement', 2],
    ]);
  });

  it('finds analogs in both directions: an aftermarket number lists the OEM part and the other analogs', async () => {
    const { hits } = await lookupPartNumber(guest(), 'LF3349');
    expect(hits[0]).toMatchObject({ code: 'LF3349', relation: 'exact', manufacturer: { name: 'Fleetguard', kind: 'aftermarket' } });
    expect(hits.filter((h) => h.relation === 'analog').map((h) => h.code).sort()).toEqual(['RE504836', 'W 940/25']);
    const skf = await lookupPartNumber(guest(), '6205-2RS1');
    expect(skf.hits.find((h) => h.relation === 'analog')).toMatchObject({ code: 'AB12345', manufacturer: { kind: 'oem' } });
  });

  it('then near matches: longer numbers that begin with the query, the number the query begins with, typos', async () => {
    const prefix = await lookupPartNumber(guest(), 'AB1234');
    expect(prefix.hits.filter((h) => h.relation === 'near').map((h) => h.code)).toEqual(expect.arrayContaining(['AB12345', 'AB12344']));
    const suffix = await lookupPartNumber(guest(), 'RE504836-01');
    expect(suffix.hits[0]).toMatchObject({ code: 'RE504836', relation: 'near' });
    const typo = await lookupPartNumber(guest(), 'RE504863');
    expect(codes(typo.hits)).toContain('RE504836');
  });

  it('reads the query in the other layout only after the query as typed', async () => {
    const result = await lookupPartNumber(guest(), 'ку504836');
    expect(result.codes).toEqual(['KY504836', 'RE504836']);
    expect(result.hits[0]).toMatchObject({ code: 'RE504836', relation: 'exact' });
  });

  it('shows prices to signed-in visitors only, with stock here and at the other branches', async () => {
    const anonymous = await lookupPartNumber(guest(), 'RE504836');
    expect(anonymous.pricesShown).toBe(false);
    expect(anonymous.hits.every((h) => h.here === null || (h.here.price === null && h.here.oldPrice === null))).toBe(true);

    const ctx = await signedIn();
    const result = await lookupPartNumber(ctx, 'RE504836');
    expect(result.pricesShown).toBe(true);
    expect(result.branchId).not.toBeNull();
    const rows = await t.db.selectFrom('parts_part_branch').selectAll().where('part_id', 'in', result.hits.map((h) => h.id)).execute();
    for (const hit of result.hits) {
      const own = rows.filter((r) => r.part_id === hit.id);
      const here = own.find((r) => r.branch_id === result.branchId);
      expect(hit.here).toEqual(here ? { price: here.price, oldPrice: here.old_price, currency: here.currency, quantity: here.quantity, expectedDate: here.expected_date } : null);
      const elsewhere = own.filter((r) => r.branch_id !== result.branchId && r.quantity > 0);
      expect(hit.elsewhere.map((e) => e.branchId).sort()).toEqual(elsewhere.map((r) => r.branch_id).sort());
      expect(hit.elsewhere.map((e) => e.quantity)).toEqual([...hit.elsewhere.map((e) => e.quantity)].sort((a, b) => b - a));
      expect(hit.elsewhere.every((e) => e.branchName.length > 0)).toBe(true);
    }
    expect(result.hits.some((h) => h.here?.price != null)).toBe(true);
  });

  it('gives nothing for a query without a letter or a digit, and nothing unknown', async () => {
    expect((await lookupPartNumber(guest(), ' -./ ')).hits).toEqual([]);
    expect((await lookupPartNumber(guest(), 'QQQ000000000999')).hits.filter((h) => h.relation !== 'near')).toEqual([]);
  });

  it('runs at most three statements: two when the exact part and its relatives fill the list or nothing is found', async () => {
    const { services, counter } = countingServices(t.services);
    await lookupPartNumber(guest(services), 'RE59754'); // the region directory is read once per process
    for (const [query, limit, expected] of [['RE59754', 20, 3], ['RE59754', 3, 2], ['AB1234', 20, 3], ['zzz', 20, 2]] as const) {
      counter.count = 0;
      await lookupPartNumber(guest(services), query, { limit });
      expect(counter.count, query).toBe(expected);
    }
  });
});
