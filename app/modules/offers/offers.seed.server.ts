import type { Transaction } from 'kysely';
import { now } from '#app/.server/clock.ts';
import type { Database } from '#app/.server/db/schema.ts';
import example from '../../../docs/examples/offer-import.json';
import { importOffer } from './offers.server.ts';

/**
 * Demo offers: one of each variant, made by the same import 1C uses, from the exchange's example
 * (docs/examples/offer-import.json), valid for a month from the day of seeding. An offer already
 * there is left as it is (its id is known: the import changes nothing or adds a version, never a
 * second offer), so an employee's work on a demo offer survives a restart.
 */
export async function seedOffersDemo(trx: Transaction<Database>): Promise<void> {
  const inAMonth = new Date(now().getTime() + 30 * 86_400_000);
  const validDate = `${String(inAMonth.getUTCDate()).padStart(2, '0')}.${String(inAMonth.getUTCMonth() + 1).padStart(2, '0')}.${inAMonth.getUTCFullYear()}`;
  for (const offer of example.offers) {
    const known = await trx.selectFrom('offers_offer').select('id').where('external_id', '=', `demo-${offer.external_id}`).executeTakeFirst();
    if (known) continue;
    const result = await importOffer(trx, '', { ...offer, external_id: `demo-${offer.external_id}`, valid_date: validDate });
    if (!result.ok) throw new Error(`Demo offer ${offer.external_id}: ${result.message} (${result.path ?? ''})`);
  }
}
