import { useEffect, useState } from 'react';
import type { SearchResult } from '../search.schema.ts';

export const SEARCH_DEBOUNCE_MS = 150;
const MIN_LENGTH = 2;
const NETWORK_ERROR = 'Не удалось выполнить поиск. Проверьте подключение к интернету';

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; previous: SearchResult | null }
  | { status: 'ready'; result: SearchResult }
  | { status: 'error'; message: string };

/**
 * Search as you type: waits ~150 ms after the last key, aborts the request a newer query makes
 * stale, and keeps the previous results on screen while the next ones load (nothing jumps).
 */
export function useSearch(query: string, limit: number): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const q = query.trim();
  useEffect(() => {
    if (q.length < MIN_LENGTH) { setState({ status: 'idle' }); return; }
    setState((s) => ({ status: 'loading', previous: s.status === 'ready' ? s.result : s.status === 'loading' ? s.previous : null }));
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/search?q=${encodeURIComponent(q)}&limit=${limit}`, { signal: controller.signal, headers: { Accept: 'application/json' } });
        const body = await response.json() as ({ error_status: 'success' } & SearchResult) | { error_status: 'error'; message: string };
        if (body.error_status === 'success') setState({ status: 'ready', result: body });
        else setState({ status: 'error', message: body.message });
      } catch (error) {
        if (!controller.signal.aborted) setState({ status: 'error', message: NETWORK_ERROR });
        void error;
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => { clearTimeout(timer); controller.abort(); };
  }, [q, limit]);
  return state;
}

export const hasEnoughLetters = (query: string) => query.trim().length >= MIN_LENGTH;
