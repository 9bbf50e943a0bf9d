import { Hono } from 'hono';
import { z } from '#app/lib/zod.ts';
import { advanceClock, now } from '#app/.server/clock.ts';
import type { Config } from '#app/.server/config.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { errorResponse } from '#app/.server/http.ts';

export const TEST_CLOCK_PATH = '/__test/clock';

/** At most a year per call: enough for every lock, window and link lifetime of the spec. */
const advanceInput = z.object({ advanceMs: z.number().int().min(0).max(366 * 86_400_000) });

/**
 * `POST /__test/clock {advanceMs}` moves the server's clock (app/.server/clock.ts) forward, so the
 * journeys pass a 30 s lock or an expiry without waiting in real time. Only a server started with
 * NODE_ENV=test has it: in production, development or demo a movable clock would void every limit
 * (code locks, tries, rate-limit windows, link lifetimes), so there the router has no routes at all.
 */
export function testClock(config: Pick<Config, 'NODE_ENV'>) {
  const router = new Hono<HonoEnv>();
  if (config.NODE_ENV !== 'test') return router;
  return router.post(TEST_CLOCK_PATH, async (c) => {
    const parsed = advanceInput.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return errorResponse(c, 400, 'advanceMs: целое число миллисекунд от 0 до года');
    advanceClock(parsed.data.advanceMs);
    c.header('Cache-Control', 'no-store');
    return c.json({ error_status: 'success', now: now().toISOString() });
  });
}
