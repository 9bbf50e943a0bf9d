import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/*
 * Compressed delivery (ADR 016): every script, style and font of the build has Brotli and gzip
 * variants written at build time, and the server answers each with the encoding the request asks for.
 */

const CLIENT = join(import.meta.dirname, '../../build/client');
const PRECOMPRESSED = /\.(js|css|woff2)$/;

function builtFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? builtFiles(path) : [path];
  });
}

test.describe('compressed delivery @desktop', () => {
  // An empty chunk (the client module React Router writes for a route with a loader only) has
  // nothing to compress: precompress.ts leaves it alone, and so does this check.
  const files = builtFiles(CLIENT).filter((f) => PRECOMPRESSED.test(f) && statSync(f).size > 0);

  test('the build has .br and .gz beside every script, style and font', () => {
    expect(files.length).toBeGreaterThan(10);
    const all = new Set(builtFiles(CLIENT));
    const missing = files.flatMap((f) => [`${f}.br`, `${f}.gz`].filter((v) => !all.has(v)).map((v) => relative(CLIENT, v)));
    expect(missing).toEqual([]);
  });

  test('each is served as Brotli, gzip or identity as asked, immutable, and decodes to the file', async ({ request }) => {
    for (const file of files) {
      const path = `/${relative(CLIENT, file).split('\\').join('/')}`;
      const raw = readFileSync(file);
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
      ] as const) {
        const response = await request.fetch(path, { headers: { 'accept-encoding': accept }, maxRedirects: 0 });
        expect(response.status(), path).toBe(200);
        const headers = response.headers();
        expect(headers['content-encoding'], path).toBe(encoding);
        expect(headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
        expect(headers.vary, path).toContain('Accept-Encoding');
        // The length is the encoded variant's; Playwright hands back the decoded body.
        const variant = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
        expect(Number(headers['content-length']), path).toBe(statSync(variant).size);
        expect(decode(readFileSync(variant)).equals(raw), variant).toBe(true);
        expect(Buffer.from(await response.body()).equals(raw), path).toBe(true);
      }
    }
  });

  test('pages come gzipped to a browser, from the cache too, and plain to a client that asks for nothing', async ({ request }) => {
    for (let i = 0; i < 2; i++) {
      const page = await request.fetch('/contacts', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(page.headers()['content-encoding']).toBe('gzip');
      expect(await page.text()).toContain('</html>');
    }
    const plain = await request.fetch('/contacts', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(await plain.text()).toContain('</html>');
  });
});
