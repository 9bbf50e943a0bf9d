import { redirect } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { signInRedirect } from '#app/modules/auth/profile.server.ts';
import { invoiceDownload } from '#app/modules/orders/invoice-job.server.ts';
import { ownInvoice } from '#app/modules/orders/invoice.server.ts';
import { INVOICE_RETRY_AFTER_S, invoicePreparingPage } from '#app/modules/orders/invoice-preparing.rules.ts';
import { invoiceFileName } from '#app/modules/orders/invoice.rules.ts';
import { INVOICE_MESSAGES, INVOICE_UNAVAILABLE } from '#app/modules/orders/invoice.schema.ts';
import { ORDER_MESSAGES } from '#app/modules/orders/orders.constants.ts';
import { contentDisposition } from '#app/modules/orders/orders.rules.ts';
import type { Route } from './+types/cart.order.$number.invoice.pdf';

const text = (body: string, status: number) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });

/**
 * The order's invoice as a PDF, for the order's owner only (a guest signs in first; anyone else's
 * order, or an unknown number, is 404). The PDF is printed by a job and kept per version (ADR 080):
 * a kept one is served at once; otherwise the job is enqueued (one per version, however many ask)
 * and waited for a few seconds. Still printing: a small page that asks again by itself. The job
 * failed (no Chromium): logged and answered 503 with a message, never a broken page.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  if (ctx.session?.userId == null) throw redirect(signInRedirect(new URL(request.url).pathname));
  const invoice = await ownInvoice(ctx, params.number);
  if (!invoice.ok) return invoice.code === 'not_found' ? text(ORDER_MESSAGES.notFound, 404) : text(INVOICE_MESSAGES[invoice.code], 409);
  const download = await invoiceDownload(ctx.services, invoice, { signal: request.signal });
  const log = (level: string, msg: string, job: number) =>
    process.stderr.write(JSON.stringify({ level, msg, requestId: ctx.requestId, document: 'invoice', order: params.number, job }) + '\n');
  if (download.status === 'failed') {
    log('error', download.error || 'PDF не создан', download.jobId);
    return text(INVOICE_UNAVAILABLE, 503);
  }
  if (download.status === 'pending') {
    if (download.lost) log('warn', 'Счёт напечатан заданием, но файла нет в хранилище этого процесса: DOCUMENTS_DIR общий с npm run worker?', download.jobId);
    return new Response(invoicePreparingPage(download.number), {
      status: 202,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', 'Retry-After': String(INVOICE_RETRY_AFTER_S) },
    });
  }
  return new Response(download.pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(download.pdf.byteLength),
      'Content-Disposition': contentDisposition(invoiceFileName(download.number)),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
