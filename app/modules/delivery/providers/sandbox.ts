import { sql } from 'kysely';
import { keptPerDb } from '#app/.server/cache.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { CARRIERS, type Carrier } from '../delivery.constants.ts';
import { tariffQuote, type Tariff } from '../delivery.rules.ts';
import type { AddressSuggestion } from '../delivery.schema.ts';
import { DeliveryProviderError, type AddressSuggestions, type CarrierCalculator, type DeliveryProviders } from './providers.ts';
import { SANDBOX_CITIES, SANDBOX_STREETS } from './sandbox-addresses.ts';

/**
 * The sandboxes (development, tests, demo; refused in production by config.ts): suggestions from a
 * fixed address book, carriers that price from the tariffs of migration 0016. No network.
 */

/**
 * The heaviest load the sandbox СДЭК takes (parcels, not freight): above it СДЭК refuses and the
 * others still quote, so the list shows a carrier's failure beside two prices.
 */
export const SANDBOX_CDEK_MAX_KG = 1000;

const fold = (s: string) => s.toLowerCase().replaceAll('ё', 'е').replace(/[.,;:()"«»]/g, ' ');

const words = (text: string) => fold(text).split(/[\s-]+/).filter(Boolean);

// Each entry's own words (city and street) and its wider ones (region and country besides): a
// query matched by its own words ranks first, so 'смоленск' offers Smolensk before the towns of
// Смоленская область.
const BOOK = SANDBOX_CITIES.flatMap((c) => SANDBOX_STREETS.map((s) => ({
  city: c, street: s.street, lat: Number((c.lat + s.dLat).toFixed(6)), lng: Number((c.lng + s.dLng).toFixed(6)),
  own: words(`${c.city} ${s.street}`), wide: words(`${c.country} ${c.region} ${c.city} ${s.street}`),
})));
const CITY_WORDS = SANDBOX_CITIES.map((c) => ({ city: c, own: words(c.city), wide: words(`${c.country} ${c.region} ${c.city}`) }));

/** 'г', 'ул', 'д' and the like say nothing about which address. */
const NOISE = new Set(['г', 'город', 'ул', 'улица', 'д', 'дом', 'пр', 'кт', 'пр-кт', 'проспект', 'обл', 'область', 'россия', 'казахстан', 'рф']);

export function sandboxSuggestions(): AddressSuggestions {
  return {
    async suggest(query, limit) {
      const tokens = fold(query).split(/[\s,]+/).filter(Boolean);
      const house = tokens.find((t) => /^\d+[а-я]?(\/\d+)?$/.test(t)) ?? '';
      const wanted = tokens.filter((t) => t !== house && !NOISE.has(t)).flatMap((t) => t.split('-')).filter(Boolean);
      if (wanted.length === 0) return [];
      const matches = (candidate: string[]) => wanted.every((w) => candidate.some((c) => c.startsWith(w)));
      const out: AddressSuggestion[] = [];
      for (const pass of ['own', 'wide'] as const) {
        // A query naming only a city offers the city itself first (its centre), then its streets.
        if (!house) {
          for (const entry of CITY_WORDS) {
            if (out.length >= limit) break;
            if (matches(entry[pass]) && (pass === 'own' || !matches(entry.own))) out.push(cityOnly(entry.city));
          }
        }
        for (const entry of BOOK) {
          if (out.length >= limit) break;
          if (!matches(entry[pass]) || (pass === 'wide' && matches(entry.own))) continue;
          const c = entry.city;
          out.push({
            value: `${c.country === 'Россия' ? 'г' : 'г.'} ${c.city}, ${entry.street}${house ? `, д ${house}` : ''}`,
            address: { country: c.country, city: c.city, region: c.region, district: '', street: entry.street, house },
            coords: { lat: entry.lat, long: entry.lng },
          });
        }
      }
      return out.slice(0, limit);
    },
  };
}

function cityOnly(c: (typeof SANDBOX_CITIES)[number]): AddressSuggestion {
  return {
    value: `г ${c.city}, ${c.region}`,
    address: { country: c.country, city: c.city, region: c.region, district: '', street: '', house: '' },
    coords: { lat: c.lat, long: c.lng },
  };
}

interface TariffRow {
  carrier: Carrier; kind: 'door' | 'terminal'; currency: 'RUB' | 'KZT';
  base_minor: string | number; per_km_minor: string | number; per_kg_minor: string | number; per_m3_minor: string | number;
  min_minor: string | number; days_base: number; km_per_day: number;
}

const tariffsKept = keptPerDb<Map<string, Tariff>>({ readsFrom: ['delivery_tariff'] });

/** All the sandbox tariffs (a dozen rows) in one statement, kept: pricing needs no round trip. */
export const sandboxTariffs = (db: DB): Promise<Map<string, Tariff>> => tariffsKept.get(db, '', async () => {
  const { rows } = await sql<TariffRow>`select carrier, kind, currency, base_minor, per_km_minor, per_kg_minor, per_m3_minor, min_minor, days_base, km_per_day from delivery_tariff`.execute(db);
  return new Map(rows.map((r) => [`${r.carrier}:${r.kind}:${r.currency}`, {
    carrier: r.carrier, kind: r.kind, currency: r.currency,
    baseMinor: Number(r.base_minor), perKmMinor: Number(r.per_km_minor), perKgMinor: Number(r.per_kg_minor),
    perM3Minor: Number(r.per_m3_minor), minMinor: Number(r.min_minor), daysBase: r.days_base, kmPerDay: r.km_per_day,
  }]));
});

export function sandboxCarrier(db: DB, carrier: Carrier): CarrierCalculator {
  return {
    carrier,
    async quote(request) {
      if (carrier === 'cdek' && request.cargo.weightKg > SANDBOX_CDEK_MAX_KG) {
        throw new DeliveryProviderError(carrier, `cdek sandbox: cargo over ${SANDBOX_CDEK_MAX_KG} kg`, { status: 400 });
      }
      const tariff = (await sandboxTariffs(db)).get(`${carrier}:${request.kind}:${request.currency}`);
      if (!tariff) throw new DeliveryProviderError(carrier, `${carrier} sandbox: no tariff for ${request.kind} in ${request.currency}`);
      return tariffQuote(tariff, request.distanceKm, request.cargo);
    },
  };
}

export function createSandboxDeliveryProviders(db: DB): DeliveryProviders {
  return {
    suggestions: sandboxSuggestions(),
    carriers: Object.fromEntries(CARRIERS.map((c) => [c, sandboxCarrier(db, c)])) as Record<Carrier, CarrierCalculator>,
    sandbox: true,
  };
}
