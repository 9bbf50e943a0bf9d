import { describe, expect, it } from 'vitest';
import { splitInTwoColumns } from './catalog.rules.ts';

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
