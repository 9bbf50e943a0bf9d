import { Hono, type Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { answerOutcome, readBody, readQuery } from '#app/.server/http.ts';
import { GUEST_SESSION_DAYS } from '#app/.server/session.ts';
import { CART_COUNT_COOKIE } from './cart.constants.ts';
import { cartAddInput, cartQuery, changeCountInput, nearestBranchQuery, removeInput } from './cart.schema.ts';
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
  })
  /**
   * `GET /api/cart {branchId}`: `{ error_status, items, limit, currencySign, currency,
   * currentBranchId, pricesShown, cartCount }`; prices and stock at the branch (the visitor's own
   * when none is given), prices for signed-in visitors only. An unknown branch 404.
   */
  .get('/cart', async (c) => {
    const query = readQuery(c, cartQuery);
    if (!query.ok) return query.response;
    c.header('Cache-Control', 'private, no-store');
    const outcome = await cart.cartView(c.get('ctx'), query.data.branchId);
    if (!outcome.ok) return answerOutcome(c, outcome, cart.CART_STATUS);
    const { ok: _, ...view } = outcome;
    return c.json({ error_status: 'success', ...view });
  })
  /** `GET /api/cart/rec-items {branchId}`: `{ error_status, items: [{part_id, code, name, …, price, inStock}] }`. */
  .get('/cart/rec-items', async (c) => {
    const query = readQuery(c, cartQuery);
    if (!query.ok) return query.response;
    c.header('Cache-Control', 'private, no-store');
    const outcome = await cart.cartRecItems(c.get('ctx'), query.data.branchId);
    if (!outcome.ok) return answerOutcome(c, outcome, cart.CART_STATUS);
    return c.json({ error_status: 'success', items: outcome.items });
  })
  /** `GET /api/cart/branches`: every branch with its currency sign and coordinates (reference data). */
  .get('/cart/branches', async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ error_status: 'success', branches: await cart.cartBranches(c.get('ctx')) });
  })
  /** `GET /api/cart/default-branch`: the branch of the visitor's region; `branch: null` while none serves it. */
  .get('/cart/default-branch', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ error_status: 'success', branch: await cart.defaultBranch(c.get('ctx')) });
  })
  /** `GET /api/cart/nearest-branch {lat,long}`: the branch nearest to the point. */
  .get('/cart/nearest-branch', async (c) => {
    const query = readQuery(c, nearestBranchQuery);
    if (!query.ok) return query.response;
    c.header('Cache-Control', 'private, no-store');
    const outcome = await cart.nearestBranch(c.get('ctx'), query.data);
    if (!outcome.ok) return answerOutcome(c, outcome, cart.CART_STATUS);
    return c.json({ error_status: 'success', branch: outcome.branch });
  })
  /**
   * `POST /api/cart/change-count {id,count}`: a line of the visitor's cart, 1..9999. Success:
   * `{ error_status, message, line: {id, part_id, count}, cartCount }`; a line not his 404.
   */
  .post('/cart/change-count', async (c) => {
    const body = await readBody(c, changeCountInput);
    if (!body.ok) return body.response;
    c.header('Cache-Control', 'private, no-store');
    const outcome = await cart.changeCount(c.get('ctx'), body.data);
    if (!outcome.ok) return answerOutcome(c, outcome, cart.CART_STATUS);
    cartCountHint(c, outcome.cartCount);
    return answerOutcome(c, outcome, cart.CART_STATUS, { line: outcome.line, cartCount: outcome.cartCount });
  })
  /**
   * `POST /api/cart/remove {id}`: one line id or a list of up to 200, all removed or none (a line
   * not his 404, naming it). Success: `{ error_status, message, removed, cartCount }`.
   */
  .post('/cart/remove', async (c) => {
    const body = await readBody(c, removeInput);
    if (!body.ok) return body.response;
    c.header('Cache-Control', 'private, no-store');
    const outcome = await cart.removeLines(c.get('ctx'), body.data);
    if (!outcome.ok) return answerOutcome(c, outcome, cart.CART_STATUS);
    cartCountHint(c, outcome.cartCount);
    return answerOutcome(c, outcome, cart.CART_STATUS, { removed: outcome.removed, cartCount: outcome.cartCount });
  });
