import { describe, expect, it } from 'vitest';
import { VAT_RATES } from '#app/.server/db/migrations/0028_invoice_requisites.ts';
import { dayIn, invoiceCurrency, invoiceDateLabel, invoiceFileName, invoiceOffered, invoicePath, vatIncluded, vatRateOn, type VatRate } from './invoice.rules.ts';

// The reference rows the migration writes, as the invoice reads them.
const RATES: VatRate[] = VAT_RATES.map((r) => ({ countryCode: r.country_code, effectiveFrom: r.effective_from, ratePercent: r.rate_percent }));

describe('vatRateOn: the rate in force on the order\'s day, by country', () => {
  it.each([
    ['RU', '2025-06-15', 20],
    ['RU', '2025-12-31', 20],
    ['RU', '2026-01-01', 22],
    ['RU', '2026-11-28', 22],
    ['RU', '2019-01-01', 20],
    ['RU', '2018-12-31', null],
    ['KZ', '2026-01-01', 16],
    ['KZ', '2027-03-01', 16],
    ['KZ', '2025-12-31', 12],
  ] as const)('%s on %s: %s %', (country, day, rate) => {
    expect(vatRateOn(RATES, country, day)).toBe(rate);
  });

  it('does not depend on the rows\' order', () => {
    expect(vatRateOn([...RATES].reverse(), 'RU', '2026-02-01')).toBe(22);
    expect(vatRateOn([...RATES].reverse(), 'RU', '2025-02-01')).toBe(20);
  });
});

describe('dayIn: the order\'s day in the country\'s zone', () => {
  it('reads a moment near midnight in Moscow and in Almaty', () => {
    const lateNewYearsEve = new Date('2025-12-31T21:30:00Z'); // 00:30 in Moscow, 02:30 in Almaty
    expect(dayIn('RU', lateNewYearsEve)).toBe('2026-01-01');
    expect(dayIn('KZ', lateNewYearsEve)).toBe('2026-01-01');
    const evening = new Date('2025-12-31T20:30:00Z'); // 23:30 in Moscow, 01:30 in Almaty
    expect(dayIn('RU', evening)).toBe('2025-12-31');
    expect(dayIn('KZ', evening)).toBe('2026-01-01');
    expect(vatRateOn(RATES, 'RU', dayIn('RU', evening))).toBe(20);
    expect(vatRateOn(RATES, 'RU', dayIn('RU', lateNewYearsEve))).toBe(22);
  });
});

describe('vatIncluded: the VAT inside a total', () => {
  it.each([
    [12_200_00, 22, 2_200_00],
    [12_000_00, 20, 2_000_00],
    [11_600_00, 16, 1_600_00],
    [100, 22, 18], // 18.03…
    [1, 22, 0],
    [3, 20, 1], // 0.5 rounds up
    [0, 22, 0],
    [9_999_999_999_99, 22, 1_803_278_688_52],
    [100_00, 0, 0],
  ])('%i at %i % holds %i', (total, rate, vat) => {
    expect(vatIncluded(total, rate)).toBe(vat);
  });

  it('refuses a bad amount or rate', () => {
    expect(() => vatIncluded(-1, 20)).toThrow(RangeError);
    expect(() => vatIncluded(1.5, 20)).toThrow(RangeError);
    expect(() => vatIncluded(100, 101)).toThrow(RangeError);
  });
});

describe('invoice names and places', () => {
  it('names the file, the download path and the date the Russian way', () => {
    expect(invoiceFileName('АГ-2026-000123')).toBe('Счёт АГ-2026-000123.pdf');
    expect(invoicePath('АГ-2026-000123')).toBe('/cart/order/%D0%90%D0%93-2026-000123/invoice.pdf');
    expect(invoiceDateLabel('2026-01-05')).toBe('5 января 2026 г.');
    expect(invoiceDateLabel('2025-12-31')).toBe('31 декабря 2025 г.');
    expect(invoiceCurrency('RUB')).toBe('RUB');
    expect(invoiceCurrency('KZT')).toBe('KZT');
    expect(invoiceCurrency('USD')).toBeNull();
  });
});

describe('invoiceOffered: the order page offers the invoice once every price is known', () => {
  const order = (over: Partial<{ price: number | null; method: 'pickup' | 'calc'; failed: boolean; currency: 'RUB' | 'KZT' | 'USD' }> = {}) => ({
    lines: [{ id: 1, code: 'A', name: 'a', count: 1, price: 'price' in over ? over.price! : 100, lineTotal: 100 }],
    delivery: { method: over.method ?? 'pickup', label: '', address: null, terminal: null, carrier: null, price: 0, failed: over.failed ?? false },
    currency: over.currency ?? 'RUB',
  });
  it('offers it for priced lines and a known delivery, in roubles or tenge', () => {
    expect(invoiceOffered(order())).toBe(true);
    expect(invoiceOffered(order({ currency: 'KZT', method: 'calc' }))).toBe(true);
    expect(invoiceOffered(order({ price: null }))).toBe(false);
    expect(invoiceOffered(order({ method: 'calc', failed: true }))).toBe(false);
    expect(invoiceOffered(order({ currency: 'USD' }))).toBe(false);
  });
});
