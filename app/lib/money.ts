import type { CurrencyCode } from '#app/.server/db/schema.ts';

export type { CurrencyCode };

/** Spec §9 currency labels. */
export const CURRENCY_LABELS: Record<CurrencyCode, string> = { RUB: 'руб.', USD: 'USD', EUR: 'EUR', KZT: '₸', CNY: '¥' };

const whole = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount in minor units (kopecks, tiyn, cents) written the Russian way with the spec's label:
 * 1 250 000 руб., 4 990,50 ₸. Kopecks show only when there are some.
 */
export function formatMoney(minor: number, currency: CurrencyCode): string {
  const major = minor / 100;
  const digits = minor % 100 === 0 ? whole.format(major) : withCents.format(major);
  return `${digits}\u00a0${CURRENCY_LABELS[currency]}`;
}
