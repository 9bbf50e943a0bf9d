/** Choices for the parts demo, from the shared seeded PRNG (app/lib/seeded-random.ts, ADR 020). */

export function pick<T>(r: () => number, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)]!;
}

/** `count` random decimal digits (a leading zero allowed). */
export function digits(r: () => number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += Math.floor(r() * 10);
  return out;
}
