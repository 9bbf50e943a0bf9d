import { createHash } from 'node:crypto';
import { z } from '#app/lib/zod.ts';
import { SOCIAL_PROVIDERS, type SocialProviderId } from '../auth.constants.ts';

/**
 * The four social providers of spec §3 as OAuth 2.0 authorization-code clients. Each client builds
 * the authorization URL, then (at the callback) exchanges the code and reads the user's profile,
 * mapped to one shape. Use-cases see only `OAuthClient`, so the sandbox (oauth.sandbox.ts) and these
 * HTTP clients are interchangeable; which one is used is decided once, by `createOAuthSetup`.
 *
 * The endpoints below are the providers' documented ones as we know them. Every URL and scope can be
 * overridden by environment (OAUTH_<ID>_AUTHORIZE_URL, _TOKEN_URL, _USERINFO_URL, _SCOPE), so a
 * provider that moves an endpoint (VK ID also answers on id.vk.ru) is a configuration change.
 */

/** What the shop needs to know about a provider's user. */
export interface OAuthProfile {
  /** The provider's stable user id; with the provider it keys auth_oauth_account. */
  subject: string;
  /** Lower-cased, or null when the provider gave none (or not a plausible address). */
  email: string | null;
  /** Whether the provider vouches that the user owns `email`; only then is an account linked by it. */
  emailVerified: boolean;
  name: string;
}

export interface AuthorizationRequest {
  state: string;
  /** S256 challenge of the verifier; sent only by clients with `pkce`. */
  codeChallenge: string;
  /** `${PUBLIC_ORIGIN}/auth-social/callback/<id>`: must be registered with the provider. */
  redirectUri: string;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  state: string;
  /** Every query parameter of the callback (VK ID adds device_id, which its token step needs). */
  callback: Readonly<Record<string, string>>;
}

export interface OAuthClient {
  id: SocialProviderId;
  /** As on the button: 'Яндекс', 'Mail.ru', 'ВКонтакте', 'Одноклассники'. */
  name: string;
  /** Whether the authorization request carries a PKCE S256 challenge (and the token request its verifier). */
  pkce: boolean;
  authorizationUrl(request: AuthorizationRequest): string;
  /** Exchanges the code for a token and reads the profile; throws OAuthProviderError on any failure. */
  fetchProfile(exchange: CodeExchange): Promise<OAuthProfile>;
}

/**
 * The provider refused, answered something we cannot read, or did not answer in time. The message
 * names the step and the status (and the provider's OAuth error code when it gave one), never a token
 * or a code, so it is safe to log.
 */
export class OAuthProviderError extends Error {
  readonly provider: SocialProviderId;
  readonly status: number | null;

  constructor(provider: SocialProviderId, message: string, options: { status?: number | null; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'OAuthProviderError';
    this.provider = provider;
    this.status = options.status ?? null;
  }
}

export interface OAuthEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  /** As the provider writes it (space- or semicolon-separated); '' sends no scope parameter. */
  scope: string;
}

export const DEFAULT_OAUTH_ENDPOINTS: Readonly<Record<SocialProviderId, OAuthEndpoints>> = {
  // Yandex ID. The rights (login:info, login:email) are chosen when the app is registered; with no
  // scope parameter Yandex grants all of them, so the default sends none.
  yandex: {
    authorizeUrl: 'https://oauth.yandex.ru/authorize',
    tokenUrl: 'https://oauth.yandex.ru/token',
    userInfoUrl: 'https://login.yandex.ru/info?format=json',
    scope: '',
  },
  // Mail.ru OAuth 2.0 (o2.mail.ru). PKCE support is not documented as far as we know: state only.
  mailru: {
    authorizeUrl: 'https://oauth.mail.ru/login',
    tokenUrl: 'https://oauth.mail.ru/token',
    userInfoUrl: 'https://oauth.mail.ru/userinfo',
    scope: 'userinfo',
  },
  // VK ID (OAuth 2.1): PKCE S256 is mandatory; the callback carries device_id for the token step.
  vkontakte: {
    authorizeUrl: 'https://id.vk.com/authorize',
    tokenUrl: 'https://id.vk.com/oauth2/auth',
    userInfoUrl: 'https://id.vk.com/oauth2/user_info',
    scope: 'vkid.personal_info email',
  },
  // OK (Одноклассники). GET_EMAIL is granted only after OK's support approves the app; without it
  // the profile comes without an e-mail and a new account is created without one.
  ok: {
    authorizeUrl: 'https://connect.ok.ru/oauth/authorize',
    tokenUrl: 'https://api.ok.ru/oauth/token.do',
    userInfoUrl: 'https://api.ok.ru/fb.do',
    scope: 'VALUABLE_ACCESS;GET_EMAIL',
  },
};

export interface OAuthCredentials {
  clientId: string;
  /** Not used by VK ID's web flow (PKCE replaces it); sent there only when configured. */
  clientSecret: string | null;
  /** OK's public application key, which signs its API calls. */
  appKey: string | null;
}

export interface HttpClientOptions {
  endpoints: OAuthEndpoints;
  credentials: OAuthCredentials;
  /** For tests; the default is 10 s per request. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export function providerName(id: SocialProviderId): string {
  return SOCIAL_PROVIDERS.find((p) => p.id === id)?.name ?? id;
}

/** PKCE S256 (RFC 7636): base64url(SHA-256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return email.length <= 254 && EMAIL_SHAPE.test(email) ? email : null;
}

/** The first non-empty candidate, whitespace collapsed, at most 100 characters; '' when none. */
export function displayName(...candidates: unknown[]): string {
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const name = candidate.replace(/\s+/g, ' ').trim();
    if (name) return name.slice(0, 100);
  }
  return '';
}

const join = (...parts: unknown[]) => parts.filter((p) => typeof p === 'string' && p.trim()).join(' ');
const id = z.union([z.string().min(1), z.number()]).transform(String);
const text = z.string().nullish();

/*
 * Profile answers and how each becomes an OAuthProfile. Exported for the tests.
 */

/**
 * Yandex ID `GET login.yandex.ru/info?format=json`. `default_email` is a Yandex mailbox or an address
 * the user confirmed with Yandex, so it counts as verified.
 */
const yandexInfo = z.object({ id, login: text, default_email: text, real_name: text, display_name: text, first_name: text, last_name: text });
/** Mail.ru `GET /userinfo?access_token=`: `email` is the Mail.ru mailbox the user signed in with, so verified. */
const mailruInfo = z.object({ id, email: text, name: text, first_name: text, last_name: text, nickname: text });
/**
 * VK ID `POST /oauth2/user_info`: `{ user: { user_id, first_name, last_name, email, … } }`. VK ID does
 * not say whether the e-mail was confirmed, so it never links an existing account (a new one is made).
 */
const vkInfo = z.object({ user: z.object({ user_id: id, first_name: text, last_name: text, email: text }) });
/**
 * OK `users.getCurrentUser`: `{ uid, name, first_name, last_name, email }` (email only with GET_EMAIL).
 * OK does not say whether the e-mail was confirmed: treated as unverified, like VK.
 */
const okInfo = z.object({ uid: id, name: text, first_name: text, last_name: text, email: text });

export const PROFILE_MAPPERS: Readonly<Record<SocialProviderId, (json: unknown) => OAuthProfile | null>> = {
  yandex(json) {
    const p = yandexInfo.safeParse(json);
    if (!p.success) return null;
    const email = normalizeEmail(p.data.default_email);
    return { subject: p.data.id, email, emailVerified: email !== null, name: displayName(p.data.real_name, join(p.data.first_name, p.data.last_name), p.data.display_name, p.data.login) };
  },
  mailru(json) {
    const p = mailruInfo.safeParse(json);
    if (!p.success) return null;
    const email = normalizeEmail(p.data.email);
    return { subject: p.data.id, email, emailVerified: email !== null, name: displayName(p.data.name, join(p.data.first_name, p.data.last_name), p.data.nickname) };
  },
  vkontakte(json) {
    const p = vkInfo.safeParse(json);
    if (!p.success) return null;
    const u = p.data.user;
    return { subject: u.user_id, email: normalizeEmail(u.email), emailVerified: false, name: displayName(join(u.first_name, u.last_name)) };
  },
  ok(json) {
    const p = okInfo.safeParse(json);
    if (!p.success) return null;
    return { subject: p.data.uid, email: normalizeEmail(p.data.email), emailVerified: false, name: displayName(p.data.name, join(p.data.first_name, p.data.last_name)) };
  },
};

const accessToken = z.object({ access_token: z.string().min(1) });

/** RFC 6749 §2.3.1: client id and secret are form-encoded, then joined and base64-encoded. */
function basicAuth(clientId: string, secret: string): string {
  const enc = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(clientId)}:${enc(secret)}`).toString('base64')}`;
}

function withParams(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') url.searchParams.set(key, value);
  return url.toString();
}

/** One request to the provider; the JSON answer, or OAuthProviderError. */
async function callProvider(provider: SocialProviderId, step: 'token' | 'userinfo', url: string, init: RequestInit & { timeoutMs: number }): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
      signal: AbortSignal.timeout(init.timeoutMs),
      // A redirect would carry the code or the token somewhere we did not configure.
      redirect: 'error',
    });
  } catch (error) {
    throw new OAuthProviderError(provider, `${provider} ${step}: unreachable (${error instanceof Error ? error.name : 'error'})`, { cause: error });
  }
  const body = await response.text().catch(() => '');
  let json: unknown = null;
  try { json = JSON.parse(body); } catch { /* reported below */ }
  // OAuth errors carry a short code (invalid_grant…): safe to log, unlike the rest of the body.
  const oauthError = json && typeof json === 'object' && 'error' in json && typeof json.error === 'string' ? ` (${json.error.slice(0, 40)})` : '';
  if (!response.ok) throw new OAuthProviderError(provider, `${provider} ${step}: answered ${response.status}${oauthError}`, { status: response.status });
  if (json === null || typeof json !== 'object') throw new OAuthProviderError(provider, `${provider} ${step}: not JSON`, { status: response.status });
  if (oauthError) throw new OAuthProviderError(provider, `${provider} ${step}: refused${oauthError}`, { status: response.status });
  return json;
}

function tokenOf(provider: SocialProviderId, json: unknown): string {
  const parsed = accessToken.safeParse(json);
  if (!parsed.success) throw new OAuthProviderError(provider, `${provider} token: no access_token`);
  return parsed.data.access_token;
}

function profileOf(provider: SocialProviderId, json: unknown): OAuthProfile {
  const profile = PROFILE_MAPPERS[provider](json);
  if (!profile) throw new OAuthProviderError(provider, `${provider} userinfo: unexpected answer`);
  return profile;
}

const form = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));

const FORM = 'application/x-www-form-urlencoded';

/**
 * OK's API signature: md5 of the parameters (without access_token) sorted by name and written as
 * `k=v` with no separator, followed by md5(access_token + client secret); lower-case hex.
 */
export function okSignature(params: Record<string, string>, accessToken: string, clientSecret: string): string {
  const md5 = (v: string) => createHash('md5').update(v).digest('hex');
  const sorted = Object.keys(params).filter((k) => k !== 'access_token' && k !== 'session_key').sort().map((k) => `${k}=${params[k]}`).join('');
  return md5(sorted + md5(accessToken + clientSecret));
}

/** The real provider `id` over HTTP. */
export function createHttpOAuthClient(provider: SocialProviderId, options: HttpClientOptions): OAuthClient {
  const { endpoints: e, credentials: cr } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const name = providerName(provider);
  const secret = cr.clientSecret ?? '';
  const post = (step: 'token' | 'userinfo', url: string, body: URLSearchParams, headers: Record<string, string> = {}) =>
    callProvider(provider, step, url, { method: 'POST', body, headers: { 'content-type': FORM, ...headers }, timeoutMs });
  const get = (step: 'token' | 'userinfo', url: string, headers: Record<string, string> = {}) =>
    callProvider(provider, step, url, { method: 'GET', headers, timeoutMs });

  // Yandex and VK ID take the same authorization request: code flow with an S256 PKCE challenge.
  const pkceAuthorizationUrl = (r: { redirectUri: string; state: string; codeChallenge: string }) => withParams(e.authorizeUrl, {
    response_type: 'code', client_id: cr.clientId, redirect_uri: r.redirectUri, state: r.state,
    code_challenge: r.codeChallenge, code_challenge_method: 'S256', scope: e.scope,
  });

  switch (provider) {
    case 'yandex':
      return {
        id: provider, name, pkce: true,
        authorizationUrl: pkceAuthorizationUrl,
        async fetchProfile(x) {
          const token = tokenOf(provider, await post('token', e.tokenUrl, form({ grant_type: 'authorization_code', code: x.code, code_verifier: x.codeVerifier }), { authorization: basicAuth(cr.clientId, secret) }));
          return profileOf(provider, await get('userinfo', e.userInfoUrl, { authorization: `OAuth ${token}` }));
        },
      };
    case 'mailru':
      // Client authentication by HTTP Basic, which RFC 6749 §2.3.1 obliges every server to accept;
      // Mail.ru's docs also show client_id/client_secret in the body. Not verified against the live API.
      return {
        id: provider, name, pkce: false,
        authorizationUrl: (r) => withParams(e.authorizeUrl, {
          response_type: 'code', client_id: cr.clientId, redirect_uri: r.redirectUri, state: r.state, scope: e.scope,
        }),
        async fetchProfile(x) {
          const token = tokenOf(provider, await post('token', e.tokenUrl, form({ grant_type: 'authorization_code', code: x.code, redirect_uri: x.redirectUri }), { authorization: basicAuth(cr.clientId, secret) }));
          return profileOf(provider, await get('userinfo', withParams(e.userInfoUrl, { access_token: token })));
        },
      };
    case 'vkontakte':
      return {
        id: provider, name, pkce: true,
        authorizationUrl: pkceAuthorizationUrl,
        async fetchProfile(x) {
          const deviceId = x.callback.device_id;
          if (!deviceId) throw new OAuthProviderError(provider, 'vkontakte callback: no device_id');
          const token = tokenOf(provider, await post('token', e.tokenUrl, form({
            grant_type: 'authorization_code', code: x.code, code_verifier: x.codeVerifier, client_id: cr.clientId,
            device_id: deviceId, redirect_uri: x.redirectUri, state: x.state, client_secret: cr.clientSecret ?? undefined,
          })));
          return profileOf(provider, await post('userinfo', e.userInfoUrl, form({ client_id: cr.clientId, access_token: token })));
        },
      };
    case 'ok':
      return {
        id: provider, name, pkce: false,
        authorizationUrl: (r) => withParams(e.authorizeUrl, {
          response_type: 'code', client_id: cr.clientId, redirect_uri: r.redirectUri, state: r.state, scope: e.scope, layout: 'w',
        }),
        async fetchProfile(x) {
          const token = tokenOf(provider, await post('token', e.tokenUrl, form({
            grant_type: 'authorization_code', code: x.code, client_id: cr.clientId, client_secret: secret, redirect_uri: x.redirectUri,
          })));
          // `fields` naming email is our reading of OK's docs; without GET_EMAIL it is simply absent.
          const params = { application_key: cr.appKey ?? '', fields: 'uid,name,first_name,last_name,email', format: 'json', method: 'users.getCurrentUser' };
          const sig = okSignature(params, token, secret);
          return profileOf(provider, await get('userinfo', withParams(e.userInfoUrl, { ...params, sig, access_token: token })));
        },
      };
  }
}
