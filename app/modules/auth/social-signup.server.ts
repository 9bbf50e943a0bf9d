/**
 * The consent step of a first social sign-in, as the page behind /auth-social/consent uses it. The
 * OAuth adapters stay wired by the composition root only; this is the module's public face of the
 * use-cases that finish the sign-up (oauth/oauth.server.ts).
 */
export {
  completeSocialSignUp,
  OAUTH_PENDING_COOKIE,
  OAUTH_PENDING_COOKIE_PATH,
  openPending,
  pendingCookieValue,
  pendingSocialSignUp,
  SOCIAL_CONSENT_PATH,
  type SignUpResult,
} from './oauth/oauth.server.ts';
