import { describe, expect, it } from 'vitest';
import type { CatalogFilterState } from './listing.schema.ts';
import {
  MAX_IDS_PER_LIST, autoSelectFirstModel, clearAll, countChosenFilters, emptyFilterState, encodeFilterQuery, filterSearch,
  isFiltered, normalizeFilterState, parseFilterQuery, selectModelLine, setDisplayType, setPage, setRange, setSortOrder,
  toggle, toggleFlag, toggleSpecValue,
} from './filters.rules.ts';

const parse = (query: string) => parseFilterQuery(new URLSearchParams(query));
const state = (patch: Partial<CatalogFilterState>): CatalogFilterState => normalizeFilterState({ ...emptyFilterState(), ...patch });
const roundTrip = (s: CatalogFilterState) => parseFilterQuery(encodeFilterQuery(s));

describe('the query codec (spec §3 keys)', () => {
  it('leaves the defaults out of the URL', () => {
    expect(encodeFilterQuery(emptyFilterState()).toString()).toBe('');
    expect(filterSearch(emptyFilterState())).toBe('');
    expect(parse('')).toEqual(emptyFilterState());
  });

  it('writes arrays with [] and ranges as id-value', () => {
    const s = state({ techniqueTypes: [3, 1], ranges: [{ specId: 12, from: 150, to: 300 }], specValues: [{ specId: 7, values: ['Дизель'] }] });
    expect(decodeURIComponent(encodeFilterQuery(s).toString())).toBe(
      'techniqueTypes[]=1&techniqueTypes[]=3&specifications[]=7-Дизель&specificationsFrom[]=12-150&specificationsTo[]=12-300',
    );
  });

  it.each<[string, Partial<CatalogFilterState>]>([
    ['techniqueTypes', { techniqueTypes: [1, 5] }],
    ['techniqueManufacturers', { techniqueManufacturers: [2] }],
    ['techniqueModelLines', { techniqueModelLines: [40] }],
    ['categories', { categories: [101, 152] }],
    ['models', { models: [7, 8, 9] }],
    ['stock', { stock: [1, 2] }],
    ['inStock', { inStock: true }],
    ['isWithPrice', { isWithPrice: true }],
    ['specifications', { specValues: [{ specId: 7, values: ['Бензин', 'Дизель'] }, { specId: 9, values: ['4x4'] }] }],
    ['specificationsFrom', { ranges: [{ specId: 12, from: 150, to: null }] }],
    ['specificationsTo', { ranges: [{ specId: 12, from: null, to: 2.5 }] }],
    ['both ends', { ranges: [{ specId: 3, from: -10, to: 0 }, { specId: 12, from: 150, to: 300 }] }],
    ['displayType', { displayType: 'list' }],
    ['sortOrder price-asc', { sortOrder: 'price-asc' }],
    ['sortOrder price-desc', { sortOrder: 'price-desc' }],
    ['sortOrder name', { sortOrder: 'name' }],
    ['sortOrder new', { sortOrder: 'new' }],
    ['page', { page: 3 }],
  ])('round-trips %s', (_key, patch) => {
    const s = state(patch);
    expect(roundTrip(s)).toEqual(s);
    expect(encodeFilterQuery(s).toString()).not.toBe('');
  });

  it('round-trips everything at once and gives equal URLs for equal states', () => {
    const s = state({
      techniqueTypes: [2], techniqueManufacturers: [4, 1], techniqueModelLines: [9], categories: [151], models: [30, 20],
      stock: [2], inStock: true, isWithPrice: true, ranges: [{ specId: 12, from: 100, to: 200 }],
      specValues: [{ specId: 7, values: ['Дизель'] }], displayType: 'list', sortOrder: 'name', page: 2,
    });
    expect(roundTrip(s)).toEqual(s);
    const shuffled = parse('models[]=30&techniqueManufacturers[]=4&models[]=20&techniqueManufacturers[]=1');
    const sorted = parse('techniqueManufacturers[]=1&techniqueManufacturers[]=4&models[]=20&models[]=30');
    expect(encodeFilterQuery(shuffled).toString()).toBe(encodeFilterQuery(sorted).toString());
  });

  it('takes the aliases typeTechnique, typeManufacturer, typeModelsLine and the single model', () => {
    const s = parse('typeTechnique[]=3&typeManufacturer=4&typeModelsLine[]=5&model=77&models[]=78');
    expect(s).toMatchObject({ techniqueTypes: [3], techniqueManufacturers: [4], techniqueModelLines: [5], models: [77, 78] });
    expect(encodeFilterQuery(s).toString()).toBe('techniqueTypes%5B%5D=3&techniqueManufacturers%5B%5D=4&techniqueModelLines%5B%5D=5&models%5B%5D=77&models%5B%5D=78');
  });

  it('takes keys without [] and with an index, as forms send them', () => {
    expect(parse('categories=5&categories[0]=6&categories[1]=7').categories).toEqual([5, 6, 7]);
  });

  it('drops garbage ids: non-numeric, zero, negative, too large, duplicates', () => {
    expect(parse('techniqueTypes[]=abc&techniqueTypes[]=0&techniqueTypes[]=-4&techniqueTypes[]=1.5&techniqueTypes[]=99999999999&techniqueTypes[]=2&techniqueTypes[]=2&techniqueTypes[]=1e3').techniqueTypes).toEqual([2]);
  });

  it('keeps at most MAX_IDS_PER_LIST ids per list', () => {
    const query = Array.from({ length: 500 }, (_, i) => `models[]=${i + 1}`).join('&');
    const models = parse(query).models;
    expect(models).toHaveLength(MAX_IDS_PER_LIST);
    expect(models[0]).toBe(1);
  });

  it('knows only the stock options 1 and 2', () => {
    expect(parse('stock[]=1&stock[]=3&stock[]=2').stock).toEqual([1, 2]);
  });

  it.each(['12-', 'a-5', '12-1e999', '-5', '12-abc', '12-0x10', '12-Infinity', '12-NaN', '0-5', '12-1.2.3'])('drops the malformed range %s', (raw) => {
    expect(parse(`specificationsFrom[]=${encodeURIComponent(raw)}`).ranges).toEqual([]);
  });

  it('reads a decimal comma and negative values', () => {
    expect(parse('specificationsFrom[]=12-2,5&specificationsTo[]=3--10').ranges).toEqual([
      { specId: 3, from: null, to: -10 }, { specId: 12, from: 2.5, to: null },
    ]);
  });

  it('swaps a range whose from is above its to', () => {
    expect(parse('specificationsFrom[]=12-300&specificationsTo[]=12-150').ranges).toEqual([{ specId: 12, from: 150, to: 300 }]);
  });

  it('lets the later value of the same specification win', () => {
    expect(parse('specificationsFrom[]=12-100&specificationsFrom[]=12-200').ranges).toEqual([{ specId: 12, from: 200, to: null }]);
  });

  it('keeps hyphens inside text values and drops empty or control-character ones', () => {
    expect(parse(`specifications[]=${encodeURIComponent('9-4К-2')}&specifications[]=9-&specifications[]=${encodeURIComponent('9- \u0007 ')}`).specValues)
      .toEqual([{ specId: 9, values: ['4К-2'] }]);
  });

  it('defaults an unknown sortOrder, displayType and a bad page', () => {
    expect(parse('sortOrder=cheapest&displayType=table&page=0')).toEqual(emptyFilterState());
    expect(parse('page=-1').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=99999999').page).toBe(1);
  });

  it('reads flags written as 1, true or on, and nothing else', () => {
    expect(parse('inStock=1&isWithPrice=true')).toMatchObject({ inStock: true, isWithPrice: true });
    expect(parse('inStock=on').inStock).toBe(true);
    expect(parse('inStock=0&isWithPrice=no')).toMatchObject({ inStock: false, isWithPrice: false });
  });

  it('says whether the state narrows the list and how many filters are chosen', () => {
    expect(isFiltered(state({ sortOrder: 'name', page: 3, displayType: 'list' }))).toBe(false);
    expect(isFiltered(state({ inStock: true }))).toBe(true);
    expect(isFiltered(state({ ranges: [{ specId: 1, from: 1, to: null }] }))).toBe(true);
    expect(countChosenFilters(state({ models: [1, 2], inStock: true, specValues: [{ specId: 1, values: ['a', 'b'] }], ranges: [{ specId: 2, from: 1, to: 2 }] }))).toBe(6);
  });
});

describe('spec §4 transitions', () => {
  const onPage3 = state({ page: 3 });

  it('toggling an entry marks the filter changed and returns to page 1', () => {
    const on = toggle(onPage3, 'techniqueManufacturers', 5);
    expect(on).toEqual({ changed: true, state: state({ techniqueManufacturers: [5] }) });
    const off = toggle(on.state, 'techniqueManufacturers', 5);
    expect(off).toEqual({ changed: true, state: state({}) });
    expect(toggle(state({ categories: [3] }), 'categories', 1).state.categories).toEqual([1, 3]);
  });

  it('toggles inStock and isWithPrice', () => {
    expect(toggleFlag(onPage3, 'inStock')).toEqual({ changed: true, state: state({ inStock: true }) });
    expect(toggleFlag(state({ isWithPrice: true }), 'isWithPrice').state.isWithPrice).toBe(false);
  });

  it('selecting one model line replaces the others and drops models of the earlier line', () => {
    const s = state({ techniqueModelLines: [1, 2], models: [10], page: 2 });
    expect(selectModelLine(s, 3)).toEqual({ changed: true, state: state({ techniqueModelLines: [3] }) });
    expect(toggle(s, 'techniqueModelLines', 3).state.techniqueModelLines).toEqual([3]);
    expect(selectModelLine(state({ techniqueModelLines: [3] }), 3).state.techniqueModelLines).toEqual([]);
  });

  it("'Сбросить' clears every filter and keeps the display type and sort order", () => {
    const s = state({
      techniqueTypes: [1], models: [2], stock: [1], inStock: true, isWithPrice: true, ranges: [{ specId: 1, from: 1, to: 2 }],
      specValues: [{ specId: 2, values: ['x'] }], displayType: 'list', sortOrder: 'price-desc', page: 4,
    });
    expect(clearAll(s)).toEqual({ changed: true, state: state({ displayType: 'list', sortOrder: 'price-desc' }) });
  });

  it('a range value replaces the earlier value of the same specification', () => {
    const s = setRange(state({ ranges: [{ specId: 12, from: 100, to: 200 }, { specId: 3, from: 1, to: null }] }), 12, 150, null);
    expect(s).toEqual({ changed: true, state: state({ ranges: [{ specId: 3, from: 1, to: null }, { specId: 12, from: 150, to: null }] }) });
  });

  it('a range is removed when both ends are empty', () => {
    expect(setRange(state({ ranges: [{ specId: 12, from: 100, to: 200 }], page: 5 }), 12, null, null).state).toEqual(state({}));
    expect(setRange(state({}), 12, Number.NaN, Number.POSITIVE_INFINITY).state.ranges).toEqual([]);
  });

  it('an inverted range is swapped', () => {
    expect(setRange(state({}), 12, 300, 100).state.ranges).toEqual([{ specId: 12, from: 100, to: 300 }]);
  });

  it('toggles a text value of a specification', () => {
    const on = toggleSpecValue(onPage3, 7, 'Дизель');
    expect(on).toEqual({ changed: true, state: state({ specValues: [{ specId: 7, values: ['Дизель'] }] }) });
    const two = toggleSpecValue(on.state, 7, 'Бензин').state;
    expect(two.specValues).toEqual([{ specId: 7, values: ['Бензин', 'Дизель'] }]);
    expect(toggleSpecValue(toggleSpecValue(two, 7, 'Бензин').state, 7, 'Дизель').state.specValues).toEqual([]);
  });

  it('a new sort order returns to page 1; the display type keeps the page', () => {
    expect(setSortOrder(onPage3, 'name').state).toEqual(state({ sortOrder: 'name' }));
    expect(setDisplayType(onPage3, 'list')).toEqual({ changed: true, state: state({ page: 3, displayType: 'list' }) });
    expect(setDisplayType(onPage3, 'grid').changed).toBe(false);
    expect(setPage(onPage3, 0).state.page).toBe(1);
    expect(setPage(onPage3, 7).state.page).toBe(7);
  });

  it('auto-selects the first model where none is chosen', () => {
    const models = [{ id: 40 }, { id: 41 }];
    expect(autoSelectFirstModel(onPage3, models)).toEqual({ changed: true, state: state({ models: [40], page: 3 }) });
    const chosen = state({ models: [41] });
    expect(autoSelectFirstModel(chosen, models)).toEqual({ changed: false, state: chosen });
    expect(autoSelectFirstModel(onPage3, [])).toEqual({ changed: false, state: onPage3 });
  });
});
