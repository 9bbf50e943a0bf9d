import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { webFontsScript } from './web-fonts.ts';

/** Runs the head script in a fake page; the first contentful paint and the font loads are the test's to fire. */
function page(storage: Map<string, string>) {
  const added: { family: string; source: string; descriptors: Record<string, string> }[] = [];
  const loads: (() => void)[] = [];
  let painted: (() => void) | null = null;
  const timers: (() => void)[] = [];
  class FontFace {
    family: string;
    source: string;
    descriptors: Record<string, string>;
    constructor(family: string, source: string, descriptors: Record<string, string>) {
      this.family = family;
      this.source = source;
      this.descriptors = descriptors;
    }
    load() { return new Promise<void>((resolve) => loads.push(resolve)); }
  }
  class PerformanceObserver {
    static supportedEntryTypes = ['paint'];
    callback: (list: { getEntriesByName: (n: string) => unknown[] }) => void;
    constructor(callback: PerformanceObserver['callback']) { this.callback = callback; }
    observe() { painted = () => this.callback({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) }); }
    disconnect() {}
  }
  const window: Record<string, unknown> = { FontFace, PerformanceObserver };
  const context = {
    window,
    FontFace,
    Promise,
    document: { visibilityState: 'visible', fonts: { add: (f: (typeof added)[number]) => added.push(f) } },
    sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
    requestAnimationFrame: () => {},
    setTimeout: (fn: () => void, ms: number) => { if (ms === 0) timers.push(fn); },
  };
  runInNewContext(webFontsScript(), context);
  return {
    added,
    paint: () => { painted?.(); timers.splice(0).forEach((fn) => fn()); },
    finishLoads: async () => { loads.splice(0).forEach((resolve) => resolve()); await new Promise((r) => setTimeout(r, 0)); },
    loading: () => loads.length,
    navigate: () => (window.__applyWebFonts as () => void)(),
  };
}

describe('webFontsScript', () => {
  it('on a tab\'s first page fetches Inter only after the first paint and adds it at the first page change', async () => {
    const storage = new Map<string, string>();
    const p = page(storage);
    expect(p.added).toEqual([]);
    expect(p.loading()).toBe(0);

    p.paint();
    expect(p.loading()).toBe(2);
    await p.finishLoads();
    expect(p.added).toEqual([]);
    expect([...storage.values()]).toHaveLength(1);

    p.navigate();
    expect(p.added.map((f) => f.family)).toEqual(['Inter Variable', 'Inter Variable']);
    expect(p.added.map((f) => f.source)).toEqual([
      expect.stringMatching(/^url\(\S*inter-cyrillic-wght-normal\S*\.woff2\) format\("woff2"\)$/),
      expect.stringMatching(/^url\(\S*inter-latin-wght-normal\S*\.woff2\) format\("woff2"\)$/),
    ]);
    expect(p.added[0]!.descriptors).toMatchObject({ weight: '100 900', display: 'swap', unicodeRange: expect.stringContaining('U+0400-045F') });
    p.navigate();
    expect(p.added).toHaveLength(2);
  });

  it('a page change before the files are in adds them as they arrive', async () => {
    const p = page(new Map());
    p.paint();
    p.navigate();
    expect(p.added).toEqual([]);
    await p.finishLoads();
    expect(p.added).toHaveLength(2);
  });

  it('on later pages of the tab adds Inter before the first paint, from the cache', async () => {
    const storage = new Map<string, string>();
    const first = page(storage);
    first.paint();
    await first.finishLoads();
    const next = page(storage);
    expect(next.added).toHaveLength(2);
    expect(next.loading()).toBe(0);
  });

  it('treats a tab that loaded other font files (an earlier build) as a first visit', () => {
    const p = page(new Map([['web-fonts', '/assets/inter-old.woff2']]));
    expect(p.added).toEqual([]);
  });
});
