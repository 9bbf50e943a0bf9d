import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { answerOutcome, readBody } from '#app/.server/http.ts';
import { offerRequestInput } from './leads.schema.ts';
import { LEAD_STATUS, leadContacts, requestOffer } from './leads.server.ts';

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
   * `GET /api/leads/contacts` → `{ error_status: 'success', name, phone, email }`: the signed-in
   * visitor's own, to fill the request form after hydration (the model page is shared by every
   * visitor of its class and carries none of them); empty for a guest.
   */
  .get('/leads/contacts', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ error_status: 'success', ...(await leadContacts(c.get('ctx'))) });
  });
