import type { Kysely } from 'kysely';
import { now } from '#app/.server/clock.ts';
import type { RequestContext } from '#app/.server/context.ts';
import { registerSessionFact, sessionFact } from '#app/.server/session.ts';
import type { Database } from '#app/.server/db/schema.ts';
import { nearest } from '#app/lib/geo.ts';
import type { CurrencyCode } from '#app/lib/money.ts';
import { recommendedParts } from '#app/modules/parts/cart-lines.server.ts';
import { partSummariesAt } from '#app/modules/parts/part-summary.server.ts';
import { supplierOffersOf, type SupplierOfferLine } from '#app/modules/parts/parts.server.ts';
import { currentLocation, regionDirectory } from '#app/modules/regions/regions.server.ts';
import { CART_COUNT_MAX, CART_MESSAGES, CART_REC_ITEMS } from './cart.constants.ts';
import * as q from './cart.queries.server.ts';
import { currencyOfCountry, currencySign, priceOf, supplierCount } from './cart.rules.ts';
import type { CartAddAnswer, CartBranch, CartLimit, CartLine, CartLineInput, CartRecItem, CartView } from './cart.schema.ts';
import { ensureOwner, ownerOf, type Owner } from '#app/.server/visitor-owner.ts';

/*
 * The cart as use-cases of the request: a signed-in visitor's cart is his account's, a guest's is
 * kept with his session (created on the first add) and joins the account at sign-in (ADR 035).
 */

/** Expected outcomes' codes and the API status of each. */
export const CART_STATUS = { 'unknown-parts': 404, 'no-supplier-offer': 404, 'supplier-count': 422, limit: 409, 'unknown-lines': 404, 'unknown-branch': 404, 'no-branches': 404 } as const;

export type CartAddOutcome =
  | ({ ok: true; message: string } & CartAddAnswer)
  | { ok: false; code: 'unknown-parts' | 'no-supplier-offer' | 'supplier-count' | 'limit'; message: string };

/** Whether the cart belongs to a guest's session (its size then travels in the header's cookie). */
export function isGuestCart(ctx: RequestContext): boolean {
  return ctx.session?.userId == null;
}

/** Adds the products to the visitor's cart: all of them, or none with the reason. */
export async function addToCart(ctx: RequestContext, lines: readonly CartLineInput[]): Promise<CartAddOutcome> {
  // Lines from a supplier (ADR 099): the part must have a supplier's offer in the visitor's branch's
  // currency, and the count is rounded up to its minimum order and multiplicity.
  const supplied = lines.filter((l) => l.supplier === true);
  const terms = new Map<number, { minOrder: number; multiplicity: number }>();
  if (supplied.length) {
    const location = await currentLocation(ctx);
    const offers = await supplierOffersOf(ctx.services.db, supplied.map((l) => l.partId), currencyOfCountry(location.country.code));
    const missing = supplied.filter((l) => !offers.has(l.partId)).map((l) => l.partId);
    if (missing.length) return { ok: false, code: 'no-supplier-offer', message: CART_MESSAGES.noSupplierOffer(missing) };
    const tooMany = supplied.filter((l) => supplierCount(l.count, offers.get(l.partId)!) === null).map((l) => l.partId);
    if (tooMany.length) return { ok: false, code: 'supplier-count', message: CART_MESSAGES.supplierTooMany(tooMany) };
    for (const l of supplied) terms.set(l.partId, offers.get(l.partId)!);
  }
  const owner = await ensureOwner(ctx);
  const result = await q.addLines(ctx.services.db, owner, lines, now(), terms);
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

/* Issue 10: the cart itself, its branches, counts, removal and recommendations (ADR 038). */

type Failure<C extends keyof typeof CART_STATUS> = { ok: false; code: C; message: string };

interface BranchChoice { id: number | null; currency: CurrencyCode; branch: CartBranch | null }

/** The branches a cart may be priced at, each with its country's currency (memoised reference data: no statement). */
export async function cartBranches(ctx: RequestContext): Promise<CartBranch[]> {
  const dir = await regionDirectory(ctx.services);
  const codeOf = new Map(dir.countries.map((c) => [c.id, c.code]));
  return dir.branches.map((b) => ({
    id: b.id, name: b.name, city: b.city, address: b.address, countryId: b.countryId,
    currencySign: currencySign(currencyOfCountry(codeOf.get(b.countryId) ?? 'RU')),
    coords: { lat: b.coords[0], long: b.coords[1] },
  }));
}

/** The branch of the visitor's region (the header's), as the cart's default; null while no branch serves it. */
export async function defaultBranch(ctx: RequestContext): Promise<CartBranch | null> {
  const location = await currentLocation(ctx);
  const id = location.currentBranch.id;
  return id === null ? null : (await cartBranches(ctx)).find((b) => b.id === id) ?? null;
}

/** The branch nearest to a point (spec §3 Cart coords {lat,long}). */
export async function nearestBranch(ctx: RequestContext, point: { lat: number; long: number }): Promise<{ ok: true; branch: CartBranch } | Failure<'no-branches'>> {
  const branches = await cartBranches(ctx);
  const pick = nearest(branches.map((b) => ({ branch: b, lat: b.coords.lat, lng: b.coords.long })), { lat: point.lat, lng: point.long });
  return pick ? { ok: true, branch: pick.branch } : { ok: false, code: 'no-branches', message: CART_MESSAGES.noBranches };
}

async function chooseBranch(ctx: RequestContext, branchId: number | undefined): Promise<BranchChoice | Failure<'unknown-branch'>> {
  if (branchId !== undefined) {
    const branch = (await cartBranches(ctx)).find((b) => b.id === branchId);
    if (!branch) return { ok: false, code: 'unknown-branch', message: CART_MESSAGES.unknownBranch };
    const dir = await regionDirectory(ctx.services);
    const code = dir.countries.find((c) => c.id === branch.countryId)?.code ?? 'RU';
    return { id: branch.id, currency: currencyOfCountry(code), branch };
  }
  const location = await currentLocation(ctx);
  return { id: location.currentBranch.id, currency: currencyOfCountry(location.country.code), branch: null };
}

/** What a supplier has of a part: his stock, or as many as the cart holds when he names none (ADR 099). */
function supplierStock(offer: SupplierOfferLine | undefined): number {
  if (!offer) return 0;
  return offer.stock === null ? CART_COUNT_MAX : Math.min(offer.stock, CART_COUNT_MAX);
}

const NO_LIMIT = (currency: CurrencyCode): CartLimit => ({ total: 0, used: 0, days: 0, currency });

/**
 * Spec §7 `GET /api/cart {branchId}`: the visitor's lines with price, weight, 1C code and stock at
 * the branch (the visitor's own when none is given), his limit and the currency sign. Prices only
 * for signed-in visitors (spec §1). Three statements in two round trips: lines and limit, then the
 * parts by primary key.
 */
export async function cartView(ctx: RequestContext, branchId?: number): Promise<({ ok: true } & CartView) | Failure<'unknown-branch'>> {
  const choice = await chooseBranch(ctx, branchId);
  if ('ok' in choice) return choice;
  const owner = ownerOf(ctx);
  const userId = ctx.session?.userId ?? null;
  const withPrices = userId !== null;
  const [lines, limitRow] = await Promise.all([
    owner ? q.selectLines(ctx.services.db, owner) : Promise.resolve([]),
    userId !== null ? q.selectLimit(ctx.services.db, userId) : Promise.resolve(undefined),
  ]);
  const [parts, offers] = await Promise.all([
    partSummariesAt(ctx.services.db, lines.map((l) => l.part_id), choice.id, withPrices),
    supplierOffersOf(ctx.services.db, lines.filter((l) => l.from_supplier).map((l) => l.part_id), choice.currency),
  ]);
  const items = lines.flatMap((l): CartLine[] => {
    const part = parts.get(l.part_id);
    if (!part) return [];
    const common = {
      id: l.id, part_id: l.part_id, count: l.count, code: part.code, name: part.name, manufacturer: part.manufacturer,
      link: part.link, code1c: part.oneCCode, weight: part.weightGrams === null ? null : part.weightGrams / 1000, elsewhere: part.elsewhereQuantity,
    };
    if (l.from_supplier) {
      const offer = offers.get(l.part_id);
      return [{
        ...common, price: withPrices ? priceOf(offer?.price) : null, oldPrice: null, inStock: supplierStock(offer),
        supplier: { leadTimeDays: offer?.leadTimeDays ?? null, minOrder: offer?.minOrder ?? 1, multiplicity: offer?.multiplicity ?? 1 },
      }];
    }
    // A row in another currency than the branch's is not a price the cart can add up: on request.
    const here = part.here && part.here.currency === choice.currency ? part.here : null;
    return [{
      ...common,
      price: withPrices ? priceOf(here?.price) : null,
      oldPrice: withPrices ? priceOf(here?.oldPrice) : null,
      inStock: part.here?.quantity ?? 0, supplier: null,
    }];
  });
  const limit: CartLimit = limitRow
    ? { total: Number(limitRow.total), used: Number(limitRow.used), days: limitRow.days, currency: limitRow.currency }
    : NO_LIMIT(choice.currency);
  return {
    ok: true, items, limit, currency: choice.currency, currencySign: currencySign(choice.currency),
    currentBranchId: choice.id, pricesShown: withPrices, cartCount: lines.length,
  };
}

/** The parts ordered with some parts, and in how many orders: the orders module answers it. */
export type OrderedWithPort = (db: Kysely<Database>, partIds: readonly number[]) => Promise<Array<{ partId: number; orders: number }>>;
let orderedWith: OrderedWithPort = () => Promise.resolve([]);

/** The composition root (`server/ports.ts`) wires the orders' answer here; the cart imports no orders code. */
export function configureCartPorts(next: { orderedWith: OrderedWithPort }): void {
  orderedWith = next.orderedWith;
}

/**
 * Spec §7 `GET /api/cart/rec-items`: analogs of the cart's parts, parts ordered with them, parts of
 * the same drawings and parts other carts hold with them, none already in the cart, in stock at the
 * branch first.
 */
export async function cartRecItems(ctx: RequestContext, branchId?: number): Promise<{ ok: true; items: CartRecItem[] } | Failure<'unknown-branch'>> {
  const choice = await chooseBranch(ctx, branchId);
  if ('ok' in choice) return choice;
  const owner = ownerOf(ctx);
  if (!owner) return { ok: true, items: [] };
  const lines = await q.selectLines(ctx.services.db, owner);
  if (!lines.length) return { ok: true, items: [] };
  const partIds = lines.map((l) => l.part_id);
  const peers = await q.selectPeerParts(ctx.services.db, owner, partIds);
  const ordered = await orderedWith(ctx.services.db, partIds);
  const withPrices = ctx.session?.userId != null;
  const parts = await recommendedParts(ctx.services.db, { partIds, peers, ordered, branchId: choice.id, withPrices, limit: CART_REC_ITEMS });
  return {
    ok: true,
    items: parts.map((p) => {
      const here = p.here && p.here.currency === choice.currency ? p.here : null;
      return {
        part_id: p.id, code: p.code, name: p.name, manufacturer: p.manufacturer, link: p.link, code1c: p.oneCCode,
        price: withPrices ? priceOf(here?.price) : null, weight: p.weightGrams === null ? null : p.weightGrams / 1000,
        inStock: p.here?.quantity ?? 0,
      };
    }),
  };
}

/** Spec §7 `POST /api/cart/change-count {id,count}`: a line of the visitor's own cart. */
export async function changeCount(ctx: RequestContext, input: { id: number; count: number; branchId?: number }): Promise<{ ok: true; message: string; line: { id: number; part_id: number; count: number }; cartCount: number } | Failure<'unknown-lines'>> {
  const owner = ownerOf(ctx);
  let count = input.count;
  if (owner) {
    // A supplier's line: the count rounded up to his minimum order and multiplicity (ADR 099).
    const [line] = await q.selectLinesByIds(ctx.services.db, owner, [input.id], false);
    if (line?.from_supplier) {
      const choice = await chooseBranch(ctx, input.branchId);
      const offer = 'ok' in choice ? undefined : (await supplierOffersOf(ctx.services.db, [line.part_id], choice.currency)).get(line.part_id);
      if (offer) count = supplierCount(input.count, offer) ?? Math.floor(CART_COUNT_MAX / offer.multiplicity) * offer.multiplicity;
    }
  }
  const row = owner ? await q.updateCount(ctx.services.db, owner, input.id, count, now()) : undefined;
  if (!owner || !row) return { ok: false, code: 'unknown-lines', message: CART_MESSAGES.lineNotFound([input.id]) };
  return { ok: true, message: count !== input.count ? CART_MESSAGES.supplierRounded(count) : CART_MESSAGES.changed, line: { id: Number(row.id), part_id: Number(row.part_id), count: Number(row.count) }, cartCount: await q.lineCount(ctx.services.db, owner) };
}

/** Spec §7 `POST /api/cart/remove {id}` (one or a list): all of them, or none with the lines not found. */
export async function removeLines(ctx: RequestContext, ids: readonly number[]): Promise<{ ok: true; message: string; removed: number; cartCount: number } | Failure<'unknown-lines'>> {
  const owner = ownerOf(ctx);
  if (!owner) return { ok: false, code: 'unknown-lines', message: CART_MESSAGES.lineNotFound(ids) };
  const result = await q.removeLines(ctx.services.db, owner, ids);
  if (result.kind === 'not-found') return { ok: false, code: 'unknown-lines', message: CART_MESSAGES.lineNotFound(result.ids) };
  return { ok: true, message: CART_MESSAGES.removed(result.removed), removed: result.removed, cartCount: result.cartCount };
}

/** A cart line as an order takes it (the orders' `OrderCartLine`, which the cart does not import). */
export interface OrderLine {
  id: number; part_id: number; code: string; name: string; one_c_code: string | null; weight_grams: number | null;
  price: number | null; old_price: number | null; currency: CurrencyCode | null; quantity: number;
  supplier: { organisationId: number; leadTimeDays: number } | null;
}

/**
 * The owner's lines among `ids` as an order takes them (the orders' cart port, wired in
 * server/ports.ts): the part's facts and its price and stock at the branch, in id order. `db` may
 * be the order's transaction; `lock` holds the lines until it ends. Two statements.
 */
export async function linesForOrder(db: Kysely<Database>, owner: Owner, ids: readonly number[], branchId: number, { lock, currency }: { lock: boolean; currency?: CurrencyCode }) {
  const lines = await q.selectLinesByIds(db, owner, ids, lock);
  const parts = await partSummariesAt(db, lines.map((l) => l.part_id), branchId, true);
  // A supplier's line is priced by his offer now, in the branch's currency (ADR 099): read again in
  // the order's transaction, so a price changed since the cart showed it is the 409 of any price.
  const supplied = lines.filter((l) => l.from_supplier).map((l) => l.part_id);
  const offers = supplied.length ? await supplierOffersOf(db, supplied, currency ?? 'RUB') : new Map<number, SupplierOfferLine>();
  return lines.flatMap((l): OrderLine[] => {
    const part = parts.get(l.part_id);
    if (!part) return [];
    const facts = { id: l.id, part_id: l.part_id, code: part.code, name: part.name, one_c_code: part.oneCCode, weight_grams: part.weightGrams };
    if (l.from_supplier) {
      const offer = offers.get(l.part_id);
      return [{
        ...facts, price: offer?.price ?? null, old_price: null, currency: offer ? offer.currency : currency ?? null, quantity: supplierStock(offer),
        supplier: offer ? { organisationId: offer.organisationId, leadTimeDays: offer.leadTimeDays } : null,
      }];
    }
    return [{
      ...facts, price: part.here?.price ?? null, old_price: part.here?.oldPrice ?? null, currency: part.here?.currency ?? null, quantity: part.here?.quantity ?? 0,
      supplier: null,
    }];
  });
}

/** The ordered lines leave the cart, in the order's transaction. */
export function removeOrderedLines(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
  return q.deleteLinesByIds(trx, ids);
}

/** A customer's credit limit (the accounting exchange writes it; tests and the CLI too). Minor units. */
export function setCustomerLimit(db: Kysely<Database>, userId: number, limit: CartLimit): Promise<void> {
  return q.upsertLimit(db, userId, limit, now());
}

/**
 * A customer's credit limit as the order reads it (the orders' credit port, wired at the composition
 * root), with when it was last written (`used` counts what the accounting knew then); undefined: no
 * row, which is no credit line (spec §9: default zeros). `db` may be the order's transaction.
 */
export async function customerLimit(db: Kysely<Database>, userId: number): Promise<(CartLimit & { updatedAt: Date }) | undefined> {
  const row = await db.selectFrom('cart_customer_limit').select(['currency', 'total', 'used', 'days', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
  return row && { total: Number(row.total), used: Number(row.used), days: row.days, currency: row.currency, updatedAt: new Date(row.updated_at) };
}

/**
 * A customer's whole cart with its parts' prices at a branch, for an offer made from it in the
 * back-office (ADR 088): each line's part, count and price (null: on request). Nothing changes.
 */
export async function customerCartLines(db: Kysely<Database>, userId: number, branchId: number) {
  const ids = (await db.selectFrom('cart_item').select('id').where('user_id', '=', userId).orderBy('id').execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  const counts = new Map((await q.selectLinesByIds(db, { userId }, ids, false)).map((l) => [l.id, l.count]));
  return (await linesForOrder(db, { userId }, ids, branchId, { lock: false })).map((l) => ({ ...l, count: counts.get(l.id) ?? 1 }));
}
