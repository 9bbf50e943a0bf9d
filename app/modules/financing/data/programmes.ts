import type { CurrencyCode } from '#app/lib/money.ts';
import type { FinancingKind, ProgrammeTerms } from '../financing.rules.ts';

/** Demo programmes: made-up partners' conditions, of the kind an agricultural dealer offers. */
export const FINANCING_DEMO_PROGRAMMES: ReadonlyArray<{ kind: FinancingKind; name: string; countryCode: 'RU' | 'KZ'; currency: CurrencyCode; terms: ProgrammeTerms[] }> = [
  {
    kind: 'leasing', name: 'Лизинг «Стандарт»', countryCode: 'RU', currency: 'RUB',
    terms: [{ fromDate: '2026-01-01', annualRatePercent: 12, minTermMonths: 12, maxTermMonths: 84, minAdvancePercent: 10, seasonalMonths: [], maxDeferMonths: 0, active: true }],
  },
  {
    kind: 'leasing', name: 'Сезонный лизинг для хозяйств', countryCode: 'RU', currency: 'RUB',
    terms: [{ fromDate: '2026-01-01', annualRatePercent: 11.5, minTermMonths: 12, maxTermMonths: 60, minAdvancePercent: 15, seasonalMonths: [9, 10, 11], maxDeferMonths: 6, active: true }],
  },
  {
    kind: 'credit', name: 'Кредит банка-партнёра', countryCode: 'RU', currency: 'RUB',
    terms: [
      { fromDate: '2026-01-01', annualRatePercent: 17.5, minTermMonths: 12, maxTermMonths: 60, minAdvancePercent: 20, seasonalMonths: [], maxDeferMonths: 3, active: true },
      { fromDate: '2026-07-01', annualRatePercent: 16, minTermMonths: 12, maxTermMonths: 60, minAdvancePercent: 20, seasonalMonths: [], maxDeferMonths: 3, active: true },
    ],
  },
  {
    kind: 'installment', name: 'Рассрочка 0 %', countryCode: 'RU', currency: 'RUB',
    terms: [{ fromDate: '2026-01-01', annualRatePercent: 0, minTermMonths: 6, maxTermMonths: 12, minAdvancePercent: 30, seasonalMonths: [], maxDeferMonths: 0, active: true }],
  },
  {
    kind: 'leasing', name: 'Лизинг «Стандарт»', countryCode: 'KZ', currency: 'KZT',
    terms: [{ fromDate: '2026-01-01', annualRatePercent: 14, minTermMonths: 12, maxTermMonths: 84, minAdvancePercent: 15, seasonalMonths: [9, 10, 11], maxDeferMonths: 6, active: true }],
  },
  {
    kind: 'credit', name: 'Кредит банка-партнёра', countryCode: 'KZ', currency: 'KZT',
    terms: [{ fromDate: '2026-01-01', annualRatePercent: 19, minTermMonths: 12, maxTermMonths: 60, minAdvancePercent: 20, seasonalMonths: [], maxDeferMonths: 0, active: true }],
  },
];
