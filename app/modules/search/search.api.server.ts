import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { readQuery } from '#app/.server/http.ts';
import { searchQueryInput } from './search.schema.ts';
import { search } from './search.server.ts';

/** Endpoints under /api. */
export const searchApi = new Hono<HonoEnv>()
  /**
   * The header's search as you type: GET /api/search?q=трактора&limit=5 → hits grouped by kind with
   * their totals. An empty query answers an empty result; control characters or more than 100
   * characters answer 400 with the reason in Russian. Nothing here depends on the visitor (no
   * prices), so a shared cache may keep it briefly.
   */
  .get('/search', async (c) => {
    const query = readQuery(c, searchQueryInput);
    if (!query.ok) return query.response;
    const result = await search(c.get('ctx').services, query.data.q, { limitPerKind: query.data.limit });
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ error_status: 'success', ...result });
  });
