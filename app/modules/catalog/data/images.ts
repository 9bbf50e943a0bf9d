import { IMAGE_HEIGHT, IMAGE_WIDTH, type ImageView, type ModelSeed } from './generate.ts';
import type { ManufacturerSeed } from './manufacturers.ts';
import type { Silhouette } from './technique-types.ts';

/**
 * Demo pictures, drawn rather than photographed: a flat silhouette of the kind of machine in the
 * manufacturer's colours with the model's name. They are committed to public/images (write-images.ts
 * writes them; a test keeps them in step with this file), 640×480 like the images' stored size.
 */

const DARK = '#263238';
const GLASS = '#BBDEFB';
const GROUND = 392;

function esc(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);
}

function wheel(cx: number, r: number, accent: string): string {
  return `<circle cx="${cx}" cy="${GROUND - r}" r="${r}" fill="${DARK}"/><circle cx="${cx}" cy="${GROUND - r}" r="${Math.round(r * 0.45)}" fill="${accent}"/>`;
}

function rect(x: number, y: number, w: number, h: number, fill: string, rx = 6): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>`;
}

function cabin(x: number, y: number, w: number, h: number, color: string): string {
  return rect(x, y, w, h, color, 10) + rect(x + 12, y + 12, w - 24, h * 0.55, GLASS, 4);
}

function drawbar(fromX: number, y: number): string {
  return `<path d="M${fromX} ${y} L40 ${y + 20}" stroke="${DARK}" stroke-width="10" stroke-linecap="round"/>`;
}

function discs(x0: number, x1: number, y: number, r: number, color: string): string {
  const out: string[] = [];
  for (let x = x0; x <= x1; x += r * 2 + 8) out.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${color}" stroke="${DARK}" stroke-width="4"/>`);
  return out.join('');
}

/** The side view of each kind of machine, facing right. */
const SIDE: Record<Silhouette, (c: string, a: string) => string> = {
  tractor: (c, a) => rect(300, 228, 260, 76, c, 12) + cabin(170, 104, 150, 140, c) + rect(440, 168, 12, 62, DARK, 3) + wheel(220, 100, a) + wheel(478, 62, a),
  crawler: (c, a) => rect(300, 218, 260, 80, c, 12) + cabin(170, 100, 150, 136, c) + rect(440, 160, 12, 60, DARK, 3)
    + `<rect x="120" y="300" width="440" height="92" rx="46" fill="${DARK}"/>` + [180, 280, 380, 500].map((x) => `<circle cx="${x}" cy="346" r="30" fill="${a}"/>`).join(''),
  combine: (c, a) => rect(170, 150, 340, 170, c, 14) + rect(210, 106, 210, 50, a, 8) + cabin(440, 96, 110, 110, c)
    + `<path d="M240 124 L110 84" stroke="${DARK}" stroke-width="14" stroke-linecap="round"/>` + rect(520, 300, 100, 46, a, 6) + wheel(430, 82, a) + wheel(230, 52, a),
  header: (c, a) => rect(40, 250, 560, 86, c, 10) + `<rect x="60" y="190" width="520" height="48" rx="24" fill="none" stroke="${a}" stroke-width="10"/>`
    + `<path d="M40 336 L600 336" stroke="${DARK}" stroke-width="8"/>` + rect(80, 336, 40, 40, DARK, 4) + rect(520, 336, 40, 40, DARK, 4),
  forager: (c, a) => rect(170, 160, 330, 160, c, 14) + cabin(420, 100, 120, 110, c)
    + `<path d="M330 160 Q360 40 520 56" fill="none" stroke="${a}" stroke-width="22" stroke-linecap="round"/>` + rect(520, 300, 90, 50, a, 6) + wheel(420, 84, a) + wheel(230, 54, a),
  seeder: (c, a) => `<polygon points="190,140 470,140 440,262 220,262" fill="${c}"/>` + rect(200, 128, 260, 20, a, 4) + rect(70, 262, 500, 22, DARK, 4)
    + discs(110, 540, 318, 22, a) + wheel(330, 54, a) + drawbar(80, 272),
  tillage: (c, a) => rect(70, 236, 520, 30, c, 6) + Array.from({ length: 8 }, (_, i) => rect(100 + i * 60, 266, 10, 60, DARK, 2)).join('')
    + discs(105, 540, 340, 18, a) + `<circle cx="560" cy="${GROUND - 40}" r="40" fill="${c}" stroke="${DARK}" stroke-width="6"/>` + drawbar(80, 250),
  plough: (c, a) => `<path d="M80 210 L570 262" stroke="${c}" stroke-width="22" stroke-linecap="round"/>`
    + Array.from({ length: 5 }, (_, i) => `<path d="M${150 + i * 90} ${222 + i * 9} l0 70 q30 20 60 0" fill="${a}" stroke="${DARK}" stroke-width="5"/>`).join('')
    + wheel(560, 52, a),
  sprayer: (c, a) => `<ellipse cx="330" cy="236" rx="150" ry="70" fill="${c}"/>` + rect(150, 140, 380, 18, a, 4) + rect(180, 300, 310, 18, DARK, 4)
    + wheel(260, 70, a) + wheel(420, 70, a) + drawbar(180, 306),
  spreader: (c, a) => `<polygon points="180,120 480,120 420,280 240,280" fill="${c}"/>` + rect(170, 110, 320, 20, a, 4)
    + `<ellipse cx="290" cy="306" rx="46" ry="12" fill="${a}" stroke="${DARK}" stroke-width="4"/><ellipse cx="370" cy="306" rx="46" ry="12" fill="${a}" stroke="${DARK}" stroke-width="4"/>`
    + wheel(330, 60, a) + drawbar(200, 250),
  baler: (c, a) => rect(190, 150, 300, 190, c, 60) + rect(200, 170, 120, 20, a, 4) + `<circle cx="500" cy="340" r="34" fill="${a}" stroke="${DARK}" stroke-width="6"/>`
    + wheel(300, 56, DARK) + drawbar(200, 290),
  mower: (c, a) => rect(120, 250, 200, 40, c, 8) + rect(120, 330, 440, 26, c, 8) + discs(160, 540, 343, 16, a)
    + `<path d="M320 270 L420 330" stroke="${DARK}" stroke-width="12"/>` + wheel(200, 44, a) + drawbar(120, 270),
  loader: (c, a) => rect(180, 220, 300, 100, c, 12) + cabin(220, 110, 110, 120, c) + `<path d="M300 200 L560 300" stroke="${a}" stroke-width="28" stroke-linecap="round"/>`
    + `<path d="M560 300 L560 360 L620 360" fill="none" stroke="${DARK}" stroke-width="10"/>` + wheel(240, 70, a) + wheel(430, 70, a),
  trailer: (c, a) => rect(110, 146, 450, 170, c, 6) + Array.from({ length: 5 }, (_, i) => rect(150 + i * 90, 146, 8, 170, a, 2)).join('')
    + wheel(330, 62, a) + wheel(460, 62, a) + drawbar(110, 300),
  dryer: (c, a) => rect(250, 50, 150, 330, c, 8) + Array.from({ length: 7 }, (_, i) => rect(262, 70 + i * 44, 126, 10, a, 2)).join('')
    + rect(400, 260, 110, 80, DARK, 6) + `<polygon points="240,50 410,50 325,16" fill="${a}"/>` + wheel(300, 40, a) + wheel(360, 40, a),
  mulcher: (c, a) => `<path d="M130 340 L130 230 Q330 170 530 230 L530 340 Z" fill="${c}"/>` + rect(140, 220, 380, 16, a, 4)
    + `<circle cx="520" cy="${GROUND - 36}" r="36" fill="${a}" stroke="${DARK}" stroke-width="6"/>` + drawbar(130, 250),
};

/** A rear view: the width of the machine between its wheels, the cab on top for self-propelled ones. */
function rear(silhouette: Silhouette, c: string, a: string): string {
  const cabbed = ['tractor', 'crawler', 'combine', 'forager', 'loader'].includes(silhouette);
  const wide = ['header', 'seeder', 'tillage', 'sprayer', 'mower', 'spreader'].includes(silhouette);
  const body = wide ? rect(60, 220, 520, 60, c, 8) + rect(240, 150, 160, 80, c, 8) : rect(190, 170, 260, 150, c, 12);
  const top = cabbed ? cabin(230, 70, 180, 110, c) : rect(260, 150, 120, 20, a, 4);
  return body + top + `<rect x="120" y="282" width="100" height="110" rx="18" fill="${DARK}"/><rect x="420" y="282" width="100" height="110" rx="18" fill="${DARK}"/>`
    + rect(300, 300, 40, 20, a, 3);
}

const SKY = '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#E3F2FD"/><stop offset="1" stop-color="#F5F7F8"/></linearGradient>';

function background(view: ImageView): string {
  if (view !== 'field') return `<rect width="640" height="480" fill="url(#sky)"/><rect y="${GROUND}" width="640" height="88" fill="#CFD8DC"/>`;
  // At work: a field in rows under the sun.
  const rows = Array.from({ length: 6 }, (_, i) => `<path d="M0 ${GROUND + 8 + i * 14} L640 ${GROUND + 2 + i * 14}" stroke="#8D6E63" stroke-width="5"/>`).join('');
  return `<rect width="640" height="480" fill="#E1F5FE"/><circle cx="560" cy="70" r="36" fill="#FFD54F"/><rect y="${GROUND}" width="640" height="88" fill="#A1887F"/>${rows}`;
}

export function modelSvg(model: Pick<ModelSeed, 'name' | 'silhouette' | 'manufacturer'> & { typeName: string }, view: ImageView): string {
  const { color, accent, name: maker } = model.manufacturer;
  const drawing = view === 'rear' ? rear(model.silhouette, color, accent) : SIDE[model.silhouette](color, accent);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}" role="img" aria-label="${esc(`${model.typeName} ${maker} ${model.name}`)}">`
    + `<defs>${SKY}</defs>${background(view)}${drawing}`
    + `<text x="24" y="40" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="${color}">${esc(maker)}</text>`
    + `<text x="616" y="40" text-anchor="end" font-family="Arial, Helvetica, sans-serif" font-size="18" fill="#546E7A">${esc(model.typeName)}</text>`
    + `<text x="320" y="456" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="32" font-weight="700" fill="${DARK}">${esc(model.name)}</text>`
    + '</svg>\n';
}

/** A wordmark: the name in the accent colour on the brand colour. */
export function logoSvg(m: ManufacturerSeed): string {
  const fit = m.name.length > 11 ? ' textLength="204" lengthAdjust="spacingAndGlyphs"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80" role="img" aria-label="${esc(m.name)}">`
    + `<rect width="240" height="80" rx="12" fill="${m.color}"/>`
    + `<text x="120" y="50" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="26" font-weight="700" fill="${m.accent}"${fit}>${esc(m.name)}</text>`
    + '</svg>\n';
}
