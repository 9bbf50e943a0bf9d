import { z } from '#app/lib/zod.ts';
import { strictDecimal, strictInt } from '#app/lib/strict-number.ts';
import { hasForbiddenChars } from '#app/lib/text.ts';
import {
  CARRIERS, DELIVERY_MAX_COUNT, DELIVERY_MAX_PARTS, DELIVERY_MAX_PRICE, DELIVERY_MESSAGES as M,
  SUGGEST_MAX_CHARS, SUGGEST_MIN_CHARS, type Carrier,
} from './delivery.constants.ts';
import type { Coords, DeliveryAddress } from './delivery.rules.ts';

/** The boundary of the delivery endpoints (spec §7 Delivery). Isomorphic: the panel reads the answer types. */

const coords = z.object({
  lat: strictDecimal(M.badCoords).pipe(z.number().min(-90, M.badCoords).max(90, M.badCoords)),
  long: strictDecimal(M.badCoords).pipe(z.number().min(-180, M.badCoords).max(180, M.badCoords)),
}, { error: M.badCoords });

/** One address field: at most 200 characters, no control characters; missing is empty. */
const addressPart = z.string({ error: M.badAddress }).max(200, M.badAddress)
  .refine((v) => !hasForbiddenChars(v), { error: M.badAddressText, abort: true })
  .transform((v) => v.trim())
  .optional().default('');

/** Spec §3 address {country, city, region, district, street, house}; a city or a region is required. */
const address = z.object({
  country: addressPart, city: addressPart, region: addressPart, district: addressPart, street: addressPart, house: addressPart,
}, { error: M.badAddress }).refine((a) => a.city !== '' || a.region !== '', { error: M.badAddress });

/** Spec §7 `POST /api/delivery/get-nearest-terminals {address, coords}`. */
export const nearestTerminalsInput = z.object({ address, coords }, { error: M.badCoords });

const partLine = z.object({
  id: strictInt(M.badPartId),
  count: strictInt(M.badCount, { min: 1, max: DELIVERY_MAX_COUNT }),
}, { error: M.badParts });

/** Both keys are named by spec §7; a key left out is the caller's mistake, said in Russian. */
const carrierOrTerminal = (bad: string) => (issue: { input?: unknown }) => (issue.input === undefined ? M.carrierRequired : bad);
const optionalCarrier = z.union([z.literal(''), z.null(), z.enum(CARRIERS)], { error: carrierOrTerminal(M.badCarrier) })
  .transform((v): Carrier | null => (v ? v : null));
const optionalTerminal = z.union([z.literal(''), z.null(), strictInt(M.badTerminal)], { error: carrierOrTerminal(M.badTerminal) })
  .transform((v): number | null => (typeof v === 'number' ? v : null));

/**
 * Spec §7 `POST /api/delivery/get-spare-parts-delivery-price {branch, coords, address, price, parts
 * [{id,count}], transportCompany, idTerminal}`. Without a carrier and terminal it prices delivery to
 * the address ('Доставка до адреса'); with both, delivery to that terminal. The same part named twice
 * is one line with the counts summed.
 */
export const deliveryPriceInput = z.object({
  branch: strictInt(M.badBranch),
  coords,
  address,
  price: strictDecimal(M.badPrice).pipe(z.number().min(0, M.badPrice).max(DELIVERY_MAX_PRICE, M.badPrice)),
  parts: z.array(z.unknown(), { error: M.badParts })
    // Checked before the items are parsed: 10,000 parts are refused without looking at them.
    .max(DELIVERY_MAX_PARTS, M.badParts)
    .pipe(z.array(partLine)),
  transportCompany: optionalCarrier,
  idTerminal: optionalTerminal,
}, { error: M.badParts })
  .refine((v) => (v.transportCompany === null) === (v.idTerminal === null), { error: M.terminalWithoutCarrier })
  .transform((v) => {
    const merged = new Map<number, number>();
    for (const p of v.parts) merged.set(p.id, Math.min(DELIVERY_MAX_COUNT, (merged.get(p.id) ?? 0) + p.count));
    return { ...v, parts: [...merged].map(([id, count]) => ({ id, count })) };
  });

export type DeliveryPriceInput = z.infer<typeof deliveryPriceInput>;

/** `GET /api/delivery/suggest-address?q=`: 3..200 characters without control characters. */
export const suggestAddressQuery = z.object({
  q: z.string({ error: M.badQuery }).transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(SUGGEST_MIN_CHARS, M.badQuery).max(SUGGEST_MAX_CHARS, M.badQuery))
    .refine((v) => !hasForbiddenChars(v), { error: M.badAddressText }),
});

/** One suggestion: what the field shows, the structured address and, when known, its point. */
export interface AddressSuggestion {
  value: string;
  address: DeliveryAddress;
  coords: Coords | null;
}

export interface TerminalView {
  id: number;
  carrier: Carrier;
  carrierName: string;
  city: string;
  address: string;
  coords: Coords;
  /** Straight-line kilometres from the visitor's address. */
  distanceKm: number;
}

/** The answer of get-nearest-terminals: the nearest of each company, nearest first within a company. */
export interface NearestTerminalsAnswer {
  error_status: 'success';
  terminals: TerminalView[];
}

/** The answer of get-spare-parts-delivery-price (spec §7: price, currencySign, carrier; §8: fail). */
export interface DeliveryPriceAnswer {
  error_status: 'success';
  /** Whole roubles or tenge; 0 when failed. */
  price: number;
  currencySign: string;
  /** The carrier's name ('СДЭК'); empty when failed. */
  carrier: string;
  transportCompany: Carrier | null;
  /** Transit days; null when unknown or failed. */
  days: number | null;
  /** Road kilometres from the branch to the address or terminal. */
  distance: number | null;
  fail: boolean;
  /** The failure in Russian for the visitor; absent on success. */
  message?: string;
}
