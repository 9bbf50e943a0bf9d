import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { errorResponse, readBody, readQuery } from '#app/.server/http.ts';
import { hitRateLimits } from '#app/.server/rate-limit.ts';
import { currentLocation } from '#app/modules/regions/regions.server.ts';
import { FEEDBACK_MESSAGES, FEEDBACK_RATE_LIMITS, feedbackInput, pageAliasQuery } from './content.schema.ts';
import { resolvePageAlias, saveFeedback } from './content.server.ts';

export const contentApi = new Hono<HonoEnv>()
  /** Spec §7: GET /api/page-alias/path {path} returns controller, referenceId. */
  .get('/page-alias/path', async (c) => {
    const query = readQuery(c, pageAliasQuery);
    if (!query.ok) return query.response;
    const alias = await resolvePageAlias(c.get('ctx').services, query.data.path);
    return c.json({ error_status: 'success', ...alias });
  })
  /**
   * The 'write us' modal: stored with the visitor's branch, then e-mailed to that branch. The answer
   * is the same whether the letter left at once or waits for a retry: the message is kept either
   * way, so 'Мы получили ваше сообщение' stays true.
   */
  .post('/feedback', async (c) => {
    const body = await readBody(c, feedbackInput);
    if (!body.ok) return body.response;
    const ctx = c.get('ctx');
    const limited = await hitRateLimits(ctx.services.db, ctx.ip ?? 'unknown', FEEDBACK_RATE_LIMITS);
    if (!limited.ok) {
      c.header('Retry-After', String(limited.retryAfterSeconds));
      return errorResponse(c, 429, FEEDBACK_MESSAGES.tooMany);
    }
    const location = await currentLocation(ctx);
    const { id, email } = location.currentBranch;
    await saveFeedback(ctx, body.data, id !== null && email ? { id, email } : null);
    return c.json({ error_status: 'success', message: FEEDBACK_MESSAGES.thanks });
  });
