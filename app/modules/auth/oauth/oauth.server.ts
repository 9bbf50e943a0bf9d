import { z } from '#app/lib/zod.ts';
import { now, nowMs } from '#app/.server/clock.ts';
import type { RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { openValue, randomToken, safeEqual, sealValue } from '#app/.server/security/tokens.ts';
import { redirectTarget } from '#app/lib/safe-redirect.ts';
import { SOCIAL_PROVIDERS, type SocialProviderId } from '../auth.constants.ts';
import { consentsGiven, createUser } from '../users.server.ts';
import { AUTH_SOCIAL_PATH, OAUTH_CALLBACK_PATH, OAUTH_STATE_TTL_MS, oauthErrorMessage, type OAuthErrorCode } from './oauth.constants.ts';
import { OAuthProviderError, pkceChallenge, type OAuthClient, type OAuthProfile } from './oauth.providers.ts';
import { isSandboxClient } from './oauth.sandbox.ts';
import { hasForbiddenChars, withoutForbiddenChars } from '#app/lib/text.ts';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from '#app/lib/validation.ts';

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

const statePayload = z.object({
  state: z.string().min(1),
  verifier: z.string().min(43).max(128),
  provider: z.enum(SOCIAL_PROVIDERS.map((p) => p.id) as [SocialProviderId, ...SocialProviderId[]]),
  redirect: z.string(),
  /** Milliseconds since the epoch. */
  exp: z.number(),
});
export type StatePayload = z.infer<typeof statePayload>;

/** The cookie value: the payload sealed with SESSION_SECRET (app/.server/security/tokens.ts). */
export function sealState(secret: string, payload: StatePayload): string {
  return sealValue(secret, 'oauth-state', payload);
}

/** The payload when the signature is ours (expiry is the caller's check), else null. */
export function openState(secret: string, value: string | undefined | null): StatePayload | null {
  return openValue(secret, 'oauth-state', value, (data) => statePayload.safeParse(data));
}

export interface StartedOAuth {
  /** Where to send the browser: the provider's authorization page (or the sandbox's). */
  url: string;
  /** Value of the OAUTH_STATE_COOKIE (HttpOnly, path /auth-social/callback). */
  cookie: string;
  maxAgeSeconds: number;
}

/** Starts a sign-in: fresh state and PKCE verifier, sealed in the cookie, and the authorization URL. */
export function startOAuth(ctx: RequestContext, client: OAuthClient, redirectAfter: unknown, now = nowMs()): StartedOAuth {
  const state = randomToken(24);
  // 32 random bytes → 43 base64url characters: the shortest verifier RFC 7636 allows, 256 bits.
  const verifier = randomToken(32);
  const { config } = ctx.services;
  const payload: StatePayload = { state, verifier, provider: client.id, redirect: redirectTarget(redirectAfter), exp: now + OAUTH_STATE_TTL_MS };
  const url = client.authorizationUrl({ state, codeChallenge: pkceChallenge(verifier), redirectUri: callbackUri(config.PUBLIC_ORIGIN, client.id) });
  return { url, cookie: sealState(config.sessionSecret, payload), maxAgeSeconds: OAUTH_STATE_TTL_MS / 1000 };
}

export type AccountOutcome = 'signed_in' | 'linked' | 'created';

export type FinishResult =
  | { ok: true; userId: number; redirect: string; outcome: 'signed_in' | 'linked' }
  /** A first sign-in: nothing is created yet; the browser goes to the consent page with the pending cookie. */
  | { ok: true; outcome: 'consent_required'; redirect: string; pendingCookie: string; maxAgeSeconds: number }
  | { ok: false; code: OAuthErrorCode; message: string };

/** The page a first social sign-in asks for the personal-data consent on (spec §5: acceptGDPR). */
export const SOCIAL_CONSENT_PATH = `${AUTH_SOCIAL_PATH}/consent`;
/** The signed, HttpOnly cookie that carries the provider's profile from the callback to the consent page. */
export const OAUTH_PENDING_COOKIE = 'oauth_pending';
/** Its path: the consent page and nothing outside the social sign-in. */
export const OAUTH_PENDING_COOKIE_PATH = AUTH_SOCIAL_PATH;
/** How long the consent page waits for an answer. */
export const OAUTH_PENDING_TTL_MS = 15 * 60_000;

const pendingPayload = z.object({
  provider: statePayload.shape.provider,
  subject: z.string().min(1).max(512),
  /** Only an address the provider vouches for (never the sandbox's); null otherwise. */
  email: z.string().nullable(),
  name: z.string(),
  redirect: z.string(),
  exp: z.number(),
});
export type PendingSignUp = z.infer<typeof pendingPayload>;

export function sealPending(secret: string, payload: PendingSignUp): string {
  return sealValue(secret, 'oauth-pending', payload);
}

/** The pending sign-up when the cookie is ours and not expired, else null. */
export function openPending(secret: string, value: string | undefined | null, now = nowMs()): PendingSignUp | null {
  const pending = openValue(secret, 'oauth-pending', value, (data) => pendingPayload.safeParse(data));
  return pending && pending.exp > now ? pending : null;
}

/** The pending cookie's value from a Cookie header (the consent page reads it in its loader and action). */
export function pendingCookieValue(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === OAUTH_PENDING_COOKIE) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The callback: checks the cookie's signature, provider, state and age; exchanges the code (with
 * the verifier) and reads the profile; signs in to the linked account (or links one by a vouched
 * e-mail). A provider user without an account is not signed up here: 152-ФЗ needs the person's own
 * consent, so the profile waits in a signed cookie for the consent page (`completeSocialSignUp`).
 */
export async function finishOAuth(
  ctx: RequestContext,
  client: OAuthClient,
  query: Readonly<Record<string, string | undefined>>,
  cookieValue: string | undefined | null,
  now = nowMs(),
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

  // What a provider says about its user reaches our tables: it is held to the rules of our own forms.
  if (hasForbiddenChars(profile.subject) || profile.subject.length > 512) return fail('provider_error');
  const email = vouchedEmail(client, profile);
  const account = await existingAccount(ctx.services.db, client.id, profile.subject, email);
  if (account) {
    await ctx.signIn(account.userId, 'browser');
    return { ok: true, userId: account.userId, redirect: redirectTarget(stored.redirect), outcome: account.outcome };
  }
  const pending: PendingSignUp = {
    provider: client.id, subject: profile.subject, email, name: withoutForbiddenChars(profile.name, MAX_NAME_LENGTH) || `Пользователь ${client.name}`,
    redirect: redirectTarget(stored.redirect), exp: now + OAUTH_PENDING_TTL_MS,
  };
  return {
    ok: true, outcome: 'consent_required', redirect: SOCIAL_CONSENT_PATH,
    pendingCookie: sealPending(ctx.services.config.sessionSecret, pending), maxAgeSeconds: OAUTH_PENDING_TTL_MS / 1000,
  };
}

/**
 * The address a profile proves: only a real provider's verified e-mail. The sandbox lets anyone type
 * any address, so its profiles prove none (and it never links to an existing account).
 */
function vouchedEmail(client: Pick<OAuthClient, 'id'>, profile: OAuthProfile): string | null {
  if (isSandboxClient(client)) return null;
  const email = profile.emailVerified ? profile.email?.trim().toLowerCase() ?? null : null;
  return email && email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email) && !hasForbiddenChars(email) ? email : null;
}

/**
 * The shop account a provider's user already has:
 * 1. linked (provider, subject) → that account;
 * 2. the provider vouches for the e-mail and an account has it → link it. If that account never
 *    confirmed its address, whoever registered it may not own the mailbox (a planted account): the
 *    address is marked confirmed, its password and sessions are dropped, and the owner can set a
 *    new password through 'Восстановление пароля'.
 * Null: a new user, who signs up on the consent page.
 */
export async function existingAccount(db: DB, provider: SocialProviderId, subject: string, email: string | null): Promise<{ userId: number; outcome: 'signed_in' | 'linked' } | null> {
  const linked = await findLink(db, provider, subject);
  if (linked !== null) return { userId: linked, outcome: 'signed_in' };
  if (!email) return null;
  const user = await db.selectFrom('auth_user').select(['id', 'email_verified_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email)).executeTakeFirst();
  if (!user) return null;
  const inserted = await db.transaction().execute(async (trx) => {
    if (!user.email_verified_at) {
      await trx.updateTable('auth_user').set({ email_verified_at: now(), password_hash: null }).where('id', '=', user.id).execute();
      await trx.deleteFrom('auth_session').where('user_id', '=', user.id).execute();
    }
    return insertLink(trx, provider, subject, user.id);
  });
  return inserted ? { userId: user.id, outcome: 'linked' } : { userId: (await findLink(db, provider, subject))!, outcome: 'signed_in' };
}

/** What the consent page shows: who is signing up through which provider; null when the cookie is missing, forged or expired. */
export function pendingSocialSignUp(ctx: RequestContext, cookieValue: string | null, now = nowMs()): { providerName: string; name: string } | null {
  const pending = openPending(ctx.services.config.sessionSecret, cookieValue, now);
  if (!pending) return null;
  return { providerName: SOCIAL_PROVIDERS.find((p) => p.id === pending.provider)!.name, name: pending.name };
}

export type SignUpResult =
  | { ok: true; userId: number; redirect: string; outcome: AccountOutcome }
  | { ok: false; code: 'consent_required' | 'expired'; message: string };

/** Under an unticked consent (spec §5). */
export const SOCIAL_CONSENT_MESSAGE = 'Пожалуйста, подтвердите согласие';
export const SOCIAL_SIGNUP_EXPIRED = 'Время на вход через соцсеть истекло. Начните вход заново';

/**
 * The consent page's 'Создать аккаунт': with the personal-data consent ticked, creates the account
 * with the consents given (time, address, text version) and the provider link, and signs in. A
 * second post of the same cookie (double click, another tab) signs in to the account the first made.
 */
export async function completeSocialSignUp(
  ctx: RequestContext,
  cookieValue: string | null,
  form: { acceptGDPR: boolean; acceptAds: boolean },
  now = nowMs(),
): Promise<SignUpResult> {
  const pending = openPending(ctx.services.config.sessionSecret, cookieValue, now);
  if (!pending) return { ok: false, code: 'expired', message: SOCIAL_SIGNUP_EXPIRED };
  if (!form.acceptGDPR) return { ok: false, code: 'consent_required', message: SOCIAL_CONSENT_MESSAGE };
  const { db } = ctx.services;
  const existing = await existingAccount(db, pending.provider, pending.subject, pending.email);
  let result: { userId: number; outcome: AccountOutcome };
  if (existing) {
    result = existing;
  } else {
    // An address the provider vouches for may have been registered meanwhile: then it stays off the new account.
    const taken = pending.email ? await db.selectFrom('auth_user').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', pending.email)).executeTakeFirst() : undefined;
    const email = taken ? null : pending.email;
    const userId = await createUser(db, { name: pending.name, email, emailVerified: email !== null, consents: consentsGiven(form), ip: ctx.ip });
    if (await insertLink(db, pending.provider, pending.subject, userId)) {
      result = { userId, outcome: 'created' };
    } else {
      // A second post for the same provider user linked it first: keep that one.
      await db.deleteFrom('auth_user').where('id', '=', userId).execute();
      result = { userId: (await findLink(db, pending.provider, pending.subject))!, outcome: 'signed_in' };
    }
  }
  await ctx.signIn(result.userId, 'browser');
  return { ok: true, userId: result.userId, redirect: redirectTarget(pending.redirect), outcome: result.outcome };
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
