import { describe, expect, it } from 'vitest';
import { convertMinor, parseRate, rateText } from './exchange-rates.rules.ts';

/* Exchange rates (ADR 102): conversion through the rouble in minor units, rounded half up; rates typed by staff. */

const rates = new Map([['USD', 925_000], ['EUR', 1_002_000], ['KZT', 1_850]] as const);

describe('convertMinor', () => {
  it('converts roubles to dollars and tenge to euros, half up to the cent', () => {
    // 185 000 ₽ at 92,5 ₽ = 2 000 $.
    expect(convertMinor(18_500_000, 'RUB', 'USD', rates)).toBe(200_000);
    // 100 ₽ = 1,0810810… $ → 1,08 $; 138,75 ₽ = 1,50 $ exactly.
    expect(convertMinor(10_000, 'RUB', 'USD', rates)).toBe(108);
    expect(convertMinor(13_875, 'RUB', 'USD', rates)).toBe(150);
    // Half a cent is 0,4625 ₽: 0,46 ₽ is less (0), 0,47 ₽ more (1 cent).
    expect(convertMinor(46, 'RUB', 'USD', rates)).toBe(0);
    expect(convertMinor(47, 'RUB', 'USD', rates)).toBe(1);
    // 1 000 000 ₸ = 185 000 ₽ = 1 846,307… € → 1 846,31 €.
    expect(convertMinor(100_000_000, 'KZT', 'EUR', rates)).toBe(184_631);
    expect(convertMinor(12_345, 'USD', 'USD', rates)).toBe(12_345);
  });

  it('knows no rate for a currency without one', () => {
    expect(convertMinor(10_000, 'RUB', 'CNY', rates)).toBeNull();
    expect(convertMinor(10_000, 'CNY', 'RUB', rates)).toBeNull();
  });
});

describe('parseRate', () => {
  it('reads roubles with up to four decimals, comma or point', () => {
    expect(parseRate('92,5')).toBe(925_000);
    expect(parseRate(' 0.185 ')).toBe(1_850);
    expect(parseRate('12,7001')).toBe(127_001);
    for (const bad of ['', '0', '0,0000', '-1', '1,23456', 'abc', '1e3', '12345678']) expect(parseRate(bad), bad).toBeNull();
    expect(rateText(925_000)).toBe('92,5');
  });
});
