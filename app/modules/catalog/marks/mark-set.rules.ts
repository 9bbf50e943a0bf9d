/**
 * Apart from marks.rules.ts on purpose: the header's counters (on every page) and the lists' shared
 * pieces need only these, and marks.rules.ts brings the comparison's messages and limits with it.
 */

/** A set of ids with one toggled: what a button shows before the server answers (optimistic). */
export function toggled(ids: readonly number[], id: number, on: boolean): number[] {
  const without = ids.filter((x) => x !== id);
  return on ? [...without, id] : without;
}

/**
 * The ids among those shown that the visitor has marked, each once, in their order: the marks a
 * shared piece of markup holding those items depends on, so visitors who marked none of them share
 * one piece (ADR 062, 063).
 */
export function markedAmong(ids: Iterable<number>, isMarked: (id: number) => boolean): number[] {
  const marked: number[] = [];
  for (const id of ids) if (isMarked(id) && !marked.includes(id)) marked.push(id);
  return marked;
}
