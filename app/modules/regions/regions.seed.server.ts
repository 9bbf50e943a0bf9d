import type { Transaction } from 'kysely';
import type { Database } from '#app/.server/db/schema.ts';
import { BRANCHES } from './data/branches.ts';
import { demoRequisites } from './data/requisites.ts';

/**
 * Demo content of the regions module: the branch network. Countries and regions are reference data
 * and come from migration 0005. Rows are only inserted when missing (by id, code or any other
 * unique key), so a branch an editor renamed or moved keeps its edit on every later demo start.
 */
export async function seedRegionsDemo(trx: Transaction<Database>): Promise<void> {
  await trx.insertInto('region_branch')
    .values(BRANCHES.map((b) => ({
      id: b.id, code: b.code, name: b.name, city: b.city, area_id: b.regionId, address: b.address,
      lat: b.lat, lng: b.lng, phone: null, phone_internal: null, service_phone: null, service_phone_internal: null,
      email: b.email, hours: b.hours, ...demoRequisites(b),
    })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  // A demo database made before branches had requisites gets them once; a branch whose requisites
  // an editor filled keeps them.
  const missing = new Set((await trx.selectFrom('region_branch').select('id').where('legal_name', 'is', null).execute()).map((r) => r.id));
  for (const b of BRANCHES.filter((x) => missing.has(x.id))) {
    await trx.updateTable('region_branch').set(demoRequisites(b)).where('id', '=', b.id).where('legal_name', 'is', null).execute();
  }
}
