import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DRAWING_LAYOUTS, LARGE_LAYOUT_CALLOUTS, drawingLayout } from './drawings.ts';

const dir = fileURLToPath(new URL('../../../../public/images/drawings/', import.meta.url));
const layouts = Array.from({ length: DRAWING_LAYOUTS }, (_, i) => drawingLayout(i + 1));

describe('demo drawings', () => {
  it('are committed as the code draws them (run write-drawings.ts after changing drawings.ts)', () => {
    const stale = layouts.filter((l) => {
      const file = dir + l.path.slice(l.path.lastIndexOf('/') + 1);
      return !existsSync(file) || readFileSync(file, 'utf8') !== l.svg;
    }).map((l) => l.path);
    expect(stale).toEqual([]);
    expect(readdirSync(dir).length).toBe(DRAWING_LAYOUTS);
  });

  it('state their size, so the viewer reserves it before they load', () => {
    for (const l of layouts) expect(l.svg).toMatch(new RegExp(`^<svg [^>]*width="${l.width}" height="${l.height}" viewBox="0 0 ${l.width} ${l.height}"`));
  });

  it('number their balloons 1..N, inside the drawing, each drawn where its coordinates say', () => {
    for (const l of layouts) {
      expect(l.callouts.map((c) => c.number)).toEqual(l.callouts.map((_, i) => i + 1));
      for (const c of l.callouts) {
        expect(c.x).toBeGreaterThanOrEqual(13);
        expect(c.x).toBeLessThanOrEqual(l.width - 13);
        expect(c.y).toBeGreaterThanOrEqual(13);
        expect(c.y).toBeLessThanOrEqual(l.height - 13);
        expect(l.svg).toContain(`<circle cx="${c.x}" cy="${c.y}" r="13"/>`);
        expect(l.svg).toContain(`>${c.number}</text>`);
      }
    }
  });

  it('include drawings of 60 callouts, and stay small', () => {
    expect(layouts.some((l) => l.callouts.length === LARGE_LAYOUT_CALLOUTS)).toBe(true);
    const bytes = layouts.reduce((sum, l) => sum + Buffer.byteLength(l.svg), 0);
    // 320 files of an exploded view each: about 1.6 MB raw, 0.4 MB compressed in git.
    expect(bytes / DRAWING_LAYOUTS).toBeLessThan(8_000);
  });
});
