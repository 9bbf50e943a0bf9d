import { data, isRouteErrorResponse, useRouteError } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import { isReplacedLink } from '#app/modules/offers/offer-client.server.ts';
import { OFFER_PAGE_HEADERS, OFFER_PRINT_MESSAGES, offerPrintPagePath } from '#app/modules/offers/offer-print.rules.ts';
import { printableOffer } from '#app/modules/offers/offer-print.server.ts';
import { OfferNotFound } from '#app/modules/offers/ui/OfferNotFound.tsx';
import { OfferSlides } from '#app/modules/offers/ui/OfferSlides.tsx';
import type { Route } from './+types/offer-slides';

/**
 * `/offer-slides/?hash=…` (spec §2): an offer presented full-screen at a meeting, for whoever holds
 * its link. A personal page outside the shop's shell: never cached or indexed, no referrer leaves
 * it; it reads the offer and changes nothing.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const hash = url.searchParams.get('hash') ?? '';
  const { services } = context.get(pageContext);
  const offer = await printableOffer(services, hash);
  // A link the offer had before it was sent again: said so (410), never where it went (ADR 087).
  if (!offer) throw data(null, { status: (await isReplacedLink(services, hash)) ? 410 : 404, headers: OFFER_PAGE_HEADERS });
  return data({ doc: offer.doc, backHref: offerPrintPagePath(offer.hash) }, { headers: OFFER_PAGE_HEADERS });
}

export function headers() {
  return OFFER_PAGE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Презентация предложения: ${loaderData.doc.client.company ?? loaderData.doc.client.name} — Агротехника` : `${OFFER_PRINT_MESSAGES.notFound} — Агротехника` },
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function OfferSlidesPage({ loaderData }: Route.ComponentProps) {
  return <OfferSlides doc={loaderData.doc} backHref={loaderData.backHref} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <OfferNotFound replaced={isRouteErrorResponse(error) && error.status === 410} />;
}
