/**
 * A per-database memo with a time to live, for reference data read on every page (regions,
 * branches, menus). Keyed by the database handle so that tests with their own databases never
 * share entries. Concurrent callers share one in-flight load. Several processes each keep their
 * own copy; a change shows everywhere within the TTL.
 */
export function memoPerDb<K extends object, T>(ttlMs: number, load: (key: K) => Promise<T>) {
  const entries = new WeakMap<K, { value: Promise<T>; expires: number }>();
  const get = (key: K): Promise<T> => {
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const value = load(key);
    entries.set(key, { value, expires: Date.now() + ttlMs });
    value.catch(() => entries.delete(key));
    return value;
  };
  get.invalidate = (key: K) => entries.delete(key);
  return get;
}

/**
 * A bounded per-database cache of results by a text key with a time to live, for answers that many
 * visitors share for a short while (the sidebar's counts of a filter state, a model's similar
 * models at a branch). Concurrent callers share one in-flight load; a failed load is forgotten.
 * When full, expired entries go first, then the oldest.
 */
export function keyedCachePerDb<T>(ttlMs: number, maxEntries: number) {
  const caches = new WeakMap<object, Map<string, { value: Promise<T>; expires: number }>>();
  const get = (db: object, key: string, load: () => Promise<T>): Promise<T> => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (cache.size >= maxEntries) {
      for (const [k, v] of cache) if (v.expires <= now) cache.delete(k);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    }
    const value = load();
    const entries = cache;
    entries.set(key, { value, expires: now + ttlMs });
    value.catch(() => entries.delete(key));
    return value;
  };
  /** Drops every entry of this database (after a change that must show at once). */
  get.forget = (db: object) => caches.delete(db);
  return get;
}
