import { isOrderNumber } from './orders.rules.ts';
import { createHash } from 'node:crypto';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import { amountInWords } from '#app/lib/amount-in-words.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { branchRequisites } from '#app/modules/regions/regions.server.ts';
import * as q from './invoice.queries.server.ts';
import { dayIn, invoiceCurrency, invoiceDateLabel, vatIncluded, vatRateOn } from './invoice.rules.ts';
import type { InvoiceLine, InvoiceOutcome } from './invoice.schema.ts';
import { DELIVERY_METHOD_LABELS } from './orders.constants.ts';

/*
 * The invoice (счёт на оплату) of an order (ADR 074): read here, printed from the print page
 * `/print/invoice/{number}` by the platform's PDF printer in a job (invoice-job.server.ts, ADR 080),
 * kept in the file storage (DOCUMENTS_DIR or S3) by order and version, and downloaded by the
 * order's owner at `/cart/order/{number}/invoice.pdf`.
 */

/** Changes when the invoice's layout changes, so every invoice is printed again in the new one. */
const LAYOUT_VERSION = 1;

/** The order's invoice for its owner (a signed-in customer); anyone else's order is not found. */
export async function ownInvoice(ctx: RequestContext, number: string): Promise<InvoiceOutcome> {
  const userId = ctx.session?.userId;
  if (userId == null) return { ok: false, code: 'not_found' };
  return invoiceOf(ctx.services, number, { userId });
}

/** The order's invoice for the print page, which only the app's printer reaches (requirePrintRequest). */
export function invoiceForPrint(services: AppServices, number: string): Promise<InvoiceOutcome> {
  return invoiceOf(services, number, null);
}

async function invoiceOf(services: AppServices, number: string, owner: { userId: number } | null): Promise<InvoiceOutcome> {
  if (!isOrderNumber(number)) return { ok: false, code: 'not_found' };
  const order = await q.findInvoiceOrder(services.db, number, owner);
  if (!order) return { ok: false, code: 'not_found' };
  const currency = invoiceCurrency(order.currency);
  if (!currency) return { ok: false, code: 'currency' };
  const [rows, seller] = await Promise.all([q.invoiceLines(services.db, order.id), branchRequisites(services, order.branch_id)]);
  if (!seller) return { ok: false, code: 'no_requisites' };
  // A line waiting for its price, or a delivery whose price the manager has still to name: the
  // total is not known, and an invoice for part of it would be paid as the whole.
  const deliveryPriced = order.delivery_method === 'pickup' || !order.delivery_failed;
  if (!deliveryPriced || rows.some((r) => r.price === null || r.line_total === null)) return { ok: false, code: 'price_pending' };
  const day = dayIn(seller.countryCode, new Date(order.created_at));
  const vatRate = vatRateOn(await q.vatRates(services.db, seller.countryCode), seller.countryCode, day);
  if (vatRate === null) return { ok: false, code: 'no_vat_rate' };

  const lines: InvoiceLine[] = rows.map((r, i) => ({
    position: i + 1, code: r.code, name: r.name, count: r.count, unit: 'шт.', price: Number(r.price), total: Number(r.line_total),
  }));
  const deliveryPrice = Number(order.delivery_price);
  if (order.delivery_method !== 'pickup' && deliveryPrice > 0) {
    lines.push({ position: lines.length + 1, code: '', name: DELIVERY_METHOD_LABELS[order.delivery_method], count: 1, unit: 'усл.', price: deliveryPrice, total: deliveryPrice });
  }
  const total = lines.reduce((sum, l) => sum + l.total, 0);
  // The order's stored total is what the customer agreed to: an invoice never says another.
  if (total !== Number(order.total)) throw new Error(`Invoice of order ${order.number}: lines make ${total}, the order says ${order.total}`);
  const invoice = {
    number: order.number,
    day,
    dayLabel: invoiceDateLabel(day),
    seller,
    buyer: { name: order.name, phone: formatPhoneDisplay(order.phone), email: order.email },
    currency,
    lines,
    total,
    vatRate,
    vatAmount: vatIncluded(total, vatRate),
    totalInWords: amountInWords(total, currency),
  };
  // The version names what is printed: a changed price, requisite or layout is a new file.
  const version = createHash('sha256').update(JSON.stringify([LAYOUT_VERSION, invoice])).digest('hex').slice(0, 16);
  return { ok: true, invoice, version, orderId: order.id };
}
