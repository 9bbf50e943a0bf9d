import { z } from '#app/lib/zod.ts';
import { strictInt } from '#app/lib/strict-number.ts';
import { CART_ADD_MAX_PRODUCTS, CART_COUNT_MAX, CART_MESSAGES } from './cart.constants.ts';

/** One product of spec §7 `POST /api/cart/add {products:[{part_id,count}]}`. */
const product = z.object({
  part_id: strictInt(CART_MESSAGES.badPartId),
  count: strictInt(CART_MESSAGES.badCount, { min: 1, max: CART_COUNT_MAX }),
}, { error: CART_MESSAGES.noProducts });

export interface CartLineInput { partId: number; count: number }

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
  const merged = new Map<number, number>();
  for (const p of products) merged.set(p.part_id, Math.min(CART_COUNT_MAX, (merged.get(p.part_id) ?? 0) + p.count));
  return [...merged].map(([partId, count]) => ({ partId, count }));
});

/** What `POST /api/cart/add` answers on success (besides `error_status` and `message`). */
export interface CartAddAnswer {
  /** Distinct parts in the cart now: the header's counter. */
  cartCount: number;
  /** Each added part's count in the cart now (capped at 9999). */
  products: Array<{ part_id: number; count: number }>;
}
