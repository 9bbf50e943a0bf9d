import type { OfferContent } from './offers.schema.ts';

/*
 * An offer's sums (spec §4 Offer; ADR 083), in minor units of its currency: pure, so the client's
 * page, the staff's list and the import compute the same total.
 */

/** One product's cost: its price times its count, the chosen options charged on top (per machine), its commissioning. */
export function productTotal(p: OfferContent['products'][number]): number {
  const options = p.options.filter((o) => !o.isIncluded && o.count > 0).reduce((sum, o) => sum + o.price * o.count, 0);
  return p.prices.price * p.prices.count + options * p.prices.count + p.prices.commissioning_total;
}

/**
 * The offer's total: its products, and the delivery unless the offer is 1C-Personal (spec §4: that
 * source leaves delivery out). A 1C offer whose delivery price is hidden (included in the prices)
 * is rounded to tens of the currency's units, as 1C rounds it.
 */
export function offerTotal(offer: Pick<OfferContent, 'products' | 'source' | 'delivery' | 'delivery_price'>): number {
  const products = offer.products.reduce((sum, p) => sum + productTotal(p), 0);
  const delivery = offer.source === '1C-Personal' ? 0 : (offer.delivery?.price ?? offer.delivery_price);
  const total = products + delivery;
  return offer.source === '1C' && offer.delivery?.deliveryIncluded ? Math.round(total / 1000) * 1000 : total;
}

/** 'dd.mm.yyyy' → 'yyyy-mm-dd'. */
export function isoDay(ruDate: string): string {
  const [d, m, y] = ruDate.split('.');
  return `${y}-${m}-${d}`;
}

/** A catalogue model's option as the catalogue keeps it (catalog/model-options.schema.ts, ADR 102). */
export interface CatalogueOption { id: string; name: string; price: number; required: boolean; requires: readonly string[]; excludes: readonly string[] }

/**
 * A catalogue model's options as an offer's: the required ones chosen (count 1), the others offered
 * (count 0), the rules as they are, the prices as the editor's search gave them (in the offer's
 * currency, kp.find.ts).
 */
export function offerOptionsFromModel(options: readonly CatalogueOption[]): OfferContent['products'][number]['options'] {
  return options.map((o) => ({
    id: o.id, name: o.name, price: o.price, count: o.required ? 1 : 0, isIncluded: false, ...(o.required ? { required: true } : {}),
    requires: [...o.requires], excludes: [...o.excludes],
  }));
}
