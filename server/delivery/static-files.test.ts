import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { precompressDir } from './precompress.ts';
import { staticFiles } from './static-files.ts';

let dir: string;
let app: Hono<HonoEnv>;
const script = `export const items = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Запчасть ${i}`))};`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'entry-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'style-abc123.css'), 'body{color:#111}'.repeat(50));
  writeFileSync(join(dir, 'assets', 'inter-cyrillic.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));
  writeFileSync(join(dir, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1"/>'.repeat(20)}</svg>`);
  const big = Buffer.alloc(600 * 1024, 'a');
  writeFileSync(join(dir, 'assets', 'big-abc.js'), big);
  precompressDir(dir);
  app = new Hono<HonoEnv>();
  app.use(staticFiles(dir));
  app.get('*', (c) => c.text('page'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('static files', () => {
  it('writes .br and .gz beside every script, style and font', () => {
    const paths = staticFiles(dir).paths();
    expect(paths).toEqual(expect.arrayContaining(['/assets/entry-abc123.js', '/assets/style-abc123.css', '/favicon.svg']));
    expect(paths.some((p) => p.endsWith('.br') || p.endsWith('.gz'))).toBe(false);
  });

  it('answers Brotli to a browser, gzip to a client without br, identity otherwise', async () => {
    const br = await app.request('/assets/entry-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
    expect(brotliDecompressSync(brBody).toString()).toBe(script);

    const gz = await app.request('/assets/entry-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await app.request('/assets/entry-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('gives each variant its own ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await app.request('/assets/style-abc123.css', { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag')!;
    const gzEtag = (await app.request('/assets/style-abc123.css', { headers: { 'accept-encoding': 'gzip' } })).headers.get('etag');
    expect(etag).not.toBe(gzEtag);
    const again = await app.request('/assets/style-abc123.css', { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('revalidates files with stable names, streams big files, and leaves everything else to the pages', async () => {
    expect((await app.request('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
    const big = await app.request('/assets/big-abc.js');
    expect((await big.arrayBuffer()).byteLength).toBe(600 * 1024);
    expect(await (await app.request('/assets/missing.js')).text()).toBe('page');
    expect(await (await app.request('/assets/entry-abc123.js.br')).text()).toBe('page');
    expect(await (await app.request('/../etc/passwd')).text()).toBe('page');
    const head = await app.request('/assets/entry-abc123.js', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
