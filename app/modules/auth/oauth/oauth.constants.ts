/**
 * Social sign-in (spec §3: /auth-social?authclient=<id>): paths, limits and the messages a page shows
 * after a failed attempt. Isomorphic: the login page and the auth modal may read the messages.
 */

/** Spec §3: the start of a social sign-in, `?authclient=yandex|mailru|vkontakte|ok&redirect=/path`. */
export const AUTH_SOCIAL_PATH = '/auth-social';
/** Where a provider sends the browser back: `${PUBLIC_ORIGIN}/auth-social/callback/<id>` is the redirect URI to register. */
export const OAUTH_CALLBACK_PATH = `${AUTH_SOCIAL_PATH}/callback`;
/** The development and test stand-in for the providers' consent pages. */
export const OAUTH_SANDBOX_PATH = `${AUTH_SOCIAL_PATH}/sandbox`;
/** Where a failed sign-in lands: `/login?auth_error=<code>&authclient=<id>`. */
export const OAUTH_FAILURE_PATH = '/login';

/** A sign-in started longer ago than this is refused at the callback (state cookie lifetime). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** The signed, HttpOnly cookie that carries state, PKCE verifier, provider and redirect between start and callback. */
export const OAUTH_STATE_COOKIE = 'oauth_state';

export const OAUTH_ERROR_CODES = ['unknown_provider', 'state_invalid', 'state_expired', 'access_denied', 'provider_error'] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

export function isOAuthErrorCode(value: unknown): value is OAuthErrorCode {
  return typeof value === 'string' && (OAUTH_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The message for a failed social sign-in; `providerName` is the button's name ('Яндекс', 'Mail.ru',
 * 'ВКонтакте', 'Одноклассники' — all read right after 'через').
 */
export function oauthErrorMessage(code: OAuthErrorCode, providerName: string): string {
  switch (code) {
    case 'unknown_provider': return 'Неизвестный способ входа. Выберите Яндекс, Mail.ru, ВКонтакте или Одноклассники';
    case 'state_expired': return `Время на вход через ${providerName} истекло. Попробуйте ещё раз`;
    case 'access_denied': return `Вход через ${providerName} отменён`;
    case 'state_invalid':
    case 'provider_error':
      return `Не удалось войти через ${providerName}. Попробуйте ещё раз`;
  }
}
