import { Hono, type Context } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { answerOutcome, errorResponse, readBody, readQuery } from '#app/.server/http.ts';
import { z } from '#app/lib/zod.ts';
import { acceptOffer, sendAcceptanceCode } from './offer-accept.server.ts';
import { OFFER_PAGE_HEADERS } from './offer-print.rules.ts';
import { changeQueue, type OfferDiff } from './offer-changes.rules.ts';
import { deliveryPriceBody, offerDeliveryPrice } from './offer-delivery.server.ts';
import { CLIENT_OFFER_MESSAGES, clientOffer, recordView, requestNewOffer, saveChanges, type ClientOffer } from './offer-client.server.ts';

/*
 * The client's offer endpoints (spec §7 Single-technique offers; issue 30 §4, §6, §7; ADR 086),
 * outside /api as the spec names them, behind the session and the CSRF check like every form.
 * Anyone with the link is the client; every answer is personal and never stored.
 */

const hashQuery = z.object({ hash: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, CLIENT_OFFER_MESSAGES.notFound) });
const acceptBody = z.object({
  version: z.coerce.number().int().min(1).max(1_000_000),
  code: z.string().trim().regex(/^\d{4,8}$/, 'Введите код из SMS'),
});

const STATUS = { not_found: 404, locked: 409, pending: 409, stale: 409, unknown: 422, invalid: 422, rule: 422, wrong_code: 400, code_expired: 400, too_many_attempts: 429, too_soon: 429, too_many_codes: 429, delivery_error: 503, rate_limited: 429 } as const;

const signedIn = (c: Context<HonoEnv>) => c.get('ctx').session?.userId != null;


/** Spec §3 Product option, for each product's options: prices the offer hides are null. */
export function productOptions(offer: ClientOffer) {
  return offer.effective.products.flatMap((p) => {
    const original = offer.content.products.find((o) => o.id === p.id)!;
    const hidden = new Set(p.productOptionsConfig.hiddenPriceOptionsIds);
    return p.options.map((o) => ({
      id: o.id, modelId: p.id, title: o.name, count: o.count, oldCount: original.options.find((x) => x.id === o.id)?.count ?? 0,
      productCount: p.prices.count, pricePerItem: hidden.has(o.id) ? null : o.price, isIncluded: o.isIncluded,
      amountToCharge: hidden.has(o.id) ? null : o.isIncluded ? 0 : o.price * o.count * p.prices.count,
      requires: o.requires, excludes: o.excludes,
    }));
  });
}

/** The §3 Diff of an offer as its page reloads it: the first product's changes (single-technique), payment, delivery, comment. */
export function specDiff(offer: ClientOffer) {
  const diff: OfferDiff = offer.diff;
  const first = offer.effective.products[0]!;
  const d = diff.products?.[first.id];
  const schedule = offer.payment?.schedule?.rows.map((r) => ({ term: r.date, percent: r.percent, payment: r.sum, prepay: r.prepay, total: r.total })) ?? [];
  return {
    ...(d?.count !== undefined ? { count: { value: d.count } } : {}),
    ...(d?.fast_delivery !== undefined ? { fast_delivery: { value: d.fast_delivery } } : {}),
    ...(diff.payment ? { payment: { value: diff.payment.value, price: offer.total, initial_fee: diff.payment.initial_fee, term: diff.payment.term, schedule } } : {}),
    ...(diff.delivery ? {
      delivery: {
        value: diff.delivery.value, type: diff.delivery.value === 'deliveryChoice' ? 'delivery' : 'pickup', addres: diff.delivery.addres,
        subsidiary: offer.branch?.name ?? null, name: offer.branch?.name ?? null,
        delivery_price: offer.deliveryPriceUnknown ? 0 : (offer.effective.delivery?.price ?? 0), delivery_price_currency: offer.currency,
      },
    } : {}),
    options: Object.entries(d?.options ?? {}).map(([id, value]) => ({ title: first.options.find((o) => o.id === id)?.name ?? id, value })),
    ...(diff.comment ? { comment: diff.comment } : {}),
    products: diff.products ?? {},
  };
}

/** What every answer about one offer carries: the diff, the totals, the changes in words, the flags. */
function offerAnswer(offer: ClientOffer) {
  return {
    diff: specDiff(offer), entries: offer.entries, total: offer.total, version_total: offer.versionTotal, version: offer.version,
    is_client: offer.flags.is_client, is_auth: offer.flags.is_auth, read_only: offer.flags.read_only,
  };
}

export const offersClientApi = new Hono<HonoEnv>()
  // Every answer about an offer is personal: never kept, never sent on as a referrer, never indexed.
  .use('/offers/*', async (c, next) => {
    for (const [name, value] of Object.entries(OFFER_PAGE_HEADERS)) c.header(name, value);
    await next();
  })
  /** `GET /offers/single-technique/get-product-options?hash=` → `{ options: ProductOption[] }` (each product's, as the client left them). */
  .get('/offers/single-technique/get-product-options', async (c) => {
    const query = readQuery(c, hashQuery);
    if (!query.ok) return errorResponse(c, 404, CLIENT_OFFER_MESSAGES.notFound);
    const offer = await clientOffer(c.get('ctx').services, query.data.hash, signedIn(c));
    if (!offer) return errorResponse(c, 404, CLIENT_OFFER_MESSAGES.notFound);
    return c.json({ error_status: 'success', options: productOptions(offer), read_only: offer.flags.read_only });
  })
  /**
   * `POST /offers/single-technique/set-change?hash=` `{queue: [...]}` → the new diff. The queue is
   * saved whole or not at all: a read-only, expired or accepted offer is 409, an unknown product,
   * option or use case, a negative count or a broken option rule 422, a wrong hash 404.
   */
  .post('/offers/single-technique/set-change', async (c) => {
    const query = readQuery(c, hashQuery);
    if (!query.ok) return errorResponse(c, 404, CLIENT_OFFER_MESSAGES.notFound);
    const body = await readBody(c, changeQueue);
    if (!body.ok) return body.response;
    const saved = await saveChanges(c.get('ctx').services, query.data.hash, body.data.queue, c.req.header('user-agent') ?? '', signedIn(c));
    if (!saved.ok) return errorResponse(c, STATUS[saved.code], saved.message);
    return c.json({ error_status: 'success', ...offerAnswer(saved.offer) });
  })
  /**
   * `POST /offers/single-technique/get-delivery-price` `{offer: {hash}, distance, diff: {delivery:
   * {value: 'deliveryChoice', addres, coords}, products}, area}` → `{items: [{id, name, price,
   * delivery_price_currency, auto, error, productDimensions}], price, error}` (ADR 088). Prices in
   * minor units of the offer's currency; an item the carriers could not price is 0 with its error
   * ('по запросу' on the page). The quote is kept on the offer; a refusal changes nothing.
   */
  .post('/offers/single-technique/get-delivery-price', async (c) => {
    const body = await readBody(c, deliveryPriceBody);
    if (!body.ok) return body.response;
    const priced = await offerDeliveryPrice(c.get('ctx'), body.data);
    if (!priced.ok) return answerOutcome(c, priced, STATUS);
    const { quote } = priced;
    return c.json({
      error_status: 'success',
      items: quote.items.map((i) => ({ id: i.id, name: i.name, price: i.price, delivery_price_currency: i.delivery_price_currency, auto: i.auto, error: i.error, productDimensions: i.productDimensions, carrier: i.carrier, days: i.days })),
      price: quote.price, delivery_price_currency: quote.currency, error: quote.error, distance: quote.distanceKm, addres: quote.addres, quote,
    });
  })
  /** `POST /offers/:hash/seen`: the page's script reports a view (a link fetched by a mail scanner is not one). */
  .post('/offers/:hash/seen', async (c) => {
    const counted = await recordView(c.get('ctx').services, c.req.param('hash'));
    return counted ? c.body(null, 204) : errorResponse(c, 404, CLIENT_OFFER_MESSAGES.notFound);
  })
  /** `POST /offers/:hash/request-new`: an expired offer's client asks its manager for a new one. */
  .post('/offers/:hash/request-new', async (c) => {
    return answerOutcome(c, await requestNewOffer(c.get('ctx').services, c.req.param('hash')), STATUS);
  })
  /** `POST /offers/:hash/accept-code`: the acceptance code by SMS to the offer's phone. */
  .post('/offers/:hash/accept-code', async (c) => {
    const sent = await sendAcceptanceCode(c.get('ctx').services, c.req.param('hash'), c.get('ctx').ip);
    return answerOutcome(c, sent, STATUS, sent.ok ? { phone: sent.phone } : {});
  })
  /** `POST /offers/:hash/accept {version, code}`: accepts that version; the answer names the order. */
  .post('/offers/:hash/accept', async (c) => {
    const body = await readBody(c, acceptBody);
    if (!body.ok) return body.response;
    const ctx = c.get('ctx');
    const accepted = await acceptOffer(ctx.services, c.req.param('hash'), { ...body.data, userAgent: c.req.header('user-agent') ?? '', ip: ctx.ip });
    return answerOutcome(c, accepted, STATUS, accepted.ok ? { order_number: accepted.orderNumber } : {});
  });
