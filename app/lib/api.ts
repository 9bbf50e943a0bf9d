/**
 * The browser's JSON client for spec §7: sends the CSRF token from the page's meta tag and the
 * XSRF cookie, and adds region_id when the page URL has one.
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

function csrfToken(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
  if (meta) return meta;
  return document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
}

export async function api<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(withRegion(path), {
      method,
      headers: {
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(method !== 'GET' ? { 'X-CSRF-Token': decodeURIComponent(csrfToken()) } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
    const data = await response.json().catch(() => null);
    if (data && typeof data === 'object' && 'error_status' in data) return data as ApiResult<T>;
    return { error_status: 'error', message: NETWORK_ERROR };
  } catch {
    return { error_status: 'error', message: NETWORK_ERROR };
  }
}
