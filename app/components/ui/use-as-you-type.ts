import { useEffect, useState } from 'react';

/** Waits this long after the last key before asking. */
export const AS_YOU_TYPE_DEBOUNCE_MS = 150;
const NETWORK_ERROR = 'Не удалось выполнить поиск. Проверьте подключение к интернету';

export type AsYouTypeState<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous: T | null }
  | { status: 'ready'; result: T }
  | { status: 'error'; message: string };

/**
 * Asks one of our JSON endpoints as the user types (`url`: null asks nothing): waits ~150 ms after
 * the last key, aborts the request a newer one makes stale, and keeps the previous answer while the
 * next one loads (nothing jumps). The answer is the API's envelope (spec §7): `error_status` and
 * the rest, or the Russian `message` of a refusal.
 */
export function useAsYouType<T>(url: string | null): AsYouTypeState<T> {
  const [state, setState] = useState<AsYouTypeState<T>>({ status: 'idle' });
  useEffect(() => {
    if (url === null) { setState({ status: 'idle' }); return; }
    setState((s) => ({ status: 'loading', previous: s.status === 'ready' ? s.result : s.status === 'loading' ? s.previous : null }));
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(url, { signal: controller.signal, headers: { Accept: 'application/json' } });
        const body = await response.json() as ({ error_status: 'success' } & T) | { error_status: 'error'; message: string };
        if (body.error_status === 'success') setState({ status: 'ready', result: body });
        else setState({ status: 'error', message: body.message });
      } catch {
        if (!controller.signal.aborted) setState({ status: 'error', message: NETWORK_ERROR });
      }
    }, AS_YOU_TYPE_DEBOUNCE_MS);
    return () => { clearTimeout(timer); controller.abort(); };
  }, [url]);
  return state;
}
