import { stringifyView, viewJsonOf } from './json-memo.ts';

/**
 * A loader's large view sent to the browser as one JSON text (ADR 044). React Router encodes loader
 * data value by value (turbo-stream), which for a page of cards or part rows costs about a tenth of
 * the whole request's CPU; one `JSON.stringify` of the same view costs a fraction of that, and the
 * browser parses it once. The view must be plain JSON (no dates, maps or `undefined` worth keeping).
 *
 * In a document (the first load of a page) the text travels once, in a script element of its own
 * (`DocumentViewsScript`), and the loader data holds only its name (ADR 049): inside React Router's
 * stream it would be escaped twice more. After that (client navigations, fetchers) the text is in
 * the loader data.
 *
 * On the server the packed value keeps its view, so rendering reads it without parsing; in the
 * browser the first `unpack` parses and keeps the result with the loader data it came in.
 */
export type Packed<T> =
  | { readonly json: string; readonly __view?: T }
  | { readonly ref: string; readonly __view?: T };

/** The id of the document's script element holding the packed views of its first load. */
export const DOCUMENT_VIEWS_ID = 'packed-views';

/**
 * The packed views of one document, collected while its loaders run and written into it once
 * (`text`): a JSON object of the views by name, safe inside a script element.
 */
export interface DocumentViews {
  /** Keeps a view's JSON text for the document and gives its name there. */
  add(json: string): string;
  /** The script element's text, or null when no view was added. */
  text(): string | null;
}

export function createDocumentViews(): DocumentViews {
  const texts: string[] = [];
  return {
    add(json) {
      texts.push(json);
      return `v${texts.length - 1}`;
    },
    text() {
      if (texts.length === 0) return null;
      const object = `{${texts.map((json, i) => `"v${i}":${json}`).join(',')}}`;
      // '<' is the only character that can end a script element's text ('</script', '<!--');
      // JSON may spell it as an escape. Most views hold none, and the search is cheap.
      return object.includes('<') ? object.replaceAll('<', '\\u003c') : object;
    },
  };
}

const views = new WeakMap<object, unknown>();

/** Outside production a value JSON would lose silently (a streamed promise, a map) is an error. */
function refuseLossy(_key: string, value: unknown): unknown {
  if (value instanceof Promise || value instanceof Map || value instanceof Set) throw new TypeError('pack: a promise, map or set does not survive JSON');
  return value;
}

/** `document`: the views of the document being loaded (the request's), null or absent otherwise. */
export function pack<T>(view: T, document?: DocumentViews | null): Packed<T> {
  if (import.meta.env?.DEV) JSON.stringify(view, refuseLossy);
  // The views, cards and rows kept in memory bring their JSON made before (json-memo.ts).
  const json = typeof view === 'object' && view !== null ? viewJsonOf(view) : stringifyView(view) ?? 'null';
  const packed: Packed<T> = document ? { ref: document.add(json) } : { json };
  views.set(packed, view);
  return packed;
}

let documentViews: Record<string, unknown> | null = null;

/** In the browser: the views the document came with, parsed once. */
function documentView(ref: string): unknown {
  if (!documentViews) {
    const text = typeof document === 'undefined' ? null : document.getElementById(DOCUMENT_VIEWS_ID)?.textContent;
    if (!text) throw new Error(`unpack: the document has no packed views (${ref})`);
    documentViews = JSON.parse(text) as Record<string, unknown>;
  }
  if (!(ref in documentViews)) throw new Error(`unpack: the document has no packed view ${ref}`);
  return documentViews[ref];
}

export function unpack<T>(packed: Packed<T>): T {
  if (views.has(packed)) return views.get(packed) as T;
  const view = ('json' in packed ? JSON.parse(packed.json) : documentView(packed.ref)) as T;
  views.set(packed, view);
  return view;
}
