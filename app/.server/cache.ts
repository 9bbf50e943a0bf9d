import { hearsChanges, onDataChange, type WatchedTable } from './db/changes.ts';

export interface KeptOptions {
  /**
   * The tables the kept values are read from. A write to any of them drops every value kept for
   * that database, in this process and in every other (db/changes.ts, ADR 070).
   */
  readsFrom: readonly WatchedTable[];
  /** Values kept per database at most (default 1, for one value per database); the oldest goes first. */
  maxEntries?: number;
  /** A bound on a value's age, for what also depends on the clock (a promotion's dates); none by default. */
  maxAgeMs?: number;
}

export interface Kept<T, K extends string | number = string> {
  /**
   * The value kept under `key` for this database, or what `load` gives (kept, and shared with the
   * callers that ask meanwhile). A failed load is not kept. While the database's changes are not
   * heard (its listening connection is lost), nothing is kept and every call loads.
   */
  get(db: object, key: K, load: () => Promise<T>): Promise<T>;
  /**
   * The values of `keys`: those kept, and the others from one `loadMissing` (a list of models read
   * in one statement). A key `loadMissing` does not answer is left out and not kept.
   */
  getMany(db: object, keys: readonly K[], loadMissing: (keys: K[]) => Promise<Map<K, T>>): Promise<Map<K, T>>;
}

interface Entry<T> { value: Promise<T>; expires: number }

/**
 * The one way to keep data read from the database in memory (ADR 070): reference data read on every
 * page (regions, menus), indexes (the listing's, a parts line's), and answers many visitors share
 * (a branch's offers, a filter state's counts). Values live per database handle, so tests with
 * databases of their own never share one, until the data they were read from changes.
 */
export function keptPerDb<T, K extends string | number = string>({ readsFrom, maxEntries = 1, maxAgeMs = Infinity }: KeptOptions): Kept<T, K> {
  const perDb = new WeakMap<object, Map<K, Entry<T>>>();
  const subscribed = new WeakSet<object>();
  const entriesOf = (db: object): Map<K, Entry<T>> => {
    if (!subscribed.has(db)) {
      subscribed.add(db);
      onDataChange(db, (table) => {
        if (table === null || readsFrom.includes(table)) perDb.delete(db);
      });
    }
    let entries = perDb.get(db);
    if (!entries) perDb.set(db, (entries = new Map()));
    return entries;
  };
  /** Room for `count` more: expired values go first, then the oldest. */
  const makeRoom = (entries: Map<K, Entry<T>>, count: number, now: number) => {
    if (entries.size + count <= maxEntries) return;
    for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size + count <= maxEntries) break;
      entries.delete(key);
    }
  };
  return {
    get(db, key, load) {
      if (!hearsChanges(db)) return load();
      const entries = entriesOf(db);
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      makeRoom(entries, 1, now);
      const value = load();
      entries.delete(key);
      entries.set(key, { value, expires: now + maxAgeMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    async getMany(db, keys, loadMissing) {
      if (!hearsChanges(db)) return loadMissing([...keys]);
      const entries = entriesOf(db);
      const now = Date.now();
      const found = new Map<K, T>();
      const missing: K[] = [];
      for (const key of keys) {
        const hit = entries.get(key);
        if (hit && hit.expires > now) found.set(key, await hit.value);
        else missing.push(key);
      }
      if (missing.length === 0) return found;
      const loaded = await loadMissing(missing);
      // Read before a change that came during the load: given to this caller, never kept.
      const current = perDb.get(db) === entries;
      if (current) makeRoom(entries, loaded.size, now);
      for (const [key, value] of loaded) {
        found.set(key, value);
        if (!current) continue;
        entries.delete(key);
        entries.set(key, { value: Promise.resolve(value), expires: now + maxAgeMs });
      }
      return found;
    },
  };
}
