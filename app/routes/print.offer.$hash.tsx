import { data } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import { requirePrintRequest } from '#app/.server/pdf/print-request.ts';
import { printableOffer } from '#app/modules/offers/offer-print.server.ts';
import { OfferDocument } from '#app/modules/offers/ui/OfferDocument.tsx';
import type { Route } from './+types/print.offer.$hash';

/**
 * An offer's current version as the printer prints it (ADR 074, 085). `v` is the digest the PDF will
 * be kept under: a page that no longer matches it (a new version meanwhile) is refused, so a file
 * never holds another version than its name says.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  requirePrintRequest(context);
  const offer = await printableOffer(context.get(pageContext).services, params.hash);
  if (!offer) throw data(null, { status: 404 });
  if (new URL(request.url).searchParams.get('v') !== offer.digest) throw data(null, { status: 409 });
  return { doc: offer.doc };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => [{ title: d ? `Коммерческое предложение, версия ${d.doc.version}` : 'Коммерческое предложение' }];

export default function PrintOffer({ loaderData: { doc } }: Route.ComponentProps) {
  return <OfferDocument doc={doc} />;
}
