import { describe, expect, it } from 'vitest';
import { discountPercent, modelLineLink, modelLink, showsSaleBadge, splitInTwoColumns } from './catalog.rules.ts';

describe('splitInTwoColumns', () => {
  it('puts the larger half first for an odd count (ceil of half)', () => {
    expect(splitInTwoColumns([1, 2, 3, 4, 5])).toEqual([[1, 2, 3], [4, 5]]);
  });
  it('splits an even count evenly', () => {
    expect(splitInTwoColumns([1, 2, 3, 4])).toEqual([[1, 2], [3, 4]]);
  });
  it('handles one and none', () => {
    expect(splitInTwoColumns([1])).toEqual([[1], []]);
    expect(splitInTwoColumns([])).toEqual([[], []]);
  });
});

describe('catalogue links and the sale badge', () => {
  it('puts the model in path part 4', () => {
    expect(modelLink('traktory-kolesnye', 'kirovets-k-7', 'k-735').split('/')[4]).toBe('k-735');
    expect(modelLineLink('traktory-kolesnye', 'kirovets-k-7')).toBe('/catalog/traktory-kolesnye/kirovets-k-7');
  });
  it('shows the sale badge only above a 10 % discount', () => {
    expect(showsSaleBadge(90_00, 100_00)).toBe(false);
    expect(showsSaleBadge(89_99, 100_00)).toBe(true);
    expect(showsSaleBadge(null, 100_00)).toBe(false);
    expect(showsSaleBadge(100_00, null)).toBe(false);
    expect(discountPercent(75_00, 100_00)).toBe(25);
  });
});
