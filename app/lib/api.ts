/**
 * The browser's JSON client for spec §7: sends the CSRF token (the XSRF cookie's, or the page's
 * meta tag's), and adds region_id when the page URL has one.
 */
export interface ApiError { error_status: 'error'; message: string; fields?: Record<string, string> }
export type ApiResult<T> = ({ error_status: 'success' } & T) | ApiError;

const NETWORK_ERROR = 'Не удалось связаться с сервером. Проверьте подключение к интернету';

export function withRegion(path: string, pageUrl: string = typeof location === 'undefined' ? '' : location.href): string {
  if (!pageUrl) return path;
  const region = new URL(pageUrl).searchParams.get('region_id');
  if (!region) return path;
  const url = new URL(path, 'http://x');
  url.searchParams.set('region_id', region);
  return url.pathname + url.search;
}

/**
 * The CSRF token to send: the XSRF cookie's, else the page's meta tag's. The token is bound to the
 * session (ADR 065), and a call that makes, rotates or ends the session (a guest's first write, a
 * sign-in) gets the new token in that cookie: the page's meta tag still holds the old one.
 */
export function csrfToken(): string {
  const cookie = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  if (cookie) return decodeURIComponent(cookie);
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

/** The refusal of a write whose CSRF token is not its session's (server/middleware/csrf.ts). */
export const CSRF_FAILED = 'Сессия устарела. Обновите страницу и повторите действие';

export async function api<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<ApiResult<T>> {
  const send = () => fetch(withRegion(path), {
    method,
    headers: {
      Accept: 'application/json',
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(method !== 'GET' ? { 'X-CSRF-Token': csrfToken() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  try {
    let response = await send();
    let data: unknown = await response.json().catch(() => null);
    if (method !== 'GET' && response.status === 403 && (data as ApiError | null)?.message === CSRF_FAILED) {
      // The XSRF cookie holds a token of another session: an answer to a request the page sent
      // before a sign-in came back after it and set the token of the session that ended. The
      // refusal changed nothing, so the page takes its session's token and sends once more.
      await fetch('/api/csrf-token', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      response = await send();
      data = await response.json().catch(() => null);
    }
    if (data && typeof data === 'object' && 'error_status' in data) return data as ApiResult<T>;
    return { error_status: 'error', message: NETWORK_ERROR };
  } catch {
    return { error_status: 'error', message: NETWORK_ERROR };
  }
}
