import { data } from 'react-router';
import { requestContext, type RequestContext } from '#app/.server/context.ts';
import { clientOffer, isReplacedLink, offerIdByHash } from '#app/modules/offers/offer-client.server.ts';
import { OFFER_PAGE_HEADERS } from '#app/modules/offers/offer-print.rules.ts';
import { CLIENT_OFFER_MESSAGES } from '#app/modules/offers/offer-view.schema.ts';
import { OfferPage } from '#app/modules/offers/ui/OfferPage.tsx';
import { invitationsFor } from '#app/modules/questionnaires/questionnaire-links.server.ts';
import { respondentBrowserOf, respondentOf } from '#app/modules/questionnaires/questionnaires.server.ts';
import { QuestionnaireInvite } from '#app/modules/questionnaires/ui/QuestionnaireInvite.tsx';
import type { Route } from './+types/offer.$hash';

/** Personal by its link: never kept by anyone, never sent on as a referrer, never indexed. */
const PERSONAL_HEADERS = OFFER_PAGE_HEADERS;

/**
 * The client's offer (spec §2 `/offer/{hash}`, `/offer/{hash}/{id}`; ADR 086): anyone with the link
 * is its client, with or without an account. `id` opens one machine of a multi-technique offer. An
 * unknown hash or machine is a 404. The GET changes nothing: a view is counted by the page's script.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const offer = await clientOffer(ctx.services, params.hash, ctx.session?.userId != null);
  if (!offer) {
    // A link the offer had before it was sent again: said so (410), never where it went.
    if (await isReplacedLink(ctx.services, params.hash)) return data({ offer: null, productId: null, invitation: null }, { status: 410, headers: PERSONAL_HEADERS });
    throw data(null, { status: 404, headers: PERSONAL_HEADERS });
  }
  if (params.id !== undefined && !offer.content.products.some((p) => p.id === params.id)) throw data(null, { status: 404, headers: PERSONAL_HEADERS });
  // The changed version is worked out by the page itself (PageOffer): the content goes once.
  const { effective: _, ...page } = offer;
  return data({ offer: page, productId: params.id ?? null, invitation: await invitationOf(ctx, offer.hash, request) }, { headers: PERSONAL_HEADERS });
}

/**
 * 'Пройти опрос' when the manager linked a questionnaire to the offer and this visitor (his account,
 * or a guest's browser) has not answered it (ADR 103). The page is personal already (no-store).
 */
async function invitationOf(ctx: RequestContext, hash: string, request: Request) {
  const id = await offerIdByHash(ctx.services, hash);
  if (id === null) return null;
  const found = await invitationsFor(ctx.services, [{ kind: 'offer', id, hash }], respondentOf(ctx.session?.userId ?? null, respondentBrowserOf(request)));
  return found[String(id)] ?? null;
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.offer ? `Коммерческое предложение — ${loaderData.offer.content.client.company ?? loaderData.offer.content.client.name}` : 'Коммерческое предложение' },
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function Offer({ loaderData: { offer, productId, invitation } }: Route.ComponentProps) {
  if (!offer) {
    return (
      <div className="container" style={{ padding: '32px 0 64px' }} data-testid="offer-replaced">
        <h1>Предложение обновлено</h1>
        <p>{CLIENT_OFFER_MESSAGES.replaced}</p>
      </div>
    );
  }
  return (
    <>
      {invitation ? <div className="container"><QuestionnaireInvite invitation={invitation} /></div> : null}
      <OfferPage key={`${offer.hash}:${offer.version}`} offer={offer} productId={productId ?? undefined} />
    </>
  );
}
