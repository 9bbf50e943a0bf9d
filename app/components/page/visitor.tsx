import { createContext, use, useEffect, useState, useSyncExternalStore } from 'react';
import { api } from '#app/lib/api.ts';
import { NOBODY, useOptionalRootData, type VisitorSnapshot } from './root-data.ts';

/** The id of the document's script element that holds the visitor's snapshot. */
export const VISITOR_SCRIPT_ID = 'visitor';

/** The snapshot's JSON text for the document being rendered: given by the server's entry. */
export const VisitorJsonContext = createContext<string | null>(null);

/**
 * The visitor's snapshot as a script element's JSON, filled per response (server/pages.ts): the
 * server renders its text, the browser's render leaves it out and hydration keeps the element as
 * the server wrote it.
 */
export function VisitorScript() {
  const json = use(VisitorJsonContext);
  return (
    <script
      type="application/json"
      id={VISITOR_SCRIPT_ID}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? json ?? 'null' : '' }}
    />
  );
}

let snapshot: VisitorSnapshot | undefined;

/** In the browser: the document's snapshot, parsed once; `NOBODY` on the server. */
export function readVisitor(): VisitorSnapshot {
  if (typeof document === 'undefined') return NOBODY;
  if (snapshot === undefined) {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(document.getElementById(VISITOR_SCRIPT_ID)?.textContent || 'null');
    } catch {
      parsed = null;
    }
    snapshot = parsed && typeof parsed === 'object' ? { ...NOBODY, ...(parsed as Partial<VisitorSnapshot>) } : NOBODY;
  }
  return snapshot;
}

const never = () => () => {};

/**
 * The visitor's snapshot for a component: `NOBODY` while the document hydrates (the server's HTML
 * has nobody in it, so hydration matches), then the document's own.
 */
export function useVisitor(): VisitorSnapshot {
  return useSyncExternalStore(never, readVisitor, () => NOBODY);
}

/**
 * A signed-in visitor's own data for a page that may come from the page cache: asked for once the
 * page is hydrated (`path`, a JSON endpoint of ours). `data` is null until it comes; a guest asks nothing.
 */
export function useSignedInData<T>(path: string): { guest: boolean; data: T | null } {
  const guest = useOptionalRootData()?.viewer.isGuest ?? true;
  const [data, setData] = useState<{ path: string; value: T } | null>(null);
  useEffect(() => {
    if (guest) return;
    let current = true;
    void api<T>('GET', path).then((r) => {
      if (current && r.error_status === 'success') setData({ path, value: r as T });
    });
    return () => { current = false; };
  }, [guest, path]);
  return { guest, data: data?.path === path ? data.value : null };
}
