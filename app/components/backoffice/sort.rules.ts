import { z } from '#app/lib/zod.ts';

/*
 * A back-office list's order, kept in its address as `sort=key` (ascending) or `sort=-key`
 * (descending), so a sorted list can be linked, reloaded and paged. Each list names the keys its
 * query can sort by (each backed by an index); anything else in the address reads as the list's
 * default order, never as an error.
 */

export type SortDirection = 'asc' | 'desc';
export type SortValue<K extends string> = K | `-${K}`;

/** The values of `sort` a list accepts: each key both ways. */
export function sortValues<const K extends string>(keys: readonly K[]): [SortValue<K>, ...SortValue<K>[]] {
  return keys.flatMap((k) => [k, `-${k}`] as SortValue<K>[]) as [SortValue<K>, ...SortValue<K>[]];
}

/** The zod field of a list's filter: one of the keys, either way; anything else (absent, foreign, hostile) the default. */
export function sortField<const K extends string>(keys: readonly K[], fallback: SortValue<NoInfer<K>>): z.ZodType<SortValue<K>> {
  // zod's enum types cannot follow a template literal over a generic key; the values are the same.
  return z.enum(sortValues(keys) as [string, ...string[]]).catch(fallback) as unknown as z.ZodType<SortValue<K>>;
}

export function readSort<K extends string>(value: SortValue<K>): { key: K; direction: SortDirection } {
  return value.startsWith('-') ? { key: value.slice(1) as K, direction: 'desc' } : { key: value as K, direction: 'asc' };
}

/**
 * What a column header's link sorts by: the other way round when the list is already sorted by its
 * key, otherwise the key's first direction (newest and largest first, names from А).
 */
export function nextSort<K extends string>(current: SortValue<K>, key: K, first: SortDirection): SortValue<K> {
  const now = readSort(current);
  const direction = now.key === key ? (now.direction === 'asc' ? 'desc' : 'asc') : first;
  return direction === 'desc' ? `-${key}` : key;
}

/** The header's `aria-sort`: only the column the list is sorted by says so. */
export function ariaSort<K extends string>(current: SortValue<K>, key: K): 'ascending' | 'descending' | undefined {
  const now = readSort(current);
  if (now.key !== key) return undefined;
  return now.direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * The list's address sorted by `value`: the other filters kept, the page back to the first (a new
 * order starts at its beginning), and the default order left out of the address.
 */
export function sortHref(path: string, query: URLSearchParams, value: string, fallback: string): string {
  const q = new URLSearchParams(query);
  q.delete('page');
  q.delete('sort');
  if (value !== fallback) q.set('sort', value);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * A list's query string from its parsed filter: the values that are set, without the page (the
 * pager adds it) and without the default order.
 */
export function listQuery(filter: Record<string, string | number | undefined | null>, defaultSort?: string): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) {
    if (v === undefined || v === null || v === '' || k === 'page') continue;
    if (k === 'sort' && v === defaultSort) continue;
    q.set(k, String(v));
  }
  return q;
}
