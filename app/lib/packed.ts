/**
 * A loader's large view sent to the browser as one JSON text (ADR 044). React Router encodes loader
 * data value by value (turbo-stream), which for a page of cards or part rows costs about a tenth of
 * the whole request's CPU; one `JSON.stringify` of the same view costs a fraction of that, and the
 * browser parses it once. The view must be plain JSON (no dates, maps or `undefined` worth keeping).
 *
 * On the server the packed value keeps its view, so rendering reads it without parsing; in the
 * browser the first `unpack` parses and keeps the result with the loader data it came in.
 */
export interface Packed<T> {
  readonly json: string;
  /** Type only: never present at run time. */
  readonly __view?: T;
}

const views = new WeakMap<object, unknown>();

/** Outside production a value JSON would lose silently (a streamed promise, a map) is an error. */
function refuseLossy(_key: string, value: unknown): unknown {
  if (value instanceof Promise || value instanceof Map || value instanceof Set) throw new TypeError('pack: a promise, map or set does not survive JSON');
  return value;
}

export function pack<T>(view: T): Packed<T> {
  const packed: Packed<T> = { json: JSON.stringify(view, import.meta.env?.DEV ? refuseLossy : undefined) };
  views.set(packed, view);
  return packed;
}

export function unpack<T>(packed: Packed<T>): T {
  if (views.has(packed)) return views.get(packed) as T;
  const view = JSON.parse(packed.json) as T;
  views.set(packed, view);
  return view;
}
