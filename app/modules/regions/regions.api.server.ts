import { Hono, type Context } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { errorResponse, readBody } from '#app/.server/http.ts';
import { UNKNOWN_REGION, saveAreaInput, setLocationInput } from './regions.schema.ts';
import { currentLocation, regionDirectory, setLocation } from './regions.server.ts';
import { sendSharedBytes } from '#app/.server/compressed-bytes.ts';

/** Spec §7 Region. */
export const regionsApi = new Hono<HonoEnv>()
  .get('/current-area', async (c) => {
    const ctx = c.get('ctx');
    const [location, dir] = await Promise.all([currentLocation(ctx), regionDirectory(ctx.services)]);
    return c.json({ error_status: 'success', ...location, areaTree: dir.areaTree });
  })
  .get('/current-area/area-tree', async (c) => {
    const dir = await regionDirectory(c.get('ctx').services);
    c.header('Cache-Control', 'public, max-age=300');
    return sendSharedBytes(c, dir.areaTreeBytes, 'application/json; charset=UTF-8');
  })
  .post('/current-area/save', async (c) => {
    const body = await readBody(c, saveAreaInput);
    if (!body.ok) return body.response;
    return respond(c, await setLocation(c.get('ctx'), body.data));
  })
  .post('/current-area/set-location', async (c) => {
    const body = await readBody(c, setLocationInput);
    if (!body.ok) return body.response;
    return respond(c, await setLocation(c.get('ctx'), body.data));
  });

function respond(c: Context<HonoEnv>, result: Awaited<ReturnType<typeof setLocation>>) {
  if (!result.ok) return errorResponse(c, 422, UNKNOWN_REGION);
  return c.json({ error_status: 'success', ...result.location, branchChanged: result.branchChanged });
}
