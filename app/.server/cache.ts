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
