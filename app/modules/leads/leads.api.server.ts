import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { answerOutcome, readBody } from '#app/.server/http.ts';
import { financingRequestInput, offerRequestInput, serviceRequestInput } from './leads.schema.ts';
import { LEAD_STATUS, leadContacts, requestFinancing, requestOffer, requestService } from './leads.server.ts';

/**
 * The visitors' requests (ADR 069), under /api. Answers are the visitor's own: never stored by a
 * shared cache.
 */
export const leadsApi = new Hono<HonoEnv>()
  /**
   * `POST /api/leads/offer-request {modelId, name, phone, email?, comment?, acceptGDPR}` →
   * `{ error_status: 'success', message, id }`. Bad input 400 with the field's Russian message; an
   * unknown model 404; too many from one address 429 with Retry-After. The answer is the same
   * whether the letter to the branch left at once or waits for a retry: the request is kept either way.
   */
  .post('/leads/offer-request', async (c) => {
    const body = await readBody(c, offerRequestInput);
    if (!body.ok) return body.response;
    const outcome = await requestOffer(c.get('ctx'), body.data);
    c.header('Cache-Control', 'private, no-store');
    if (!outcome.ok) return answerOutcome(c, outcome, LEAD_STATUS);
    return answerOutcome(c, outcome, LEAD_STATUS, { id: outcome.id });
  })
  /**
   * `POST /api/leads/service-request {modelId?, model, serial?, problem, name, phone, email?, acceptGDPR}`
   * → `{ error_status: 'success', message, id }` (the form on /servis). Bad input 400 with the field's
   * Russian message; too many from one address (every kind of request counts) 429 with Retry-After.
   */
  .post('/leads/service-request', async (c) => {
    const body = await readBody(c, serviceRequestInput);
    if (!body.ok) return body.response;
    const outcome = await requestService(c.get('ctx'), body.data);
    c.header('Cache-Control', 'private, no-store');
    return outcome.ok ? answerOutcome(c, outcome, LEAD_STATUS, { id: outcome.id }) : answerOutcome(c, outcome, LEAD_STATUS);
  })
  /**
   * `POST /api/leads/financing-request {type: 'leasing'|'credit', modelId?, model, price, termMonths,
   * advance?, comment?, name, phone, email?, acceptGDPR}` → as the service request (the form on
   * /finansirovanie). Price and advance are typed in whole units ('12 500 000'), kept in minor units.
   */
  .post('/leads/financing-request', async (c) => {
    const body = await readBody(c, financingRequestInput);
    if (!body.ok) return body.response;
    const outcome = await requestFinancing(c.get('ctx'), body.data);
    c.header('Cache-Control', 'private, no-store');
    return outcome.ok ? answerOutcome(c, outcome, LEAD_STATUS, { id: outcome.id }) : answerOutcome(c, outcome, LEAD_STATUS);
  })
  /**
   * `GET /api/leads/contacts` → `{ error_status: 'success', name, phone, email }`: the signed-in
   * visitor's own, to fill the request form after hydration (the model page is shared by every
   * visitor of its class and carries none of them); empty for a guest.
   */
  .get('/leads/contacts', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ error_status: 'success', ...(await leadContacts(c.get('ctx'))) });
  });
