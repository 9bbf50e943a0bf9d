import type { MiddlewareHandler } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { errorResponse } from '#app/.server/http.ts';
import { safeEqual } from '#app/.server/security/tokens.ts';

export const CSRF_FAILED = 'Сессия устарела. Обновите страницу и повторите действие';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every mutating request must echo the CSRF token (spec §7, §9): the X-CSRF-Token or X-XSRF-TOKEN
 * header from scripts, or a _csrf field from a plain HTML form. The token was checked against its
 * signature when the context was built, so here it only has to match.
 */
export function csrfProtection(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const expected = c.get('ctx').csrfToken;
    let sent = c.req.header('x-csrf-token') ?? c.req.header('x-xsrf-token');
    if (!sent && (c.req.header('content-type') ?? '').includes('form')) {
      // Read a clone: the original body still goes to the route's action.
      const form = await c.req.raw.clone().formData().catch(() => null);
      const field = form?.get('_csrf');
      sent = typeof field === 'string' ? field : undefined;
    }
    if (!sent || !safeEqual(sent, expected)) return errorResponse(c, 403, CSRF_FAILED);
    return next();
  };
}
