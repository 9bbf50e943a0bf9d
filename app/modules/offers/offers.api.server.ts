import { Hono } from 'hono';
import type { AppServices } from '#app/.server/context.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { safeEqual } from '#app/.server/security/tokens.ts';
import { OFFER_MESSAGES, offersImport } from './offers.schema.ts';
import { importOffers } from './offers.server.ts';

/** One exchange call may carry this much JSON (server/app.ts BODY_LIMIT_RULES). */
export const EXCHANGE_BODY_BYTES = 10 * 1024 * 1024;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), {
  status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
});
const refuse = (status: 400 | 401 | 403 | 415, message: string, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error_status: 'error', message }), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...extra } });

/** True when the request carries the configured Basic credentials (compared in constant time). */
function authorised(header: string | undefined, user: string, password: string): boolean {
  const match = /^Basic ([A-Za-z0-9+/=]{1,400})$/.exec(header ?? '');
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  // Both compared, always: the answer's time does not tell which one was wrong.
  const userOk = safeEqual(decoded.slice(0, colon), user);
  const passwordOk = safeEqual(decoded.slice(colon + 1), password);
  return userOk && passwordOk;
}

/**
 * The exchange with 1C (ADR 083), mounted at `/api/exchange` before sessions and the CSRF check: a
 * machine calls it with HTTP Basic credentials and no cookies. It takes only JSON, which a page of
 * another site cannot send without the browser asking first (so remembered Basic credentials cannot
 * be used across sites).
 *
 * `POST /api/exchange/offers {offers: [...]}` → 200 `{ error_status: 'success', results: [{external_id,
 * ok, hash, link, version, created} | {external_id, ok: false, status, message, path}] }`: each offer
 * on its own. 401 without or with wrong credentials, 403 when the exchange is not configured, 415
 * for anything but JSON, 400 for a body that is not `{offers: [...]}` (1 to 100 offers).
 */
export function offersExchangeApi(services: AppServices) {
  return new Hono<HonoEnv>().post('/offers', async (c) => {
    const { EXCHANGE_USER: user, EXCHANGE_PASSWORD: password } = services.config;
    if (!user || !password) return refuse(403, OFFER_MESSAGES.exchangeOff);
    if (!authorised(c.req.header('authorization'), user, password)) {
      return refuse(401, OFFER_MESSAGES.exchangeDenied, { 'WWW-Authenticate': 'Basic realm="exchange", charset="UTF-8"' });
    }
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return refuse(415, OFFER_MESSAGES.notJson);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return refuse(400, OFFER_MESSAGES.notJson);
    }
    const parsed = offersImport.safeParse(body);
    if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? OFFER_MESSAGES.notJson);
    return json(200, { error_status: 'success', results: await importOffers(services, parsed.data.offers) });
  });
}
