// The JavaScript a page makes the browser load on first visit, gzipped.
//
// Entry points are what the server-rendered HTML loads: <script src>, <link rel="modulepreload"> (or
// the list of them the boot script of app/.server/defer-hydration.ts adds after the first paint),
// and the imports in inline module scripts (React Router's script imports the manifest and the
// matched route modules, then import("…")s the client entry, which runs at once, so it counts).
// URLs that merely appear in the inline route manifest JSON are not entry points: React Router
// puts the routes of parent paths there too (e.g. home's on /contacts) for later navigation.
// From the entries we follow static imports through the built files. Dynamic import() inside
// built files is a lazy chunk loaded on demand (e.g. the map), so it is deliberately not followed.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface JsFile {
  /** Path relative to the client build directory, e.g. assets/chunk-abc.js. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageJs {
  path: string;
  files: JsFile[];
  gzipBytes: number;
  /** Entry URLs that have no file in the build: a sign the build and the server disagree. */
  missing: string[];
  /** A catalogue page (category, model): held to the catalogue's budget. */
  catalogue?: boolean;
}

/** URLs (as paths: origin and query dropped) of the scripts the HTML makes the browser load. */
export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attribute(attributes, 'src');
    if (src) urls.add(src);
    // 'text/x-hydrate': React Router's module script, held back until the first paint
    // (app/.server/defer-hydration.ts), and the boot script that adds the page's preloads then.
    else if (attribute(attributes, 'type') === 'module' || attribute(attributes, 'type') === 'text/x-hydrate') {
      for (const specifier of [...staticImports(body), ...dynamicImports(body)]) urls.add(specifier);
    } else {
      for (const [, list = ''] of body.matchAll(/(\[(?:"\/[^"]+\.js",?)+\])\.forEach/g)) {
        for (const href of JSON.parse(list) as string[]) urls.add(href);
      }
    }
  }
  for (const [, attributes = ''] of html.matchAll(/<link\b([^>]*)>/gi)) {
    const rel = attribute(attributes, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(attributes, 'href');
    if (rel.includes('modulepreload') && href) urls.add(href);
  }
  return [...urls].map(toPath);
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * /assets/x.js?v=1 → /assets/x.js. Absolute URLs (another host) stay as they are: they are not in
 * the build, and the report lists them as not found rather than silently dropping them.
 */
function toPath(url: string): string {
  if (/^([a-z][a-z\d+.-]*:|\/\/)/i.test(url)) return url;
  return new URL(url, 'http://page.invalid/').pathname;
}

/** `import("…")` with a literal specifier: in the page's inline script it runs immediately. */
function dynamicImports(code: string): string[] {
  return [...code.matchAll(/(?<![\w$.])import\s*\(\s*(["'])([^"'\n]+?)\1\s*\)/g)].map((match) => match[2]!);
}

/**
 * Specifiers of static imports and re-exports in a built (minified) ES module:
 * `import{a}from"./x.js"`, `import"./x.js"`, `import*as a from"./x.js"`, `export{a}from"./x.js"`,
 * `export*from"./x.js"`. `import(` and `import.meta` do not match: the keyword must be followed by
 * a quote or by an import clause ending in `from`. It must also start a statement (file start,
 * `;`, `}`, a newline or the end of a comment), so error messages that quote an import statement
 * (React Router has one) are not taken for one.
 */
export function staticImports(code: string): string[] {
  const pattern = /(?<=^|[;}\n/])[ \t]*(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?(["'])([^"'\n]+?)\1/g;
  return [...code.matchAll(pattern)].map((match) => match[2]!);
}

/** Gzip level 9 (the best a static server would pre-compress with). */
function gzipSize(content: Buffer): number {
  return gzipSync(content, { level: 9 }).length;
}

/** Reads a built file once per benchmark run, however many pages load it. */
export function createFileReader(clientDir: string) {
  const cache = new Map<string, JsFile & { imports: string[] }>();
  return (absolutePath: string) => {
    let entry = cache.get(absolutePath);
    if (!entry) {
      const content = readFileSync(absolutePath);
      entry = {
        file: relative(clientDir, absolutePath),
        bytes: content.length,
        gzipBytes: gzipSize(content),
        imports: staticImports(content.toString('utf8')),
      };
      cache.set(absolutePath, entry);
    }
    return entry;
  };
}

export type FileReader = ReturnType<typeof createFileReader>;

/** The transitive static-import closure of the page's entry scripts, with gzipped sizes. */
export function pageJs(path: string, html: string, clientDir: string, read: FileReader): PageJs {
  const seen = new Map<string, JsFile>();
  const missing: string[] = [];
  const queue = scriptUrls(html).map((url) => ({ absolutePath: join(clientDir, url), from: url }));

  while (queue.length > 0) {
    const { absolutePath, from } = queue.shift()!;
    if (seen.has(absolutePath)) continue;
    let file;
    try {
      file = read(absolutePath);
    } catch {
      missing.push(from);
      continue;
    }
    seen.set(absolutePath, { file: file.file, bytes: file.bytes, gzipBytes: file.gzipBytes });
    for (const specifier of file.imports) {
      const target = resolveSpecifier(specifier, absolutePath, clientDir);
      if (target) queue.push({ absolutePath: target, from: `${specifier} (imported by ${file.file})` });
    }
  }

  const files = [...seen.values()];
  return { path, files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), missing };
}

/** Relative and root-absolute .js specifiers point at built files; anything else is not ours to count. */
function resolveSpecifier(specifier: string, importer: string, clientDir: string): string | null {
  if (!/\.m?js$/.test(specifier)) return null;
  if (specifier.startsWith('./') || specifier.startsWith('../')) return resolve(dirname(importer), specifier);
  if (specifier.startsWith('/')) return join(clientDir, specifier);
  return null;
}
