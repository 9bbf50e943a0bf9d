/**
 * A page body may hold placeholders that the page fills from the data, so an editor's prose never
 * carries a phone number, address or hours that could drift from the branch data:
 * `<div data-slot="service-lines"></div>` marks where the page renders its part.
 */
export type BodyPart = { kind: 'html'; html: string } | { kind: 'slot'; name: string };

const SLOT = /<div\s+data-slot="([a-z][a-z0-9-]*)"\s*>\s*<\/div>/g;

/** The body cut at its placeholders, in order; empty HTML between two placeholders is left out. */
export function splitBody(html: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of html.matchAll(SLOT)) {
    const before = html.slice(last, match.index);
    if (before.trim()) parts.push({ kind: 'html', html: before });
    parts.push({ kind: 'slot', name: match[1]! });
    last = match.index + match[0].length;
  }
  const rest = html.slice(last);
  if (rest.trim()) parts.push({ kind: 'html', html: rest });
  return parts;
}

/** The placeholders a body holds, for tests and for pages that check they render each one. */
export function bodySlots(html: string): string[] {
  return splitBody(html).flatMap((p) => (p.kind === 'slot' ? [p.name] : []));
}
