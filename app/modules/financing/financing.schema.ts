import type { CurrencyCode } from '#app/lib/money.ts';
import { z } from '#app/lib/zod.ts';
import { DEFER_MONTHS_LIMIT, FINANCING_KINDS, TERM_MONTHS_LIMIT, type FinancingKind, type ProgrammeTerms } from './financing.rules.ts';

/** The boundary of the financing module (ADR 082): programme views and the staff's programme form. */

export const FINANCING_COUNTRIES = ['RU', 'KZ'] as const;
export type FinancingCountry = (typeof FINANCING_COUNTRIES)[number];
export const FINANCING_CURRENCIES = ['RUB', 'KZT', 'USD', 'EUR', 'CNY'] as const satisfies readonly CurrencyCode[];
/** A programme's currency unless staff choose another: the country's own. */
export const COUNTRY_CURRENCY: Record<FinancingCountry, CurrencyCode> = { RU: 'RUB', KZ: 'KZT' };
export const COUNTRY_LABELS: Record<FinancingCountry, string> = { RU: 'Россия', KZ: 'Казахстан' };

/** A programme as the shop offers it on a date: `GET /api/financing/programmes` and the offers. */
export interface ProgrammeView extends ProgrammeTerms {
  id: number;
  kind: FinancingKind;
  name: string;
  countryCode: FinancingCountry;
  currency: CurrencyCode;
}

/** A programme with every dated row of its terms (oldest first), as staff edit it. */
export interface ProgrammeRecord {
  id: number;
  kind: FinancingKind;
  name: string;
  countryCode: FinancingCountry;
  currency: CurrencyCode;
  sort: number;
  terms: ProgrammeTerms[];
}

/** `GET /api/financing/programmes?country=RU|KZ`. */
export const programmesQuery = z.object({
  country: z.enum(FINANCING_COUNTRIES, { error: 'Укажите страну: RU или KZ' }).optional().default('RU'),
});

export const FINANCING_MESSAGES = {
  notFound: 'Программа не найдена',
  name: 'Укажите название программы: до 120 символов',
  kind: 'Выберите вид финансирования',
  country: 'Выберите страну',
  currency: 'Выберите валюту',
  sort: 'Порядок — целое число от 0 до 999',
  fromDate: 'Укажите дату начала действия условий',
  fromDatePast: 'Условия вступают в силу сегодня или позже: прошлые остаются в истории',
  rate: 'Ставка — число от 0 до 100 с точностью до сотых, например 12,5',
  minTerm: `Срок от — целое число месяцев от 1 до ${TERM_MONTHS_LIMIT}`,
  maxTerm: `Срок до — целое число месяцев от 1 до ${TERM_MONTHS_LIMIT}, не меньше срока от`,
  minAdvance: 'Аванс — целое число процентов от 0 до 99',
  maxDefer: `Отсрочка — целое число месяцев от 0 до ${DEFER_MONTHS_LIMIT}, меньше наибольшего срока`,
  months: 'Месяцы сезонных платежей — от 1 до 12',
  saved: 'Сохранено: условия действуют с указанной даты.',
} as const;

const whole = (message: string, min: number, max: number) =>
  z.string({ error: message }).trim().regex(/^\d{1,4}$/, message).transform(Number).refine((n) => n >= min && n <= max, message);

/**
 * /admin/financing/{id}: what the programme is and its terms from a date. The rate is typed the
 * Russian way ('12,5') and kept in hundredths of a percent; a seasonal month is a ticked box.
 */
export const programmeInput = z.object({
  name: z.string({ error: FINANCING_MESSAGES.name }).trim().min(1, FINANCING_MESSAGES.name).max(120, FINANCING_MESSAGES.name)
    .regex(/^[^\u0000-\u001f\u007f]+$/, FINANCING_MESSAGES.name),
  kind: z.enum(FINANCING_KINDS, { error: FINANCING_MESSAGES.kind }),
  countryCode: z.enum(FINANCING_COUNTRIES, { error: FINANCING_MESSAGES.country }),
  currency: z.enum(FINANCING_CURRENCIES, { error: FINANCING_MESSAGES.currency }),
  sort: whole(FINANCING_MESSAGES.sort, 0, 999),
  fromDate: z.iso.date({ error: FINANCING_MESSAGES.fromDate }),
  annualRatePercent: z.string({ error: FINANCING_MESSAGES.rate }).trim().regex(/^\d{1,3}([.,]\d{1,2})?$/, FINANCING_MESSAGES.rate)
    .transform((v) => Number(v.replace(',', '.'))).refine((n) => n <= 100, FINANCING_MESSAGES.rate),
  minTermMonths: whole(FINANCING_MESSAGES.minTerm, 1, TERM_MONTHS_LIMIT),
  maxTermMonths: whole(FINANCING_MESSAGES.maxTerm, 1, TERM_MONTHS_LIMIT),
  minAdvancePercent: whole(FINANCING_MESSAGES.minAdvance, 0, 99),
  maxDeferMonths: whole(FINANCING_MESSAGES.maxDefer, 0, DEFER_MONTHS_LIMIT),
  seasonalMonths: z.array(z.string().regex(/^\d{1,2}$/, FINANCING_MESSAGES.months).transform(Number).refine((m) => m >= 1 && m <= 12, FINANCING_MESSAGES.months), { error: FINANCING_MESSAGES.months })
    .max(12, FINANCING_MESSAGES.months)
    .transform((months) => [...new Set(months)].sort((a, b) => a - b)),
  active: z.boolean(),
})
  .refine((v) => v.maxTermMonths >= v.minTermMonths, { message: FINANCING_MESSAGES.maxTerm, path: ['maxTermMonths'] })
  .refine((v) => v.maxDeferMonths < v.maxTermMonths, { message: FINANCING_MESSAGES.maxDefer, path: ['maxDeferMonths'] });
export type ProgrammeInput = z.infer<typeof programmeInput>;

/** The form's fields, as the route reads them (`seasonalMonths` and `active` are boxes). */
export const PROGRAMME_TEXT_FIELDS = ['name', 'kind', 'countryCode', 'currency', 'sort', 'fromDate', 'annualRatePercent', 'minTermMonths', 'maxTermMonths', 'minAdvancePercent', 'maxDeferMonths'] as const;

/** A programme in the staff's list: its terms today and the next change already set. */
export interface ProgrammeListItem {
  id: number;
  kind: FinancingKind;
  name: string;
  countryCode: FinancingCountry;
  currency: CurrencyCode;
  current: ProgrammeTerms | null;
  next: ProgrammeTerms | null;
}
