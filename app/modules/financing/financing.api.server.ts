import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { readQuery } from '#app/.server/http.ts';
import { programmesQuery } from './financing.schema.ts';
import { financingToday, programmesInForce } from './financing.server.ts';

/** Financing reference data under /api (ADR 082): the same for every visitor, nothing personal. */
export const financingApi = new Hono<HonoEnv>()
  /**
   * `GET /api/financing/programmes?country=RU|KZ` → `{ error_status: 'success', date, programmes }`:
   * the programmes open today with the terms in force (rate, term, advance, seasonal months,
   * deferral), for the browser's calculator, which starts its schedule on `date`. A shared cache may
   * keep it for five minutes; a bad country is a 400 with the Russian message.
   */
  .get('/financing/programmes', async (c) => {
    const query = readQuery(c, programmesQuery);
    if (!query.ok) return query.response;
    const date = financingToday();
    const programmes = await programmesInForce(c.get('ctx').services, query.data.country, date);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ error_status: 'success', date, programmes });
  });
