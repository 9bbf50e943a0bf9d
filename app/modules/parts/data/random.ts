/**
 * Deterministic randomness for the demo (ADR 020's rule): every choice comes from a PRNG seeded with
 * the row's own key, so adding a row changes no other row and every machine seeds the same data.
 */

/** FNV-1a, 32 bits. */
export function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32 seeded with the key's hash: `rng('part:101')()` is the same number everywhere. */
export function rng(key: string): () => number {
  let a = hash(key);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(r: () => number, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)]!;
}

/** `count` random decimal digits (a leading zero allowed). */
export function digits(r: () => number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += Math.floor(r() * 10);
  return out;
}
