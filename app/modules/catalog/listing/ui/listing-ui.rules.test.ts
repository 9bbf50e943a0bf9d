import { describe, expect, it } from 'vitest';
import { FILTER_LIST_LIMIT, MODEL_FILTER_LIST_LIMIT, modelCountLabel, optionDisabled, pageWindow, parseRangeInput, visibleOptions } from './listing-ui.rules.ts';

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
