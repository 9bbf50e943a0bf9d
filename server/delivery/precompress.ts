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
