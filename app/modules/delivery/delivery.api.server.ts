import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { answerOutcome, readBody, readQuery } from '#app/.server/http.ts';
import { deliveryPriceInput, nearestTerminalsInput, suggestAddressQuery, type NearestTerminalsAnswer } from './delivery.schema.ts';
import * as delivery from './delivery.server.ts';

/**
 * Endpoints under /api (spec §7 Delivery). Answers depend on the visitor's cart: never stored by a
 * shared cache. Bad input is a 400 in Russian; unknown branch, terminal or parts 404; a carrier's
 * failure is 200 with price 0 and `fail: true` (spec §8).
 */
export const deliveryApi = new Hono<HonoEnv>()
  /**
   * `POST /api/delivery/get-nearest-terminals {address, coords: {lat, long}}` →
   * `{ error_status: 'success', terminals: [{id, carrier, carrierName, city, address, coords, distanceKm}] }`:
   * up to 3 of each company (СДЭК, Деловые Линии, ПЭК), nearest first within a company.
   */
  .post('/delivery/get-nearest-terminals', async (c) => {
    const body = await readBody(c, nearestTerminalsInput);
    if (!body.ok) return body.response;
    c.header('Cache-Control', 'private, no-store');
    const answer: NearestTerminalsAnswer = { error_status: 'success', terminals: await delivery.nearestTerminals(c.get('ctx').services, body.data.coords) };
    return c.json(answer);
  })
  /**
   * `POST /api/delivery/get-spare-parts-delivery-price {branch, coords, address, price, parts
   * [{id,count}], transportCompany, idTerminal}` → `{ error_status: 'success', price, currencySign,
   * carrier, transportCompany, days, distance, fail, message? }`.
   */
  .post('/delivery/get-spare-parts-delivery-price', async (c) => {
    const body = await readBody(c, deliveryPriceInput);
    if (!body.ok) return body.response;
    const outcome = await delivery.deliveryPrice(c.get('ctx'), body.data);
    c.header('Cache-Control', 'private, no-store');
    if (!outcome.ok) return answerOutcome(c, outcome, delivery.DELIVERY_STATUS);
    return c.json(outcome.answer);
  })
  /**
   * `GET /api/delivery/suggest-address?q=` (3..200 characters) →
   * `{ error_status: 'success', suggestions: [{value, address, coords}] }`, at most 7; 60 a minute
   * per address (429 with Retry-After); the provider's failure 503 with the Russian message.
   */
  .get('/delivery/suggest-address', async (c) => {
    const query = readQuery(c, suggestAddressQuery);
    if (!query.ok) return query.response;
    const outcome = await delivery.suggestAddress(c.get('ctx'), query.data.q);
    c.header('Cache-Control', 'private, no-store');
    if (!outcome.ok) return answerOutcome(c, outcome, delivery.DELIVERY_STATUS);
    return c.json({ error_status: 'success', suggestions: outcome.suggestions });
  })
  /**
   * `GET /api/delivery/locate-address?q=` (3..200 characters): an address typed when no suggestion
   * matched → `{ error_status: 'success', suggestion: {value: q, address, coords} }` at the nearest
   * known place (the settlement, the region's centre, or the visitor's region); its price is
   * approximate. Counted with the suggestions (429 with Retry-After).
   */
  .get('/delivery/locate-address', async (c) => {
    const query = readQuery(c, suggestAddressQuery);
    if (!query.ok) return query.response;
    const outcome = await delivery.locateAddress(c.get('ctx'), query.data.q);
    c.header('Cache-Control', 'private, no-store');
    if (!outcome.ok) return answerOutcome(c, outcome, delivery.DELIVERY_STATUS);
    return c.json({ error_status: 'success', suggestion: outcome.suggestion });
  });
