import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testContext } from '#app/.server/test-context.ts';
import { createOAuthSetup, type OAuthSetup } from './oauth.config.ts';
import { createHttpOAuthClient, okSignature, OAuthProviderError, PROFILE_MAPPERS, pkceChallenge } from './oauth.providers.ts';
import { finishOAuth, openState, startOAuth, completeSocialSignUp } from './oauth.server.ts';

/** One request as the stand-in provider saw it. */
interface Seen { method: string; path: string; query: Record<string, string>; headers: IncomingHttpHeaders; body: Record<string, string> }

let server: Server;
let base: string;
let seen: Seen[] = [];
/** Per path: the status and JSON the stand-in answers. */
let replies: Record<string, { status?: number; body: unknown }> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => { raw += chunk; });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      seen.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: Object.fromEntries(new URLSearchParams(raw)) });
      const reply = replies[url.pathname] ?? { status: 404, body: { error: 'not_found' } };
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => { seen = []; replies = {}; });

const seenAt = (path: string) => seen.find((s) => s.path === path);
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** http mode with every URL pointing at the stand-in. */
function httpEnv(): Record<string, string> {
  const env: Record<string, string> = { OAUTH_MODE: 'http', OAUTH_OK_APP_KEY: 'CBAOK' };
  for (const [id, prefix] of [['yandex', 'OAUTH_YANDEX'], ['mailru', 'OAUTH_MAILRU'], ['vkontakte', 'OAUTH_VKONTAKTE'], ['ok', 'OAUTH_OK']]) {
    Object.assign(env, {
      [`${prefix}_CLIENT_ID`]: `${id}-client`, [`${prefix}_CLIENT_SECRET`]: `${id}-secret`,
      [`${prefix}_AUTHORIZE_URL`]: `${base}/${id}/authorize`, [`${prefix}_TOKEN_URL`]: `${base}/${id}/token`, [`${prefix}_USERINFO_URL`]: `${base}/${id}/userinfo?format=json`,
    });
  }
  return env;
}

describe('the real-provider path against a local stand-in (Yandex ID)', () => {
  let t: TestDatabase;
  let setup: OAuthSetup;
  beforeAll(async () => {
    t = await createTestDatabase();
    setup = createOAuthSetup({ env: httpEnv(), nodeEnv: 'test', timeoutMs: 2_000 });
  });
  afterAll(async () => { await t?.destroy(); });

  it('sends state and the S256 challenge, exchanges the code with the verifier and maps the profile', async () => {
    const ctx = testContext(t.services);
    const started = startOAuth(ctx, setup.clients.yandex, '/orders');
    const stored = openState(t.services.config.sessionSecret, started.cookie)!;
    const authorize = new URL(started.url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${base}/yandex/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      response_type: 'code', client_id: 'yandex-client', redirect_uri: 'http://localhost:3000/auth-social/callback/yandex',
      state: stored.state, code_challenge: pkceChallenge(stored.verifier), code_challenge_method: 'S256',
    });

    replies['/yandex/token'] = { body: { access_token: 'ya-access', token_type: 'bearer', expires_in: 31536000 } };
    replies['/yandex/userinfo'] = { body: { id: '1130000012345', login: 'ivan', default_email: 'Ivan.Petrov@Yandex.ru', real_name: 'Иван Петров', client_id: 'yandex-client' } };
    const callback = await finishOAuth(ctx, setup.clients.yandex, { code: 'auth-code-1', state: stored.state }, started.cookie);
    // A first sign-in asks for the consent (152-ФЗ) before the account exists.
    expect(callback).toMatchObject({ ok: true, outcome: 'consent_required', redirect: '/auth-social/consent' });
    if (!callback.ok || callback.outcome !== 'consent_required') return;
    const result = await completeSocialSignUp(ctx, callback.pendingCookie, { acceptGDPR: true, acceptAds: false });
    expect(result).toMatchObject({ ok: true, outcome: 'created', redirect: '/orders' });

    const token = seenAt('/yandex/token')!;
    expect(token.method).toBe('POST');
    expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token.headers.authorization).toBe(basic('yandex-client', 'yandex-secret'));
    expect(token.body).toEqual({ grant_type: 'authorization_code', code: 'auth-code-1', code_verifier: stored.verifier });
    const info = seenAt('/yandex/userinfo')!;
    expect(info.headers.authorization).toBe('OAuth ya-access');
    expect(info.query).toEqual({ format: 'json' });

    if (!result.ok) return;
    const user = await t.db.selectFrom('auth_user').select(['name', 'email', 'email_verified_at']).where('id', '=', result.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Иван Петров', email: 'ivan.petrov@yandex.ru' });
    expect(user.email_verified_at).toBeInstanceOf(Date);
    const link = await t.db.selectFrom('auth_oauth_account').select(['provider', 'subject']).where('user_id', '=', result.userId).executeTakeFirstOrThrow();
    expect(link).toEqual({ provider: 'yandex', subject: '1130000012345' });
  });

  it('turns a refused exchange into provider_error without signing in', async () => {
    const ctx = testContext(t.services);
    const started = startOAuth(ctx, setup.clients.yandex, '/');
    const { state } = openState(t.services.config.sessionSecret, started.cookie)!;
    replies['/yandex/token'] = { status: 400, body: { error: 'invalid_grant', error_description: 'Code has expired' } };
    expect(await finishOAuth(ctx, setup.clients.yandex, { code: 'old', state }, started.cookie)).toMatchObject({ ok: false, code: 'provider_error' });
    expect(seenAt('/yandex/userinfo')).toBeUndefined();
    expect(ctx.session).toBeNull();
  });
});

describe('HTTP clients of the other providers', () => {
  const endpoints = (id: string) => ({ authorizeUrl: `${base}/${id}/authorize`, tokenUrl: `${base}/${id}/token`, userInfoUrl: `${base}/${id}/userinfo`, scope: '' });
  const exchange = (callback: Record<string, string> = {}) => ({ code: 'c0de', codeVerifier: 'v'.repeat(43), redirectUri: 'https://shop.example/auth-social/callback/x', state: 'st4te', callback: { code: 'c0de', state: 'st4te', ...callback } });

  it('Mail.ru: no PKCE, Basic client authentication, access_token in the userinfo query', async () => {
    const client = createHttpOAuthClient('mailru', { endpoints: { ...endpoints('mailru'), scope: 'userinfo' }, credentials: { clientId: 'm-id', clientSecret: 'm-secret', appKey: null } });
    const url = new URL(client.authorizationUrl({ state: 'st4te', codeChallenge: 'ch', redirectUri: 'https://shop.example/cb' }));
    expect(url.searchParams.get('code_challenge')).toBeNull();
    expect(url.searchParams.get('scope')).toBe('userinfo');
    replies['/mailru/token'] = { body: { access_token: 'm-access', refresh_token: 'r', expires_in: 3600 } };
    replies['/mailru/userinfo'] = { body: { id: '9876', email: 'olga@mail.ru', name: 'Ольга Смирнова', first_name: 'Ольга', last_name: 'Смирнова' } };
    expect(await client.fetchProfile(exchange())).toEqual({ subject: '9876', email: 'olga@mail.ru', emailVerified: true, name: 'Ольга Смирнова' });
    expect(seenAt('/mailru/token')!.headers.authorization).toBe(basic('m-id', 'm-secret'));
    expect(seenAt('/mailru/token')!.body).toEqual({ grant_type: 'authorization_code', code: 'c0de', redirect_uri: 'https://shop.example/auth-social/callback/x' });
    expect(seenAt('/mailru/userinfo')!.query).toEqual({ access_token: 'm-access' });
  });

  it('VK ID: PKCE and device_id in the exchange, profile from user_info, e-mail not vouched for', async () => {
    const client = createHttpOAuthClient('vkontakte', { endpoints: endpoints('vkontakte'), credentials: { clientId: '5123', clientSecret: null, appKey: null } });
    expect(client.pkce).toBe(true);
    replies['/vkontakte/token'] = { body: { access_token: 'vk-access', refresh_token: 'r', id_token: 'i', user_id: 4242, state: 'st4te' } };
    replies['/vkontakte/userinfo'] = { body: { user: { user_id: '4242', first_name: 'Пётр', last_name: 'Сидоров', email: 'petr@vk.example' } } };
    expect(await client.fetchProfile(exchange({ device_id: 'dev-1' }))).toEqual({ subject: '4242', email: 'petr@vk.example', emailVerified: false, name: 'Пётр Сидоров' });
    expect(seenAt('/vkontakte/token')!.body).toEqual({
      grant_type: 'authorization_code', code: 'c0de', code_verifier: 'v'.repeat(43), client_id: '5123', device_id: 'dev-1',
      redirect_uri: 'https://shop.example/auth-social/callback/x', state: 'st4te',
    });
    expect(seenAt('/vkontakte/userinfo')!.body).toEqual({ client_id: '5123', access_token: 'vk-access' });
    await expect(client.fetchProfile(exchange())).rejects.toThrow(/device_id/);
  });

  it('OK: signed users.getCurrentUser with the application key', async () => {
    const client = createHttpOAuthClient('ok', { endpoints: endpoints('ok'), credentials: { clientId: '512000', clientSecret: 'ok-secret', appKey: 'CBAOK' } });
    replies['/ok/token'] = { body: { access_token: 'ok-access', token_type: 'session', refresh_token: 'r', expires_in: '1800' } };
    replies['/ok/userinfo'] = { body: { uid: '577000', name: 'Нина Орлова', first_name: 'Нина', last_name: 'Орлова' } };
    expect(await client.fetchProfile(exchange())).toEqual({ subject: '577000', email: null, emailVerified: false, name: 'Нина Орлова' });
    expect(seenAt('/ok/token')!.body).toMatchObject({ grant_type: 'authorization_code', code: 'c0de', client_id: '512000', client_secret: 'ok-secret' });
    const { sig, access_token: token, ...params } = seenAt('/ok/userinfo')!.query;
    expect(params).toMatchObject({ application_key: 'CBAOK', method: 'users.getCurrentUser', format: 'json' });
    expect(token).toBe('ok-access');
    const md5 = (v: string) => createHash('md5').update(v).digest('hex');
    const expected = md5(Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join('') + md5('ok-accessok-secret'));
    expect(sig).toBe(expected);
    expect(okSignature(params, 'ok-access', 'ok-secret')).toBe(expected);

    // OK reports errors with 200 and error_code: no profile.
    replies['/ok/userinfo'] = { body: { error_code: 102, error_msg: 'PARAM_SESSION_EXPIRED' } };
    await expect(client.fetchProfile(exchange())).rejects.toBeInstanceOf(OAuthProviderError);
  });

  it('an unreachable or non-JSON provider is an OAuthProviderError', async () => {
    const down = createHttpOAuthClient('yandex', { endpoints: { ...endpoints('yandex'), tokenUrl: 'http://127.0.0.1:1/token' }, credentials: { clientId: 'a', clientSecret: 'b', appKey: null }, timeoutMs: 1_000 });
    await expect(down.fetchProfile(exchange())).rejects.toThrow(/unreachable/);
    const client = createHttpOAuthClient('yandex', { endpoints: endpoints('yandex'), credentials: { clientId: 'a', clientSecret: 'b', appKey: null } });
    replies['/yandex/token'] = { body: 'not an object' };
    await expect(client.fetchProfile(exchange())).rejects.toThrow(/not JSON|no access_token/);
  });
});

describe('profile mapping', () => {
  it('needs the subject; a malformed e-mail becomes null', () => {
    expect(PROFILE_MAPPERS.yandex({ login: 'x' })).toBeNull();
    expect(PROFILE_MAPPERS.yandex({ id: 1, default_email: 'not-an-email', display_name: 'Ваня' })).toEqual({ subject: '1', email: null, emailVerified: false, name: 'Ваня' });
    expect(PROFILE_MAPPERS.mailru({ error: 'invalid_token' })).toBeNull();
    expect(PROFILE_MAPPERS.vkontakte({ user: { user_id: 5 } })).toEqual({ subject: '5', email: null, emailVerified: false, name: '' });
  });
});
