import { createContext, createElement, use, type ComponentType } from 'react';

/** What a part's 'В корзину' needs: the part, and for a row the words that name it to a screen reader. */
export interface CartButtonProps {
  partId: number; label?: string; compact?: boolean;
  /** Order from the supplier's offer ('Заказать под заказ', ADR 099), starting at `initialCount` (his minimum order). */
  supplier?: boolean; initialCount?: number;
}

/**
 * The cart sits above the parts (its lines are parts), so the parts' lists and pages do not import
 * its button: the route that shows them gives it (`<CartButtonSlot value={AddToCartButton}>`).
 * Without one no button is drawn.
 */
export const CartButtonSlot = createContext<ComponentType<CartButtonProps> | null>(null);

/** The cart's count-and-'В корзину' for a part, as the page gave it. */
export function CartButton(props: CartButtonProps) {
  const Button = use(CartButtonSlot);
  // The slot's component is the cart's own, one for the whole page (not made during a render).
  return Button ? createElement(Button, props) : null;
}
