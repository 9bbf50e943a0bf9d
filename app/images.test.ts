import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORY_ICONS } from '#app/components/ui/icons.tsx';

/**
 * Every image a page can reference exists: a path under public/ (served as is) or a file the build
 * bundles (an import beside the code). Read as text, so the demo data of every module, the stored
 * page bodies and the components are checked alike without importing another module's internals.
 */
const ROOT = resolve(import.meta.dirname, '..');
const PUBLIC = join(ROOT, 'public');
const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i;

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });
}

const read = (path: string) => readFileSync(path, 'utf8');
const at = (path: string) => relative(ROOT, path);

/** Site-absolute references (`/images/…`) in a text: attributes, CSS url(), string literals. */
function absoluteImageRefs(text: string): string[] {
  const refs = [
    ...[...text.matchAll(/(?:src|href|poster)\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]!),
    ...[...text.matchAll(/srcset\s*=\s*["']([^"']+)["']/gi)].flatMap((m) => m[1]!.split(',').map((s) => s.trim().split(/\s+/)[0]!)),
    ...[...text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/gi)].map((m) => m[1]!),
    ...[...text.matchAll(/["'`](\/[^"'`\s]+)["'`]/g)].map((m) => m[1]!),
  ];
  return [...new Set(refs.map((r) => r.split(/[?#]/)[0]!).filter((r) => r.startsWith('/') && !r.startsWith('//') && IMAGE.test(r)))];
}

const servedFromPublic = (ref: string) => existsSync(join(PUBLIC, decodeURIComponent(ref)));

describe('every image the pages reference exists', () => {
  it('page bodies (pages/*.html): each <img>, srcset, image link and background under public/', () => {
    const pages = filesUnder(join(ROOT, 'app/modules/content/data/pages'), (p) => p.endsWith('.html'));
    expect(pages.length).toBeGreaterThanOrEqual(7);
    const missing = pages.flatMap((p) => absoluteImageRefs(read(p)).filter((r) => !servedFromPublic(r)).map((r) => `${at(p)}: ${r}`));
    expect(missing).toEqual([]);
    // An image by a relative or foreign address would not be checked here, nor served by us.
    const other = pages.flatMap((p) => [...read(p).matchAll(/<img[^>]*\ssrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]!).filter((r) => !r.startsWith('/')).map((r) => `${at(p)}: ${r}`));
    expect(other).toEqual([]);
  });

  it('category banners of the catalogue data, and the data of every module, are files under public/', () => {
    const data = filesUnder(join(ROOT, 'app/modules'), (p) => /\/data\/[^/]+\.ts$/.test(p));
    const refs = data.flatMap((p) => absoluteImageRefs(read(p)).map((r) => ({ file: at(p), ref: r })));
    expect(refs.map((r) => r.ref)).toEqual(expect.arrayContaining(['/images/banners/traktory.jpg', '/images/banners/posevnaya-tehnika.jpg', '/images/banners/zagotovka-kormov.jpg']));
    expect(refs.filter((r) => !servedFromPublic(r.ref)).map((r) => `${r.file}: ${r.ref}`)).toEqual([]);
  });

  it('category icons of the catalogue data each have a symbol in the sprite; the two forage categories differ', () => {
    const sprite = read(join(ROOT, 'app/components/ui/icons.svg'));
    const symbols = new Set([...sprite.matchAll(/<symbol\s+id="([^"]+)"/g)].map((m) => m[1]!));
    const categories = read(join(ROOT, 'app/modules/catalog/data/categories.ts'));
    const icons = new Set([...categories.matchAll(/icon:\s*'([a-z-]+)'/g)].map((m) => m[1]!));
    expect(icons.size).toBeGreaterThan(5);
    for (const icon of icons) {
      const shown = CATEGORY_ICONS.has(icon) ? icon : 'other';
      expect(icon === 'other' || CATEGORY_ICONS.has(icon), `icon key '${icon}' falls back to 'other'`).toBe(true);
      expect(symbols.has(`cat-${shown}`), `cat-${shown}`).toBe(true);
    }
    for (const key of CATEGORY_ICONS) expect(symbols.has(`cat-${key}`), `cat-${key}`).toBe(true);
    const iconOf = (name: string) => categories.match(new RegExp(`name: '${name}', icon: '([a-z-]+)'`))?.[1];
    expect(iconOf('Кормоуборочная техника')).toBe('forage');
    expect(iconOf('Техника для заготовки кормов')).toBe('hay');
    expect(sprite.match(/<symbol id="cat-forage"[^>]*>(.*?)<\/symbol>/s)?.[1]).not.toBe(sprite.match(/<symbol id="cat-hay"[^>]*>(.*?)<\/symbol>/s)?.[1]);
  });

  // Test fixtures invent pictures; the demo seed's pictures are checked against the disk by
  // catalog.seed.server.test.ts (its paths are built from the data).
  it('components, routes and styles: absolute paths under public/, imported images beside the code, sprite names in the sprite', () => {
    const code = filesUnder(join(ROOT, 'app'), (p) => /\.(tsx?|css)$/.test(p) && !/\.test\.tsx?$|fixture(?:\.server)?\.ts$|\.seed\.server\.ts$/.test(p) && !p.includes('/data/') && !p.includes('/.server/'));
    const missing = code.flatMap((p) => absoluteImageRefs(read(p)).filter((r) => !servedFromPublic(r)).map((r) => `${at(p)}: ${r}`));
    expect(missing).toEqual([]);
    // Relative imports and url()s are bundled by the build: the file must exist beside the code.
    const bundled = code.flatMap((p) => [
      ...[...read(p).matchAll(/import\s+(?:\w+\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!),
      ...[...read(p).matchAll(/url\(\s*["']?(\.{1,2}\/[^"')]+)["']?\s*\)/g)].map((m) => m[1]!),
    ].map((r) => r.split(/[?#]/)[0]!).filter((r) => IMAGE.test(r)).map((r) => ({ file: p, path: resolve(dirname(p), r) })));
    expect(bundled.length).toBeGreaterThan(0);
    expect(bundled.filter((b) => !existsSync(b.path)).map((b) => `${at(b.file)}: ${at(b.path)}`)).toEqual([]);
    const sprite = read(join(ROOT, 'app/components/ui/icons.svg'));
    const icons = read(join(ROOT, 'app/components/ui/icons.tsx'));
    for (const [, name] of icons.matchAll(/<Icon name="([a-z-]+)"/g)) expect(sprite, name).toContain(`<symbol id="${name}"`);
  });
});
