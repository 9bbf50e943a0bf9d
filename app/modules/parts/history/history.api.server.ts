import { Hono, type Context } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { readBody } from '#app/.server/http.ts';
import { partsHistory, recordPartsView } from './history.server.ts';
import { partsViewInput } from './history.schema.ts';

/** Every answer is the visitor's own: never stored by a shared cache. */
async function answerHistory(c: Context<HonoEnv>) {
  c.header('Cache-Control', 'private, no-store');
  return c.json({ error_status: 'success', ...(await partsHistory(c.get('ctx'))) });
}

/** Endpoints under /api. */
export const partsHistoryApi = new Hono<HonoEnv>()
  /** The parts landing's 'Вы смотрели': `{ parts: [{ id, code, name, link }], lines: [{ id, name, manufacturer, link }] }`, newest first. */
  .get('/parts/history', answerHistory)
  /**
   * A part page (`{ partId }`) or a line's parts page (`{ lineId }`) reports that it was shown
   * (a cached page never runs its loader for the visitor); answers the history.
   */
  .post('/parts/history/view', async (c) => {
    const body = await readBody(c, partsViewInput);
    if (!body.ok) return body.response;
    await recordPartsView(c.get('ctx'), body.data);
    return answerHistory(c);
  });
