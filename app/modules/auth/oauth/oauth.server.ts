import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { randomToken, safeEqual } from '#app/.server/security/tokens.ts';
import { redirectTarget } from '#app/lib/safe-redirect.ts';
import { SOCIAL_PROVIDERS, type SocialProviderId } from '../auth.constants.ts';
import { createUser } from '../users.server.ts';
import { OAUTH_CALLBACK_PATH, OAUTH_STATE_TTL_MS, oauthErrorMessage, type OAuthErrorCode } from './oauth.constants.ts';
import { OAuthProviderError, pkceChallenge, type OAuthClient, type OAuthProfile } from './oauth.providers.ts';

/**
 * Social sign-in use-cases (spec §3, /auth-social?authclient=<id>): an OAuth 2.0 authorization-code
 * flow with state and, where the provider supports it, PKCE S256.
 *
 * Between the start and the callback nothing is stored on the server: state, PKCE verifier, provider
 * and the page to return to travel in a short-lived HttpOnly cookie, signed with SESSION_SECRET so
 * it cannot be forged or altered. Only the browser that started the sign-in holds it, which is what
 * makes `state` a defence against login CSRF. (The verifier is readable by that browser's owner,
 * which is fine: PKCE protects against a stolen code, not against the user themselves.)
 */

export function isSocialProviderId(value: unknown): value is SocialProviderId {
  return typeof value === 'string' && SOCIAL_PROVIDERS.some((p) => p.id === value);
}

/** `${PUBLIC_ORIGIN}/auth-social/callback/<id>`: the redirect URI registered with each provider. */
export function callbackUri(publicOrigin: string, provider: SocialProviderId): string {
  return `${publicOrigin.replace(/\/+$/, '')}${OAUTH_CALLBACK_PATH}/${provider}`;
}

/** Where to go after signing in: the app's one redirect check (app/lib/safe-redirect.ts), or '/'. */
export const safeRedirect = redirectTarget;

const statePayload = z.object({
  state: z.string().min(1),
  verifier: z.string().min(43).max(128),
  provider: z.enum(SOCIAL_PROVIDERS.map((p) => p.id) as [SocialProviderId, ...SocialProviderId[]]),
  redirect: z.string(),
  /** Milliseconds since the epoch. */
  exp: z.number(),
});
export type StatePayload = z.infer<typeof statePayload>;

function signState(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`oauth-state:${body}`).digest('base64url');
}

/** The cookie value: base64url(JSON) '.' HMAC-SHA256 of it. */
export function sealState(secret: string, payload: StatePayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${signState(secret, body)}`;
}

/** The payload when the signature is ours (expiry is the caller's check), else null. */
export function openState(secret: string, value: string | undefined | null): StatePayload | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const body = value.slice(0, dot);
  if (!safeEqual(signState(secret, body), value.slice(dot + 1))) return null;
  try {
    const parsed = statePayload.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface StartedOAuth {
  /** Where to send the browser: the provider's authorization page (or the sandbox's). */
  url: string;
  /** Value of the OAUTH_STATE_COOKIE (HttpOnly, path /auth-social/callback). */
  cookie: string;
  maxAgeSeconds: number;
}

/** Starts a sign-in: fresh state and PKCE verifier, sealed in the cookie, and the authorization URL. */
export function startOAuth(ctx: RequestContext, client: OAuthClient, redirectAfter: unknown, now = Date.now()): StartedOAuth {
  const state = randomToken(24);
  // 32 random bytes → 43 base64url characters: the shortest verifier RFC 7636 allows, 256 bits.
  const verifier = randomToken(32);
  const { config } = ctx.services;
  const payload: StatePayload = { state, verifier, provider: client.id, redirect: safeRedirect(redirectAfter), exp: now + OAUTH_STATE_TTL_MS };
  const url = client.authorizationUrl({ state, codeChallenge: pkceChallenge(verifier), redirectUri: callbackUri(config.PUBLIC_ORIGIN, client.id) });
  return { url, cookie: sealState(config.sessionSecret, payload), maxAgeSeconds: OAUTH_STATE_TTL_MS / 1000 };
}

export type AccountOutcome = 'signed_in' | 'linked' | 'created';

export type FinishResult =
  | { ok: true; userId: number; redirect: string; outcome: AccountOutcome }
  | { ok: false; code: OAuthErrorCode; message: string };

/**
 * The callback: checks the cookie's signature, provider, state and age; exchanges the code (with
 * the verifier) and reads the profile; finds, links or creates the account; signs in for the
 * browser session ('Чужой компьютер' is not offered on the provider's page).
 */
export async function finishOAuth(
  ctx: RequestContext,
  client: OAuthClient,
  query: Readonly<Record<string, string | undefined>>,
  cookieValue: string | undefined | null,
  now = Date.now(),
): Promise<FinishResult> {
  const fail = (code: OAuthErrorCode): FinishResult => ({ ok: false, code, message: oauthErrorMessage(code, client.name) });
  const stored = openState(ctx.services.config.sessionSecret, cookieValue);
  if (!stored || stored.provider !== client.id) return fail('state_invalid');
  if (!query.state || !safeEqual(query.state, stored.state)) return fail('state_invalid');
  if (stored.exp <= now) return fail('state_expired');
  if (query.error) return fail(query.error === 'access_denied' ? 'access_denied' : 'provider_error');
  if (!query.code) return fail('provider_error');

  let profile: OAuthProfile;
  try {
    profile = await client.fetchProfile({
      code: query.code,
      codeVerifier: stored.verifier,
      redirectUri: callbackUri(ctx.services.config.PUBLIC_ORIGIN, client.id),
      state: stored.state,
      callback: Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string')),
    });
  } catch (error) {
    if (!(error instanceof OAuthProviderError)) throw error;
    if (ctx.services.config.LOG_LEVEL !== 'silent') console.warn(JSON.stringify({ event: 'oauth_failed', requestId: ctx.requestId, provider: client.id, error: error.message }));
    return fail('provider_error');
  }

  const account = await resolveAccount(ctx.services.db, client, profile, ctx.ip);
  await ctx.signIn(account.userId, 'browser');
  return { ok: true, userId: account.userId, redirect: safeRedirect(stored.redirect), outcome: account.outcome };
}

/**
 * The shop account of a provider's user:
 * 1. already linked (provider, subject) → that account;
 * 2. the provider vouches for the e-mail and an account has it → link it. If that account never
 *    confirmed its address, whoever registered it may not own the mailbox (a planted account): the
 *    address is marked confirmed, its password and sessions are dropped, and the owner can set a
 *    new password through 'Восстановление пароля';
 * 3. otherwise a new account with the personal-data consent record (152-ФЗ: text version, time,
 *    address). It gets the e-mail only when the provider vouches for it: an unconfirmed address would
 *    block its real owner's registration and later let them "recover" an account someone else
 *    controls through the provider.
 */
export async function resolveAccount(db: DB, client: Pick<OAuthClient, 'id' | 'name'>, profile: OAuthProfile, ip: string | null): Promise<{ userId: number; outcome: AccountOutcome }> {
  const provider = client.id;
  const linked = await findLink(db, provider, profile.subject);
  if (linked !== null) return { userId: linked, outcome: 'signed_in' };

  const email = profile.emailVerified ? profile.email : null;
  if (email) {
    const user = await db.selectFrom('auth_user').select(['id', 'email_verified_at'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email)).executeTakeFirst();
    if (user) {
      const inserted = await db.transaction().execute(async (trx) => {
        if (!user.email_verified_at) {
          await trx.updateTable('auth_user').set({ email_verified_at: new Date(), password_hash: null }).where('id', '=', user.id).execute();
          await trx.deleteFrom('auth_session').where('user_id', '=', user.id).execute();
        }
        return insertLink(trx, provider, profile.subject, user.id);
      });
      return inserted ? { userId: user.id, outcome: 'linked' } : { userId: (await findLink(db, provider, profile.subject))!, outcome: 'signed_in' };
    }
  }

  const userId = await createUser(db, { name: profile.name || `Пользователь ${client.name}`, email, emailVerified: email !== null, ip });
  if (await insertLink(db, provider, profile.subject, userId)) return { userId, outcome: 'created' };
  // A second callback for the same provider user (double click) linked it first: keep that one.
  await db.deleteFrom('auth_user').where('id', '=', userId).execute();
  return { userId: (await findLink(db, provider, profile.subject))!, outcome: 'signed_in' };
}

async function findLink(db: DB, provider: string, subject: string): Promise<number | null> {
  const row = await db.selectFrom('auth_oauth_account').select('user_id').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
  return row?.user_id ?? null;
}

/** True when this call created the link; false when (provider, subject) was linked already. */
async function insertLink(db: DB, provider: string, subject: string, userId: number): Promise<boolean> {
  const row = await db.insertInto('auth_oauth_account').values({ provider, subject, user_id: userId })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing()).returning('user_id').executeTakeFirst();
  return row !== undefined;
}
