import type { Transaction } from 'kysely';
import { now } from '#app/.server/clock.ts';
import type { Database } from '#app/.server/db/schema.ts';

const DAY_MS = 86_400_000;

/** The demo's two accounts of the exchange (no password: they show the data, nobody signs in as them). */
const SHIPPER = { name: 'ООО «Нива» (демо)', email: 'demo-shipper@agro.test', phone: '79120000101' };
const CARRIERS: ReadonlyArray<{ name: string; email: string; phone: string }> = [
  { name: 'ТК «Деметра-Транс» (демо)', email: 'demo-carrier-1@agro.test', phone: '79120000102' },
  { name: 'ИП Соколов (демо)', email: 'demo-carrier-2@agro.test', phone: '79120000103' },
];

const LOADS = [
  { from: 'Воронеж', to: 'Тамбов', machine: 'Трактор John Deere 8R 410', size: [720, 305, 370], kg: 17_000, inDays: 3, days: 7 },
  { from: 'Краснодар', to: 'Ростов-на-Дону', machine: 'Зерноуборочный комбайн (без жатки)', size: [960, 380, 400], kg: 16_500, inDays: 5, days: 10 },
  { from: 'Смоленск', to: 'Москва', machine: 'Опрыскиватель прицепной 4 000 л', size: [780, 255, 330], kg: 4_200, inDays: 2, days: 5 },
  { from: 'Астана', to: 'Костанай', machine: 'Сеялка пневматическая 12 м', size: [1_050, 300, 300], kg: 9_800, inDays: 7, days: 14 },
] as const;

const day = (offsetDays: number) => new Date(now().getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/**
 * Demo of the transportation exchange (ADR 097): a shipper's open loads, two carriers' bids, and one
 * load awarded to the first carrier. Only on a database without loads: what the demo's visitors
 * posted is never added to. The accounts are written here (without passwords) because the auth
 * module's `createUser` opens a transaction of its own and seeding is one transaction.
 */
export async function seedTransportDemo(trx: Transaction<Database>): Promise<void> {
  if (await trx.selectFrom('transport_load').select('id').limit(1).executeTakeFirst()) return;
  const account = async (u: { name: string; email: string; phone: string }, carrier: boolean) => {
    const found = await trx.selectFrom('auth_user').select('id').where('email', '=', u.email).executeTakeFirst();
    if (found) return found.id;
    return (await trx.insertInto('auth_user').values({ name: u.name, email: u.email, phone: u.phone, password_hash: null, email_verified_at: null, phone_verified_at: null, is_carrier: carrier, area_id: null })
      .returning('id').executeTakeFirstOrThrow()).id;
  };
  const shipper = await account(SHIPPER, false);
  const carriers = [await account(CARRIERS[0]!, true), await account(CARRIERS[1]!, true)];
  const ids: number[] = [];
  for (const [i, l] of LOADS.entries()) {
    const created = new Date(now().getTime() - (LOADS.length - i) * 3_600_000);
    const row = await trx.insertInto('transport_load').values({
      owner_id: shipper, from_city: l.from, to_city: l.to, machine: l.machine,
      length_cm: l.size[0], width_cm: l.size[1], height_cm: l.size[2], weight_kg: l.kg,
      ready_on: day(l.inDays), deadline_on: day(l.days), contact_phone: SHIPPER.phone, created_at: created, updated_at: created,
    }).returning('id').executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  // Bids on the first two loads; the second is awarded to the first carrier.
  await trx.insertInto('transport_bid').values([
    { load_id: ids[0]!, carrier_id: carriers[0]!, price_kopecks: 4_500_000, pickup_on: day(3), comment: 'Трал, 2 сопровождающих' },
    { load_id: ids[0]!, carrier_id: carriers[1]!, price_kopecks: 4_200_000, pickup_on: day(4) },
    { load_id: ids[1]!, carrier_id: carriers[0]!, price_kopecks: 6_800_000, pickup_on: day(5) },
    { load_id: ids[1]!, carrier_id: carriers[1]!, price_kopecks: 7_100_000, pickup_on: day(6) },
  ]).execute();
  const won = await trx.selectFrom('transport_bid').select('id').where('load_id', '=', ids[1]!).where('carrier_id', '=', carriers[0]!).executeTakeFirstOrThrow();
  await trx.updateTable('transport_load').set({ status: 'awarded', awarded_bid_id: won.id }).where('id', '=', ids[1]!).execute();
}
