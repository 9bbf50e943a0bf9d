import { Readable } from 'node:stream';
import { requestContext } from '#app/.server/context.ts';
import { staffOf } from '#app/modules/auth/staff.server.ts';
import { openOfferFile } from '#app/modules/offers/offer-files.server.ts';
import { OFFER_PAGE_HEADERS } from '#app/modules/offers/offer-print.rules.ts';
import { contentDisposition } from '#app/modules/orders/orders.rules.ts';
import type { Route } from './+types/offer.$hash.files.$id';

/**
 * `/offer/{hash}/files/{id}` (ADR 102): a document of the offer, for whoever holds its link — those
 * of the version sent; the staff of its branch also those of the working copy. Streamed with the type
 * found in its content and `attachment`, so a browser never renders it in the shop's origin; personal
 * (no-store, no referrer, not indexed). Anything else is a 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = ctx.session?.userId != null ? await staffOf(ctx) : null;
  const scope = staff?.capabilities.has('offers.work') ? staff.branchId : undefined;
  const found = await openOfferFile(ctx.services, params.hash, params.id, scope);
  if (!found) return new Response('Документ не найден', { status: 404, headers: { ...OFFER_PAGE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(Readable.toWeb(found.file.stream) as ReadableStream<Uint8Array>, {
    headers: {
      ...OFFER_PAGE_HEADERS,
      'Content-Type': found.mime,
      'Content-Length': String(found.file.size),
      'Content-Disposition': contentDisposition(found.name),
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
