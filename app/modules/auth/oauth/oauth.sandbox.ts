import { z } from '#app/lib/zod.ts';
import { nowMs } from '#app/.server/clock.ts';
import { randomToken, safeEqual, sha256 } from '#app/.server/security/tokens.ts';
import { SOCIAL_PROVIDERS, type SocialProviderId } from '../auth.constants.ts';
import { OAUTH_CALLBACK_PATH, OAUTH_SANDBOX_PATH } from './oauth.constants.ts';
import { displayName, normalizeEmail, OAuthProviderError, pkceChallenge, providerName, type OAuthClient, type OAuthProfile } from './oauth.providers.ts';

/**
 * The local stand-in for the four providers (development, tests and demo; OAUTH_MODE=sandbox). Its
 * "consent page" is served by our own app at /auth-social/sandbox/authorize: a small form where the
 * visitor chooses a name and an e-mail. The token and user-info steps are in-process calls that
 * check the code, the redirect URI and the PKCE verifier as a real provider would. Codes and tokens
 * live in this process's memory for a few minutes, which is enough for one developer, one demo or
 * one test run (a second process would not know them).
 *
 * The sandbox vouches for nothing (ADR 011): whatever e-mail is typed, the profile says it is not
 * confirmed, so the callback never links the sign-in to an existing account and never gives the new
 * account that address; and its user is bound to the browser that signed in (the subject includes
 * the browser's key), so typing the same e-mail in another browser is another, new user.
 */

export const SANDBOX_AUTHORIZE_PATH = `${OAUTH_SANDBOX_PATH}/authorize`;
/** How long an issued code and an access token stay usable. */
export const SANDBOX_CODE_TTL_MS = 5 * 60_000;
/** Memory cap: past it the oldest entries go (a code flow takes seconds). */
const MAX_ENTRIES = 10_000;

export interface SandboxAuthorizeRequest {
  client: SocialProviderId;
  state: string;
  codeChallenge: string;
  /** As sent; its path is `/auth-social/callback/<client>`. */
  redirectUri: string;
}

export interface SandboxUserInput {
  name: string;
  email: string;
}

interface IssuedCode { client: SocialProviderId; codeChallenge: string; redirectUri: string; profile: OAuthProfile; expiresAt: number }
interface IssuedToken { client: SocialProviderId; profile: OAuthProfile; expiresAt: number }

const providerIds = SOCIAL_PROVIDERS.map((p) => p.id) as [SocialProviderId, ...SocialProviderId[]];

const authorizeQuery = z.object({
  client: z.enum(providerIds),
  state: z.string().min(1).max(512),
  // S256 of a verifier: 32 bytes, base64url without padding.
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code_challenge_method: z.literal('S256').optional(),
  redirect_uri: z.string().max(2048),
});

export interface SandboxOAuth {
  /** The sandbox's client for a provider: same interface as the HTTP clients. */
  client(id: SocialProviderId): OAuthClient;
  /** The authorize request from the query (or the page's form), or null when it is malformed. */
  parseAuthorize(query: Record<string, unknown>): SandboxAuthorizeRequest | null;
  /** The consent page: 'Тестовый вход через …', name and e-mail prefilled. */
  page(request: SandboxAuthorizeRequest, csrfToken: string): string;
  /**
   * 'Войти': a code for this user of this browser (`browserKey`, e.g. from the XSRF cookie); returns
   * where to send the browser (the callback, same host).
   */
  approve(request: SandboxAuthorizeRequest, user: SandboxUserInput, browserKey: string): string;
  /** 'Отмена': back to the callback with error=access_denied, as a provider does. */
  deny(request: SandboxAuthorizeRequest): string;
  /** Token step: the code once, for the same client and redirect URI, with the verifier of its challenge. */
  exchange(input: { client: SocialProviderId; code: string; codeVerifier: string; redirectUri: string }): string;
  /** User-info step. */
  userInfo(client: SocialProviderId, accessToken: string): OAuthProfile;
}

export function sandboxDefaultUser(client: SocialProviderId): SandboxUserInput {
  return { name: 'Тестовый Покупатель', email: `test.${client}@example.com` };
}

/**
 * The same e-mail (or, without one, the same name) in the same browser is the same user of the
 * sandbox provider; in another browser it is someone else, so nobody reaches another's account by
 * typing its address.
 */
export function sandboxSubject(client: SocialProviderId, browserKey: string, user: { name: string; email: string | null }): string {
  return `sandbox-${sha256(`${client}:${sha256(browserKey)}:${user.email ?? `name:${user.name}`}`).slice(0, 32)}`;
}

const sandboxClients = new WeakSet<OAuthClient>();

/** Whether a client is the sandbox's: its profiles prove nothing about an e-mail. */
export function isSandboxClient(client: object): boolean {
  return sandboxClients.has(client as OAuthClient);
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function createSandboxOAuth(options: { now?: () => number } = {}): SandboxOAuth {
  const now = options.now ?? nowMs;
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, IssuedToken>();

  function remember<T extends { expiresAt: number }>(map: Map<string, T>, key: string, value: T) {
    const t = now();
    for (const [k, v] of map) if (v.expiresAt <= t) map.delete(k);
    while (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
    map.set(key, value);
  }

  const refuse = (client: SocialProviderId, why: string): never => { throw new OAuthProviderError(client, `sandbox: ${why}`, { status: 400 }); };

  /** Only our own callback for the same provider: the sandbox never sends a code elsewhere. */
  function callbackPath(request: SandboxAuthorizeRequest): string {
    let url: URL;
    try { url = new URL(request.redirectUri); } catch { return refuse(request.client, 'redirect_uri is not a URL'); }
    if (url.pathname !== `${OAUTH_CALLBACK_PATH}/${request.client}`) return refuse(request.client, 'redirect_uri is not the callback');
    return url.pathname;
  }

  const sandbox: SandboxOAuth = {
    client(id) {
      const client: OAuthClient = {
        id,
        name: providerName(id),
        pkce: true,
        authorizationUrl(r) {
          const query = new URLSearchParams({ client: id, response_type: 'code', state: r.state, code_challenge: r.codeChallenge, code_challenge_method: 'S256', redirect_uri: r.redirectUri });
          return `${SANDBOX_AUTHORIZE_PATH}?${query}`;
        },
        async fetchProfile(x) {
          const token = sandbox.exchange({ client: id, code: x.code, codeVerifier: x.codeVerifier, redirectUri: x.redirectUri });
          return sandbox.userInfo(id, token);
        },
      };
      sandboxClients.add(client);
      return client;
    },

    parseAuthorize(query) {
      const parsed = authorizeQuery.safeParse(query);
      if (!parsed.success) return null;
      const request = { client: parsed.data.client, state: parsed.data.state, codeChallenge: parsed.data.code_challenge, redirectUri: parsed.data.redirect_uri };
      try { callbackPath(request); } catch { return null; }
      return request;
    },

    page(request, csrfToken) {
      const user = sandboxDefaultUser(request.client);
      const title = `Тестовый вход через ${providerName(request.client)}`;
      const hidden = { _csrf: csrfToken, client: request.client, state: request.state, code_challenge: request.codeChallenge, code_challenge_method: 'S256', redirect_uri: request.redirectUri };
      const hiddenInputs = Object.entries(hidden).map(([k, v]) => `<input type="hidden" name="${k}" value="${escape(v)}">`).join('');
      return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:48px auto;padding:0 16px">
<h1 style="font-size:22px">${escape(title)}</h1>
<p style="color:#666">Тестовый провайдер: настоящий ${escape(providerName(request.client))} не вызывается. Он ничего не подтверждает: вход не привязывается к существующему аккаунту, а новый аккаунт создаётся без e-mail. Доступно, пока OAUTH_MODE=sandbox.</p>
<form method="post" action="${SANDBOX_AUTHORIZE_PATH}">${hiddenInputs}
<p><label>Имя<br><input name="name" value="${escape(user.name)}" required maxlength="100" style="width:100%"></label></p>
<p><label>E-mail<br><input name="email" type="email" value="${escape(user.email)}" maxlength="254" style="width:100%"></label></p>
<p><button type="submit">Войти</button> <button type="submit" name="deny" value="1">Отмена</button></p>
</form></body></html>`;
    },

    approve(request, user, browserKey) {
      const path = callbackPath(request);
      const email = normalizeEmail(user.email);
      const name = displayName(user.name);
      // Never verified: a typed address proves nothing, so it can neither link nor be given to an account.
      const profile: OAuthProfile = { subject: sandboxSubject(request.client, browserKey, { name, email }), email, emailVerified: false, name };
      const code = randomToken(24);
      remember(codes, code, { client: request.client, codeChallenge: request.codeChallenge, redirectUri: request.redirectUri, profile, expiresAt: now() + SANDBOX_CODE_TTL_MS });
      return `${path}?${new URLSearchParams({ code, state: request.state })}`;
    },

    deny(request) {
      return `${callbackPath(request)}?${new URLSearchParams({ error: 'access_denied', state: request.state })}`;
    },

    exchange({ client, code, codeVerifier, redirectUri }) {
      const issued = codes.get(code);
      // A code is single-use whatever happens next (RFC 6749 §4.1.2).
      codes.delete(code);
      if (!issued || issued.expiresAt <= now()) return refuse(client, 'invalid_grant (unknown or expired code)');
      if (issued.client !== client) return refuse(client, 'invalid_grant (code of another client)');
      if (issued.redirectUri !== redirectUri) return refuse(client, 'invalid_grant (redirect_uri differs)');
      if (!safeEqual(pkceChallenge(codeVerifier), issued.codeChallenge)) return refuse(client, 'invalid_grant (PKCE verifier does not match)');
      const token = randomToken(24);
      remember(tokens, token, { client, profile: issued.profile, expiresAt: now() + SANDBOX_CODE_TTL_MS });
      return token;
    },

    userInfo(client, accessToken) {
      const issued = tokens.get(accessToken);
      if (!issued || issued.expiresAt <= now() || issued.client !== client) return refuse(client, 'invalid_token');
      return issued.profile;
    },
  };
  return sandbox;
}
