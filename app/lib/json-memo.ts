/**
 * JSON of views made once per object (ADR 054). The views a server keeps in memory (a model's card,
 * a model line's card, a part's row) come as the same objects request after request; shared
 * markup keys its pieces by them and the page's packed views hold them, and both need their JSON.
 * A view is never changed once made, so its text is kept with it for as long as it lives.
 */
const texts = new WeakMap<object, string>();

/** The JSON of an object or array, made once per object. */
export function jsonOf(value: object): string {
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
  return text;
}

/**
 * `stringifyView` of a whole view, kept with it like `jsonOf`'s texts: a page's view kept in memory
 * and packed page after page (a parts line's page) is stringified once.
 */
export function viewJsonOf(view: object): string {
  let text = texts.get(view);
  if (text === undefined) texts.set(view, (text = stringifyView(view) ?? 'null'));
  return text;
}

/**
 * What `JSON.stringify(value)` gives, character for character, with the text of every object seen
 * before taken as it was made. It looks `depth` levels into plain objects, and into an array only
 * when its first item was seen (a list of cards); the rest is stringified natively, which is faster
 * than any walk in JavaScript.
 */
export function stringifyView(value: unknown, depth = 3): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const known = texts.get(value);
  if (known !== undefined) return known;
  if (depth === 0) return JSON.stringify(value);
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    if (typeof first !== 'object' || first === null || !texts.has(first)) return JSON.stringify(value);
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + (stringifyView(value[i], depth - 1) ?? 'null');
    return `${out}]`;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  // A Date, a class, an object with its own toJSON: JSON.stringify knows what they give.
  if ((proto !== Object.prototype && proto !== null) || 'toJSON' in value) return JSON.stringify(value);
  let out = '{';
  let empty = true;
  for (const key of Object.keys(value)) {
    const text = stringifyView((value as Record<string, unknown>)[key], depth - 1);
    if (text === undefined) continue; // undefined, a function, a symbol: left out, as JSON does
    out += `${empty ? '' : ','}${JSON.stringify(key)}:${text}`;
    empty = false;
  }
  return `${out}}`;
}
