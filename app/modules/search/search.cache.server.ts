/**
 * A value per database handle that is loaded once and then reloaded in the background when it is
 * older than `ttlMs`: callers keep getting the previous value meanwhile, so no search waits for a
 * reload (the catalogue's vocabulary takes 10–30 ms to read at 10,000 models). A failed first load
 * is forgotten (the next call tries again); a failed reload keeps the old value for another `ttlMs`.
 */
export function refreshedPerDb<K extends object, T>(ttlMs: number, load: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const entries = new WeakMap<K, { value: Promise<T>; loadedAt: number; reloading: boolean }>();
  return (key) => {
    const entry = entries.get(key);
    if (!entry) {
      const value = load(key);
      entries.set(key, { value, loadedAt: Date.now(), reloading: false });
      value.catch(() => entries.delete(key));
      return value;
    }
    if (!entry.reloading && Date.now() - entry.loadedAt >= ttlMs) {
      entry.reloading = true;
      load(key).then(
        (fresh) => entries.set(key, { value: Promise.resolve(fresh), loadedAt: Date.now(), reloading: false }),
        () => Object.assign(entry, { loadedAt: Date.now(), reloading: false }),
      );
    }
    return entry.value;
  };
}
