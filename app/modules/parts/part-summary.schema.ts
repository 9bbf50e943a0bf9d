import type { CurrencyCode } from '#app/.server/db/schema.ts';

/**
 * A part as a short row shows it (favourites, lists of other modules): code as printed, name,
 * maker, 1C code, weight, price and stock at the visitor's branch, and how many are elsewhere.
 */
export interface PartSummary {
  id: number;
  code: string;
  name: string;
  manufacturer: string;
  oneCCode: string | null;
  weightGrams: number | null;
  /** Where the row links to. */
  link: string;
  /** At the visitor's branch; null: the branch does not sell it (to order). Prices only for signed-in visitors. */
  here: { currency: CurrencyCode; price: number | null; oldPrice: number | null; quantity: number; expectedDate: string | null } | null;
  /** Pieces at the other branches. */
  elsewhereQuantity: number;
}


