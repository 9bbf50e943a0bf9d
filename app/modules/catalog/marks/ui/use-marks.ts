import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useOptionalRootData, type HeaderCounters, type VisitorSnapshot } from '#app/components/page/root-data.ts';
import { readVisitor } from '#app/components/page/visitor.tsx';
import { api } from '#app/lib/api.ts';
import { toggled } from '../mark-set.rules.ts';
import type { MarksState } from '../marks.schema.ts';

/*
 * The visitor's marks, shared by every compare and favourite button of the page and the header's
 * counters. Pages may come from the page cache, so the buttons render unpressed and the marks come
 * once hydrated: a signed-in visitor's with the document (`VisitorSnapshot`), a guest's asked for
 * (GET /api/catalog/marks), once per page life and visitor. A click changes them at once
 * (optimistically) and takes the server's answer when it arrives.
 */

interface Store { owner: string | null; loaded: boolean; marks: MarksState }

const EMPTY: MarksState = { compare: [], bookmarks: [], partBookmarks: [] };
let store: Store = { owner: null, loaded: false, marks: EMPTY };
const listeners = new Set<() => void>();
let pending: Promise<void> | null = null;

function set(next: Store) {
  store = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SERVER_STORE: Store = { owner: null, loaded: false, marks: EMPTY };

/**
 * Loads the marks once for this visitor (a sign-in or sign-out changes the owner: load again). A
 * signed-in user's document brings them (`fromPage`): no request then.
 */
function load(owner: string, fromPage: MarksState | null) {
  if (store.owner === owner && (store.loaded || pending)) return;
  if (fromPage) {
    pending = null;
    set({ owner, loaded: true, marks: fromPage });
    return;
  }
  store = { owner, loaded: false, marks: EMPTY };
  const request = api<MarksState>('GET', '/api/catalog/marks').then((r) => {
    if (pending !== request) return;
    pending = null;
    if (r.error_status === 'success') set({ owner, loaded: true, marks: { compare: r.compare, bookmarks: r.bookmarks, partBookmarks: r.partBookmarks ?? [] } });
  });
  pending = request;
}

export type MarkKind = keyof MarksState;
export type MarkResult = { ok: true; message?: string } | { ok: false; message: string; code?: string };

const PATHS: Record<MarkKind, string> = { compare: '/api/catalog/compare', bookmarks: '/api/catalog/bookmarks', partBookmarks: '/api/catalog/bookmarks' };

/**
 * Puts a model in or out of the comparison or favourites, or a part in or out of the favourites
 * (`partBookmarks`: the id is a part's); the state changes before the answer and returns on failure.
 */
export async function setMark(kind: MarkKind, id: number, on: boolean): Promise<MarkResult> {
  const before = store;
  set({ ...store, marks: { ...store.marks, [kind]: toggled(store.marks[kind], id, on) } });
  const body = kind === 'partBookmarks' ? { partId: id } : { modelId: id };
  const r = await api<{ message?: string; marks: MarksState }>('POST', `${PATHS[kind]}/${on ? 'add' : 'remove'}`, body);
  if (r.error_status === 'success') {
    set({ ...store, loaded: true, marks: r.marks });
    return { ok: true, message: r.message };
  }
  set({ ...store, marks: { ...store.marks, [kind]: before.marks[kind] } });
  return { ok: false, message: r.message, code: (r as { code?: string }).code };
}

/**
 * A shared comparison's models join the visitor's own (ADR 072): the header's counter and his own
 * comparison then show them. Those already there are not sent; nothing is sent when none is new.
 */
export async function addSharedToCompare(modelIds: readonly number[]): Promise<void> {
  const missing = modelIds.filter((id) => !store.marks.compare.includes(id));
  if (!missing.length) return;
  const r = await api<{ marks: MarksState }>('POST', '/api/catalog/compare/add-shared', { modelIds: missing });
  if (r.error_status === 'success') set({ ...store, loaded: true, marks: r.marks });
}

const ownerKey = (visitor: VisitorSnapshot): string => (visitor.userId !== null ? `user:${visitor.userId}` : 'guest');

export function useMarks() {
  const root = useOptionalRootData();
  const current = useSyncExternalStore(subscribe, () => store, () => SERVER_STORE);
  // Runs in the browser only, once hydrated: the document's visitor is read there.
  useEffect(() => {
    const visitor = readVisitor();
    load(ownerKey(visitor), visitor.marks);
  }, []);
  const marks = current.loaded ? current.marks : EMPTY;
  return {
    loaded: current.loaded,
    marks,
    isGuest: root?.viewer.isGuest ?? true,
    has: useCallback((kind: MarkKind, id: number) => marks[kind].includes(id), [marks]),
    set: setMark,
  };
}

/** The header's comparison and favourites counts: the document's (signed in) until the marks are loaded, then the live ones. */
export function useMarkCounters(fromDocument: HeaderCounters | null): Pick<HeaderCounters, 'compare' | 'bookmarks'> {
  const { loaded, marks } = useMarks();
  if (loaded) return { compare: marks.compare.length, bookmarks: marks.bookmarks.length + marks.partBookmarks.length };
  return { compare: fromDocument?.compare ?? 0, bookmarks: fromDocument?.bookmarks ?? 0 };
}
