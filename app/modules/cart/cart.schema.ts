import { z } from '#app/lib/zod.ts';
import { strictDecimal, strictInt } from '#app/lib/strict-number.ts';
import type { CurrencyCode } from '#app/lib/money.ts';
import { CART_ADD_MAX_PRODUCTS, CART_COUNT_MAX, CART_ITEMS_LIMIT, CART_MESSAGES } from './cart.constants.ts';

/** One product of spec §7 `POST /api/cart/add {products:[{part_id,count}]}`. */
const product = z.object({
  part_id: strictInt(CART_MESSAGES.badPartId),
  count: strictInt(CART_MESSAGES.badCount, { min: 1, max: CART_COUNT_MAX }),
  /** Ordered from a supplier's offer ('под заказ, N дней'), not the branch's stock (ADR 099). */
  supplier: z.boolean({ error: 'supplier — true или false' }).optional(),
}, { error: CART_MESSAGES.noProducts });

/** `supplier`: the line is ordered from the best supplier's offer of the part (ADR 099). */
export interface CartLineInput { partId: number; count: number; supplier?: boolean }

/**
 * Spec §7 `POST /api/cart/add`: 1..50 products, ids positive int32, counts 1..9999. The same part
 * named twice is one line with the counts summed (capped), so the single insert touches each line once.
 */
export const cartAddInput = z.object({
  products: z.array(z.unknown(), { error: CART_MESSAGES.noProducts })
    .min(1, CART_MESSAGES.noProducts)
    // Checked before the items are parsed: 10,000 products are refused without looking at them.
    .max(CART_ADD_MAX_PRODUCTS, CART_MESSAGES.tooManyProducts)
    .pipe(z.array(product)),
}, { error: CART_MESSAGES.noProducts }).transform(({ products }): CartLineInput[] => {
  // The same part named twice is one line; where it comes from is the last mention's choice.
  const merged = new Map<number, { count: number; supplier: boolean }>();
  for (const p of products) {
    merged.set(p.part_id, { count: Math.min(CART_COUNT_MAX, (merged.get(p.part_id)?.count ?? 0) + p.count), supplier: p.supplier === true });
  }
  return [...merged].map(([partId, { count, supplier }]) => (supplier ? { partId, count, supplier } : { partId, count }));
});

/** What `POST /api/cart/add` answers on success (besides `error_status` and `message`). */
export interface CartAddAnswer {
  /** Distinct parts in the cart now: the header's counter. */
  cartCount: number;
  /** Each added part's count in the cart now (capped at 9999). */
  products: Array<{ part_id: number; count: number }>;
}

/* Issue 10: the cart itself (spec §3 Cart product, Cart limit; §7 Cart and order). */

const lineId = strictInt(CART_MESSAGES.badLineId);

/** `GET /api/cart {branchId}` and `GET /api/cart/rec-items {branchId}`: the visitor's branch when none is given. */
export const cartQuery = z.object({ branchId: strictInt(CART_MESSAGES.badBranch).optional() });

/** `POST /api/cart/change-count {id,count}`: a line of the visitor's cart, count 1..9999. */
export const changeCountInput = z.object({
  id: lineId,
  count: strictInt(CART_MESSAGES.badCount, { min: 1, max: CART_COUNT_MAX }),
}, { error: CART_MESSAGES.badLineId });

/**
 * `POST /api/cart/remove {id}`: one line id or a list (the selected lines), 1..200 (a cart's size;
 * a longer list is refused before its items are read), repeats merged.
 */
export const removeInput = z.object({
  id: z.unknown()
    .transform((v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.unknown())
      .min(1, CART_MESSAGES.noLineIds)
      // Checked before the items are parsed: 10,000 ids are refused without looking at them.
      .max(CART_ITEMS_LIMIT, CART_MESSAGES.tooManyLineIds)
      .pipe(z.array(lineId))),
}, { error: CART_MESSAGES.noLineIds }).transform(({ id }) => [...new Set(id)]);

const latitude = strictDecimal(CART_MESSAGES.badCoords).pipe(z.number().min(-90, CART_MESSAGES.badCoords).max(90, CART_MESSAGES.badCoords));
const longitude = strictDecimal(CART_MESSAGES.badCoords).pipe(z.number().min(-180, CART_MESSAGES.badCoords).max(180, CART_MESSAGES.badCoords));

/** `GET /api/cart/nearest-branch {lat,long}` (spec §3 Cart coords {lat,long}). */
export const nearestBranchQuery = z.object({ lat: latitude, long: longitude }, { error: CART_MESSAGES.badCoords });

/** Spec §3 Cart product, as `GET /api/cart` answers it. Money in minor units (ADR 004). */
export interface CartLine {
  /** The line's id: `change-count {id}`, `remove {id}`. */
  id: number;
  part_id: number;
  count: number;
  code: string;
  name: string;
  manufacturer: string;
  /** The part's page. */
  link: string;
  code1c: string | null;
  /** Minor units at the branch; null: on request (no price, or the branch does not sell it), or hidden from a guest. */
  price: number | null;
  oldPrice: number | null;
  /** Kilograms (decimal); null: not known. */
  weight: number | null;
  /** Pieces in stock at the branch, and at the other branches (a supplier's line: the supplier's stock, 9999 when he names none). */
  inStock: number;
  elsewhere: number;
  /**
   * A line ordered from a supplier ('под заказ, N дней', ADR 099): its lead time, minimum order and
   * multiplicity; `leadTimeDays` null when no supplier offers the part any more (no price then).
   * Null: from the branch's stock. The supplier's identity is never shown to the customer.
   */
  supplier?: { leadTimeDays: number | null; minOrder: number; multiplicity: number } | null;
}

/** Spec §3 Cart limit: total, used (minor units), days; zeros when the customer has none. */
export interface CartLimit { total: number; used: number; days: number; currency: CurrencyCode }

/** `GET /api/cart` (besides `error_status`). */
export interface CartView {
  items: CartLine[];
  limit: CartLimit;
  currency: CurrencyCode;
  currencySign: string;
  /** The branch the prices and stock are of (spec §3 currentBranchId); null: no branch serves the region yet. */
  currentBranchId: number | null;
  /** Prices need sign-in (spec §1): a guest's lines carry none. */
  pricesShown: boolean;
  /** Distinct parts: the header's counter. */
  cartCount: number;
}

/** A recommended part (`GET /api/cart/rec-items`). */
export interface CartRecItem {
  part_id: number;
  code: string;
  name: string;
  manufacturer: string;
  link: string;
  code1c: string | null;
  price: number | null;
  weight: number | null;
  inStock: number;
}

/** A branch to choose (`GET /api/cart/branches`, `default-branch`, `nearest-branch`). */
export interface CartBranch {
  id: number;
  name: string;
  city: string;
  address: string;
  countryId: number;
  currencySign: string;
  coords: { lat: number; long: number };
}
