import { data, isRouteErrorResponse, useRouteError } from 'react-router';
import { pageContext, requestContext } from '#app/.server/context.ts';
import { isReplacedLink } from '#app/modules/offers/offer-client.server.ts';
import { offerPdfDownload } from '#app/modules/offers/offer-pdf-job.server.ts';
import { CLIENT_OFFER_MESSAGES } from '#app/modules/offers/offer-view.schema.ts';
import { OFFER_PAGE_HEADERS, OFFER_PDF_RETRY_AFTER_S, OFFER_PRINT_MESSAGES, offerPdfFileName, offerPdfPath, offerPdfPreparingPage, offerSlidesPath } from '#app/modules/offers/offer-print.rules.ts';
import { printableOffer } from '#app/modules/offers/offer-print.server.ts';
import { OfferNotFound } from '#app/modules/offers/ui/OfferNotFound.tsx';
import { OfferPrintPage } from '#app/modules/offers/ui/OfferPrintPage.tsx';
import { contentDisposition } from '#app/modules/orders/orders.rules.ts';
import type { Route } from './+types/offer.pdf.$hash';

/**
 * The offer laid out for print (spec §2 `/offer/pdf/{hash}`), for whoever holds its link: the
 * page, and with `?format=pdf` the same document as a PDF printed by a job (ADR 080, 085). A personal
 * page: never cached or indexed, no referrer leaves it, no scripts; GET changes nothing but a print
 * job's queue (the PDF is made once per offer version and kept).
 */
const text = (body: string, status: number) => new Response(body, { status, headers: { ...OFFER_PAGE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });

/** `?format=pdf` answers with the file (or its 'готовится' page) before any page is rendered. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, params, request }, next) => {
    const url = new URL(request.url);
    if (url.searchParams.get('format') !== 'pdf' || url.pathname.endsWith('.data')) return next();
    const ctx = context.get(requestContext);
    const offer = await printableOffer(ctx.services, params.hash);
    if (!offer) return (await isReplacedLink(ctx.services, params.hash)) ? text(CLIENT_OFFER_MESSAGES.replaced, 410) : text(OFFER_PRINT_MESSAGES.notFound, 404);
    const download = await offerPdfDownload(ctx.services, offer, { signal: request.signal });
    const log = (level: string, msg: string, job: number) =>
      process.stderr.write(JSON.stringify({ level, msg, requestId: ctx.requestId, document: 'offer', offer: offer.offerId, version: offer.version, job }) + '\n');
    if (download.status === 'failed') {
      log('error', download.error || 'PDF не создан', download.jobId);
      return text(OFFER_PRINT_MESSAGES.unavailable, 503);
    }
    if (download.status === 'pending') {
      if (download.lost) log('warn', 'Предложение напечатано заданием, но файла нет в хранилище этого процесса: DOCUMENTS_DIR общий с npm run worker?', download.jobId);
      return new Response(offerPdfPreparingPage(offer.hash), {
        status: 202,
        headers: { ...OFFER_PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': String(OFFER_PDF_RETRY_AFTER_S) },
      });
    }
    return new Response(download.pdf as Uint8Array<ArrayBuffer>, {
      headers: {
        ...OFFER_PAGE_HEADERS,
        'Content-Type': 'application/pdf',
        'Content-Length': String(download.pdf.byteLength),
        'Content-Disposition': contentDisposition(offerPdfFileName(offer.doc)),
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(pageContext);
  const offer = await printableOffer(services, params.hash);
  // A link the offer had before it was sent again: said so (410), never where it went (ADR 087).
  if (!offer) throw data(null, { status: (await isReplacedLink(services, params.hash)) ? 410 : 404, headers: OFFER_PAGE_HEADERS });
  return data({ doc: offer.doc, pdfHref: offerPdfPath(offer.hash), slidesHref: offerSlidesPath(offer.hash) }, { headers: OFFER_PAGE_HEADERS });
}

/** A document without the shop's shell or scripts (root.tsx), as the print area's. */
export const handle = { print: true };

export function headers() {
  return OFFER_PAGE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Коммерческое предложение, версия ${loaderData.doc.version} — Агротехника` : `${OFFER_PRINT_MESSAGES.notFound} — Агротехника` },
  { name: 'viewport', content: 'width=device-width, initial-scale=1' },
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function OfferPdfPage({ loaderData }: Route.ComponentProps) {
  return <OfferPrintPage doc={loaderData.doc} pdfHref={loaderData.pdfHref} slidesHref={loaderData.slidesHref} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <OfferNotFound replaced={isRouteErrorResponse(error) && error.status === 410} />;
}
