import { redirect } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { PdfError } from '#app/.server/pdf/printer.ts';
import { signInRedirect } from '#app/modules/auth/profile.server.ts';
import { ownInvoice, renderInvoicePdf } from '#app/modules/orders/invoice.server.ts';
import { invoiceFileName } from '#app/modules/orders/invoice.rules.ts';
import { INVOICE_MESSAGES, INVOICE_UNAVAILABLE } from '#app/modules/orders/invoice.schema.ts';
import { ORDER_MESSAGES } from '#app/modules/orders/orders.constants.ts';
import { contentDisposition } from '#app/modules/orders/orders.rules.ts';
import type { Route } from './+types/cart.order.$number.invoice.pdf';

const text = (body: string, status: number) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });

/**
 * The order's invoice as a PDF, for the order's owner only (a guest signs in first; anyone else's
 * order, or an unknown number, is 404). Printed once per version and kept (invoice.server.ts); a
 * printer that cannot print (no Chromium) is logged and answered 503 with a message, never a broken page.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  if (ctx.session?.userId == null) throw redirect(signInRedirect(new URL(request.url).pathname));
  const invoice = await ownInvoice(ctx, params.number);
  if (!invoice.ok) return invoice.code === 'not_found' ? text(ORDER_MESSAGES.notFound, 404) : text(INVOICE_MESSAGES[invoice.code], 409);
  let outcome;
  try {
    outcome = await renderInvoicePdf(ctx.services, invoice);
  } catch (error) {
    if (!(error instanceof PdfError)) throw error;
    process.stderr.write(JSON.stringify({ level: 'error', msg: error.message, requestId: ctx.requestId, document: 'invoice', order: params.number }) + '\n');
    return text(INVOICE_UNAVAILABLE, 503);
  }
  if (!outcome.ok) return outcome.code === 'not_found' ? text(ORDER_MESSAGES.notFound, 404) : text(INVOICE_MESSAGES[outcome.code], 409);
  return new Response(outcome.pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(outcome.pdf.byteLength),
      'Content-Disposition': contentDisposition(invoiceFileName(outcome.number)),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
