import { sql, type Kysely } from 'kysely';

/**
 * The delivery module's tables (issue "Cart, delivery and orders", point 3; ADR 039).
 *
 * - `delivery_terminal`: the carriers' terminals the cart offers ('До терминала ТК'): carrier, the
 *   carrier's own code of the terminal (what its calculator is asked about), address and
 *   coordinates. The nearest ones to the visitor's address are found by distance in memory (a few
 *   hundred rows), so no spatial index.
 * - `delivery_tariff`: the sandbox carriers' price lists, one per carrier, kind (to a door or to a
 *   terminal) and currency: a base, per kilometre, per kilogram, per cubic metre, a minimum, and the
 *   transit time (base days plus a day per so many kilometres). Money in minor units.
 *
 * The rows below are inserted once (`on conflict do nothing`) with the migration's own copy of the
 * data, so the migration means the same thing forever; a change is a new migration. Terminals sit in
 * the cities of the dealer's branches (the demo branches of `regions/data/branches.ts`) and in a few
 * large cities besides, in Russia and Kazakhstan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table delivery_terminal (
      id integer primary key,
      carrier text not null check (carrier in ('cdek', 'dellin', 'pek')),
      code text not null,
      country text not null check (country in ('RU', 'KZ')),
      city text not null,
      address text not null,
      lat double precision not null check (lat between -90 and 90),
      lng double precision not null check (lng between -180 and 180),
      unique (carrier, code)
    )`.execute(db);
  await sql`
    create table delivery_tariff (
      carrier text not null check (carrier in ('cdek', 'dellin', 'pek')),
      kind text not null check (kind in ('door', 'terminal')),
      currency text not null check (currency in ('RUB', 'KZT')),
      base_minor bigint not null check (base_minor >= 0),
      per_km_minor bigint not null check (per_km_minor >= 0),
      per_kg_minor bigint not null check (per_kg_minor >= 0),
      per_m3_minor bigint not null check (per_m3_minor >= 0),
      min_minor bigint not null check (min_minor >= 0),
      days_base integer not null check (days_base >= 0),
      km_per_day integer not null check (km_per_day > 0),
      primary key (carrier, kind, currency)
    )`.execute(db);

  const tariffs = TARIFFS.flatMap((t) => [t, { ...t, currency: 'KZT', ...scaled(t, KZT_PER_RUB) }]);
  await sql`
    insert into delivery_tariff (carrier, kind, currency, base_minor, per_km_minor, per_kg_minor, per_m3_minor, min_minor, days_base, km_per_day)
    select carrier, kind, currency, base_minor, per_km_minor, per_kg_minor, per_m3_minor, min_minor, days_base, km_per_day
    from jsonb_to_recordset(${JSON.stringify(tariffs)}::jsonb) as t(carrier text, kind text, currency text, base_minor bigint,
      per_km_minor bigint, per_kg_minor bigint, per_m3_minor bigint, min_minor bigint, days_base integer, km_per_day integer)
    on conflict do nothing`.execute(db);

  await sql`
    insert into delivery_terminal (id, carrier, code, country, city, address, lat, lng)
    select id, carrier, code, country, city, address, lat, lng
    from jsonb_to_recordset(${JSON.stringify(terminals())}::jsonb) as t(id integer, carrier text, code text, country text,
      city text, address text, lat double precision, lng double precision)
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists delivery_tariff`.execute(db);
  await sql`drop table if exists delivery_terminal`.execute(db);
}

interface TariffRow {
  carrier: 'cdek' | 'dellin' | 'pek';
  kind: 'door' | 'terminal';
  currency: 'RUB' | 'KZT';
  base_minor: number;
  per_km_minor: number;
  per_kg_minor: number;
  per_m3_minor: number;
  min_minor: number;
  days_base: number;
  km_per_day: number;
}

/** Roughly what a tenge buys of a rouble: the KZT lists are the rouble ones at this rate, rounded to whole tenge. */
const KZT_PER_RUB = 5.5;

function scaled(t: TariffRow, rate: number) {
  const money = (minor: number) => Math.round((minor * rate) / 100) * 100;
  return {
    base_minor: money(t.base_minor), per_km_minor: money(t.per_km_minor), per_kg_minor: money(t.per_kg_minor),
    per_m3_minor: money(t.per_m3_minor), min_minor: money(t.min_minor),
  };
}

// Roubles in kopecks. СДЭК is quick and dear on small parcels, Деловые Линии cheap per kilogram and
// slower, ПЭК between: so a list of three has a cheapest and a fastest that differ for most loads.
const TARIFFS: TariffRow[] = [
  { carrier: 'cdek', kind: 'terminal', currency: 'RUB', base_minor: 35_000, per_km_minor: 30, per_kg_minor: 4_500, per_m3_minor: 90_000, min_minor: 45_000, days_base: 1, km_per_day: 800 },
  { carrier: 'cdek', kind: 'door', currency: 'RUB', base_minor: 60_000, per_km_minor: 30, per_kg_minor: 4_500, per_m3_minor: 90_000, min_minor: 70_000, days_base: 2, km_per_day: 800 },
  { carrier: 'dellin', kind: 'terminal', currency: 'RUB', base_minor: 80_000, per_km_minor: 20, per_kg_minor: 1_500, per_m3_minor: 60_000, min_minor: 90_000, days_base: 2, km_per_day: 500 },
  { carrier: 'dellin', kind: 'door', currency: 'RUB', base_minor: 140_000, per_km_minor: 20, per_kg_minor: 1_500, per_m3_minor: 60_000, min_minor: 150_000, days_base: 3, km_per_day: 500 },
  { carrier: 'pek', kind: 'terminal', currency: 'RUB', base_minor: 60_000, per_km_minor: 25, per_kg_minor: 2_500, per_m3_minor: 70_000, min_minor: 70_000, days_base: 2, km_per_day: 600 },
  { carrier: 'pek', kind: 'door', currency: 'RUB', base_minor: 110_000, per_km_minor: 25, per_kg_minor: 2_500, per_m3_minor: 70_000, min_minor: 120_000, days_base: 3, km_per_day: 600 },
];

/** City, country, centre. The dealer's branch cities first, then large cities without a branch. */
const CITIES: Array<[string, 'RU' | 'KZ', number, number]> = [
  ['Смоленск', 'RU', 54.7826, 32.0453], ['Краснодар', 'RU', 45.0355, 38.9753], ['Ростов-на-Дону', 'RU', 47.2357, 39.7015],
  ['Ставрополь', 'RU', 45.0448, 41.969], ['Воронеж', 'RU', 51.6608, 39.2003], ['Белгород', 'RU', 50.5956, 36.5873],
  ['Курск', 'RU', 51.7304, 36.1926], ['Липецк', 'RU', 52.6088, 39.5992], ['Тамбов', 'RU', 52.7212, 41.4523],
  ['Орёл', 'RU', 52.9703, 36.0635], ['Брянск', 'RU', 53.2434, 34.3641], ['Пенза', 'RU', 53.1959, 45.0183],
  ['Волгоград', 'RU', 48.708, 44.5133], ['Саратов', 'RU', 51.5336, 46.0343], ['Самара', 'RU', 53.1959, 50.1002],
  ['Казань', 'RU', 55.7963, 49.1088], ['Оренбург', 'RU', 51.7682, 55.097], ['Уфа', 'RU', 54.7388, 55.9721],
  ['Челябинск', 'RU', 55.1644, 61.4368], ['Курган', 'RU', 55.441, 65.3411], ['Омск', 'RU', 54.9885, 73.3242],
  ['Новосибирск', 'RU', 55.0084, 82.9357], ['Барнаул', 'RU', 53.3548, 83.7698],
  ['Астана', 'KZ', 51.1605, 71.4704], ['Кокшетау', 'KZ', 53.2833, 69.3833], ['Костанай', 'KZ', 53.2144, 63.6246],
  ['Петропавловск', 'KZ', 54.8753, 69.1628], ['Павлодар', 'KZ', 52.2873, 76.9674], ['Актобе', 'KZ', 50.2839, 57.167],
  ['Алматы', 'KZ', 43.2389, 76.8897],
  ['Москва', 'RU', 55.7558, 37.6173], ['Санкт-Петербург', 'RU', 59.9343, 30.3351], ['Екатеринбург', 'RU', 56.8389, 60.6057],
  ['Нижний Новгород', 'RU', 56.3269, 44.0059], ['Тюмень', 'RU', 57.1522, 65.5272], ['Тула', 'RU', 54.1931, 37.6173],
  ['Караганда', 'KZ', 49.8047, 73.1094], ['Шымкент', 'KZ', 42.3417, 69.5901], ['Уральск', 'KZ', 51.2333, 51.3667],
];

/** Each carrier's terminals stand on its own kind of street, a few kilometres from the centre. */
const CARRIER_SITES: Record<TariffRow['carrier'], Array<{ street: string; dLat: number; dLng: number }>> = {
  cdek: [{ street: 'ул. Ленина', dLat: 0.006, dLng: 0.011 }, { street: 'пр. Мира', dLat: -0.021, dLng: 0.034 }],
  dellin: [{ street: 'ул. Промышленная', dLat: -0.041, dLng: -0.052 }],
  pek: [{ street: 'ул. Складская', dLat: 0.037, dLng: -0.028 }, { street: 'ш. Индустриальное', dLat: -0.012, dLng: 0.061 }],
};
const CODE_PREFIX: Record<TariffRow['carrier'], string> = { cdek: 'CDK', dellin: 'DL', pek: 'PEK' };

function terminals() {
  const rows: Array<{ id: number; carrier: string; code: string; country: string; city: string; address: string; lat: number; lng: number }> = [];
  let id = 0;
  CITIES.forEach(([city, country, lat, lng], c) => {
    for (const carrier of ['cdek', 'dellin', 'pek'] as const) {
      CARRIER_SITES[carrier].forEach((site, s) => {
        // The second site of a carrier only in every other city: not every city has two of each.
        if (s > 0 && c % 2 === 1) return;
        id += 1;
        rows.push({
          id, carrier, code: `${CODE_PREFIX[carrier]}-${String(c + 1).padStart(3, '0')}-${s + 1}`, country, city,
          address: `${site.street}, ${10 + ((c * 7 + s * 13) % 90)}`,
          lat: Number((lat + site.dLat).toFixed(5)), lng: Number((lng + site.dLng).toFixed(5)),
        });
      });
    }
  });
  return rows;
}
