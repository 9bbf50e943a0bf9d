import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Scripts, styles and fonts always get both variants; other text files when it pays. */
const ALWAYS = new Set(['.js', '.mjs', '.css', '.woff2', '.woff', '.ttf', '.otf']);
const WHEN_SMALLER = new Set(['.svg', '.json', '.txt', '.xml', '.html', '.map', '.webmanifest', '.ico']);

export interface PrecompressResult { files: number; bytes: number; br: number; gz: number }

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every asset of a
 * build, once, so the server never compresses a static file per request. Run at build time.
 */
export function precompressDir(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const file of walk(dir)) {
    const ext = extname(file).toLowerCase();
    if (!ALWAYS.has(ext) && !WHEN_SMALLER.has(ext)) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    const always = ALWAYS.has(ext);
    if (always || br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (always || gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    result.files += 1;
    result.bytes += raw.length;
    result.br += br.length;
    result.gz += gz.length;
  }
  return result;
}

export function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name) && statSync(path).size > 0) yield path;
  }
}

/**
 * `node server/delivery/precompress.ts [dir]`: run by `npm run build` after React Router's build,
 * which writes files into build/client until its very end (the route manifest, styles moved over from
 * the server build), so a plugin hook of the client build would miss some.
 */
if (import.meta.main) {
  const dir = process.argv[2] ?? new URL('../../build/client', import.meta.url).pathname;
  const { files, bytes, br, gz } = precompressDir(dir);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  process.stdout.write(`Precompressed ${files} files: ${kb(bytes)} → Brotli ${kb(br)}, gzip ${kb(gz)}\n`);
}
