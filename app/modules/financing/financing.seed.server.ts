import type { Transaction } from 'kysely';
import type { Database } from '#app/.server/db/schema.ts';
import { FINANCING_DEMO_PROGRAMMES } from './data/programmes.ts';

/**
 * Demo financing programmes (ADR 082). Programmes have no key the demo and an editor share, so the
 * demo set goes in only while there is none at all: a fresh database. What staff changed or added
 * is never touched.
 */
export async function seedFinancingDemo(trx: Transaction<Database>): Promise<void> {
  // The demo's exchange rates (ADR 102), where none are set for that day.
  await trx.insertInto('financing_exchange_rate').values([
    { currency: 'USD', from_date: '2026-01-01', rub_e4: 925_000 }, { currency: 'EUR', from_date: '2026-01-01', rub_e4: 1_002_000 },
    { currency: 'CNY', from_date: '2026-01-01', rub_e4: 127_000 }, { currency: 'KZT', from_date: '2026-01-01', rub_e4: 1_850 },
  ]).onConflict((oc) => oc.columns(['currency', 'from_date']).doNothing()).execute();
  const any = await trx.selectFrom('financing_programme').select('id').limit(1).executeTakeFirst();
  if (any) return;
  for (const [sort, p] of FINANCING_DEMO_PROGRAMMES.entries()) {
    const { id } = await trx.insertInto('financing_programme')
      .values({ kind: p.kind, name: p.name, country_code: p.countryCode, currency: p.currency, sort })
      .returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('financing_terms').values(p.terms.map((t) => ({
      programme_id: id, from_date: t.fromDate, annual_rate_bp: Math.round(t.annualRatePercent * 100), min_term_months: t.minTermMonths,
      max_term_months: t.maxTermMonths, min_advance_percent: t.minAdvancePercent, seasonal_months: JSON.stringify(t.seasonalMonths),
      max_defer_months: t.maxDeferMonths, active: t.active,
    }))).execute();
  }
}
