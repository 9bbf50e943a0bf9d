import { describe, expect, it } from 'vitest';
import { cutForPage, FILTER_LIST_LIMIT, MODEL_FILTER_LIST_LIMIT, modelCountLabel, optionDisabled, pageWindow, parseRangeInput, visibleOptions } from './listing-ui.rules.ts';

const options = (n: number, checked: number[] = []) => Array.from({ length: n }, (_, i) => ({ id: i + 1, checked: checked.includes(i + 1) }));

describe('filter lists (spec §9)', () => {
  it('show 5 entries, models 3', () => {
    expect(FILTER_LIST_LIMIT).toBe(5);
    expect(MODEL_FILTER_LIST_LIMIT).toBe(3);
  });

  it('collapsed: the first entries and every checked one beyond them; expanded: all', () => {
    expect(visibleOptions(options(8), 5, false).map((o) => o.id)).toEqual([1, 2, 3, 4, 5]);
    expect(visibleOptions(options(8, [7]), 5, false).map((o) => o.id)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(visibleOptions(options(8), 5, true)).toHaveLength(8);
    expect(visibleOptions(options(3), 5, false)).toHaveLength(3);
  });

  it('an entry giving no models is disabled unless it is checked', () => {
    expect(optionDisabled({ count: 0, checked: false })).toBe(true);
    expect(optionDisabled({ count: 0, checked: true })).toBe(false);
    expect(optionDisabled({ count: 3, checked: false })).toBe(false);
  });
});

describe('modelCountLabel', () => {
  it('uses the Russian plural forms', () => {
    expect(modelCountLabel(1)).toBe('1 модель');
    expect(modelCountLabel(3)).toBe('3 модели');
    expect(modelCountLabel(5)).toBe('5 моделей');
    expect(modelCountLabel(21)).toBe('21 модель');
    expect(modelCountLabel(11)).toBe('11 моделей');
    expect(modelCountLabel(1500)).toBe('1\u00a0500 моделей');
  });
});

describe('pageWindow', () => {
  it('is empty for one page', () => {
    expect(pageWindow(1, 1)).toEqual([]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
  it('lists all of a few pages', () => {
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
  it('keeps the first, the last and two around the current, with gaps', () => {
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, null, 20]);
    expect(pageWindow(20, 20)).toEqual([1, null, 18, 19, 20]);
  });
  it('fills a gap of one page with the page itself, not an ellipsis', () => {
    expect(pageWindow(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('parseRangeInput', () => {
  it('empty removes the bound', () => {
    expect(parseRangeInput('')).toBeNull();
    expect(parseRangeInput('  ')).toBeNull();
  });
  it('reads Russian-written numbers', () => {
    expect(parseRangeInput('150')).toBe(150);
    expect(parseRangeInput('1 500')).toBe(1500);
    expect(parseRangeInput('2,5')).toBe(2.5);
    expect(parseRangeInput('1\u00a0500,75')).toBe(1500.75);
  });
  it('anything else is not a number', () => {
    expect(parseRangeInput('abc')).toBeUndefined();
    expect(parseRangeInput('1e999')).toBeUndefined();
    expect(parseRangeInput('12-')).toBeUndefined();
  });
});

describe('the sidebar a page sends', () => {
  const option = (id: number, checked = false) => ({ id, name: `Опция ${id}`, count: id, checked });
  const filters = {
    techniqueTypes: [option(1)],
    techniqueManufacturers: Array.from({ length: 7 }, (_, i) => option(i + 1, i === 6)),
    techniqueModelLines: Array.from({ length: 600 }, (_, i) => option(i + 1)),
    categories: [], manufacturers: [], drawings: [],
    models: Array.from({ length: 4 }, (_, i) => ({ ...option(i + 1), slug: `m${i}`, imgForFilter: null })),
    specifications: [
      { id: 12, name: 'Тип двигателя', unit: null, kind: 'text' as const, priority: 1, min: null, max: null, from: null, to: null, values: Array.from({ length: 8 }, (_, i) => ({ value: `V${i}`, count: 1, checked: false })) },
      { id: 13, name: 'Мощность', unit: 'л.с.', kind: 'number' as const, priority: 2, min: 80, max: 300, from: null, to: null, values: [] },
    ],
    stocks: [option(1), option(2)],
    inStock: { count: 3, checked: false },
    isWithPrice: { count: 2, checked: false },
    countPartCategories: 0,
  };

  it('cuts each list to what it shows collapsed, keeps the chosen, and says how many it left out', () => {
    const page = cutForPage(filters, { categoryId: 5 });
    expect(page.target).toEqual({ categoryId: 5 });
    expect(page.techniqueModelLines.map((o) => o.id)).toEqual([1, 2, 3, 4, 5]);
    expect(page.techniqueManufacturers.map((o) => o.id)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(page.models).toHaveLength(3);
    expect(page.specifications[0]!.values).toHaveLength(5);
    expect(page.specifications[1]).toBe(filters.specifications[1]);
    expect(page.hidden).toEqual({ techniqueModelLines: 595, techniqueManufacturers: 1, models: 1, 'spec:12': 3 });
    expect(page.techniqueTypes).toHaveLength(1);
    // The whole lists stay untouched for the endpoint.
    expect(filters.techniqueModelLines).toHaveLength(600);
  });
});
