import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { readQuery } from '#app/.server/http.ts';
import { partSearchInput } from './parts.schema.ts';
import { lookupPartNumber } from './parts.server.ts';

/** Endpoints under /api. */
export const partsApi = new Hono<HonoEnv>()
  /**
   * Part-number lookup: GET /api/parts/search?q=АВ-123.45&limit=20 → the exact part first, then its
   * replacements, analogs and the numbers it replaced, then close numbers, each with price (signed
   * in) and stock at the visitor's branch and stock elsewhere. A missing or empty query, one without
   * a letter or a digit, control characters, more than 100 characters or a bad limit answer 400 with
   * the reason in Russian. Prices and the visitor's branch make the answer private.
   */
  .get('/parts/search', async (c) => {
    const query = readQuery(c, partSearchInput);
    if (!query.ok) return query.response;
    const result = await lookupPartNumber(c.get('ctx'), query.data.q, { limit: query.data.limit });
    c.header('Cache-Control', 'private, no-store');
    return c.json({ error_status: 'success', ...result });
  });
