import { describe, expect, it } from 'vitest';
import {
  canDecrease, canIncrease, cartPageState, cartTotals, currencyOfCountry, currencySign, formatWeightKg, limitBalance,
  orderWithinLimit, parseTypedCount, parseUnchecked, priceOf, pruneUnchecked, splitByPrice,
} from './cart.rules.ts';

describe('prices (spec §3 integer, spaces stripped; §5 without price: 0 or not a number)', () => {
  it('reads integers and text with spaces, anything else is no price', () => {
    expect(priceOf(125_000)).toBe(125_000);
    expect(priceOf('1 250 000')).toBe(1_250_000);
    expect(priceOf('1\u00a0250')).toBe(1250);
    for (const none of [0, '0', -5, 1.5, Number.NaN, Infinity, 'по запросу', '', '12,5', null, undefined, [], {}, '1e3', 2 ** 53]) {
      expect(priceOf(none), String(none)).toBeNull();
    }
  });

  it('puts lines without a price apart, each group in the cart\'s order', () => {
    const lines = [{ id: 1, price: 100 }, { id: 2, price: 0 }, { id: 3, price: null }, { id: 4, price: '2 000' }];
    const { priced, onRequest } = splitByPrice(lines);
    expect(priced.map((l) => l.id)).toEqual([1, 4]);
    expect(onRequest.map((l) => l.id)).toEqual([2, 3]);
  });
});

describe('totals of the checked lines', () => {
  const lines = [
    { id: 1, count: 2, price: 150_000, weight: 1.25 },
    { id: 2, count: 3, price: 0, weight: 0.1 },
    { id: 3, count: 1, price: null, weight: null },
    { id: 4, count: 10, price: 99, weight: 0.001 },
  ];

  it('sums price, weight (in grams, no float drift) and counts; lines without price count as checked-without-price', () => {
    expect(cartTotals(lines, () => true)).toEqual({ sum: 300_990, weightGrams: 2500 + 300 + 10, count: 4, pieces: 16, priced: 2, withoutPrice: 2 });
  });

  it('leaves unchecked lines out; nothing checked is all zeros', () => {
    expect(cartTotals(lines, (id) => id === 4)).toEqual({ sum: 990, weightGrams: 10, count: 1, pieces: 10, priced: 1, withoutPrice: 0 });
    expect(cartTotals(lines, () => false)).toEqual({ sum: 0, weightGrams: 0, count: 0, pieces: 0, priced: 0, withoutPrice: 0 });
  });

  it('writes a weight in kilograms the Russian way', () => {
    expect(formatWeightKg(2810)).toBe('2,81\u00a0кг');
    expect(formatWeightKg(0)).toBe('0\u00a0кг');
  });
});

describe('the credit limit (spec §5)', () => {
  it('balance = total − used − checked, not below 0', () => {
    expect(limitBalance({ total: 100_000, used: 30_000 }, 50_000)).toBe(20_000);
    expect(limitBalance({ total: 100_000, used: 30_000 }, 80_000)).toBe(0);
    expect(limitBalance({ total: 100_000, used: 130_000 }, 0)).toBe(0);
    expect(limitBalance({ total: 0, used: 0 }, 10)).toBe(0);
  });

  it('an order fits the credit left; zeros are no credit line and refuse nothing', () => {
    expect(orderWithinLimit({ total: 100_000, used: 30_000 }, 70_000)).toBe(true);
    expect(orderWithinLimit({ total: 100_000, used: 30_000 }, 70_001)).toBe(false);
    expect(orderWithinLimit({ total: 100_000, used: 120_000 }, 1)).toBe(false);
    expect(orderWithinLimit({ total: 0, used: 0 }, 5_000_000)).toBe(true);
  });
});

describe('counts (spec §4: decrease only while above 1)', () => {
  it('decreases above 1 and increases below 9999', () => {
    expect([canDecrease(1), canDecrease(2), canDecrease(0)]).toEqual([false, true, false]);
    expect([canIncrease(9998), canIncrease(9999)]).toEqual([true, false]);
  });

  it('reads a typed count: digits, spaces ignored, capped at 9999; nothing usable is null', () => {
    expect(parseTypedCount('12')).toBe(12);
    expect(parseTypedCount(' 1 000 ')).toBe(1000);
    expect(parseTypedCount('100000')).toBe(9999);
    for (const bad of ['', '0', '-3', '1.5', 'abc', '1e3', '9'.repeat(12)]) expect(parseTypedCount(bad), bad).toBeNull();
  });
});

describe('states (spec §4 Cart)', () => {
  it('first-loading: not loaded and no products; empty: loaded with none; lines stay while reloading', () => {
    expect(cartPageState(false, 0)).toBe('first-loading');
    expect(cartPageState(true, 0)).toBe('empty');
    expect(cartPageState(true, 3)).toBe('filled');
    expect(cartPageState(false, 3)).toBe('filled');
  });
});

describe('the local checked flag', () => {
  it('reads the stored unchecked ids defensively and forgets removed lines', () => {
    expect([...parseUnchecked('[3, 5, -1, "7", 2.5]')]).toEqual([3, 5]);
    for (const raw of [null, '', '{', '{"a":1}', '"x"']) expect(parseUnchecked(raw).size).toBe(0);
    expect([...pruneUnchecked(new Set([3, 5, 9]), [1, 3, 9])]).toEqual([3, 9]);
  });
});

describe('currency of a branch', () => {
  it('is its country\'s, with the spec\'s sign', () => {
    expect(currencySign(currencyOfCountry('RU'))).toBe('руб.');
    expect(currencySign(currencyOfCountry('KZ'))).toBe('₸');
  });
});
