import type { Carrier } from '../delivery.constants.ts';
import type { Cargo, Quote } from '../delivery.rules.ts';
import type { AddressSuggestion } from '../delivery.schema.ts';
import {
  DeliveryProviderError, type AddressSuggestions, type CarrierCalculator, type DeliveryProviderName, type QuoteRequest,
} from './providers.ts';

/*
 * Real adapters, each speaking its vendor's documented API (ADR 039 lists the fields used). Every
 * call has a timeout, refuses redirects (a redirect would resend the key elsewhere), and turns a
 * network error, a non-2xx answer, a timeout or an answer without the expected fields into a
 * DeliveryProviderError, which the use-case maps to the fail flag.
 */

export const DEFAULT_DELIVERY_TIMEOUT_MS = 8_000;
export const DADATA_SUGGEST_URL = 'https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/address';
export const CDEK_API_URL = 'https://api.cdek.ru/v2';
export const DELLIN_API_URL = 'https://api.dellin.ru';
export const PEK_API_URL = 'https://kabinet.pecom.ru/api/v1';

async function requestJson(provider: DeliveryProviderName, url: string, init: RequestInit, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    throw new DeliveryProviderError(provider, `${provider} unreachable: ${error instanceof Error ? error.name : 'error'}`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new DeliveryProviderError(provider, `${provider} answered ${response.status}`, { status: response.status });
  }
  try {
    return await response.json();
  } catch (error) {
    throw new DeliveryProviderError(provider, `${provider} answered with no JSON`, { status: response.status, cause: error });
  }
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : {});
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

function validQuote(provider: Carrier, price: number | null, days: number | null): Quote {
  if (price === null || price < 0) throw new DeliveryProviderError(provider, `${provider} answered without a price`);
  return { price: Math.ceil(price), days: days !== null && days >= 0 ? Math.max(1, Math.ceil(days)) : null };
}

/** A cube of the cargo's volume, in centimetres (carriers ask for dimensions; parts know weight only). */
function cubeCm(volumeM3: number): number {
  return Math.max(10, Math.ceil(Math.cbrt(Math.max(volumeM3, 0.001)) * 100));
}

/** The cargo's size in centimetres: its largest piece's when known (a machine's), else a cube of its volume. */
export function cargoSizeCm(cargo: Cargo): { length: number; width: number; height: number } {
  if (cargo.sizeCm) return cargo.sizeCm;
  const side = cubeCm(cargo.volumeM3);
  return { length: side, width: side, height: side };
}

export interface DadataSettings { url: string; token: string; timeoutMs?: number }

/**
 * DaData "suggest address": `POST {query, count, locations}` with `Authorization: Token …`; each
 * suggestion's `value` and `data` (country, region_with_type, city, area_with_type, city_district,
 * street_with_type, house, geo_lat, geo_lon) become our address and point.
 */
export function dadataSuggestions(settings: DadataSettings): AddressSuggestions {
  return {
    async suggest(query, limit) {
      const answer = await requestJson('dadata', settings.url, {
        method: 'POST',
        headers: { authorization: `Token ${settings.token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query, count: limit, locations: [{ country_iso_code: 'RU' }, { country_iso_code: 'KZ' }] }),
      }, settings.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS);
      const list = record(answer).suggestions;
      if (!Array.isArray(list)) throw new DeliveryProviderError('dadata', 'dadata answered without suggestions');
      return list.slice(0, limit).map((item): AddressSuggestion => {
        const s = record(item);
        const d = record(s.data);
        const lat = num(d.geo_lat);
        const long = num(d.geo_lon);
        return {
          value: text(s.value).slice(0, 300),
          address: {
            country: text(d.country),
            city: text(d.city) || text(d.settlement),
            region: text(d.region_with_type),
            district: text(d.city_district_with_type) || text(d.area_with_type),
            street: text(d.street_with_type),
            house: [text(d.house), text(d.block_type) && text(d.block) ? `${text(d.block_type)} ${text(d.block)}` : ''].filter(Boolean).join(' '),
          },
          coords: lat !== null && long !== null ? { lat, long } : null,
        };
      }).filter((s) => s.value !== '');
    },
  };
}

export interface CdekSettings { url: string; clientId: string; clientSecret: string; timeoutMs?: number }

/** СДЭК's currency codes of the calculator. */
const CDEK_CURRENCY = { RUB: 1, KZT: 2 } as const;
/** Tariffs 'Посылка склад-склад' (136) and 'Посылка склад-дверь' (137). */
export const CDEK_TARIFF = { terminal: 136, door: 137 } as const;

/**
 * СДЭК API v2: an OAuth token (`POST /oauth/token`, client credentials, kept until it expires),
 * then `POST /calculator/tariff` with the tariff code, both locations (address and coordinates) and
 * one package (grams, centimetres); the answer's `total_sum` and `period_max`.
 */
export function cdekCalculator(settings: CdekSettings): CarrierCalculator {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  let token: { value: string; expires: number } | null = null;
  async function accessToken(): Promise<string> {
    if (token && token.expires > Date.now()) return token.value;
    const answer = record(await requestJson('cdek', `${settings.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: settings.clientId, client_secret: settings.clientSecret }).toString(),
    }, timeoutMs));
    const value = text(answer.access_token);
    if (!value) throw new DeliveryProviderError('cdek', 'cdek answered without a token');
    // A minute early, so a token never expires between our check and their check.
    token = { value, expires: Date.now() + Math.max(0, (num(answer.expires_in) ?? 0) - 60) * 1000 };
    return value;
  }
  return {
    carrier: 'cdek',
    async quote(request: QuoteRequest) {
      const size = cargoSizeCm(request.cargo);
      const location = (p: QuoteRequest['from']) => ({ address: p.line, country_code: p.country, latitude: p.coords.lat, longitude: p.coords.long });
      const answer = record(await requestJson('cdek', `${settings.url}/calculator/tariff`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          tariff_code: CDEK_TARIFF[request.kind],
          currency: CDEK_CURRENCY[request.currency],
          from_location: location(request.from),
          to_location: location(request.to),
          packages: [{ weight: Math.max(1, Math.round(request.cargo.weightKg * 1000)), ...size }],
        }),
      }, timeoutMs));
      if (Array.isArray(answer.errors) && answer.errors.length > 0) throw new DeliveryProviderError('cdek', 'cdek refused the calculation');
      return validQuote('cdek', num(answer.total_sum) ?? num(answer.delivery_sum), num(answer.period_max) ?? num(answer.period_min));
    },
  };
}

export interface DellinSettings { url: string; appKey: string; timeoutMs?: number; today?: () => Date }

/**
 * Деловые Линии `POST /v2/calculator.json`: the app key, auto delivery from the branch's address to
 * the terminal (`terminalID`) or to an address, the cargo's weight and volume; the answer's
 * `data.price` and, for the term, `data.orderDates` (arrival at the receiving terminal).
 */
export function dellinCalculator(settings: DellinSettings): CarrierCalculator {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  return {
    carrier: 'dellin',
    async quote(request: QuoteRequest) {
      const produce = (settings.today ?? (() => new Date()))();
      const produceDate = produce.toISOString().slice(0, 10);
      const size = cargoSizeCm(request.cargo);
      const time = { worktimeStart: '09:00', worktimeEnd: '18:00' };
      const answer = record(await requestJson('dellin', `${settings.url}/v2/calculator.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          appkey: settings.appKey,
          delivery: {
            deliveryType: { type: 'auto' },
            derival: { produceDate, variant: 'address', address: { search: request.from.line }, time },
            arrival: request.kind === 'terminal'
              ? { variant: 'terminal', terminalID: request.terminalCode }
              : { variant: 'address', address: { search: request.to.line }, time },
          },
          cargo: {
            quantity: 1, length: size.length / 100, width: size.width / 100, height: size.height / 100,
            totalVolume: Math.max(0.01, request.cargo.volumeM3), totalWeight: Math.max(0.1, request.cargo.weightKg), weight: Math.max(0.1, request.cargo.weightKg),
          },
        }),
      }, timeoutMs));
      const data = record(answer.data);
      const dates = record(data.orderDates);
      const arrival = text(dates.giveoutFromOspReceiver) || text(dates.arrivalToOspReceiver) || text(dates.derivalToAddress) || text(dates.arrivalToAddress);
      const arrivalTime = arrival ? Date.parse(arrival.slice(0, 10)) : Number.NaN;
      const days = Number.isFinite(arrivalTime) ? Math.round((arrivalTime - Date.parse(produceDate)) / 86_400_000) : null;
      return validQuote('dellin', num(data.price), days);
    },
  };
}

export interface PekSettings { url: string; login: string; apiKey: string; timeoutMs?: number }

/**
 * ПЭК `POST /calculator/calculateprice/` with Basic authentication (login and API key): sender and
 * receiver by coordinates and address, the receiving warehouse for a terminal, one cargo place; the
 * answer's `transfers[0].costTotal` (or `costTotal`) and the transit days (`commonTerms`).
 */
export function pekCalculator(settings: PekSettings): CarrierCalculator {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  return {
    carrier: 'pek',
    async quote(request: QuoteRequest) {
      const size = cargoSizeCm(request.cargo);
      const m = { length: size.length / 100, width: size.width / 100, height: size.height / 100 };
      const answer = record(await requestJson('pek', `${settings.url}/calculator/calculateprice/`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${settings.login}:${settings.apiKey}`).toString('base64')}`,
          'content-type': 'application/json;charset=utf-8', accept: 'application/json',
        },
        body: JSON.stringify({
          senderCoordinates: { latitude: request.from.coords.lat, longitude: request.from.coords.long },
          senderAddress: request.from.line,
          receiverCoordinates: { latitude: request.to.coords.lat, longitude: request.to.coords.long },
          receiverAddress: request.to.line,
          ...(request.kind === 'terminal' ? { receiverWarehouseId: request.terminalCode, isDelivery: false } : { isDelivery: true }),
          isPickUp: false,
          cargos: [{ ...m, volume: Math.max(0.01, request.cargo.volumeM3), weight: Math.max(0.1, request.cargo.weightKg), maxSize: Math.max(m.length, m.width, m.height) }],
        }),
      }, timeoutMs));
      if (answer.hasError === true) throw new DeliveryProviderError('pek', 'pek refused the calculation');
      const transfer = record(Array.isArray(answer.transfers) ? answer.transfers[0] : undefined);
      const terms = record(Array.isArray(answer.commonTerms) ? answer.commonTerms[0] : undefined);
      const transporting = Array.isArray(terms.transporting) ? terms.transporting : [];
      const days = num(transporting[transporting.length - 1]) ?? num(answer.periodDays);
      return validQuote('pek', num(transfer.costTotal) ?? num(answer.costTotal), days);
    },
  };
}
