/*
 * Exchange rates (ADR 102): roubles for one unit of a currency, kept × 10 000 (92,5 ₽ for a dollar is
 * 925 000), in force from a day. Sums are converted in minor units through the rouble, rounded half up
 * to the target's minor unit (every currency of spec §9 has two decimals).
 */

export const RATE_CURRENCIES = ['USD', 'EUR', 'CNY', 'KZT'] as const;
export type RateCurrency = (typeof RATE_CURRENCIES)[number];
export type Currency = RateCurrency | 'RUB';

/** Roubles per unit × 10 000 of each currency in force (the rouble itself is 10 000). */
export type RatesInForce = ReadonlyMap<RateCurrency, number>;

const rubE4 = (rates: RatesInForce, c: Currency): number | null => (c === 'RUB' ? 10_000 : rates.get(c) ?? null);

/** `amount` minor units of `from` in minor units of `to`, or null without a rate for either. */
export function convertMinor(amount: number, from: Currency, to: Currency, rates: RatesInForce): number | null {
  if (from === to) return amount;
  const a = rubE4(rates, from);
  const b = rubE4(rates, to);
  if (a === null || b === null) return null;
  // Exact in integers: amount × a / b, half up (amounts are not negative).
  const n = BigInt(amount) * BigInt(a);
  const d = BigInt(b);
  return Number((2n * n + d) / (2n * d));
}

/** '92,5' or '92.5034' as roubles × 10 000, or null (not a positive number with at most four decimals). */
export function parseRate(text: string): number | null {
  const t = text.replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,4})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.') as [string, string?];
  const value = Number(whole) * 10_000 + Number((frac ?? '').padEnd(4, '0'));
  return value > 0 ? value : null;
}

/** Roubles × 10 000 as the staff read it: '92,5', '0,185'. */
export const rateText = (e4: number) => (e4 / 10_000).toLocaleString('ru-RU', { maximumFractionDigits: 4, useGrouping: false });
