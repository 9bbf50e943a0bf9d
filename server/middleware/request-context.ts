import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { audienceOf, type AppServices, type Audience, type RequestContext, type SessionState } from '#app/.server/context.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { csrfTokenId, isValidCsrfToken, issueCsrfToken, randomToken } from '#app/.server/security/tokens.ts';
import { parseStrictInt } from '#app/lib/strict-number.ts';
import { GUEST_SESSION_DAYS, createSession, findSession, revokeSession, rotateSession, type Persistence, type SignInHandler } from '#app/.server/session.ts';
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
    const session: SessionState | null = token ? await findSession(services.db, token, { withFacts }) : null;

    // A token is valid only for the session it was minted for (ADR 065).
    const cookieToken = getCookie(c, XSRF_COOKIE);
    const validToken = isValidCsrfToken(services.config.sessionSecret, cookieToken, session?.id ?? '') ? cookieToken : undefined;

    const rawRegion = c.req.query('region_id');
    const regionIdParam = parseStrictInt(rawRegion ?? null);

    const ctx = new LiveRequestContext(c, services, { secure, onSignIn: options.onSignIn, csrfToken: validToken }, {
      // Reading c.res also creates the response whose headers Hono merges into whatever a route returns,
      // so cookies set later (sign-in inside a page action) reach the browser.
      requestId: c.res.headers.get('X-Request-Id') ?? '',
      ip: clientIp(c, services.config.TRUST_PROXY),
      session,
      regionIdParam,
    });
    c.set('ctx', ctx);
    await next();
    if (ctx.issuedToken) {
      // Readable by scripts on purpose: the client echoes it in the X-XSRF-TOKEN header.
      setCookie(c, XSRF_COOKIE, ctx.issuedToken, { path: '/', sameSite: 'Lax', secure, maxAge: GUEST_SESSION_DAYS * 86_400 });
    }
    if (ctx.session?.userId != null) keepPrivate(c);
  };
}

/**
 * A signed-in visitor's answer is his: never kept by a shared cache (`private`; `no-store` unless
 * the answer said how it may be kept), and told apart by its cookie (`Vary: Cookie`).
 */
function keepPrivate(c: Context<HonoEnv>): void {
  const varies = /\bcookie\b/i.test(c.res.headers.get('Vary') ?? '');
  const isPrivate = /\bprivate\b/.test(c.res.headers.get('Cache-Control') ?? '');
  if (varies && isPrivate) return;
  let headers = c.res.headers;
  try {
    headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    // A response whose headers cannot change (a redirect made by Response.redirect) is copied once.
    const res = c.res;
    c.res = undefined;
    c.res = new Response(res.body, res);
    headers = c.res.headers;
  }
  if (!varies) headers.append('Vary', 'Cookie');
  if (!isPrivate) headers.set('Cache-Control', 'private, no-store');
}

type RequestFacts = Pick<RequestContext, 'requestId' | 'ip' | 'session' | 'regionIdParam'>;

/**
 * A request's context. A class, not an object literal with getters: V8 keeps such a literal in
 * dictionary mode with accessor pairs made per request, and with it each request's whole graph
 * (reached through the accessors' closures) survived minor collections until a full one; with the
 * accessors on the prototype it does not (ADR 059 has the measurements).
 */
class LiveRequestContext implements RequestContext {
  readonly services: AppServices;
  readonly requestId: string;
  readonly ip: string | null;
  session: SessionState | null;
  readonly regionIdParam: number | null;
  /** A CSRF token minted for this visitor during the request: its cookie is set on the way out. */
  issuedToken: string | undefined;
  /** The random part of the visitor's own token (never of a placeholder a cached render shows). */
  #csrfTokenId: string | undefined;
  readonly #c: Context<HonoEnv>;
  readonly #secure: boolean;
  readonly #onSignIn: readonly SignInHandler[] | undefined;
  #nonce: string | undefined;
  #csrfToken: string | undefined;

  constructor(c: Context<HonoEnv>, services: AppServices, options: { secure: boolean; onSignIn?: readonly SignInHandler[]; csrfToken: string | undefined }, facts: RequestFacts) {
    this.#c = c;
    this.services = services;
    this.#secure = options.secure;
    this.#onSignIn = options.onSignIn;
    this.#csrfToken = options.csrfToken;
    this.#csrfTokenId = options.csrfToken === undefined ? undefined : csrfTokenId(options.csrfToken);
    this.requestId = facts.requestId;
    this.ip = facts.ip;
    this.session = facts.session;
    this.regionIdParam = facts.regionIdParam;
  }

  // The token and the nonce are made only when something reads them (a page, a mutation check):
  // a cached JSON answer needs neither, and minting them is most of such a request's cost.
  get nonce(): string {
    return (this.#nonce ??= newNonce());
  }
  set nonce(value: string) {
    this.#nonce = value;
  }

  get audience(): Audience {
    return audienceOf(this.session, this.regionIdParam);
  }

  get csrfToken(): string {
    if (this.#csrfToken === undefined) this.#issueCsrfToken();
    return this.#csrfToken!;
  }
  set csrfToken(value: string) {
    this.#csrfToken = value;
  }

  /**
   * A token for the session the request has now. Called again whenever the session changes (made,
   * rotated, ended): the browser's token keeps its id and is signed for the new session, so what
   * the request renders after a sign-in, and the cookie it sends back, carry a token that works.
   */
  #issueCsrfToken(): void {
    this.#csrfTokenId ??= randomToken(18);
    this.#csrfToken = this.issuedToken = issueCsrfToken(this.services.config.sessionSecret, this.session?.id ?? '', this.#csrfTokenId);
  }

  async ensureSession(): Promise<SessionState> {
    if (this.session) return this.session;
    const created = await createSession(this.services.db);
    this.session = created.session;
    setCookie(this.#c, SESSION_COOKIE, created.token, {
      path: '/', httpOnly: true, sameSite: 'Lax', secure: this.#secure, maxAge: GUEST_SESSION_DAYS * 86_400,
    });
    this.#issueCsrfToken();
    return this.session;
  }

  async signIn(userId: number, persistence: Persistence): Promise<SessionState> {
    const rotated = await rotateSession(this.services.db, this.session, userId, persistence, undefined, this.#onSignIn);
    this.session = rotated.session;
    setCookie(this.#c, SESSION_COOKIE, rotated.token, { path: '/', httpOnly: true, sameSite: 'Lax', secure: this.#secure, maxAge: rotated.maxAgeSeconds });
    this.#issueCsrfToken();
    return this.session;
  }

  async signOut(): Promise<void> {
    if (this.session) await revokeSession(this.services.db, this.session.id);
    this.session = null;
    deleteCookie(this.#c, SESSION_COOKIE, { path: '/', secure: this.#secure });
    this.#issueCsrfToken();
  }
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
