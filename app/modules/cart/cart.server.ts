import type { Kysely } from 'kysely';
import { now } from '#app/.server/clock.ts';
import type { RequestContext } from '#app/.server/context.ts';
import { registerSessionFact, sessionFact } from '#app/.server/session.ts';
import type { Database } from '#app/.server/db/schema.ts';
import { CART_MESSAGES } from './cart.constants.ts';
import * as q from './cart.queries.server.ts';
import type { CartAddAnswer, CartLineInput } from './cart.schema.ts';
import { ensureOwner, ownerOf } from '#app/.server/visitor-owner.ts';

/*
 * The cart as use-cases of the request: a signed-in visitor's cart is his account's, a guest's is
 * kept with his session (created on the first add) and joins the account at sign-in (ADR 035).
 */

/** Expected outcomes' codes and the API status of each. */
export const CART_STATUS = { 'unknown-parts': 404, limit: 409 } as const;

export type CartAddOutcome =
  | ({ ok: true; message: string } & CartAddAnswer)
  | { ok: false; code: keyof typeof CART_STATUS; message: string };

/** Whether the cart belongs to a guest's session (its size then travels in the header's cookie). */
export function isGuestCart(ctx: RequestContext): boolean {
  return ctx.session?.userId == null;
}

/** Adds the products to the visitor's cart: all of them, or none with the reason. */
export async function addToCart(ctx: RequestContext, lines: readonly CartLineInput[]): Promise<CartAddOutcome> {
  const owner = await ensureOwner(ctx);
  const result = await q.addLines(ctx.services.db, owner, lines, now());
  switch (result.kind) {
    case 'unknown-parts': return { ok: false, code: 'unknown-parts', message: CART_MESSAGES.unknownParts(result.ids) };
    case 'limit': return { ok: false, code: 'limit', message: CART_MESSAGES.limit };
    default: return { ok: true, message: CART_MESSAGES.added, cartCount: result.cartCount, products: result.products };
  }
}

// Every page of a signed-in visitor shows his cart's size: it is read with his session (session.ts).
registerSessionFact('cartCount', q.userLineCount);

/**
 * Distinct parts in the visitor's cart: the header's counter. Read with a signed-in visitor's
 * session on a page view, else one indexed statement; none for a visitor without a session.
 */
export async function cartCount(ctx: RequestContext): Promise<number> {
  const owner = ownerOf(ctx);
  if (!owner) return 0;
  const read = sessionFact(ctx.session, 'cartCount');
  return typeof read === 'number' ? read : q.lineCount(ctx.services.db, owner);
}

/** At sign-in, inside the session rotation: the guest's cart joins the account's (a platform SignInHandler). */
export function joinGuestCart(trx: Kysely<Database>, move: { fromSessionId: string; userId: number }): Promise<void> {
  return q.moveGuestLines(trx, move.fromSessionId, move.userId, now());
}

/** Housekeeping: guests' cart lines whose session is gone. */
export function deleteOrphanGuestCarts(db: Kysely<Database>): Promise<void> {
  return q.deleteOrphanGuestLines(db);
}
