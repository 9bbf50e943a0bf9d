import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '#app/.server/context.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testContext } from '#app/.server/test-context.ts';
import { createSession } from '../session.server.ts';
import type { SocialProviderId } from '../auth.constants.ts';
import { CONSENT_TEXT_VERSION, createUser } from '../users.server.ts';
import { createOAuthSetup } from './oauth.config.ts';
import { OAUTH_STATE_TTL_MS } from './oauth.constants.ts';
import { OAuthProviderError, pkceChallenge } from './oauth.providers.ts';
import { sandboxDefaultUser, type SandboxUserInput } from './oauth.sandbox.ts';
import { finishOAuth, openState, safeRedirect, sealState, startOAuth } from './oauth.server.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });

const setup = createOAuthSetup({ env: {}, nodeEnv: 'test' });
const sandbox = setup.sandbox!;
const secret = () => t.services.config.sessionSecret;

let serial = 0;
const newEmail = (tag: string) => { serial += 1; return `${tag}.${serial}@example.ru`; };
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

/** Start → sandbox consent page 'Войти' → the callback's query, as the browser would carry it. */
function runToCallback(ctx: RequestContext, provider: SocialProviderId, user: SandboxUserInput, redirect: unknown = '/cart') {
  const started = startOAuth(ctx, setup.clients[provider], redirect);
  const request = sandbox.parseAuthorize(queryOf(started.url));
  if (!request) throw new Error('the sandbox refused our own authorization URL');
  return { started, callback: queryOf(sandbox.approve(request, user)) };
}

async function signInVia(provider: SocialProviderId, user: SandboxUserInput, ctx = testContext(t.services)) {
  const { started, callback } = runToCallback(ctx, provider, user);
  const result = await finishOAuth(ctx, setup.clients[provider], callback, started.cookie);
  return { result, ctx };
}

describe('state cookie', () => {
  it('round-trips a sealed payload and refuses a tampered, foreign or malformed one', () => {
    const payload = { state: 's'.repeat(32), verifier: 'v'.repeat(43), provider: 'yandex' as const, redirect: '/cart', exp: 1 };
    const sealed = sealState(secret(), payload);
    expect(openState(secret(), sealed)).toEqual(payload);

    const [body, sig] = sealed.split('.') as [string, string];
    const altered = Buffer.from(JSON.stringify({ ...payload, redirect: 'https://evil.example' })).toString('base64url');
    expect(openState(secret(), `${altered}.${sig}`)).toBeNull();
    expect(openState(secret(), `${body}.${sig.slice(1)}`)).toBeNull();
    expect(openState('another-secret-of-at-least-32-characters', sealed)).toBeNull();
    expect(openState(secret(), body)).toBeNull();
    expect(openState(secret(), undefined)).toBeNull();
  });

  it('carries a fresh state, a PKCE S256 challenge and the callback URI to the provider', () => {
    const ctx = testContext(t.services);
    const started = startOAuth(ctx, setup.clients.vkontakte, '/catalog?page=2');
    const query = queryOf(started.url);
    const stored = openState(secret(), started.cookie)!;
    expect(query).toMatchObject({ client: 'vkontakte', response_type: 'code', state: stored.state, code_challenge_method: 'S256', redirect_uri: 'http://localhost:3000/auth-social/callback/vkontakte' });
    expect(query.code_challenge).toBe(pkceChallenge(stored.verifier));
    expect(stored).toMatchObject({ provider: 'vkontakte', redirect: '/catalog?page=2' });
    expect(stored.exp - Date.now()).toBeGreaterThan(OAUTH_STATE_TTL_MS - 5_000);
    expect(startOAuth(ctx, setup.clients.vkontakte, '/').cookie).not.toBe(started.cookie);
  });
});

describe('finishOAuth refuses', () => {
  it('a callback whose state differs from the cookie, a forged cookie, a missing cookie or another provider\'s cookie', async () => {
    const ctx = testContext(t.services);
    const user = { ...sandboxDefaultUser('yandex'), email: newEmail('tamper') };
    const { started, callback } = runToCallback(ctx, 'yandex', user);
    const yandex = setup.clients.yandex;

    const wrongState = await finishOAuth(ctx, yandex, { ...callback, state: 'attacker-state' }, started.cookie);
    expect(wrongState).toEqual({ ok: false, code: 'state_invalid', message: 'Не удалось войти через Яндекс. Попробуйте ещё раз' });
    expect((await finishOAuth(ctx, yandex, { code: callback.code }, started.cookie)).ok).toBe(false);
    expect(await finishOAuth(ctx, yandex, callback, undefined)).toMatchObject({ ok: false, code: 'state_invalid' });

    const stored = openState(secret(), started.cookie)!;
    const forged = sealState('not-the-server-secret-but-32-characters', { ...stored, redirect: '/' });
    expect(await finishOAuth(ctx, yandex, callback, forged)).toMatchObject({ ok: false, code: 'state_invalid' });
    expect(await finishOAuth(ctx, setup.clients.mailru, callback, started.cookie)).toMatchObject({ ok: false, code: 'state_invalid', message: 'Не удалось войти через Mail.ru. Попробуйте ещё раз' });
    expect(ctx.session).toBeNull();

    // The untouched callback still works: nothing above used the code up.
    expect(await finishOAuth(ctx, yandex, callback, started.cookie)).toMatchObject({ ok: true, redirect: '/cart' });
  });

  it('a sign-in started more than 10 minutes ago', async () => {
    const ctx = testContext(t.services);
    const { started, callback } = runToCallback(ctx, 'ok', { ...sandboxDefaultUser('ok'), email: newEmail('late') });
    const result = await finishOAuth(ctx, setup.clients.ok, callback, started.cookie, Date.now() + OAUTH_STATE_TTL_MS + 1_000);
    expect(result).toEqual({ ok: false, code: 'state_expired', message: 'Время на вход через Одноклассники истекло. Попробуйте ещё раз' });
    expect(ctx.session).toBeNull();
  });

  it('a cancelled consent with access_denied', async () => {
    const ctx = testContext(t.services);
    const started = startOAuth(ctx, setup.clients.vkontakte, '/');
    const denied = queryOf(sandbox.deny(sandbox.parseAuthorize(queryOf(started.url))!));
    expect(await finishOAuth(ctx, setup.clients.vkontakte, denied, started.cookie)).toEqual({ ok: false, code: 'access_denied', message: 'Вход через ВКонтакте отменён' });
  });

  it('a code exchanged with another PKCE verifier, and a code used twice', async () => {
    const ctx = testContext(t.services);
    const { started, callback } = runToCallback(ctx, 'yandex', { ...sandboxDefaultUser('yandex'), email: newEmail('pkce') });
    const stored = openState(secret(), started.cookie)!;
    // A correctly signed cookie (the server's own) but a verifier that is not the challenge's.
    const otherVerifier = sealState(secret(), { ...stored, verifier: 'x'.repeat(43) });
    expect(await finishOAuth(ctx, setup.clients.yandex, callback, otherVerifier)).toMatchObject({ ok: false, code: 'provider_error' });
    // The failed attempt burnt the code, as a real provider does.
    expect(await finishOAuth(ctx, setup.clients.yandex, callback, started.cookie)).toMatchObject({ ok: false, code: 'provider_error' });
  });
});

describe('sandbox token step', () => {
  it('checks the verifier against the challenge, the redirect URI and the client, once per code', () => {
    const verifier = 'v'.repeat(43);
    const request = { client: 'mailru' as const, state: 'st', codeChallenge: pkceChallenge(verifier), redirectUri: 'http://localhost:3000/auth-social/callback/mailru' };
    const issue = () => queryOf(sandbox.approve(request, sandboxDefaultUser('mailru'))).code!;

    expect(() => sandbox.exchange({ client: 'mailru', code: issue(), codeVerifier: 'w'.repeat(43), redirectUri: request.redirectUri })).toThrow(/PKCE verifier does not match/);
    expect(() => sandbox.exchange({ client: 'mailru', code: issue(), codeVerifier: verifier, redirectUri: 'http://localhost:3000/elsewhere' })).toThrow(OAuthProviderError);
    expect(() => sandbox.exchange({ client: 'yandex', code: issue(), codeVerifier: verifier, redirectUri: request.redirectUri })).toThrow(/another client/);

    const code = issue();
    const token = sandbox.exchange({ client: 'mailru', code, codeVerifier: verifier, redirectUri: request.redirectUri });
    expect(sandbox.userInfo('mailru', token)).toMatchObject({ email: 'test.mailru@example.com', emailVerified: true, name: 'Тестовый Покупатель' });
    expect(() => sandbox.exchange({ client: 'mailru', code, codeVerifier: verifier, redirectUri: request.redirectUri })).toThrow(/unknown or expired/);
    expect(() => sandbox.userInfo('yandex', token)).toThrow(/invalid_token/);
  });

  it('sends codes only to our own callback of the same provider', () => {
    const base = { client: 'ok', state: 's', code_challenge: pkceChallenge('v'.repeat(43)) };
    expect(sandbox.parseAuthorize({ ...base, redirect_uri: 'https://evil.example/steal' })).toBeNull();
    expect(sandbox.parseAuthorize({ ...base, redirect_uri: 'http://localhost:3000/auth-social/callback/yandex' })).toBeNull();
    expect(sandbox.parseAuthorize({ ...base, client: 'facebook', redirect_uri: 'http://localhost:3000/auth-social/callback/ok' })).toBeNull();
    expect(sandbox.parseAuthorize({ ...base, redirect_uri: 'http://localhost:3000/auth-social/callback/ok' })).not.toBeNull();
  });
});

describe('accounts', () => {
  it('creates an account with a verified e-mail and the personal-data consent, then signs it in', async () => {
    const email = newEmail('new');
    const { result, ctx } = await signInVia('yandex', { name: '  Анна   Петрова ', email: email.toUpperCase(), emailVerified: true });
    expect(result).toMatchObject({ ok: true, outcome: 'created', redirect: '/cart' });
    if (!result.ok) return;
    expect(ctx.session?.userId).toBe(result.userId);

    const user = await t.db.selectFrom('auth_user').selectAll().where('id', '=', result.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Анна Петрова', email, password_hash: null });
    expect(user.email_verified_at).toBeInstanceOf(Date);
    const consents = await t.db.selectFrom('auth_consent').select(['kind', 'text_version', 'ip']).where('user_id', '=', result.userId).execute();
    expect(consents).toEqual([{ kind: 'personal_data', text_version: CONSENT_TEXT_VERSION, ip: '127.0.0.1' }]);
    const links = await t.db.selectFrom('auth_oauth_account').select(['provider', 'user_id']).where('user_id', '=', result.userId).execute();
    expect(links).toEqual([{ provider: 'yandex', user_id: result.userId }]);
  });

  it('signs the same provider user into the same account next time', async () => {
    const user = { ...sandboxDefaultUser('mailru'), email: newEmail('again') };
    const first = await signInVia('mailru', user);
    const second = await signInVia('mailru', { ...user, name: 'Другое имя' });
    expect(first.result).toMatchObject({ ok: true, outcome: 'created' });
    expect(second.result).toMatchObject({ ok: true, outcome: 'signed_in' });
    if (!first.result.ok || !second.result.ok) return;
    expect(second.result.userId).toBe(first.result.userId);
    expect(second.ctx.session?.userId).toBe(first.result.userId);
  });

  it('links an existing account when the provider vouches for its e-mail', async () => {
    const email = newEmail('existing');
    const existing = await createUser(t.db, { name: 'Иван', email, password: 'secret-123', emailVerified: true, ip: null });
    const { result } = await signInVia('yandex', { name: 'Иван Y', email, emailVerified: true });
    expect(result).toMatchObject({ ok: true, outcome: 'linked', userId: existing });
    const user = await t.db.selectFrom('auth_user').select(['name', 'password_hash']).where('id', '=', existing).executeTakeFirstOrThrow();
    expect(user.name).toBe('Иван');
    expect(user.password_hash).not.toBeNull();
    expect(await t.db.selectFrom('auth_user').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });

  it('does not link by an unverified e-mail: a new account without that e-mail', async () => {
    const email = newEmail('unverified');
    const existing = await createUser(t.db, { name: 'Мария', email, password: 'secret-123', emailVerified: true, ip: null });
    const { result } = await signInVia('vkontakte', { name: 'Мария VK', email, emailVerified: false });
    expect(result).toMatchObject({ ok: true, outcome: 'created' });
    if (!result.ok) return;
    expect(result.userId).not.toBe(existing);
    const created = await t.db.selectFrom('auth_user').select(['name', 'email', 'email_verified_at']).where('id', '=', result.userId).executeTakeFirstOrThrow();
    expect(created).toEqual({ name: 'Мария VK', email: null, email_verified_at: null });
  });

  it('takes over a never-confirmed account by its verified e-mail: password and sessions dropped', async () => {
    const email = newEmail('planted');
    const planted = await createUser(t.db, { name: 'Кто-то', email, password: 'planted-pass', ip: null });
    const { session } = await createSession(t.db);
    await t.db.updateTable('auth_session').set({ user_id: planted }).where('id', '=', session.id).execute();

    const { result } = await signInVia('mailru', { name: 'Владелец', email, emailVerified: true });
    expect(result).toMatchObject({ ok: true, outcome: 'linked', userId: planted });
    const user = await t.db.selectFrom('auth_user').select(['password_hash', 'email_verified_at']).where('id', '=', planted).executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();
    expect(user.email_verified_at).toBeInstanceOf(Date);
    expect(await t.db.selectFrom('auth_session').select('id').where('id', '=', session.id).executeTakeFirst()).toBeUndefined();
  });

  it('names an account without a name after the provider', async () => {
    const { result } = await signInVia('ok', { name: '', email: newEmail('noname'), emailVerified: true });
    if (!result.ok) throw new Error(result.code);
    const user = await t.db.selectFrom('auth_user').select('name').where('id', '=', result.userId).executeTakeFirstOrThrow();
    expect(user.name).toBe('Пользователь Одноклассники');
  });
});

describe('safeRedirect', () => {
  it('keeps paths of this site and turns everything else into /', () => {
    expect(safeRedirect('/cart?x=1#top')).toBe('/cart?x=1#top');
    expect(safeRedirect('/catalog/../cart')).toBe('/cart');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', '\\\\evil', 'javascript:alert(1)', '/a\nb', '', undefined, 42, '/auth-social?authclient=ok', '/auth-social/callback/ok']) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});
