import { now } from '#app/.server/clock.ts';
import type { RequestContext } from '#app/.server/context.ts';
import { textField } from '#app/lib/text.ts';
import { z } from '#app/lib/zod.ts';
import { modelMassesKg } from '#app/modules/catalog/catalog.server.ts';
import { freightQuotes } from '#app/modules/delivery/delivery.server.ts';
import { convertMinor } from '#app/modules/financing/exchange-rates.rules.ts';
import { ratesOn } from '#app/modules/financing/exchange-rates.server.ts';
import { financingToday } from '#app/modules/financing/financing.server.ts';
import { partWeightsByCode } from '#app/modules/parts/delivery-lines.server.ts';
import { daysLeft, effectiveContent, type OfferDiff } from './offer-changes.rules.ts';
import { currencyOf, lockedReason } from './offer-client.server.ts';
import {
  dimensionsOf, freightCargo, freightProducts, OFFER_DELIVERY_MESSAGES as M, quoteOf, type CarrierAnswer, type DeliveryQuote,
} from './offer-delivery.rules.ts';
import { CLIENT_OFFER_MESSAGES } from './offer-view.schema.ts';
import type { OfferContent } from './offers.schema.ts';

/*
 * Spec §7 `POST /offers/single-technique/get-delivery-price` (issue 30 §8; ADR 088): the carriers'
 * price for delivering an offer's machines and parts to an address the client chose on its page.
 * The quote (each product's price, or the carrier's error and price 0) is kept on the offer: the
 * total and the diff use it while the address and the counts stay, the manager sees its errors.
 */

const HASH = /^[A-Za-z0-9_-]{22,64}$/;
const coordsSchema = z.object({
  lat: z.number({ error: 'coords.lat — широта числом' }).min(-90, 'Широта — от -90 до 90').max(90, 'Широта — от -90 до 90'),
  long: z.number({ error: 'coords.long — долгота числом' }).min(-180, 'Долгота — от -180 до 180').max(180, 'Долгота — от -180 до 180'),
});

/** The body: the offer (its hash; the rest of the page's offer object is ignored), the distance, the page's diff, the area. */
export const deliveryPriceBody = z.object({
  offer: z.object({ hash: z.string({ error: CLIENT_OFFER_MESSAGES.notFound }).regex(HASH, CLIENT_OFFER_MESSAGES.notFound) }, { error: 'Укажите предложение: offer {hash}' }),
  /** Road kilometres as the page estimated them; used only without a point on the map. */
  distance: z.number({ error: 'distance — расстояние в километрах' }).min(0, 'Расстояние не может быть отрицательным').max(20_000, 'Расстояние — не больше 20 000 км').optional(),
  diff: z.object({
    delivery: z.object({
      value: z.literal('deliveryChoice', { error: M.notDelivery }),
      addres: textField('Адрес доставки').trim().min(1, M.noAddress).max(300, 'Поле «Адрес доставки» длиннее 300 символов'),
      coords: coordsSchema.optional(),
    }, { error: M.noAddress }),
    /** The counts as the page has them (saved or still queued). */
    products: z.record(
      z.string().max(64),
      z.object({ count: z.number().int('Количество — целое число').min(1, 'Количество — не меньше 1').max(9_999, 'Количество — не больше 9999').optional() }),
    ).optional(),
  }, { error: 'Укажите изменения: diff {delivery: {value, addres, coords}}' }),
  area: textField('Регион').trim().max(200, 'Поле «Регион» длиннее 200 символов').optional(),
}).refine((b) => b.diff.delivery.coords !== undefined || b.distance !== undefined, { message: M.noDestination, path: ['distance'] });
export type DeliveryPriceBody = z.infer<typeof deliveryPriceBody>;

export type OfferDeliveryOutcome =
  | { ok: true; quote: DeliveryQuote }
  | { ok: false; code: 'not_found' | 'locked' | 'unknown' | 'invalid' | 'rate_limited'; message: string; retryAfterSeconds?: number };

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const isoDate = (d: Date | string) => (d instanceof Date ? d.toISOString() : d).slice(0, 10);

/**
 * Prices delivery of the offer as the page has it (its saved diff with the page's counts) to the
 * address, keeps the quote on the offer and answers it. A locked offer, a wrong hash or an unknown
 * product changes nothing; the carriers' failures are the items' errors (price 0), never a 5xx.
 */
export async function offerDeliveryPrice(ctx: RequestContext, body: DeliveryPriceBody): Promise<OfferDeliveryOutcome> {
  const { services } = ctx;
  const hash = body.offer.hash;
  const row = await services.db.selectFrom('offers_offer as o')
    .innerJoin('offers_version as v', (j) => j.onRef('v.offer_id', '=', 'o.id').onRef('v.version', '=', 'o.version'))
    .select(['o.id', 'o.state', 'o.read_only', 'o.valid_until', 'o.branch_id', 'o.currency_code', 'o.diff', 'v.content', 'o.version'])
    .where('o.hash', '=', hash).executeTakeFirst();
  if (!row) return { ok: false, code: 'not_found', message: CLIENT_OFFER_MESSAGES.notFound };
  const reason = lockedReason(row, daysLeft(isoDate(row.valid_until), financingToday()) < 0);
  if (reason) return { ok: false, code: row.state === 'draft' ? 'not_found' : 'locked', message: reason };

  const content = parse<OfferContent>(row.content);
  const saved = parse<OfferDiff>(row.diff) ?? {};
  for (const id of Object.keys(body.diff.products ?? {})) {
    if (!content.products.some((p) => p.id === id)) return { ok: false, code: 'unknown', message: 'Такой позиции в предложении нет' };
  }
  // The page's counts over the saved ones (it asks again whenever a count changes).
  const diff: OfferDiff = { ...saved, products: { ...saved.products } };
  for (const [id, d] of Object.entries(body.diff.products ?? {})) if (d.count !== undefined) diff.products![id] = { ...diff.products![id], count: d.count };
  const effective = effectiveContent(content, diff);
  const products = freightProducts(effective);
  if (products.length === 0) return { ok: false, code: 'invalid', message: M.nothingToDeliver };

  const currency = currencyOf(row.currency_code);
  const machineCodes = products.filter((p) => p.kind === 'machine' && p.code && p.dimensions?.weight === undefined).map((p) => p.code!);
  const partCodes = products.filter((p) => p.kind === 'part' && p.code && p.dimensions?.weight === undefined).map((p) => p.code!);
  const [masses, partGrams] = await Promise.all([modelMassesKg(services.db, machineCodes), partWeightsByCode(services, partCodes)]);
  const dimensions = products.map((p) => {
    const known = p.kind === 'machine' ? masses.get(p.code ?? '') : partGrams.has(p.code ?? '') ? partGrams.get(p.code ?? '')! / 1000 : undefined;
    return dimensionsOf(p, known ?? null);
  });
  const cargos = products.map((p, i) => freightCargo(dimensions[i]!, p.prices.count));
  const reasons: Array<string | null> = cargos.map((c) => (c === null ? M.noWeight : null));
  const { coords } = body.diff.delivery;
  let answers: Array<CarrierAnswer | null> = products.map(() => null);
  let distanceKm = Math.round(body.distance ?? 0);

  const asked = cargos.flatMap((c, i) => (c ? [{ c, i }] : []));
  // The carriers answer in the branch country's currency; an offer in another is priced with the day's rates (ADR 102).
  const rates = await ratesOn(services.db, financingToday());
  let convert: ((minor: number) => number) | null = null;
  if (asked.length > 0) {
    const dispatch = content.dispatch_point?.coordinates;
    const freight = await freightQuotes(ctx, {
      branchId: row.branch_id,
      from: dispatch ? { lat: dispatch[0], long: dispatch[1] } : null,
      to: { coords: coords ?? null, line: body.diff.delivery.addres, city: body.area ?? '' },
      distanceKm: body.distance ?? null,
      cargos: asked.map((a) => a.c),
    });
    if (!freight.ok) {
      if (freight.code === 'rate_limited') return { ok: false, code: 'rate_limited', message: freight.message, retryAfterSeconds: freight.retryAfterSeconds };
      reasons.fill(M.failed);
    } else {
      distanceKm = freight.distanceKm;
      const from = freight.currency;
      if (freight.currency !== currency && convertMinor(100, from, currency, rates) === null) reasons.fill(M.noRate(currency));
      else {
        if (from !== currency) convert = (minor) => convertMinor(minor, from, currency, rates) ?? 0;
        answers = products.map(() => null);
        asked.forEach((a, k) => {
          const q = freight.quotes[k]!;
          answers[a.i] = q.ok ? { ok: true, price: q.price, days: q.days, carrier: q.carrier } : { ok: false, message: q.message };
        });
      }
    }
  }
  const quote = quoteOf({
    products, dimensions, answers, reasons, currency, addres: body.diff.delivery.addres,
    ...(convert ? { convert } : {}),
    coords: coords ? [coords.lat, coords.long] : null, area: body.area || null, distanceKm, at: now().toISOString(),
  });
  // Kept only while the offer can still change (it may have been accepted or locked meanwhile).
  const kept = await services.db.updateTable('offers_offer').set({ delivery_quote: JSON.stringify(quote) })
    .where('id', '=', row.id).where('state', '=', 'sent').where('read_only', '=', false).where('version', '=', row.version)
    .returning('id').executeTakeFirst();
  if (!kept) return { ok: false, code: 'locked', message: CLIENT_OFFER_MESSAGES.readOnly };
  return { ok: true, quote };
}
