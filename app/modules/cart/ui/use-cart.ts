import { useEffect, useSyncExternalStore } from 'react';
import { useOptionalRootData } from '#app/components/page/root-data.ts';
import { api } from '#app/lib/api.ts';
import { CART_COUNT_COOKIE } from '../cart.constants.ts';
import type { CartAddAnswer } from '../cart.schema.ts';

/*
 * The header's cart counter and the one way pages add to the cart. A signed-in visitor's document
 * carries the count (`VisitorSnapshot`); a guest's count is read from the `cart_count` cookie the
 * cart endpoints keep (no request). After an add, the answer's count replaces either at once,
 * without a reload. ADR 035.
 */

let count: number | null = null;
const listeners = new Set<() => void>();

function set(next: number | null) {
  count = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readCountCookie(): number {
  const raw = document.cookie.split('; ').find((c) => c.startsWith(`${CART_COUNT_COOKIE}=`))?.slice(CART_COUNT_COOKIE.length + 1);
  const n = raw && /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
  return n;
}

/** The cart page's changes (change-count, remove) move the header's counter to the server's count. */
export function setCartCount(next: number): void {
  set(next);
}

export type AddToCartResult =
  | ({ ok: true; message: string } & CartAddAnswer)
  | { ok: false; message: string; code?: string };

/**
 * Spec §7 `POST /api/cart/add {products:[{part_id,count}]}` for any page's button: adds all or
 * nothing, updates the header's counter, and returns the message to show ('Добавлено в корзину' or
 * the reason in Russian).
 */
export async function addToCart(products: ReadonlyArray<{ part_id: number; count: number; supplier?: boolean }>): Promise<AddToCartResult> {
  const r = await api<{ message: string } & CartAddAnswer>('POST', '/api/cart/add', { products });
  if (r.error_status === 'success') {
    set(r.cartCount);
    return { ok: true, message: r.message, cartCount: r.cartCount, products: r.products };
  }
  return { ok: false, message: r.message, code: (r as { code?: string }).code };
}

/** The header's cart count: the document's (signed in) or the cookie's (guests) until an add answers. */
export function useCartCount(fromServer: number): number {
  const root = useOptionalRootData();
  const guest = root?.viewer.isGuest ?? true;
  const live = useSyncExternalStore(subscribe, () => count, () => null);
  useEffect(() => {
    if (guest) {
      if (count === null) set(readCountCookie());
    } else if (document.cookie.includes(`${CART_COUNT_COOKIE}=`)) {
      // A guest's hint left from before the sign-in: the account's page carries the real count.
      document.cookie = `${CART_COUNT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
    }
  }, [guest]);
  return live ?? fromServer;
}
