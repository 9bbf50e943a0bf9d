import type { Transaction } from 'kysely';
import { now } from '#app/.server/clock.ts';
import type { Database } from '#app/.server/db/schema.ts';
import example from '../../../docs/examples/offer-import.json';
import { importOffer } from './offers.server.ts';

/**
 * Demo offers: one of each variant, made by the same import 1C uses, from the exchange's example
 * (docs/examples/offer-import.json), valid for a month from the day of seeding, and one that expired the day before. An offer already
 * there is left as it is (its id is known: the import changes nothing or adds a version, never a
 * second offer), so an employee's work on a demo offer survives a restart.
 */
export async function seedOffersDemo(trx: Transaction<Database>): Promise<void> {
  const ruDate = (days: number) => {
    const d = new Date(now().getTime() + days * 86_400_000);
    return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
  };
  const spareParts = example.offers.find((o) => o.variant === 'spare-parts')!;
  const demo = [
    ...example.offers.map((offer) => ({ ...offer, external_id: `demo-${offer.external_id}`, valid_date: ruDate(30) })),
    // One whose validity ended yesterday: what a client sees on an expired offer.
    { ...spareParts, external_id: 'demo-expired', folder: 'Истёкшие', valid_date: ruDate(-1) },
  ];
  for (const offer of demo) {
    const known = await trx.selectFrom('offers_offer').select('id').where('external_id', '=', offer.external_id).executeTakeFirst();
    if (known) continue;
    const result = await importOffer(trx, '', offer);
    if (!result.ok) throw new Error(`Demo offer ${offer.external_id}: ${result.message} (${result.path ?? ''})`);
  }
}
