import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext, SessionState } from '#app/.server/context.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testContext } from '#app/.server/test-context.ts';
import { KAZAKHSTAN_COUNTRY_ID, KAZAKHSTAN_ROOT_ID, RUSSIA_ROOT_ID } from './regions.constants.ts';
import { branchesByCountry, currentLocation, regionDirectory, setLocation } from './regions.server.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });

function context(session: SessionState | null = null, regionIdParam: number | null = null): RequestContext {
  return testContext(t.services, { session, regionIdParam });
}

describe('area tree', () => {
  it('has Russia first with its regions under 3220 and Kazakhstan second with its 20 under 3221', async () => {
    const { areaTree } = await regionDirectory(t.services);
    expect(areaTree.map((n) => [n.id, n.label])).toEqual([[RUSSIA_ROOT_ID, 'Россия'], [KAZAKHSTAN_ROOT_ID, 'Казахстан']]);
    expect(areaTree[0]!.children.length).toBeGreaterThanOrEqual(80);
    expect(areaTree[1]!.children).toHaveLength(20);
    for (const node of areaTree) for (const r of node.children) {
      expect(r.root).toBe(node.id);
      expect(r.adminCenter).not.toBe('');
      expect(Math.abs(r.center[0])).toBeGreaterThan(35);
    }
  });

  it('serves every region from a branch of its own country', async () => {
    const dir = await regionDirectory(t.services);
    for (const area of dir.areas.values()) {
      const branch = dir.branchOfArea.get(area.id)!;
      expect(branch.rootId, area.label).toBe(area.root);
    }
    expect(dir.branches.length).toBeGreaterThanOrEqual(25);
  });
});

describe('current location', () => {
  it('guesses Smolensk for a new visitor and leaves it unconfirmed', async () => {
    const location = await currentLocation(context());
    expect(location.currentArea).toMatchObject({ label: 'Смоленская область', confirmed: false });
    expect(location.currentBranch.city).toBe('Смоленск');
    expect(location.country.code).toBe('RU');
  });

  it('takes region_id from the URL over the stored region', async () => {
    const location = await currentLocation(context({ id: 'x', userId: null, areaId: 4001, areaConfirmed: true }, 5002));
    expect(location.currentArea.regionId).toBe(5002);
    expect(location.currentBranch.countryId).toBe(KAZAKHSTAN_COUNTRY_ID);
  });

  it('ignores an unknown region_id in the URL', async () => {
    const location = await currentLocation(context(null, 999_999));
    expect(location.currentArea.label).toBe('Смоленская область');
  });
});

describe('setLocation', () => {
  it('stores a Kazakhstan region in a new session and reports the branch change', async () => {
    const ctx = context();
    const result = await setLocation(ctx, { areaId: 5001 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.branchChanged).toBe(true);
    expect(result.location.country).toMatchObject({ code: 'KZ', abbreviation: 'КЗ', id: KAZAKHSTAN_COUNTRY_ID });
    const row = await t.db.selectFrom('auth_session').select(['area_id', 'area_confirmed']).where('id', '=', ctx.session!.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ area_id: 5001, area_confirmed: true });
  });

  it('confirms the guessed region without a branch change', async () => {
    const ctx = context();
    const guessed = await currentLocation(ctx);
    const result = await setLocation(ctx, { areaId: guessed.currentArea.regionId });
    expect(result).toMatchObject({ ok: true, branchChanged: false });
  });

  it('finds the region nearest to coordinates', async () => {
    const result = await setLocation(context(), { coords: { lat: 51.17, long: 71.43 } }); // Astana
    expect(result.ok && result.location.currentArea.label).toBe('Астана');
  });

  it('refuses an unknown region and writes nothing', async () => {
    const before = await t.db.selectFrom('auth_session').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(await setLocation(context(), { areaId: 123_456 })).toEqual({ ok: false, code: 'unknown_area' });
    const after = await t.db.selectFrom('auth_session').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('branches by country', () => {
  it('groups all branches by country, then region', async () => {
    const countries = await branchesByCountry(t.services);
    expect(countries.map((c) => c.country.code)).toEqual(['RU', 'KZ']);
    const total = countries.flatMap((c) => c.regions.flatMap((r) => r.branches)).length;
    expect(total).toBe((await regionDirectory(t.services)).branches.length);
  });
});

describe('branch phones', () => {
  it('a branch without a line of its own shows its country\'s sales and service lines', async () => {
    const dir = await regionDirectory(t.services);
    const smolensk = dir.branches.find((b) => b.name === 'Смоленск')!;
    expect([smolensk.phone, smolensk.phoneInternal, smolensk.servicePhone, smolensk.servicePhoneInternal])
      .toEqual(['+7 (800) 555-01-20', '8 (800) 555-01-20', '+7 (800) 555-01-30', '8 (800) 555-01-30']);
    const almaty = dir.branches.find((b) => b.name === 'Алматы')!;
    expect([almaty.phone, almaty.servicePhone]).toEqual(['+7 (800) 080-41-20', '+7 (800) 080-41-30']);
  });
});

describe('phones are written one way', () => {
  it('a branch\'s own lines, however typed, come out as +7 (912) 469-37-64 and 8 (912) 469-37-64', async () => {
    const fresh = await createTestDatabase();
    try {
      await fresh.db.updateTable('region_branch')
        .set({ phone: '+7 912 469 37 64', phone_internal: '89124693764', service_phone: '7(912)4693765', service_phone_internal: '8 912 469-37-65' })
        .where('name', '=', 'Курск').execute();
      const kursk = (await regionDirectory(fresh.services)).branches.find((b) => b.name === 'Курск')!;
      expect([kursk.phone, kursk.phoneInternal, kursk.servicePhone, kursk.servicePhoneInternal])
        .toEqual(['+7 (912) 469-37-64', '8 (912) 469-37-64', '+7 (912) 469-37-65', '8 (912) 469-37-65']);
      const { country } = await currentLocation(testContext(fresh.services));
      expect([country.salesPhone, country.salesPhoneInternal, country.servicePhone, country.servicePhoneInternal])
        .toEqual(['+7 (800) 555-01-20', '8 (800) 555-01-20', '+7 (800) 555-01-30', '8 (800) 555-01-30']);
    } finally {
      await fresh.destroy();
    }
  });

  it('a visitor in a Kazakh region gets a Kazakh branch and the Kazakh service line', async () => {
    const almaty = (await regionDirectory(t.services)).branches.find((b) => b.name === 'Алматы')!;
    const location = await currentLocation(context(null, almaty.areaId));
    expect(location.country.code).toBe('KZ');
    expect(location.currentBranch.countryId).toBe(KAZAKHSTAN_COUNTRY_ID);
    expect([location.currentBranch.servicePhone, location.country.servicePhone]).toEqual(['+7 (800) 080-41-30', '+7 (800) 080-41-30']);
  });
});

describe('an installation without branches yet', () => {
  it('still knows the visitor’s region and offers the country’s lines instead of a branch', async () => {
    const bare = await createTestDatabase({}, { demo: false });
    try {
      const location = await currentLocation(testContext(bare.services));
      expect(location.currentArea.label).toBe('Смоленская область');
      expect(location.currentBranch).toMatchObject({ id: null, name: 'Агротехника, Россия', city: 'Смоленск', address: '', email: '', hours: 'Пн–Пт 08:00–17:00' });
      expect(location.currentBranch.phone).toBe(location.country.salesPhone);
      const kz = await currentLocation(testContext(bare.services, { regionIdParam: (await regionDirectory(bare.services)).areaTree[1]!.children[0]!.id }));
      expect(kz.country.code).toBe('KZ');
      expect(kz.currentBranch.name).toBe('Агротехника, Казахстан');
    } finally {
      await bare.destroy();
    }
  });
});
