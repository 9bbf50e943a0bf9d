import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import type { SocialProviderId } from '../auth.constants.ts';
import type { OAuthSetup } from './oauth.config.ts';
import { AUTH_SOCIAL_PATH, OAUTH_CALLBACK_PATH, OAUTH_FAILURE_PATH, OAUTH_STATE_COOKIE, oauthErrorMessage, type OAuthErrorCode } from './oauth.constants.ts';
import { SANDBOX_AUTHORIZE_PATH } from './oauth.sandbox.ts';
import { finishOAuth, isSocialProviderId, OAUTH_PENDING_COOKIE, OAUTH_PENDING_COOKIE_PATH, startOAuth } from './oauth.server.ts';

type C = Context<HonoEnv>;

const secureCookies = (c: C) => c.get('ctx').services.config.PUBLIC_ORIGIN.startsWith('https:');

/** `/login?auth_error=<code>&authclient=<id>`: the login page shows oauthErrorMessage(code, name). */
function failureLocation(code: OAuthErrorCode, provider: SocialProviderId | null): string {
  const query = new URLSearchParams({ auth_error: code, ...(provider ? { authclient: provider } : {}) });
  return `${OAUTH_FAILURE_PATH}?${query}`;
}

/**
 * Social sign-in pages (spec §3), outside /api: they are browser navigations, not JSON calls.
 *
 *   GET  /auth-social?authclient=<id>&redirect=/path   → 302 to the provider (400 for an unknown id)
 *   GET  /auth-social/callback/<id>                     → 303 to redirect (or '/'); a first sign-in to /auth-social/consent
 *                                                         (the consent page, a React Router route); or /login?auth_error=…
 *   GET  /auth-social/sandbox/authorize                 → the sandbox's consent page (OAUTH_MODE=sandbox only)
 *   POST /auth-social/sandbox/authorize                 → its 'Войти' / 'Отмена' (form with _csrf)
 */
export function oauthRoutes(setup: OAuthSetup) {
  const router = new Hono<HonoEnv>();

  router.get(AUTH_SOCIAL_PATH, (c) => {
    c.header('Cache-Control', 'no-store');
    const id = c.req.query('authclient');
    if (!isSocialProviderId(id)) return c.text(oauthErrorMessage('unknown_provider', ''), 400);
    const started = startOAuth(c.get('ctx'), setup.clients[id], c.req.query('redirect'));
    setCookie(c, OAUTH_STATE_COOKIE, started.cookie, {
      // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
      path: OAUTH_CALLBACK_PATH, httpOnly: true, sameSite: 'Lax', secure: secureCookies(c), maxAge: started.maxAgeSeconds,
    });
    return c.redirect(started.url, 302);
  });

  router.get(`${OAUTH_CALLBACK_PATH}/:provider`, async (c) => {
    c.header('Cache-Control', 'no-store');
    const id = c.req.param('provider');
    if (!isSocialProviderId(id)) return c.redirect(failureLocation('unknown_provider', null), 303);
    const cookie = getCookie(c, OAUTH_STATE_COOKIE);
    // One use: a reload of the callback, or a second tab, starts over.
    deleteCookie(c, OAUTH_STATE_COOKIE, { path: OAUTH_CALLBACK_PATH, secure: secureCookies(c) });
    const result = await finishOAuth(c.get('ctx'), setup.clients[id], c.req.query(), cookie);
    if (!result.ok) return c.redirect(failureLocation(result.code, id), 303);
    if (result.outcome === 'consent_required') {
      // A first sign-in: the profile waits, signed, for the consent page; no account exists yet.
      setCookie(c, OAUTH_PENDING_COOKIE, result.pendingCookie, {
        path: OAUTH_PENDING_COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure: secureCookies(c), maxAge: result.maxAgeSeconds,
      });
    }
    return c.redirect(result.redirect, 303);
  });

  const sandbox = setup.sandbox;
  if (sandbox) {
    const invalid = (c: C) => c.text('Неверный запрос тестового входа. Начните вход заново', 400);

    router.get(SANDBOX_AUTHORIZE_PATH, (c) => {
      c.header('Cache-Control', 'no-store');
      const request = sandbox.parseAuthorize(c.req.query());
      if (!request) return invalid(c);
      return c.html(sandbox.page(request, c.get('ctx').csrfToken));
    });

    // The CSRF middleware has already checked the form's _csrf field.
    router.post(SANDBOX_AUTHORIZE_PATH, async (c) => {
      c.header('Cache-Control', 'no-store');
      const body = await c.req.parseBody().catch(() => null);
      const request = body ? sandbox.parseAuthorize(body) : null;
      if (!body || !request) return invalid(c);
      const field = (name: string) => { const value = body[name]; return typeof value === 'string' ? value : ''; };
      const location = field('deny')
        ? sandbox.deny(request)
        // The browser's own token binds the sandbox user to this browser: the same e-mail elsewhere is someone else.
        : sandbox.approve(request, { name: field('name'), email: field('email') }, c.get('ctx').csrfToken);
      return c.redirect(location, 303);
    });
  }

  return router;
}
