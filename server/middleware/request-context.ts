import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppServices, RequestContext, SessionState } from '#app/.server/context.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { isValidCsrfToken, issueCsrfToken } from '#app/.server/security/tokens.ts';
import { parseStrictInt } from '#app/lib/strict-number.ts';
import { createDocumentViews } from '#app/lib/packed.ts';
import { GUEST_SESSION_DAYS, createSession, findSession, revokeSession, rotateSession, type SignInHandler } from '#app/.server/session.ts';
import { newNonce } from './security-headers.ts';

export const SESSION_COOKIE = 'sid';
/** The double-submit cookie of spec §9; the same value is in the page's csrf-token meta tag. */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/**
 * Builds the request context: the session (read only when the cookie is present, created only when
 * something is written), the CSRF token and region_id of spec §7.
 */
export function requestContextMiddleware(services: AppServices, options: { onSignIn?: readonly SignInHandler[] } = {}): MiddlewareHandler<HonoEnv> {
  // Secure cookies only where the shop is served over HTTPS (a production build on localhost is not).
  const secure = services.config.PUBLIC_ORIGIN.startsWith('https:');
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    // A page view reads the visitor's facts with his session (one statement); a write never does.
    const withFacts = (c.req.method === 'GET' || c.req.method === 'HEAD') && !c.req.path.startsWith('/api/');
    let session: SessionState | null = token ? await findSession(services.db, token, { withFacts }) : null;

    // The token and the nonce are made only when something reads them (a page, a mutation check):
    // a cached JSON answer needs neither, and minting them is most of such a request's cost.
    const cookieToken = getCookie(c, XSRF_COOKIE);
    let csrfToken = isValidCsrfToken(services.config.sessionSecret, cookieToken) ? cookieToken : undefined;
    let issuedToken: string | undefined;
    let nonce: string | undefined;

    const rawRegion = c.req.query('region_id');
    const regionIdParam = parseStrictInt(rawRegion ?? null);

    const ctx: RequestContext = {
      services,
      // Reading c.res also creates the response whose headers Hono merges into whatever a route returns,
      // so cookies set later (sign-in inside a page action) reach the browser.
      requestId: c.res.headers.get('X-Request-Id') ?? '',
      ip: clientIp(c, services.config.TRUST_PROXY),
      get nonce() { return (nonce ??= newNonce()); },
      set nonce(value: string) { nonce = value; },
      get csrfToken() {
        if (csrfToken === undefined) csrfToken = issuedToken = issueCsrfToken(services.config.sessionSecret);
        return csrfToken;
      },
      set csrfToken(value: string) { csrfToken = value; },
      session,
      regionIdParam,
      // React Router asks for a client navigation's data at '<path>.data'; any other page view is
      // a document, whose packed views travel in it once (ADR 049).
      documentViews: withFacts && !c.req.path.endsWith('.data') ? createDocumentViews() : null,
      async ensureSession() {
        if (session) return session;
        const created = await createSession(services.db);
        session = ctx.session = created.session;
        setCookie(c, SESSION_COOKIE, created.token, {
          path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: GUEST_SESSION_DAYS * 86_400,
        });
        return session;
      },
      async signIn(userId, persistence) {
        const rotated = await rotateSession(services.db, session, userId, persistence, undefined, options.onSignIn);
        session = ctx.session = rotated.session;
        setCookie(c, SESSION_COOKIE, rotated.token, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: rotated.maxAgeSeconds });
        return session;
      },
      async signOut() {
        if (session) await revokeSession(services.db, session.id);
        session = ctx.session = null;
        deleteCookie(c, SESSION_COOKIE, { path: '/', secure });
      },
    };
    c.set('ctx', ctx);
    await next();
    if (issuedToken) {
      // Readable by scripts on purpose: the client echoes it in the X-XSRF-TOKEN header.
      setCookie(c, XSRF_COOKIE, issuedToken, { path: '/', sameSite: 'Lax', secure, maxAge: GUEST_SESSION_DAYS * 86_400 });
    }
  };
}

function clientIp(c: Parameters<MiddlewareHandler>[0], trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // app.request() in tests has no socket
  }
}
