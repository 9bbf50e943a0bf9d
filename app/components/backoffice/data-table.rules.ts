/**
 * Where ArrowUp, ArrowDown, Home and End move focus among a list's rows (their main links), from
 * row `index` of `count`; null: the key is not the table's, or there is no row that way (the
 * browser keeps its own use of the key, scrolling the page).
 */
export function rowStep(key: string, index: number, count: number): number | null {
  if (count === 0 || index < 0 || index >= count) return null;
  const to = key === 'ArrowDown' ? index + 1 : key === 'ArrowUp' ? index - 1 : key === 'Home' ? 0 : key === 'End' ? count - 1 : null;
  if (to === null || to < 0 || to >= count || to === index) return null;
  return to;
}
