import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { machineryMenuJson } from './catalog.server.ts';

export const catalogApi = new Hono<HonoEnv>()
  /** The full machinery menu (two levels of subcategories), loaded when a menu or the search opens. */
  .get('/catalog/menu', async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(await machineryMenuJson(c.get('ctx').services), 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  });
