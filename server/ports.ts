import { configureCartPorts, customerLimit, linesForOrder, removeOrderedLines } from '#app/modules/cart/cart.server.ts';
import { registerSidebarSection } from '#app/modules/catalog/listing/filters.api.server.ts';
import { DELIVERY_MAX_PRICE } from '#app/modules/delivery/delivery.constants.ts';
import { deliveryPriceInput } from '#app/modules/delivery/delivery.schema.ts';
import { deliveryPrice } from '#app/modules/delivery/delivery.server.ts';
import { ORDER_MESSAGES } from '#app/modules/orders/orders.constants.ts';
import { configureOrderPorts, partsOrderedWith, type CreditLimitPort, type OrderDeliveryQuote } from '#app/modules/orders/orders.server.ts';
import { partsSidebarRequest } from '#app/modules/parts/line/line.server.ts';
import { configurePartsPorts } from '#app/modules/parts/parts.server.ts';
import { supplierOffersForParts } from '#app/modules/suppliers/pricelist/intake.server.ts';

/*
 * Ports wired to the modules that answer them, where the asking module sits below the answering one
 * or beside it (docs/architecture.md, Allowed dependencies; ADR 071): the orders' delivery price from
 * the delivery module, their cart lines and credit limit from the cart (ADR 041, 042); the cart's
 * parts ordered together from the orders; the catalogue's sidebar endpoint's parts section from the
 * parts module; the parts' offers of suppliers from the suppliers module (ADR 096). Only this file names them together.
 */

/**
 * The order's delivery price, asked of the delivery module as the cart's panel asks it (spec §7
 * get-spare-parts-delivery-price), in minor units. Whatever the module cannot price (spec §5 unmet,
 * every carrier failed, the rate limit) is price 0 with the fail flag (spec §8); a terminal it does
 * not know refuses the order.
 */
export const deliveryQuoteForOrders: OrderDeliveryQuote = async (ctx, r) => {
  if (r.method === 'pickup') return { price: 0, failed: false };
  const failed = { price: 0, failed: true };
  if (!r.point || !r.parts.length) return failed;
  const terminal = r.method === 'terminals';
  if (terminal && (r.terminalId === null || r.company === null)) return failed;
  const { lat, long, ...address } = r.point;
  const parsed = deliveryPriceInput.safeParse({
    branch: r.branchId, coords: { lat, long }, address,
    // The module uses the goods' sum for the spec §5 condition only (never in the price).
    price: Math.min(DELIVERY_MAX_PRICE, r.itemsTotal / 100),
    parts: r.parts.map((p) => ({ id: p.partId, count: p.count })),
    transportCompany: terminal ? r.company : null, idTerminal: terminal ? r.terminalId : null,
  });
  if (!parsed.success) return terminal ? { refused: ORDER_MESSAGES.unknownTerminal } : failed;
  const quoted = await deliveryPrice(ctx, parsed.data);
  if (!quoted.ok) return quoted.code === 'unknown_terminal' ? { refused: quoted.message } : failed;
  if (quoted.answer.fail) return failed;
  // The module answers whole roubles or tenge; orders keep minor units (ADR 004).
  return { price: Math.round(quoted.answer.price * 100), failed: false, carrier: quoted.answer.carrier || null };
};

/** The signed-in customer's limit row; a guest has none. */
export const creditLimitForOrders: CreditLimitPort = async (db, owner) => {
  if (owner.userId === undefined) return null;
  const limit = await customerLimit(db, owner.userId);
  return limit ? { total: limit.total, used: limit.used, currency: limit.currency, since: limit.updatedAt } : null;
};

export function wirePorts(): void {
  configureOrderPorts({ deliveryQuote: deliveryQuoteForOrders, creditLimit: creditLimitForOrders, cart: { lines: linesForOrder, remove: removeOrderedLines } });
  configureCartPorts({ orderedWith: (db, partIds) => partsOrderedWith(db, partIds) });
  registerSidebarSection('parts', partsSidebarRequest);
  configurePartsPorts({ supplierOffers: supplierOffersForParts });
}
