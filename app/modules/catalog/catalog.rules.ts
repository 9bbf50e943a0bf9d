/**
 * Spec §2: the hovered category's subcategories show in two columns, the first half and the second,
 * split at the ceiling of half the count.
 */
export function splitInTwoColumns<T>(items: readonly T[]): [T[], T[]] {
  const middle = Math.ceil(items.length / 2);
  return [items.slice(0, middle), items.slice(middle)];
}
