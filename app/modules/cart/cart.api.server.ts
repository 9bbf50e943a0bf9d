import { Hono, type Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { answerOutcome, readBody } from '#app/.server/http.ts';
import { GUEST_SESSION_DAYS } from '#app/.server/session.ts';
import { CART_COUNT_COOKIE } from './cart.constants.ts';
import { cartAddInput } from './cart.schema.ts';
import * as cart from './cart.server.ts';

/**
 * The header's hint of a guest's cart size (ADR 035): set while a guest has a cart, removed for
 * signed-in visitors, whose pages carry the count themselves.
 */
function cartCountHint(c: Context<HonoEnv>, count: number) {
  const ctx = c.get('ctx');
  const secure = ctx.services.config.PUBLIC_ORIGIN.startsWith('https:');
  if (cart.isGuestCart(ctx) && count > 0) {
    setCookie(c, CART_COUNT_COOKIE, String(count), { path: '/', sameSite: 'Lax', secure, maxAge: GUEST_SESSION_DAYS * 86_400 });
  } else {
    deleteCookie(c, CART_COUNT_COOKIE, { path: '/', secure });
  }
}

/** Endpoints under /api (spec §7 Cart and order). The cart is personal: never stored by a shared cache. */
export const cartApi = new Hono<HonoEnv>()
  /**
   * `POST /api/cart/add {products:[{part_id,count}]}`: 1..50 products, counts 1..9999, added to the
   * counts already in the cart (capped at 9999), all or none. Success: `{ error_status: 'success',
   * message, cartCount, products: [{part_id, count}] }` (the counts now in the cart); an unknown part
   * 404, a full cart (200 parts) 409, bad input 400, each with the reason in Russian.
   */
  .post('/cart/add', async (c) => {
    const body = await readBody(c, cartAddInput);
    if (!body.ok) return body.response;
    const outcome = await cart.addToCart(c.get('ctx'), body.data);
    c.header('Cache-Control', 'private, no-store');
    if (!outcome.ok) return answerOutcome(c, outcome, cart.CART_STATUS);
    cartCountHint(c, outcome.cartCount);
    return answerOutcome(c, outcome, cart.CART_STATUS, { cartCount: outcome.cartCount, products: outcome.products });
  });
