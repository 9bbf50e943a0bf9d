import { rng } from '#app/lib/seeded-random.ts';

/**
 * Exploded-view drawings drawn by code (ADR 030): the parts of an assembly spread along a dash-dot
 * axis as outlined shapes (housings, shafts, bearings, gears, nuts, springs, seals), each with a
 * leader line to a numbered balloon above or below. A layout depends on its number only, so the
 * committed files (`public/images/drawings/layout-NNN.svg`) and the positions' coordinates in the
 * database come from the same function. Presentation attributes, no <style>: the file is also
 * valid when opened alone under the site's CSP.
 */

/** How many different drawings are committed; demo drawings beyond it reuse them in turn. */
export const DRAWING_LAYOUTS = 320;
/** Every this-many-th layout has 60 callouts: the viewer's budget is measured on such a drawing. */
export const LARGE_LAYOUT_EVERY = 40;
export const LARGE_LAYOUT_CALLOUTS = 60;
export const DRAWING_HEIGHT = 600;
const BALLOON_R = 13;

export interface Callout { number: number; x: number; y: number }
export interface DrawingLayout { no: number; path: string; width: number; height: number; callouts: Callout[]; svg: string }

export function layoutPath(no: number): string {
  return `/images/drawings/layout-${String(no).padStart(3, '0')}.svg`;
}

export function calloutCount(no: number): number {
  if (no % LARGE_LAYOUT_EVERY === 7) return LARGE_LAYOUT_CALLOUTS;
  return 8 + Math.floor(rng(`layout-size:${no}`)() * 25);
}

type Shape = (cx: number, cy: number, w: number, h: number, r: () => number) => string;

const n = (v: number) => Math.round(v);
const rect = (x: number, y: number, w: number, h: number, rx = 0) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ''}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number) => `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}"/>`;

/** The kinds of part outlines, seen from the side with a hint of depth. */
const SHAPES: Shape[] = [
  // housing: a box with a flange and bolt holes
  (cx, cy, w, h) => rect(cx - w / 2, cy - h / 2, w, h, 4) + rect(cx - w / 2 - 4, cy - h / 2 + 6, w + 8, 8) + ellipse(cx, cy, w / 5, h / 6),
  // shaft: a long thin cylinder with a step
  (cx, cy, w, h) => rect(cx - w / 2, cy - h / 2, w, h * 0.55) + rect(cx - w / 3, cy + h * 0.05, w * 0.66, h * 0.45) + ellipse(cx, cy - h / 2, w / 2, 4),
  // bearing: two concentric ellipses (a ring seen at an angle)
  (cx, cy, w, h) => ellipse(cx, cy, w / 2, h / 2) + ellipse(cx, cy, w / 4, h / 4),
  // gear: a toothed ring
  (cx, cy, w, h, r) => {
    const teeth = 10 + Math.floor(r() * 8);
    const pts: string[] = [];
    for (let i = 0; i < teeth * 2; i++) {
      const a = (Math.PI * i) / teeth;
      const k = i % 2 ? 0.82 : 1;
      pts.push(`${n(cx + Math.cos(a) * (w / 2) * k)},${n(cy + Math.sin(a) * (h / 2) * k)}`);
    }
    return `<polygon points="${pts.join(' ')}"/>` + ellipse(cx, cy, w / 6, h / 6);
  },
  // nut or bolt head: a hexagon with its bore
  (cx, cy, w, h) => {
    const pts = [0, 1, 2, 3, 4, 5].map((i) => `${n(cx + Math.cos((Math.PI / 3) * i) * w / 2)},${n(cy + Math.sin((Math.PI / 3) * i) * h / 2)}`);
    return `<polygon points="${pts.join(' ')}"/>` + ellipse(cx, cy, w / 5, h / 5);
  },
  // spring: a zigzag between two end rings
  (cx, cy, w, h) => {
    const turns = 7;
    const pts: string[] = [];
    for (let i = 0; i <= turns * 2; i++) pts.push(`${n(cx + (i % 2 ? w / 2 : -w / 2))},${n(cy - h / 2 + (h * i) / (turns * 2))}`);
    return `<polyline points="${pts.join(' ')}"/>`;
  },
  // seal or washer: a flat ring
  (cx, cy, w, h) => ellipse(cx, cy, w / 2, Math.max(6, h / 6)) + ellipse(cx, cy, w / 3, Math.max(4, h / 9)),
  // lever or bracket: an L-shaped plate with holes
  (cx, cy, w, h) => `<path d="M${n(cx - w / 2)} ${n(cy - h / 2)}h${n(w / 3)}v${n(h * 0.66)}h${n(w * 0.66)}v${n(h / 3)}h${n(-w)}z"/>` + ellipse(cx - w / 3, cy - h / 3, 4, 4),
];

/** A layout: shapes along the axis, balloons in two tiers above and below, numbered left to right. */
export function drawingLayout(no: number): DrawingLayout {
  const r = rng(`layout:${no}`);
  const count = calloutCount(no);
  const step = 26;
  const width = Math.max(800, 80 + count * step);
  const height = DRAWING_HEIGHT;
  const axisY = height / 2;
  const parts: string[] = [];
  const leaders: string[] = [];
  const balloons: string[] = [];
  const callouts: Callout[] = [];
  const usable = width - 100;
  for (let i = 0; i < count; i++) {
    const cx = 50 + (usable * (i + 0.5)) / count;
    const w = Math.min(110, step * (0.9 + r() * 1.4));
    const h = 40 + r() * 150;
    const cy = axisY + (r() - 0.5) * 60;
    const shape = SHAPES[Math.floor(r() * SHAPES.length)]!;
    parts.push(shape(cx, cy, w, h, r));
    const above = i % 2 === 0;
    const tier = Math.floor(i / 2) % 2;
    const by = above ? 36 + tier * 34 : height - 36 - tier * 34;
    const bx = Math.min(width - 20, Math.max(20, cx + (r() - 0.5) * 16));
    const fromY = above ? cy - h / 2 : cy + h / 2;
    const toY = above ? by + BALLOON_R : by - BALLOON_R;
    leaders.push(`M${n(cx)} ${n(fromY)}L${n(bx)} ${n(toY)}`);
    balloons.push(`<circle cx="${n(bx)}" cy="${n(by)}" r="${BALLOON_R}"/><text x="${n(bx)}" y="${n(by + 4.5)}">${i + 1}</text>`);
    callouts.push({ number: i + 1, x: n(bx), y: n(by) });
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<rect width="${width}" height="${height}" fill="#fff"/>`
    + `<path d="M20 ${axisY}H${width - 20}" stroke="#999" stroke-dasharray="18 5 3 5" fill="none"/>`
    + `<g fill="none" stroke="#222" stroke-width="1.5" stroke-linejoin="round">${parts.join('')}</g>`
    + `<path d="${leaders.join('')}" stroke="#555" fill="none"/>`
    + `<g fill="#fff" stroke="#222" stroke-width="1.2">${balloons.map((b) => b.replace(/<text[^>]*>\d+<\/text>/, '')).join('')}</g>`
    + `<g font-family="Arial,sans-serif" font-size="13" font-weight="600" text-anchor="middle" fill="#111">${balloons.map((b) => b.replace(/^<circle[^>]*\/>/, '')).join('')}</g>`
    + '</svg>\n';
  return { no, path: layoutPath(no), width, height, callouts, svg };
}
