import type { DB } from '#app/.server/db/connect.ts';
import { vatRates } from './invoice.queries.server.ts';
import { dayIn, vatRateOn } from './invoice.rules.ts';

/**
 * The VAT rate (percent) in force in a country at a moment, read in the country's zone, from
 * `orders_vat_rate` (ADR 074); null before the first rate. The offers' documents ask it (ADR 085): an
 * offer's prices include VAT at the rate of the day its version was made.
 */
export async function vatRateAt(db: DB, countryCode: 'RU' | 'KZ', moment: Date): Promise<number | null> {
  return vatRateOn(await vatRates(db, countryCode), countryCode, dayIn(countryCode, moment));
}
