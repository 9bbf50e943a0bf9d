import { useEffect, useState } from 'react';
import type { MachineryCategory } from '#app/modules/catalog/catalog.schema.ts';

let pending: Promise<MachineryCategory[] | null> | null = null;

/** Fetches the full menu once per page life; later callers share the same request. */
export function loadMachineryMenu(): Promise<MachineryCategory[] | null> {
  pending ??= fetch('/api/catalog/menu', { headers: { Accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : null))
    .then((body: { menu?: MachineryCategory[] } | null) => body?.menu ?? null)
    .catch(() => null)
    .then((menu) => { if (!menu) pending = null; return menu; });
  return pending;
}

export type MenuState = { status: 'loading' } | { status: 'ready'; menu: MachineryCategory[] } | { status: 'error'; retry: () => void };

/** The full menu once `enabled` (a menu opened); null until then. */
export function useMachineryMenu(enabled: boolean): MenuState {
  const [state, setState] = useState<MenuState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setState({ status: 'loading' });
    void loadMachineryMenu().then((menu) => {
      if (!current) return;
      setState(menu ? { status: 'ready', menu } : { status: 'error', retry: () => setAttempt((n) => n + 1) });
    });
    return () => { current = false; };
  }, [enabled, attempt]);
  return state;
}
