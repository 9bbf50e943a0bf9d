import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '#app/.server/context.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testContext } from '#app/.server/test-context.ts';
import { createSession } from '#app/.server/session.ts';
import type { SocialProviderId } from '../auth.constants.ts';
import { CONSENT_TEXT_VERSION, createUser } from '../users.server.ts';
import type { OAuthClient, OAuthProfile } from './oauth.providers.ts';
import { createOAuthSetup } from './oauth.config.ts';
import { OAUTH_STATE_TTL_MS } from './oauth.constants.ts';
import { OAuthProviderError, pkceChallenge } from './oauth.providers.ts';
import { sandboxDefaultUser, type SandboxUserInput } from './oauth.sandbox.ts';
import { redirectTarget as safeRedirect } from '#app/lib/safe-redirect.ts';
import { completeSocialSignUp, finishOAuth, openPending, openState, sealState, startOAuth, type FinishResult } from './oauth.server.ts';

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
function runToCallback(ctx: RequestContext, provider: SocialProviderId, user: SandboxUserInput, redirect: unknown = '/cart', browserKey = 'browser-a') {
  const started = startOAuth(ctx, setup.clients[provider], redirect);
  const request = sandbox.parseAuthorize(queryOf(started.url));
  if (!request) throw new Error('the sandbox refused our own authorization URL');
  return { started, callback: queryOf(sandbox.approve(request, user, browserKey)) };
}

async function signInVia(provider: SocialProviderId, user: SandboxUserInput, ctx = testContext(t.services), browserKey = 'browser-a') {
  const { started, callback } = runToCallback(ctx, provider, user, '/cart', browserKey);
  const result = await finishOAuth(ctx, setup.clients[provider], callback, started.cookie);
  return { result, ctx };
}

/** A real provider's client as the callback sees it: it returns the profile it is given. */
function providerReturning(id: SocialProviderId, profile: OAuthProfile): OAuthClient {
  return { id, name: setup.clients[id].name, pkce: true, authorizationUrl: () => '/provider', fetchProfile: async () => profile };
}

async function signInWith(id: SocialProviderId, profile: OAuthProfile, ctx = testContext(t.services)) {
  const client = providerReturning(id, profile);
  const started = startOAuth(ctx, client, '/cart');
  const result = await finishOAuth(ctx, client, { state: openState(secret(), started.cookie)!.state, code: 'provider-code' }, started.cookie);
  return { result, ctx };
}

/** The consent page's post for a pending sign-up. */
function consentTo(result: FinishResult, ctx: RequestContext, form = { acceptGDPR: true, acceptAds: false }) {
  if (!result.ok || result.outcome !== 'consent_required') throw new Error(`no pending sign-up: ${JSON.stringify(result)}`);
  return completeSocialSignUp(ctx, result.pendingCookie, form);
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
    expect(await finishOAuth(ctx, yandex, callback, started.cookie)).toMatchObject({ ok: true, outcome: 'consent_required', redirect: '/auth-social/consent' });
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
    const issue = () => queryOf(sandbox.approve(request, sandboxDefaultUser('mailru'), 'browser-a')).code!;

    expect(() => sandbox.exchange({ client: 'mailru', code: issue(), codeVerifier: 'w'.repeat(43), redirectUri: request.redirectUri })).toThrow(/PKCE verifier does not match/);
    expect(() => sandbox.exchange({ client: 'mailru', code: issue(), codeVerifier: verifier, redirectUri: 'http://localhost:3000/elsewhere' })).toThrow(OAuthProviderError);
    expect(() => sandbox.exchange({ client: 'yandex', code: issue(), codeVerifier: verifier, redirectUri: request.redirectUri })).toThrow(/another client/);

    const code = issue();
    const token = sandbox.exchange({ client: 'mailru', code, codeVerifier: verifier, redirectUri: request.redirectUri });
    // The sandbox vouches for nothing: a typed address is never a verified one.
    expect(sandbox.userInfo('mailru', token)).toMatchObject({ email: 'test.mailru@example.com', emailVerified: false, name: 'Тестовый Покупатель' });
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
  it('a first sign-in creates nothing until the consent is posted; then the account, its link and the consents given', async () => {
    const email = newEmail('new');
    const ctx = testContext(t.services);
    const { result } = await signInWith('yandex', { subject: 'ya-new', name: 'Анна Петрова', email, emailVerified: true }, ctx);
    expect(result).toMatchObject({ ok: true, outcome: 'consent_required', redirect: '/auth-social/consent' });
    expect(ctx.session).toBeNull();
    expect(await t.db.selectFrom('auth_user').select('id').where('email', '=', email).execute()).toEqual([]);
    expect(await t.db.selectFrom('auth_oauth_account').select('user_id').where('subject', '=', 'ya-new').execute()).toEqual([]);

    // Posted without the tick: the spec's message, still nothing created.
    expect(await consentTo(result, ctx, { acceptGDPR: false, acceptAds: true })).toEqual({ ok: false, code: 'consent_required', message: 'Пожалуйста, подтвердите согласие' });
    expect(await t.db.selectFrom('auth_user').select('id').where('email', '=', email).execute()).toEqual([]);

    const done = await consentTo(result, ctx, { acceptGDPR: true, acceptAds: true });
    expect(done).toMatchObject({ ok: true, outcome: 'created', redirect: '/cart' });
    if (!done.ok) return;
    expect(ctx.session?.userId).toBe(done.userId);
    const user = await t.db.selectFrom('auth_user').selectAll().where('id', '=', done.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Анна Петрова', email, password_hash: null });
    expect(user.email_verified_at).toBeInstanceOf(Date);
    const consents = await t.db.selectFrom('auth_consent').select(['kind', 'text_version', 'ip', 'accepted_at']).where('user_id', '=', done.userId).orderBy('kind').execute();
    expect(consents.map(({ accepted_at: _, ...rest }) => rest)).toEqual([
      { kind: 'ads', text_version: CONSENT_TEXT_VERSION, ip: '127.0.0.1' },
      { kind: 'personal_data', text_version: CONSENT_TEXT_VERSION, ip: '127.0.0.1' },
    ]);
    expect(consents[0]!.accepted_at).toBeInstanceOf(Date);
    const links = await t.db.selectFrom('auth_oauth_account').select(['provider', 'user_id']).where('user_id', '=', done.userId).execute();
    expect(links).toEqual([{ provider: 'yandex', user_id: done.userId }]);

    // The same pending cookie posted again (a second tab) signs in to the same account, creates no other.
    expect(await consentTo(result, testContext(t.services))).toMatchObject({ ok: true, outcome: 'signed_in', userId: done.userId });
  });

  it('refuses a forged, foreign or expired pending sign-up', async () => {
    const ctx = testContext(t.services);
    const { result } = await signInWith('ok', { subject: 'ok-expiring', name: 'Пётр', email: null, emailVerified: false }, ctx);
    if (!result.ok || result.outcome !== 'consent_required') throw new Error('expected a pending sign-up');
    const expired = { ok: false, code: 'expired', message: 'Время на вход через соцсеть истекло. Начните вход заново' };
    expect(await completeSocialSignUp(ctx, result.pendingCookie, { acceptGDPR: true, acceptAds: false }, Date.now() + 16 * 60_000)).toEqual(expired);
    expect(await completeSocialSignUp(ctx, `${result.pendingCookie.split('.')[0]}.forged`, { acceptGDPR: true, acceptAds: false })).toEqual(expired);
    expect(await completeSocialSignUp(ctx, null, { acceptGDPR: true, acceptAds: false })).toEqual(expired);
    expect(openPending('another-secret-of-at-least-32-characters', result.pendingCookie)).toBeNull();
    expect(await t.db.selectFrom('auth_oauth_account').select('user_id').where('subject', '=', 'ok-expiring').execute()).toEqual([]);
  });

  it('signs the same provider user into the same account next time, without asking again', async () => {
    const user = { ...sandboxDefaultUser('mailru'), email: newEmail('again') };
    const first = await signInVia('mailru', user);
    const created = await consentTo(first.result, first.ctx);
    const second = await signInVia('mailru', { ...user, name: 'Другое имя' });
    expect(created).toMatchObject({ ok: true, outcome: 'created' });
    expect(second.result).toMatchObject({ ok: true, outcome: 'signed_in' });
    if (!created.ok || !second.result.ok || second.result.outcome === 'consent_required') return;
    expect(second.result.userId).toBe(created.userId);
    expect(second.ctx.session?.userId).toBe(created.userId);
  });

  it('links an existing account when a real provider vouches for its e-mail', async () => {
    const email = newEmail('existing');
    const existing = await createUser(t.db, { name: 'Иван', email, password: 'secret-123', emailVerified: true, ip: null });
    const { result } = await signInWith('yandex', { subject: 'ya-ivan', name: 'Иван Y', email, emailVerified: true });
    expect(result).toMatchObject({ ok: true, outcome: 'linked', userId: existing });
    const user = await t.db.selectFrom('auth_user').select(['name', 'password_hash']).where('id', '=', existing).executeTakeFirstOrThrow();
    expect(user.name).toBe('Иван');
    expect(user.password_hash).not.toBeNull();
    expect(await t.db.selectFrom('auth_user').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });

  it('the sandbox never links by e-mail: an existing address typed on its page gives a new account without it', async () => {
    const email = newEmail('typed');
    const existing = await createUser(t.db, { name: 'Мария', email, password: 'secret-123', emailVerified: true, ip: null });
    const { result, ctx } = await signInVia('vkontakte', { name: 'Чужой', email });
    expect(result).toMatchObject({ ok: true, outcome: 'consent_required' });
    expect(ctx.session).toBeNull();
    const done = await consentTo(result, ctx);
    if (!done.ok) throw new Error(done.code);
    expect(done.userId).not.toBe(existing);
    const created = await t.db.selectFrom('auth_user').select(['name', 'email', 'email_verified_at']).where('id', '=', done.userId).executeTakeFirstOrThrow();
    expect(created).toEqual({ name: 'Чужой', email: null, email_verified_at: null });
    expect(await t.db.selectFrom('auth_oauth_account').select('user_id').where('user_id', '=', existing).execute()).toEqual([]);
  });

  it('the same typed e-mail in another browser is another sandbox user', async () => {
    const user = { ...sandboxDefaultUser('ok'), email: newEmail('shared') };
    const a = await signInVia('ok', user, testContext(t.services), 'browser-a');
    const mine = await consentTo(a.result, a.ctx);
    const b = await signInVia('ok', user, testContext(t.services), 'browser-b');
    expect(b.result).toMatchObject({ ok: true, outcome: 'consent_required' });
    expect(b.ctx.session).toBeNull();
    const theirs = await consentTo(b.result, b.ctx);
    if (!mine.ok || !theirs.ok) throw new Error('sign-up failed');
    expect(theirs.userId).not.toBe(mine.userId);
  });

  it('does not link by an unverified e-mail of a real provider: a new account without that e-mail', async () => {
    const email = newEmail('unverified');
    const existing = await createUser(t.db, { name: 'Мария', email, password: 'secret-123', emailVerified: true, ip: null });
    const { result, ctx } = await signInWith('vkontakte', { subject: 'vk-maria', name: 'Мария VK', email, emailVerified: false });
    const done = await consentTo(result, ctx);
    expect(done).toMatchObject({ ok: true, outcome: 'created' });
    if (!done.ok) return;
    expect(done.userId).not.toBe(existing);
    const created = await t.db.selectFrom('auth_user').select(['name', 'email', 'email_verified_at']).where('id', '=', done.userId).executeTakeFirstOrThrow();
    expect(created).toEqual({ name: 'Мария VK', email: null, email_verified_at: null });
  });

  it('holds what a provider says to the rules of our forms: control characters in a name are dropped, in an id or e-mail refused', async () => {
    const { result, ctx } = await signInWith('mailru', { subject: 'mail-nul', name: 'Пётр\u0000 Сидоров\u0007', email: 'pyotr\u0000@mail.ru', emailVerified: true });
    const done = await consentTo(result, ctx);
    expect(done).toMatchObject({ ok: true, outcome: 'created' });
    if (!done.ok) return;
    const created = await t.db.selectFrom('auth_user').select(['name', 'email']).where('id', '=', done.userId).executeTakeFirstOrThrow();
    expect(created).toEqual({ name: 'Пётр Сидоров', email: null });
    const forged = await signInWith('mailru', { subject: 'mail\u0000id', name: 'X', email: null, emailVerified: false });
    expect(forged.result).toMatchObject({ ok: false, code: 'provider_error' });
  });

  it('takes over a never-confirmed account by a real provider\'s verified e-mail: password and sessions dropped', async () => {
    const email = newEmail('planted');
    const planted = await createUser(t.db, { name: 'Кто-то', email, password: 'planted-pass', ip: null });
    const { session } = await createSession(t.db);
    await t.db.updateTable('auth_session').set({ user_id: planted }).where('id', '=', session.id).execute();

    const { result } = await signInWith('mailru', { subject: 'mr-owner', name: 'Владелец', email, emailVerified: true });
    expect(result).toMatchObject({ ok: true, outcome: 'linked', userId: planted });
    const user = await t.db.selectFrom('auth_user').select(['password_hash', 'email_verified_at']).where('id', '=', planted).executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();
    expect(user.email_verified_at).toBeInstanceOf(Date);
    expect(await t.db.selectFrom('auth_session').select('id').where('id', '=', session.id).executeTakeFirst()).toBeUndefined();
  });

  it('names an account without a name after the provider', async () => {
    const { result, ctx } = await signInVia('ok', { name: '', email: newEmail('noname') });
    const done = await consentTo(result, ctx);
    if (!done.ok) throw new Error(done.code);
    const user = await t.db.selectFrom('auth_user').select('name').where('id', '=', done.userId).executeTakeFirstOrThrow();
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
