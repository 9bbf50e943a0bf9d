/**
 * Apart from marks.rules.ts on purpose: the header's counters (on every page) need only this, and
 * marks.rules.ts brings the comparison's messages and limits with it.
 */

/** A set of ids with one toggled: what a button shows before the server answers (optimistic). */
export function toggled(ids: readonly number[], id: number, on: boolean): number[] {
  const without = ids.filter((x) => x !== id);
  return on ? [...without, id] : without;
}
