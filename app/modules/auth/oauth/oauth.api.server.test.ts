import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '#app/.server/context.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { sha256 } from '#app/.server/security/tokens.ts';
import { csrfProtection } from '../../../../server/middleware/csrf.ts';
import { requestContextMiddleware } from '../../../../server/middleware/request-context.ts';
import { oauthRoutes } from './oauth.api.server.ts';
import { createOAuthSetup, type OAuthSetup } from './oauth.config.ts';
import { openPending } from './oauth.server.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });

/**
 * The router behind the same context and CSRF middleware as server/app.ts, driven like a browser:
 * cookies kept between calls (path ignored), redirects followed by hand.
 */
function browser(services: AppServices, setup: OAuthSetup = createOAuthSetup({ env: {}, nodeEnv: 'test' })) {
  const app = new Hono<HonoEnv>();
  app.use(requestContextMiddleware(services));
  app.use(csrfProtection());
  app.route('/', oauthRoutes(setup));
  const cookies = new Map<string, string>();
  const setCookies: string[] = [];
  async function request(path: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    let body: string | undefined;
    if (init.form) { body = new URLSearchParams(init.form).toString(); headers['content-type'] = 'application/x-www-form-urlencoded'; }
    const response = await app.request(path, { method: init.method ?? 'GET', headers, body });
    for (const line of response.headers.getSetCookie()) {
      setCookies.push(line);
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1);
      if (/max-age=0/i.test(line) || value === '') cookies.delete(pair!.slice(0, eq));
      else cookies.set(pair!.slice(0, eq), value);
    }
    return response;
  }
  return { app, cookies, setCookies, request };
}

const location = (response: Response) => {
  const value = response.headers.get('location');
  if (!value) throw new Error(`no Location (status ${response.status})`);
  const url = new URL(value, 'http://localhost:3000');
  return `${url.pathname}${url.search}`;
};

/** The hidden inputs of the sandbox's form. */
const hiddenFields = (html: string) => Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"')]));

async function sessionUser(cookies: Map<string, string>) {
  const sid = cookies.get('sid');
  if (!sid) return null;
  const row = await t.db.selectFrom('auth_session').select('user_id').where('id', '=', sha256(sid)).executeTakeFirst();
  return row?.user_id ?? null;
}

describe('GET /auth-social', () => {
  it('redirects to the provider with state and PKCE, in a short-lived HttpOnly cookie', async () => {
    const b = browser(t.services);
    const response = await b.request('/auth-social?authclient=vkontakte&redirect=%2Fcart');
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const target = new URL(response.headers.get('location')!, 'http://localhost:3000');
    expect(target.pathname).toBe('/auth-social/sandbox/authorize');
    expect(target.searchParams.get('client')).toBe('vkontakte');
    expect(target.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(target.searchParams.get('state')).toBeTruthy();
    const cookie = b.setCookies.find((c) => c.startsWith('oauth_state='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/auth-social\/callback/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=600/);
  });

  it('answers 400 in Russian for an unknown authclient', async () => {
    const response = await browser(t.services).request('/auth-social?authclient=facebook');
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Неизвестный способ входа. Выберите Яндекс, Mail.ru, ВКонтакте или Одноклассники');
    expect((await browser(t.services).request('/auth-social')).status).toBe(400);
  });
});

describe('the full sandbox flow', () => {
  async function consentPage(b: ReturnType<typeof browser>, provider: string, redirect: string) {
    const start = await b.request(`/auth-social?authclient=${provider}&redirect=${encodeURIComponent(redirect)}`);
    const page = await b.request(location(start));
    expect(page.status).toBe(200);
    return page.text();
  }

  it('start → sandbox page → Войти → callback → the consent page with the pending sign-up; nothing created yet', async () => {
    const b = browser(t.services);
    const html = await consentPage(b, 'yandex', '/catalog?page=2');
    expect(html).toContain('Тестовый вход через Яндекс');
    expect(html).toContain('value="Тестовый Покупатель"');
    expect(html).toContain('value="test.yandex@example.com"');
    expect(html).not.toContain('email_verified');
    expect(html).toContain('>Войти</button>');
    const hidden = hiddenFields(html);
    expect(hidden._csrf).toBeTruthy();

    const approved = await b.request('/auth-social/sandbox/authorize', { method: 'POST', form: { ...hidden, name: 'Сергей Flow', email: 'sergey.flow@example.ru' } });
    expect(approved.status).toBe(303);
    expect(location(approved)).toMatch(/^\/auth-social\/callback\/yandex\?code=[\w-]+&state=/);

    const done = await b.request(location(approved));
    expect(done.status).toBe(303);
    expect(location(done)).toBe('/auth-social/consent');
    expect(b.setCookies.some((c) => /^oauth_state=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);
    const pendingCookie = b.setCookies.find((c) => c.startsWith('oauth_pending='))!;
    expect(pendingCookie).toMatch(/HttpOnly/);
    expect(pendingCookie).toMatch(/Path=\/auth-social;/);
    expect(pendingCookie).toMatch(/SameSite=Lax/);
    const pending = openPending(t.services.config.sessionSecret, b.cookies.get('oauth_pending'))!;
    expect(pending).toMatchObject({ provider: 'yandex', name: 'Сергей Flow', email: null, redirect: '/catalog?page=2' });
    // 152-ФЗ: no account, no link, no session until the consent page is posted.
    expect(await sessionUser(b.cookies)).toBeNull();
    expect(await t.db.selectFrom('auth_oauth_account').select('user_id').where('subject', '=', pending.subject).execute()).toEqual([]);

    // Reloading the callback does not start a second sign-up: the state cookie is gone.
    const replay = await b.request(location(approved));
    expect(location(replay)).toBe('/login?auth_error=state_invalid&authclient=yandex');
  });

  it('the consent form needs the CSRF token', async () => {
    const b = browser(t.services);
    const { _csrf: _, ...hidden } = hiddenFields(await consentPage(b, 'ok', '/'));
    const response = await b.request('/auth-social/sandbox/authorize', { method: 'POST', form: { ...hidden, name: 'Без токена', email: 'no.csrf@example.ru' } });
    expect(response.status).toBe(403);
  });

  it('Отмена returns to /login with access_denied; a foreign redirect ends on /', async () => {
    const b = browser(t.services);
    const hidden = hiddenFields(await consentPage(b, 'mailru', 'https://evil.example/phish'));
    const denied = await b.request('/auth-social/sandbox/authorize', { method: 'POST', form: { ...hidden, deny: '1' } });
    const back = await b.request(location(denied));
    expect(location(back)).toBe('/login?auth_error=access_denied&authclient=mailru');
    expect(await sessionUser(b.cookies)).toBeNull();

    const again = hiddenFields(await consentPage(b, 'mailru', '//evil.example'));
    const approved = await b.request('/auth-social/sandbox/authorize', { method: 'POST', form: { ...again, name: 'Ира', email: 'ira.redirect@example.ru' } });
    expect(location(await b.request(location(approved)))).toBe('/auth-social/consent');
    expect(openPending(t.services.config.sessionSecret, b.cookies.get('oauth_pending'))?.redirect).toBe('/');
  });

  it('a callback without the cookie that started it (another browser) is refused', async () => {
    const starter = browser(t.services);
    const hidden = hiddenFields(await consentPage(starter, 'vkontakte', '/'));
    const approved = await starter.request('/auth-social/sandbox/authorize', { method: 'POST', form: { ...hidden, name: 'Жертва', email: 'victim@example.ru' } });
    const other = browser(t.services);
    const response = await other.request(location(approved));
    expect(location(response)).toBe('/login?auth_error=state_invalid&authclient=vkontakte');
    expect(other.cookies.has('sid')).toBe(false);
  });

  it('refuses a malformed sandbox request and an unknown callback provider', async () => {
    const b = browser(t.services);
    const response = await b.request('/auth-social/sandbox/authorize?client=ok&state=s&code_challenge=short&redirect_uri=https://evil.example/');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Неверный запрос тестового входа');
    expect(location(await b.request('/auth-social/callback/facebook?code=x&state=y'))).toBe('/login?auth_error=unknown_provider');
  });
});

describe('with real providers', () => {
  it('serves no sandbox pages and sends the browser to the provider', async () => {
    const env = {
      OAUTH_MODE: 'http', OAUTH_YANDEX_CLIENT_ID: 'y-id', OAUTH_YANDEX_CLIENT_SECRET: 'ys', OAUTH_MAILRU_CLIENT_ID: 'm', OAUTH_MAILRU_CLIENT_SECRET: 'ms',
      OAUTH_VKONTAKTE_CLIENT_ID: 'v', OAUTH_OK_CLIENT_ID: 'o', OAUTH_OK_CLIENT_SECRET: 'os', OAUTH_OK_APP_KEY: 'ok',
    };
    const b = browser(t.services, createOAuthSetup({ env, nodeEnv: 'test' }));
    expect((await b.request('/auth-social/sandbox/authorize?client=ok')).status).toBe(404);
    const start = await b.request('/auth-social?authclient=yandex');
    expect(start.headers.get('location')).toMatch(/^https:\/\/oauth\.yandex\.ru\/authorize\?response_type=code&client_id=y-id&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fauth-social%2Fcallback%2Fyandex&state=[\w-]+&code_challenge=[\w-]{43}&code_challenge_method=S256$/);
  });
});
