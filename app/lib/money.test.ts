import { describe, expect, it } from 'vitest';
import { CURRENCY_LABELS, formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('writes the spec §9 labels', () => {
    expect(CURRENCY_LABELS).toEqual({ RUB: 'руб.', USD: 'USD', EUR: 'EUR', KZT: '₸', CNY: '¥' });
  });
  it('groups digits the Russian way and shows kopecks only when there are some', () => {
    expect(formatMoney(125_000_000, 'RUB').replace(/\s/g, ' ')).toBe('1 250 000 руб.');
    expect(formatMoney(499_050, 'KZT').replace(/\s/g, ' ')).toBe('4 990,50 ₸');
    expect(formatMoney(0, 'EUR').replace(/\s/g, ' ')).toBe('0 EUR');
  });
});
