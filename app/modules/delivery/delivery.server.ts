import { keptPerDb } from '#app/.server/cache.ts';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { hitRateLimits, type RateLimitRule } from '#app/.server/rate-limit.ts';
import { CURRENCY_LABELS } from '#app/lib/money.ts';
import { partWeights } from '#app/modules/parts/delivery-lines.server.ts';
import { KAZAKHSTAN_COUNTRY_ID } from '#app/modules/regions/regions.constants.ts';
import { currentLocation, regionDirectory } from '#app/modules/regions/regions.server.ts';
import { CARRIER_NAMES, CARRIERS, DELIVERY_MESSAGES as M, SUGGEST_LIMIT, TERMINAL_RADIUS_KM, TERMINALS_PER_CARRIER, type Carrier } from './delivery.constants.ts';
import { selectTerminals, type TerminalRow } from './delivery.queries.server.ts';
import {
  addressLine, addressQueries, areaInText, canRequestDeliveryPrice, cargoOf, cheapestOffer, EMPTY_ADDRESS, roadDistanceKm, straightKm,
  type Cargo, type Coords, type DeliveryAddress,
} from './delivery.rules.ts';
import type { AddressSuggestion, DeliveryPriceAnswer, DeliveryPriceInput, TerminalView } from './delivery.schema.ts';
import { DeliveryProviderError, type Place, type QuoteRequest } from './providers/providers.ts';

/** Use-cases of delivery (spec §7 Delivery). Expected failures are values (ARCHITECTURE habit 4). */

export type DeliveryFailure = { ok: false; code: 'unknown_branch' | 'unknown_terminal' | 'unknown_parts' | 'rate_limited' | 'suggest_failed'; message: string; retryAfterSeconds?: number };

export const DELIVERY_STATUS = { unknown_branch: 404, unknown_terminal: 404, unknown_parts: 404, rate_limited: 429, suggest_failed: 503 } as const;

/** The terminals change by migration or by an operator: one copy serves every request until then. */
const terminalsKept = keptPerDb<{ rows: TerminalRow[]; byId: Map<number, TerminalRow> }>({ readsFrom: ['delivery_terminal'] });
const terminalsOf = (db: DB) => terminalsKept.get(db, '', async () => {
  const rows = await selectTerminals(db);
  return { rows, byId: new Map(rows.map((r) => [r.id, r])) };
});

function terminalView(t: TerminalRow, from: Coords): TerminalView {
  return {
    id: t.id, carrier: t.carrier, carrierName: CARRIER_NAMES[t.carrier], city: t.city, address: t.address,
    coords: { lat: t.lat, long: t.lng }, distanceKm: straightKm(from, { lat: t.lat, long: t.lng }),
  };
}

/**
 * Spec §7 get-nearest-terminals: up to three terminals of each company within 150 km of the point,
 * nearest first; a company with none so close still offers its nearest one, wherever it is.
 */
export async function nearestTerminals(services: AppServices, coords: Coords): Promise<TerminalView[]> {
  const { rows } = await terminalsOf(services.db);
  const views = rows.map((t) => terminalView(t, coords)).sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id);
  return CARRIERS.flatMap((carrier) => views.filter((v) => v.carrier === carrier)
    .filter((v, i) => i === 0 || v.distanceKm <= TERMINAL_RADIUS_KM)
    .slice(0, TERMINALS_PER_CARRIER));
}

const SUGGEST_RULES: RateLimitRule[] = [
  // A person types a few dozen addresses a minute at most, debounced; a script is stopped here
  // before it spends the shop's DaData quota.
  { name: 'delivery-suggest:ip', limit: 60, windowMs: 60_000 },
  { name: 'delivery-suggest:ip-day', limit: 2000, windowMs: 86_400_000 },
];

const PRICE_RULES: RateLimitRule[] = [
  // Each price asks up to three carriers; a cart asks again on every change, hence the room.
  { name: 'delivery-price:ip', limit: 120, windowMs: 60_000 },
];

export async function suggestAddress(ctx: RequestContext, query: string): Promise<{ ok: true; suggestions: AddressSuggestion[] } | DeliveryFailure> {
  const limited = await hitRateLimits(ctx.services.db, ctx.ip ?? 'unknown', SUGGEST_RULES);
  if (!limited.ok) return { ok: false, code: 'rate_limited', message: M.tooManyRequests, retryAfterSeconds: limited.retryAfterSeconds };
  try {
    return { ok: true, suggestions: await ctx.services.delivery.suggestions.suggest(query, SUGGEST_LIMIT) };
  } catch (error) {
    if (error instanceof DeliveryProviderError) return { ok: false, code: 'suggest_failed', message: M.suggestFailed };
    throw error;
  }
}

/**
 * An address typed when no suggestion matched (issue 28 §4 point 13), placed at the nearest point
 * the directory knows: the first suggestion for the text or its beginnings ('Смоленск, ул Кирова, 5'
 * → 'Смоленск'), else the region the text names (its centre), else the visitor's own region. The
 * answer is a suggestion whose `value` is the visitor's text: the price to it is approximate, and
 * the panel says so. Counted against the suggestions' limit; a provider's failure falls through to
 * the regions, so a typed address is accepted even while the suggestions are down.
 */
export async function locateAddress(ctx: RequestContext, text: string): Promise<{ ok: true; suggestion: AddressSuggestion & { coords: Coords } } | DeliveryFailure> {
  const { services } = ctx;
  const limited = await hitRateLimits(services.db, ctx.ip ?? 'unknown', SUGGEST_RULES);
  if (!limited.ok) return { ok: false, code: 'rate_limited', message: M.tooManyRequests, retryAfterSeconds: limited.retryAfterSeconds };
  for (const query of addressQueries(text)) {
    let found: AddressSuggestion | undefined;
    try {
      found = (await services.delivery.suggestions.suggest(query, 3)).find((s) => s.coords !== null);
    } catch (error) {
      if (!(error instanceof DeliveryProviderError)) throw error;
      break;
    }
    if (found?.coords) return { ok: true, suggestion: { value: text, address: found.address, coords: found.coords } };
  }
  const directory = await regionDirectory(services);
  const named = areaInText(text, directory.areas.values());
  const area = named?.area ?? directory.areas.get((await currentLocation(ctx)).currentArea.regionId);
  if (!area) return { ok: false, code: 'suggest_failed', message: M.suggestFailed };
  const country = directory.countryByRoot.get(area.root)?.name ?? '';
  return {
    ok: true,
    suggestion: {
      value: text,
      address: { ...EMPTY_ADDRESS, country, region: area.label, city: named?.byCentre ? area.adminCenter : '' },
      coords: { lat: area.center[0], long: area.center[1] },
    },
  };
}

function failed(currencySign: string, message: string, transportCompany: Carrier | null, distance: number | null): DeliveryPriceAnswer {
  return { error_status: 'success', price: 0, currencySign, carrier: '', transportCompany, days: null, distance, fail: true, message };
}

/**
 * Spec §7 get-spare-parts-delivery-price. Unknown branch, terminal or parts are the caller's error
 * (4xx). When the spec §5 condition does not hold, or no carrier could price, the answer is 200 with
 * price 0 and the fail flag (spec §8) and the reason in Russian.
 */
export async function deliveryPrice(ctx: RequestContext, input: DeliveryPriceInput): Promise<{ ok: true; answer: DeliveryPriceAnswer } | DeliveryFailure> {
  const { services } = ctx;
  const [directory, terminals, weights] = await Promise.all([
    regionDirectory(services), terminalsOf(services.db), partWeights(services, input.parts.map((p) => p.id)),
  ]);
  const branch = directory.branches.find((b) => b.id === input.branch);
  if (!branch) return { ok: false, code: 'unknown_branch', message: M.unknownBranch };
  let terminal: TerminalRow | null = null;
  if (input.transportCompany && input.idTerminal !== null) {
    terminal = terminals.byId.get(input.idTerminal) ?? null;
    if (!terminal || terminal.carrier !== input.transportCompany) return { ok: false, code: 'unknown_terminal', message: M.unknownTerminal };
  }
  if (input.parts.some((p) => !weights.has(p.id))) return { ok: false, code: 'unknown_parts', message: M.unknownParts };

  const kz = branch.countryId === KAZAKHSTAN_COUNTRY_ID;
  const currency = kz ? 'KZT' : 'RUB';
  const currencySign = CURRENCY_LABELS[currency];
  const carrierOf = terminal?.carrier ?? null;
  if (!canRequestDeliveryPrice({ address: input.address, coords: input.coords, checkedTotal: input.price, checkedPricedItems: input.parts.length })) {
    return { ok: true, answer: failed(currencySign, M.conditionsNotMet, carrierOf, null) };
  }
  const limited = await hitRateLimits(services.db, ctx.ip ?? 'unknown', PRICE_RULES);
  if (!limited.ok) return { ok: false, code: 'rate_limited', message: M.tooManyPriceRequests, retryAfterSeconds: limited.retryAfterSeconds };

  const cargo = cargoOf(input.parts.map((p) => ({ weightGrams: weights.get(p.id) ?? null, count: p.count })));
  const branchCoords = { lat: branch.coords[0], long: branch.coords[1] };
  const from: Place = { coords: branchCoords, country: kz ? 'KZ' : 'RU', line: `${branch.city}, ${branch.address}`, city: branch.city };

  if (terminal) {
    const to: Place = { coords: { lat: terminal.lat, long: terminal.lng }, country: terminal.country, line: `${terminal.city}, ${terminal.address}`, city: terminal.city };
    const distance = roadDistanceKm(branchCoords, to.coords);
    const offer = await ask({ kind: 'terminal', from, to, terminalCode: terminal.code, distanceKm: distance, cargo, currency }, terminal.carrier, services);
    if (!offer.ok) return { ok: true, answer: failed(currencySign, M.failTerminals, terminal.carrier, distance) };
    return { ok: true, answer: { error_status: 'success', price: offer.price, currencySign, carrier: CARRIER_NAMES[terminal.carrier], transportCompany: terminal.carrier, days: offer.days, distance, fail: false } };
  }

  const to: Place = { coords: input.coords, country: countryCodeOf(input.address), line: addressLine(input.address), city: input.address.city };
  const distance = roadDistanceKm(branchCoords, input.coords);
  const offers = await Promise.all(CARRIERS.map((c) => ask({ kind: 'door', from, to, distanceKm: distance, cargo, currency }, c, services)));
  const best = cheapestOffer(offers);
  if (!best) return { ok: true, answer: failed(currencySign, M.failCalc, null, distance) };
  return { ok: true, answer: { error_status: 'success', price: best.price, currencySign, carrier: CARRIER_NAMES[best.carrier], transportCompany: best.carrier, days: best.days, distance, fail: false } };
}

function countryCodeOf(address: DeliveryAddress): string {
  return /казах|kaz|^kz$/i.test(address.country) ? 'KZ' : 'RU';
}

/** One carrier's quote as an offer; its failure is a value, logged without the request. */
async function ask(request: QuoteRequest, carrier: Carrier, services: AppServices) {
  try {
    const quote = await services.delivery.carriers[carrier].quote(request);
    return { carrier, ok: true as const, price: quote.price, days: quote.days };
  } catch (error) {
    if (!(error instanceof DeliveryProviderError)) throw error;
    if (services.config.LOG_LEVEL !== 'silent' && services.config.NODE_ENV !== 'test') {
      process.stderr.write(JSON.stringify({ level: 'warn', msg: 'delivery quote failed', provider: error.provider, status: error.status, error: error.message }) + '\n');
    }
    return { carrier, ok: false as const, price: 0, days: null };
  }
}

/** Where freight goes: a point (its road distance estimated from the branch) or, without one, a distance the caller names. */
export interface FreightRequest {
  branchId: number;
  /** Where the goods leave from when not the branch itself (an offer's dispatch point). */
  from: Coords | null;
  to: { coords: Coords | null; line: string; city: string };
  /** Road kilometres, used only when `to.coords` is null. */
  distanceKm: number | null;
  /** One cargo per thing priced apart (an offer's product with its count). */
  cargos: readonly Cargo[];
}

export type FreightQuote = { ok: true; price: number; days: number | null; carrier: string; transportCompany: Carrier } | { ok: false; message: string };

/**
 * Prices freight to a door by the carriers' calculators (the machinery and parts of a commercial
 * offer, ADR 088): each cargo the cheapest carrier's price in whole roubles or tenge (the branch's
 * country), or the fail message. One rate-limit hit for the whole request.
 */
export async function freightQuotes(ctx: RequestContext, request: FreightRequest): Promise<
  { ok: true; currency: 'RUB' | 'KZT'; distanceKm: number; quotes: FreightQuote[] } | DeliveryFailure
> {
  const { services } = ctx;
  const directory = await regionDirectory(services);
  const branch = directory.branches.find((b) => b.id === request.branchId);
  if (!branch) return { ok: false, code: 'unknown_branch', message: M.unknownBranch };
  const limited = await hitRateLimits(services.db, ctx.ip ?? 'unknown', PRICE_RULES);
  if (!limited.ok) return { ok: false, code: 'rate_limited', message: M.tooManyPriceRequests, retryAfterSeconds: limited.retryAfterSeconds };
  const kz = branch.countryId === KAZAKHSTAN_COUNTRY_ID;
  const currency = kz ? 'KZT' : 'RUB';
  const fromCoords = request.from ?? { lat: branch.coords[0], long: branch.coords[1] };
  const from: Place = { coords: fromCoords, country: kz ? 'KZ' : 'RU', line: `${branch.city}, ${branch.address}`, city: branch.city };
  const distanceKm = request.to.coords ? roadDistanceKm(fromCoords, request.to.coords) : Math.max(0, Math.round(request.distanceKm ?? 0));
  // Without a point the carriers get the branch's own (their price is by distance and address line).
  const to: Place = { coords: request.to.coords ?? fromCoords, country: from.country, line: request.to.line, city: request.to.city };
  const quotes = await Promise.all(request.cargos.map(async (cargo): Promise<FreightQuote> => {
    const offers = await Promise.all(CARRIERS.map((c) => ask({ kind: 'door', from, to, distanceKm, cargo, currency }, c, services)));
    const best = cheapestOffer(offers);
    if (!best) return { ok: false, message: M.failCalc };
    return { ok: true, price: best.price, days: best.days, carrier: CARRIER_NAMES[best.carrier], transportCompany: best.carrier };
  }));
  return { ok: true, currency, distanceKm, quotes };
}
