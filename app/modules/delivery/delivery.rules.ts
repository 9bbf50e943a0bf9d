import { distanceKm } from '#app/lib/geo.ts';
import type { Carrier, DeliveryMethod } from './delivery.constants.ts';

/*
 * Pure rules of delivery (issue "Cart, delivery and orders", point 3): the spec §5 condition, the
 * distance from a branch, tariff pricing by distance, weight and volume, the marks of the terminal
 * list, and the panel's state transitions (ARCHITECTURE habit 5). Isomorphic: the panel uses them too.
 */

export interface Coords { lat: number; long: number }

/** Spec §3 address and terminalAddress. */
export interface DeliveryAddress {
  country: string;
  city: string;
  region: string;
  district: string;
  street: string;
  house: string;
}

export const EMPTY_ADDRESS: DeliveryAddress = { country: '', city: '', region: '', district: '', street: '', house: '' };

/** One line of the address as a person reads it: 'Смоленск, ул. Ленина, 12'. */
export function addressLine(a: DeliveryAddress): string {
  return [a.city || a.region, a.district && a.district !== a.city ? a.district : '', a.street, a.house].filter(Boolean).join(', ');
}

/**
 * What a typed address is searched for when no suggestion matches it (issue 28 §4 point 13): the
 * text itself, then its beginnings, one word shorter each time ('Смоленск, ул Кирова, 5' →
 * 'Смоленск ул Кирова' → 'Смоленск ул' → 'Смоленск'): people write the settlement first, so the
 * nearest known place is found by dropping what the directory does not know from the end. At most
 * `limit` queries, none shorter than `minChars`.
 */
export function addressQueries(text: string, { limit = 4, minChars = 3 } = {}): string[] {
  const whole = text.replace(/\s+/g, ' ').trim();
  const words = whole.split(/[\s,;]+/).filter(Boolean);
  const out = whole.length >= minChars ? [whole] : [];
  for (let n = words.length - 1; n >= 1 && out.length < limit; n--) {
    const q = words.slice(0, n).join(' ');
    if (q.length >= minChars && !out.includes(q)) out.push(q);
  }
  return out.slice(0, limit);
}

/** Words of a region's name that say nothing about which region. */
const GENERIC_AREA_WORDS = new Set(['область', 'обл', 'край', 'республика', 'респ', 'автономный', 'автономная', 'округ', 'город', 'г', 'югра']);

const foldWords = (text: string) => text.toLowerCase().replaceAll('ё', 'е').split(/[^a-zа-я0-9-]+/).filter(Boolean);

/** A region's name in its other forms: 'смоленская' matches 'смоленской', 'краснодарский' 'краснодарского'. */
const adjectiveForm = (typed: string, word: string) => typed.startsWith(word.length > 6 ? word.slice(0, -2) : word);

/**
 * A town's name in its other forms, one ending apart: 'казань' matches 'казани', 'смоленск'
 * 'смоленске', never the region's 'смоленской'.
 */
const nounForm = (typed: string, word: string) => {
  const stem = word.replace(/[аеиоуыэюяьй]$/, '');
  return typed.startsWith(stem) && typed.length - stem.length <= 1;
};

/**
 * The region a typed address names, from the region directory: its administrative centre
 * ('Казань, ул Баумана' → Республика Татарстан, at Казань) before the region's own name ('деревня
 * Ивановка, Смоленская обл.' → Смоленская область). Word forms are matched by their stems. Null when
 * the text names none.
 */
export function areaInText<A extends { label: string; adminCenter: string }>(text: string, areas: Iterable<A>): { area: A; byCentre: boolean } | null {
  const typed = foldWords(text);
  const has = (word: string, form: (typed: string, word: string) => boolean) => typed.some((t) => form(t, word));
  const list = [...areas];
  for (const area of list) {
    const centre = foldWords(area.adminCenter);
    if (centre.length && centre.every((w) => w.length >= 3 && has(w, nounForm))) return { area, byCentre: true };
  }
  for (const area of list) {
    const own = foldWords(area.label).filter((w) => !GENERIC_AREA_WORDS.has(w) && w.length >= 4);
    if (own.length && own.every((w) => has(w, adjectiveForm))) return { area, byCentre: false };
  }
  return null;
}

/**
 * Spec §5: the price is requested only if an address, coordinates, a positive total of checked
 * priced items and at least one such item exist. An address counts when it names at least a city
 * (or a region); items without a price (0 or not a number) do not count.
 */
export function canRequestDeliveryPrice(input: {
  address: DeliveryAddress | null;
  coords: Coords | null;
  checkedTotal: number;
  checkedPricedItems: number;
}): boolean {
  const { address, coords, checkedTotal, checkedPricedItems } = input;
  return address !== null && (address.city.trim() !== '' || address.region.trim() !== '')
    && coords !== null && validCoords(coords)
    && Number.isFinite(checkedTotal) && checkedTotal > 0
    && Number.isInteger(checkedPricedItems) && checkedPricedItems > 0;
}

export function validCoords(c: Coords): boolean {
  return Number.isFinite(c.lat) && Number.isFinite(c.long) && c.lat >= -90 && c.lat <= 90 && c.long >= -180 && c.long <= 180;
}

/**
 * Roads are longer than the great circle: a factor that matches the usual ratio on the plains of
 * Russia and Kazakhstan, so the sandbox's prices and terms grow like a road trip's.
 */
export const ROAD_FACTOR = 1.25;

/** Kilometres by road from a branch (or terminal) to a point, rounded to whole kilometres. */
export function roadDistanceKm(from: Coords, to: Coords): number {
  return Math.round(distanceKm({ lat: from.lat, lng: from.long }, { lat: to.lat, lng: to.long }) * ROAD_FACTOR);
}

/** Great-circle kilometres, for "nearest" (one decimal). */
export function straightKm(from: Coords, to: Coords): number {
  return Math.round(distanceKm({ lat: from.lat, lng: from.long }, { lat: to.lat, lng: to.long }) * 10) / 10;
}

/**
 * Parts carry their weight only. Packed spare parts weigh about this much per cubic metre (boxes,
 * crates, filling), so the volume a carrier bills is estimated from the weight (ADR 039).
 */
export const PACKED_DENSITY_KG_PER_M3 = 200;
/** A part whose weight is not known counts as this much. */
export const UNKNOWN_PART_WEIGHT_KG = 1;

export interface Cargo {
  weightKg: number;
  volumeM3: number;
  /** The largest piece's size in centimetres when it is known (a machine's); else the carriers get a cube of the volume. */
  sizeCm?: { length: number; width: number; height: number };
}

/** Weight and volume of the checked lines: grams per part (null when unknown) times count. */
export function cargoOf(lines: ReadonlyArray<{ weightGrams: number | null; count: number }>): Cargo {
  let weightKg = 0;
  for (const line of lines) {
    const each = line.weightGrams !== null && line.weightGrams > 0 ? line.weightGrams / 1000 : UNKNOWN_PART_WEIGHT_KG;
    weightKg += each * line.count;
  }
  weightKg = Math.round(weightKg * 1000) / 1000;
  return { weightKg, volumeM3: Math.round((weightKg / PACKED_DENSITY_KG_PER_M3) * 10_000) / 10_000 };
}

/** A carrier's price list for one kind of delivery and one currency (migration 0016). Money in minor units. */
export interface Tariff {
  carrier: Carrier;
  kind: 'door' | 'terminal';
  currency: 'RUB' | 'KZT';
  baseMinor: number;
  perKmMinor: number;
  perKgMinor: number;
  perM3Minor: number;
  minMinor: number;
  daysBase: number;
  kmPerDay: number;
}

export interface Quote {
  /** Whole roubles or tenge, rounded up: what the cart shows and sums. */
  price: number;
  /** Transit days; null when the carrier did not say. */
  days: number | null;
}

/**
 * The sandbox carriers' price: base + distance + weight + volume, not below the minimum; the term
 * is the base days plus one day per `kmPerDay` started. Whole currency units, rounded up.
 */
export function tariffQuote(tariff: Tariff, distanceKm: number, cargo: Cargo): { price: number; days: number } {
  const km = Math.max(0, distanceKm);
  const minor = tariff.baseMinor + km * tariff.perKmMinor + cargo.weightKg * tariff.perKgMinor + cargo.volumeM3 * tariff.perM3Minor;
  const price = Math.ceil(Math.max(tariff.minMinor, minor) / 100);
  const days = tariff.daysBase + Math.ceil(km / tariff.kmPerDay);
  return { price, days: Math.max(1, days) };
}

export interface CarrierOffer {
  carrier: Carrier;
  ok: boolean;
  price: number;
  days: number | null;
}

/**
 * The «Дешевле всего» and «Быстрее всего» marks among the offers that were priced: the lowest price
 * and the shortest term; a tie goes to the first in the list. None when nothing was priced.
 */
export function offerMarks(offers: readonly CarrierOffer[]): { cheapest: Carrier | null; fastest: Carrier | null } {
  let cheapest: CarrierOffer | null = null;
  let fastest: CarrierOffer | null = null;
  for (const o of offers) {
    if (!o.ok) continue;
    if (!cheapest || o.price < cheapest.price) cheapest = o;
    if (o.days !== null && (!fastest || fastest.days === null || o.days < fastest.days)) fastest = o;
  }
  return { cheapest: cheapest?.carrier ?? null, fastest: fastest?.carrier ?? null };
}

/** The cheapest priced offer: what 'Доставка до адреса' charges and names. */
export function cheapestOffer<T extends CarrierOffer>(offers: readonly T[]): T | null {
  let best: T | null = null;
  for (const o of offers) if (o.ok && (!best || o.price < best.price)) best = o;
  return best;
}

/**
 * Spec §3 Delivery: the state the cart keeps. Prices in whole currency units; the fail flags are
 * set whenever the price could not be had (spec §5, §8).
 */
export interface DeliveryState {
  method: DeliveryMethod;
  branchIdForPickup: number | null;
  branchIdForCalc: number | null;
  branchIdForTerminals: number | null;
  address: DeliveryAddress;
  terminalAddress: DeliveryAddress;
  /**
   * The address as the visitor typed it when no suggestion matched (issue 28 §4 point 13): then
   * `address` and the coordinates are the nearest place the directory knows, and the price is
   * approximate. Null when the address was chosen from the suggestions.
   */
  typedAddress: string | null;
  coords: Coords | null;
  coordsOfAddressForTerminals: Coords | null;
  distance: number | null;
  distanceForTerminals: number | null;
  calcDeliveryPrice: number;
  terminalsDeliveryPrice: number;
  currencySign: string;
  calcCarrierName: string;
  terminalsCarrierName: string;
  transportCompany: Carrier | null;
  idTerminal: number | null;
  failCalcDelivery: boolean;
  failTerminalsDelivery: boolean;
}

export function initialDeliveryState(branchId: number | null, currencySign: string): DeliveryState {
  return {
    method: 'pickup',
    branchIdForPickup: branchId, branchIdForCalc: branchId, branchIdForTerminals: branchId,
    address: EMPTY_ADDRESS, terminalAddress: EMPTY_ADDRESS, typedAddress: null,
    coords: null, coordsOfAddressForTerminals: null,
    distance: null, distanceForTerminals: null,
    calcDeliveryPrice: 0, terminalsDeliveryPrice: 0, currencySign,
    calcCarrierName: '', terminalsCarrierName: '',
    transportCompany: null, idTerminal: null,
    failCalcDelivery: false, failTerminalsDelivery: false,
  };
}

export type DeliveryEvent =
  | { type: 'method'; method: DeliveryMethod }
  | { type: 'branch'; method: DeliveryMethod; branchId: number }
  /** `typed`: the visitor's own text, used when no suggestion matched (the point is approximate). */
  | { type: 'address'; address: DeliveryAddress; coords: Coords; typed?: string | null }
  | { type: 'terminal'; carrier: Carrier; terminalId: number; carrierName: string }
  | { type: 'calcPriced'; price: number; currencySign: string; carrierName: string; distance: number }
  | { type: 'terminalsPriced'; price: number; currencySign: string; carrierName: string; distance: number | null }
  | { type: 'calcFailed' }
  | { type: 'terminalsFailed' }
  /** Spec §4: unchecking all items clears the delivery price. */
  | { type: 'nothingChecked' };

/**
 * The panel's transitions. Whether a change reloads the cart (spec §4: method, branch or terminal)
 * is `reloadsCart(event)`; the price itself is asked by the panel after the transition.
 */
export function deliveryTransition(state: DeliveryState, event: DeliveryEvent): DeliveryState {
  switch (event.type) {
    case 'method':
      return { ...state, method: event.method };
    case 'branch': {
      const key = event.method === 'pickup' ? 'branchIdForPickup' : event.method === 'calc' ? 'branchIdForCalc' : 'branchIdForTerminals';
      // A new branch changes the distance and the price: the old ones are not shown meanwhile.
      if (event.method === 'calc') return { ...state, [key]: event.branchId, distance: null, calcDeliveryPrice: 0, calcCarrierName: '', failCalcDelivery: false };
      if (event.method === 'terminals') return { ...state, [key]: event.branchId, distanceForTerminals: null, terminalsDeliveryPrice: 0, failTerminalsDelivery: false };
      return { ...state, [key]: event.branchId };
    }
    case 'address': {
      // One address for both kinds of delivery (issue 28 §4 point 13): the one entered for the
      // door is where the terminals are looked for, and the other way round.
      const moved = !sameCoords(state.coordsOfAddressForTerminals, event.coords);
      return {
        ...state,
        address: event.address, coords: event.coords, typedAddress: event.typed ?? null,
        distance: null, calcDeliveryPrice: 0, calcCarrierName: '', failCalcDelivery: false,
        terminalAddress: event.address, coordsOfAddressForTerminals: event.coords,
        // The terminals near another point are other terminals; the same point keeps the one chosen.
        ...(moved ? { distanceForTerminals: null, transportCompany: null, idTerminal: null, terminalsDeliveryPrice: 0, terminalsCarrierName: '', failTerminalsDelivery: false } : {}),
      };
    }
    case 'terminal':
      return { ...state, transportCompany: event.carrier, idTerminal: event.terminalId, terminalsCarrierName: event.carrierName, terminalsDeliveryPrice: 0, failTerminalsDelivery: false };
    case 'calcPriced':
      return { ...state, calcDeliveryPrice: event.price, currencySign: event.currencySign, calcCarrierName: event.carrierName, distance: event.distance, failCalcDelivery: false };
    case 'terminalsPriced':
      return { ...state, terminalsDeliveryPrice: event.price, currencySign: event.currencySign, terminalsCarrierName: event.carrierName, distanceForTerminals: event.distance, failTerminalsDelivery: false };
    case 'calcFailed':
      return { ...state, calcDeliveryPrice: 0, failCalcDelivery: true };
    case 'terminalsFailed':
      return { ...state, terminalsDeliveryPrice: 0, failTerminalsDelivery: true };
    case 'nothingChecked':
      return { ...state, calcDeliveryPrice: 0, terminalsDeliveryPrice: 0, failCalcDelivery: true, failTerminalsDelivery: true };
  }
}

function sameCoords(a: Coords | null, b: Coords): boolean {
  return a !== null && a.lat === b.lat && a.long === b.long;
}

/** The address as the visitor reads it: what he typed, or the chosen suggestion as one line. */
export function deliveryAddressText(state: Pick<DeliveryState, 'typedAddress' | 'address'>): string {
  return state.typedAddress ?? addressLine(state.address);
}

/** Spec §4: changing method, branch or terminal reloads the cart. */
export function reloadsCart(event: DeliveryEvent): boolean {
  return event.type === 'method' || event.type === 'branch' || event.type === 'terminal';
}

/** The delivery price of the chosen method, for the cart's total: pickup costs nothing. */
export function deliveryPriceOf(state: DeliveryState): number {
  if (state.method === 'calc') return state.failCalcDelivery ? 0 : state.calcDeliveryPrice;
  if (state.method === 'terminals') return state.failTerminalsDelivery ? 0 : state.terminalsDeliveryPrice;
  return 0;
}

/** The branch the chosen method ships from (or the visitor picks up at). */
export function branchOfMethod(state: DeliveryState): number | null {
  return state.method === 'pickup' ? state.branchIdForPickup : state.method === 'calc' ? state.branchIdForCalc : state.branchIdForTerminals;
}
