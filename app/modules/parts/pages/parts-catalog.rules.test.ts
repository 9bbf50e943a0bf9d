import { describe, expect, it } from 'vitest';
import { drawingsLabel, linesLabel, positionsLabel } from './parts-catalog.rules.ts';

describe("/parts-catalog's counts", () => {
  it('take the word form of their number', () => {
    expect([1, 2, 4, 5, 11, 21, 22, 25].map(linesLabel)).toEqual(['1 ряд', '2 ряда', '4 ряда', '5 рядов', '11 рядов', '21 ряд', '22 ряда', '25 рядов']);
    expect([1, 3, 12, 101].map(drawingsLabel)).toEqual(['1 чертёж', '3 чертежа', '12 чертежей', '101 чертёж']);
    expect([1, 2, 19, 24].map(positionsLabel)).toEqual(['1 позиция', '2 позиции', '19 позиций', '24 позиции']);
  });
});
