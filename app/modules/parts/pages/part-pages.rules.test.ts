import { describe, expect, it } from 'vitest';
import { chooseMachine, countUnder, effectiveSort, emptyFpState, encodeFpQuery, makerCountsOf, FP_MAX_MAKERS, FP_MAX_PAGE, pageCountOf, parseCategoryPath, parseFpQuery, toggleFpFlag, toggleMaker } from './fp.rules.ts';
import { drawingLink, fpLink, lineLink, parsePartPath, partLink, partSlug } from './part-link.rules.ts';

describe('part links', () => {
  it('writes a number in Latin letters, readable, and finds the id again', () => {
    expect(partSlug('АВ-123.45')).toBe('av-123-45');
    expect(partSlug('W 940/25')).toBe('w-940-25');
    expect(partSlug('БДМ-01.02.010')).toBe('bdm-01-02-010');
    expect(partSlug('---')).toBe('detal');
    expect(partSlug('Щ'.repeat(40)).length).toBeLessThanOrEqual(48);
    expect(partLink({ id: 900_010, code: 'RE504836' })).toBe('/parts/re504836-900010');
    expect(parsePartPath('/parts/re504836-900010')).toEqual({ id: 900_010, slug: 're504836' });
    expect(parsePartPath('/parts/w-940-25-900012/')).toEqual({ id: 900_012, slug: 'w-940-25' });
    expect(parsePartPath('/parts/900012')).toEqual({ id: 900_012, slug: '' });
    for (const bad of ['/parts/x-0', '/parts/x-99999999999', '/parts/X-1', '/parts/x-1/y', '/zapchasti/x-1', '/parts/']) expect(parsePartPath(bad), bad).toBeNull();
  });

  it('links the line parts page by the contract of its route', () => {
    expect(lineLink('kirovets', 'k-7m')).toBe('/zapchasti/kirovets/k-7m');
    expect(drawingLink('kirovets', 'k-7m', 12)).toBe('/zapchasti/kirovets/k-7m?drawings%5B%5D=12');
    expect(drawingLink('kirovets', 'k-7m', 12, 'k-735')).toBe('/zapchasti/kirovets/k-7m?drawings%5B%5D=12&models%5B%5D=k-735');
    expect(fpLink([])).toBe('/fp');
    expect(fpLink(['dvigatel', 'porshnevaya-gruppa'])).toBe('/fp/dvigatel/porshnevaya-gruppa');
  });
});

describe('the /fp/ query', () => {
  it('reads what it writes, and drops what it cannot read', () => {
    const state = { ...emptyFpState(), manufacturers: [3, 1], inStock: true, sortOrder: 'code' as const, page: 3 };
    const query = encodeFpQuery(state);
    expect(query).toBe('?inStock=1&manufacturers%5B%5D=1&manufacturers%5B%5D=3&sortOrder=code&page=3');
    expect(parseFpQuery(new URLSearchParams(query.slice(1)))).toEqual({ ...state, manufacturers: [1, 3] });
    const bad = parseFpQuery(new URLSearchParams('page=abc&sortOrder=x&manufacturers[]=0&manufacturers[]=99999999999&manufacturers=7&inStock=maybe'));
    expect(bad).toEqual({ ...emptyFpState(), manufacturers: [7] });
    expect(parseFpQuery(new URLSearchParams(`page=${FP_MAX_PAGE + 1}`)).page).toBe(1);
    const huge = new URLSearchParams(Array.from({ length: 10_000 }, (_, i) => ['manufacturers[]', String(i + 1)]));
    expect(parseFpQuery(huge).manufacturers).toHaveLength(FP_MAX_MAKERS);
    expect(encodeFpQuery(emptyFpState())).toBe('');
  });

  it('goes back to page 1 on any change of what is listed; guests sort by name', () => {
    const on3 = { ...emptyFpState(), page: 3 };
    expect(toggleMaker(on3, 5)).toMatchObject({ page: 1, manufacturers: [5] });
    expect(toggleMaker({ ...on3, manufacturers: [5] }, 5).manufacturers).toEqual([]);
    expect(toggleFpFlag(on3, 'inStock')).toMatchObject({ page: 1, inStock: true });
    expect(effectiveSort('price-asc', false)).toBe('name');
    expect(effectiveSort('price-asc', true)).toBe('price-asc');
    expect(pageCountOf(0)).toBe(0);
    expect(pageCountOf(25)).toBe(2);
    expect(pageCountOf(10_000_000)).toBe(FP_MAX_PAGE);
  });

  it('accepts category paths of slugs only', () => {
    expect(parseCategoryPath(undefined)).toEqual([]);
    expect(parseCategoryPath('dvigatel/porshnevaya-gruppa/')).toEqual(['dvigatel', 'porshnevaya-gruppa']);
    expect(parseCategoryPath('Dvigatel')).toBeNull();
    expect(parseCategoryPath('a/'.repeat(9))).toBeNull();
    expect(parseCategoryPath('dvi gatel')).toBeNull();
  });
});

describe('/fp/ narrowed to a machine, and counts under the stock filters', () => {
  it('keeps a machine id in the URL, drops anything that is not one, and goes back to page 1 on a change', () => {
    const state = parseFpQuery(new URLSearchParams('machine=17&page=3'));
    expect(state.machine).toBe(17);
    expect(encodeFpQuery(state)).toBe('?machine=17&page=3');
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999', '2147483648', '%00', '']) {
      expect(parseFpQuery(new URLSearchParams(`machine=${bad}`)).machine, bad).toBeNull();
    }
    expect(chooseMachine(state, null)).toMatchObject({ machine: null, page: 1 });
    expect(encodeFpQuery(chooseMachine(state, 5))).toBe('?machine=5');
  });

  it('counts every part, those in stock, with a price, or both, per maker and over categories', () => {
    const cell = (all: number, inStock: number, priced: number, both: number) => ({ all, inStock, priced, both });
    expect(countUnder(cell(10, 4, 6, 3), { inStock: false, priced: false })).toBe(10);
    expect(countUnder(cell(10, 4, 6, 3), { inStock: true, priced: false })).toBe(4);
    expect(countUnder(cell(10, 4, 6, 3), { inStock: false, priced: true })).toBe(6);
    expect(countUnder(cell(10, 4, 6, 3), { inStock: true, priced: true })).toBe(3);
    const own = new Map<number | null, Map<number, ReturnType<typeof cell>>>([
      [1, new Map([[7, cell(10, 4, 6, 3)], [8, cell(5, 0, 5, 0)]])],
      [2, new Map([[7, cell(1, 1, 1, 1)]])],
      [null, new Map([[9, cell(2, 2, 2, 2)]])],
    ]);
    expect([...makerCountsOf(own, [1, 2], { inStock: true, priced: false })]).toEqual([[7, 5]]);
    expect([...makerCountsOf(own, [1], { inStock: false, priced: true })]).toEqual([[7, 6], [8, 5]]);
    expect([...makerCountsOf(own, null, { inStock: true, priced: true })]).toEqual([[7, 4], [9, 2]]);
    expect(makerCountsOf(own, [3], { inStock: false, priced: false }).size).toBe(0);
  });
});
