import type { CurrencyCode } from '#app/.server/db/schema.ts';
import { PACKED_DENSITY_KG_PER_M3, type Cargo } from '#app/modules/delivery/delivery.rules.ts';
import type { OfferContent } from './offers.schema.ts';

/*
 * The carriers' delivery price of an offer (spec §7 get-delivery-price; issue 30 §8; ADR 088),
 * pure: what each product weighs and measures (the offer's own dimensions, else the catalogue's
 * mass), the cargo the carriers price, and how their answers become the spec's list of items and
 * the quote kept on the offer. An item without a price is 0 with its reason, shown as 'по запросу'.
 */

export const OFFER_DELIVERY_MESSAGES = {
  onRequest: 'по запросу',
  noWeight: 'Масса позиции неизвестна — стоимость доставки рассчитает менеджер',
  noRate: (currency: string) => `Нет курса ${currency} на сегодня — стоимость доставки в валюте предложения рассчитает менеджер`,
  nothingToDeliver: 'В предложении нет техники или запчастей, которые нужно доставить',
  noAddress: 'Укажите адрес доставки',
  noDestination: 'Укажите точку на карте (coords) или расстояние до адреса (distance)',
  notDelivery: 'Цена доставки нужна только для доставки: diff.delivery.value — deliveryChoice',
  failed: 'Перевозчики не рассчитали доставку — менеджер уточнит стоимость',
} as const;

/** Spec §7 productDimensions: one unit's size in centimetres and mass in kilograms; null where unknown. */
export interface ProductDimensions { length: number | null; width: number | null; height: number | null; weight: number | null }

/** One item of the spec's answer, as kept in the quote. Prices in minor units of the offer's currency. */
export interface DeliveryQuoteItem {
  id: string;
  name: string;
  price: number;
  delivery_price_currency: CurrencyCode;
  /** Priced by the carriers' calculators (true), or not priced: the manager names it (false). */
  auto: boolean;
  /** Why it has no price (shown to the manager), or null. */
  error: string | null;
  productDimensions: ProductDimensions;
  carrier: string | null;
  days: number | null;
}

/** The last delivery price asked for an address of the client's own, kept on the offer (migration 0039). */
export interface DeliveryQuote {
  addres: string;
  coords: [number, number] | null;
  area: string | null;
  distanceKm: number;
  /** The products' counts it was priced for: other counts make it stale. */
  counts: Record<string, number>;
  /** The sum of the items; 0 when any has no price. */
  price: number;
  currency: CurrencyCode;
  /** The first item's reason when any has no price: the whole delivery is then 'по запросу'. */
  error: string | null;
  items: DeliveryQuoteItem[];
  at: string;
}

type Product = OfferContent['products'][number];

/** Products that travel: machines and parts (an engineer's work does not). */
export const freightProducts = (content: Pick<OfferContent, 'products'>): Product[] => content.products.filter((p) => p.kind !== 'work');

/**
 * A product's dimensions: the offer's own (filled by the editor or 1C), the mass from the catalogue
 * where the offer names none (the model's 'Масса', a part's weight).
 */
export function dimensionsOf(product: Product, catalogueKg: number | null): ProductDimensions {
  const own = product.dimensions;
  return {
    length: own?.length ?? null, width: own?.width ?? null, height: own?.height ?? null,
    weight: own?.weight ?? (catalogueKg !== null && catalogueKg > 0 ? catalogueKg : null),
  };
}

/**
 * What the carriers price for `count` units: the mass, the volume (the size when all three sides are
 * known, else packed at the parts' density), and the size of one unit. Null without a mass.
 */
export function freightCargo(d: ProductDimensions, count: number): Cargo | null {
  if (d.weight === null || count < 1) return null;
  const weightKg = Math.round(d.weight * count * 1000) / 1000;
  const sized = d.length !== null && d.width !== null && d.height !== null;
  const unitM3 = sized ? (d.length! * d.width! * d.height!) / 1_000_000 : d.weight / PACKED_DENSITY_KG_PER_M3;
  return {
    weightKg,
    volumeM3: Math.round(unitM3 * count * 10_000) / 10_000,
    ...(sized ? { sizeCm: { length: d.length!, width: d.width!, height: d.height! } } : {}),
  };
}

/** A carrier's answer for one product: whole roubles or tenge, or why not. */
export type CarrierAnswer = { ok: true; price: number; days: number | null; carrier: string } | { ok: false; message: string };

/**
 * The quote from the carriers' answers (one per product, in order; null for a product that was not
 * asked: its reason is in `reasons`). Whole units become minor units of the offer's currency.
 */
export function quoteOf(input: {
  products: readonly Product[];
  dimensions: readonly ProductDimensions[];
  answers: ReadonlyArray<CarrierAnswer | null>;
  reasons: ReadonlyArray<string | null>;
  currency: CurrencyCode;
  addres: string;
  coords: [number, number] | null;
  area: string | null;
  distanceKm: number;
  at: string;
  /** The carriers' minor units in the offer's currency, when they answer in another (ADR 102). */
  convert?: (minor: number) => number;
}): DeliveryQuote {
  const items = input.products.map((p, i): DeliveryQuoteItem => {
    const answer = input.answers[i] ?? null;
    const base = { id: p.id, name: p.name, delivery_price_currency: input.currency, productDimensions: input.dimensions[i]! };
    if (answer?.ok) return { ...base, price: input.convert ? input.convert(answer.price * 100) : answer.price * 100, auto: true, error: null, carrier: answer.carrier, days: answer.days };
    return { ...base, price: 0, auto: false, error: answer && !answer.ok ? answer.message : (input.reasons[i] ?? OFFER_DELIVERY_MESSAGES.failed), carrier: null, days: null };
  });
  const error = items.find((i) => i.error !== null)?.error ?? null;
  return {
    addres: input.addres, coords: input.coords, area: input.area, distanceKm: input.distanceKm,
    counts: Object.fromEntries(input.products.map((p) => [p.id, p.prices.count])),
    price: error === null ? items.reduce((sum, i) => sum + i.price, 0) : 0,
    currency: input.currency, error, items, at: input.at,
  };
}

/**
 * The quote's price for delivery to `addres` of the offer as the client leaves it, or null when it
 * does not apply (another address, other counts, or an item without a price: 'по запросу').
 */
export function quotedPrice(quote: DeliveryQuote | null | undefined, addres: string | null, products: ReadonlyArray<Pick<Product, 'id' | 'kind' | 'prices'>>): number | null {
  if (!quote || quote.error !== null || addres === null || quote.addres !== addres) return null;
  const travelling = products.filter((p) => p.kind !== 'work');
  if (travelling.length !== Object.keys(quote.counts).length) return null;
  return travelling.every((p) => quote.counts[p.id] === p.prices.count) ? quote.price : null;
}
