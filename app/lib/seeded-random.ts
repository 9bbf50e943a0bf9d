/**
 * Deterministic randomness for generated demo data (ADR 020): every choice comes from a PRNG seeded
 * with the row's own key, so adding a row changes no other row and every machine seeds the same data.
 */

/** FNV-1a, 32 bits: the seed of a key's own random sequence. */
export function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32 seeded with the key's hash: `rng('model:101')()` is the same number everywhere. */
export function rng(key: string): () => number {
  let a = hashKey(key);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
