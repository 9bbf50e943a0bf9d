import { sql } from 'kysely';
import { recordAudit } from '#app/.server/audit.ts';
import type { AppServices } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { textField } from '#app/lib/text.ts';
import { z } from '#app/lib/zod.ts';
import { RATE_CURRENCIES, parseRate, type RateCurrency, type RatesInForce } from './exchange-rates.rules.ts';

/*
 * Exchange rates set by staff with the day they take effect (ADR 102): read for a day (each
 * currency's latest rate from that day or before), listed and set at /admin/financing/rates, audited.
 */

export const RATE_MESSAGES = {
  saved: (currency: string, day: string) => `Курс ${currency} с ${day.split('-').reverse().join('.')} сохранён`,
  rate: 'Курс — рубли за единицу валюты, больше 0, до четырёх знаков после запятой',
  date: 'Дата — в виде гггг-мм-дд',
  dateRange: 'Дата — с 2000 по 2099 год',
} as const;

export const rateInput = z.object({
  currency: z.enum(RATE_CURRENCIES, { error: 'Выберите валюту' }),
  // A real day (not 2026-02-30) of years a rate can mean; the database would refuse year 0 with an error.
  fromDate: z.iso.date({ error: RATE_MESSAGES.date }).refine((d) => d >= '2000-01-01' && d <= '2099-12-31', RATE_MESSAGES.dateRange),
  rate: textField('Курс', { error: RATE_MESSAGES.rate }).transform((v, ctx) => {
    const e4 = parseRate(v);
    if (e4 === null) { ctx.addIssue({ code: 'custom', message: RATE_MESSAGES.rate }); return z.NEVER; }
    return e4;
  }),
});

/** The rates in force on `day` (YYYY-MM-DD): each currency's latest from that day or before. */
export async function ratesOn(db: DB, day: string): Promise<RatesInForce> {
  const { rows } = await sql<{ currency: RateCurrency; rub_e4: string | number }>`
    select distinct on (currency) currency, rub_e4 from financing_exchange_rate
    where from_date <= ${day}::date order by currency, from_date desc`.execute(db);
  return new Map(rows.map((r) => [r.currency, Number(r.rub_e4)]));
}

/** Every rate, newest first (a hundred at most). */
export async function listRates(db: DB) {
  const rows = await db.selectFrom('financing_exchange_rate').select(['currency', 'from_date', 'rub_e4']).orderBy('from_date', 'desc').orderBy('currency').limit(100).execute();
  return rows.map((r) => ({ currency: r.currency, fromDate: (r.from_date instanceof Date ? r.from_date.toISOString() : String(r.from_date)).slice(0, 10), rubE4: Number(r.rub_e4) }));
}

/** Sets a currency's rate from a day (replacing the one set for that day), audited with the one it replaced. */
export async function setRate(services: AppServices, staff: { userId: number; name: string }, input: z.infer<typeof rateInput>, ip: string | null): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('financing_exchange_rate').select('rub_e4').where('currency', '=', input.currency).where('from_date', '=', input.fromDate).forUpdate().executeTakeFirst();
    await trx.insertInto('financing_exchange_rate').values({ currency: input.currency, from_date: input.fromDate, rub_e4: input.rate, created_by: staff.userId })
      .onConflict((oc) => oc.columns(['currency', 'from_date']).doUpdateSet({ rub_e4: input.rate, created_by: staff.userId })).execute();
    await recordAudit(trx, {
      actor: staff, action: 'financing.exchange_rate', entity: 'exchange_rate', entityId: `${input.currency}:${input.fromDate}`, ip,
      before: before ? { rub_e4: Number(before.rub_e4) } : null, after: { rub_e4: input.rate },
    });
  });
}
