import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { MiddlewareHandler } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { chooseEncoding, type Encoding } from '#app/.server/accept-encoding.ts';
import { walk } from './precompress.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.html': 'text/html; charset=utf-8', '.json': 'application/json',
  '.map': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif', '.gif': 'image/gif',
  '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.otf': 'font/otf',
  '.txt': 'text/plain; charset=utf-8', '.xml': 'application/xml', '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
};

/** Files up to this size are kept in memory with their variants; bigger ones are streamed from disk. */
const IN_MEMORY_MAX_BYTES = 512 * 1024;
/** Vite's hashed output: the name changes with the content, so a browser may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files with stable names (favicon …): revalidated by ETag after an hour. */
const REVALIDATE = 'public, max-age=3600';

interface Variant { path: string; size: number; body: Uint8Array<ArrayBuffer> | null; etag: string }
interface StaticFile { type: string; cacheControl: string; identity: Variant; encoded: Partial<Record<Encoding, Variant>> }

/**
 * Serves the built browser files from a table made once at start-up: each file with the Brotli and
 * gzip variants written at build time (server/delivery/precompress.ts), chosen by Accept-Encoding,
 * with a strong ETag per variant and immutable caching for hashed assets. Requests for anything
 * else fall through to the pages without touching the disk.
 */
export function staticFiles(clientDir: string): MiddlewareHandler<HonoEnv> & { paths: () => string[] } {
  const table = new Map<string, StaticFile>();
  for (const path of walk(clientDir)) {
    const urlPath = `/${relative(clientDir, path).split(sep).join('/')}`;
    const encoded: Partial<Record<Encoding, Variant>> = {};
    for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
      if (existsSync(`${path}${suffix}`)) encoded[encoding] = variant(`${path}${suffix}`);
    }
    table.set(urlPath, {
      type: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      identity: variant(path),
      encoded,
    });
  }

  const handler: MiddlewareHandler<HonoEnv> = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const file = table.get(c.req.path);
    if (!file) return next();
    const available = (Object.keys(file.encoded) as Encoding[]);
    const encoding = chooseEncoding(c.req.header('accept-encoding'), available);
    const chosen = encoding ? file.encoded[encoding]! : file.identity;
    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': file.cacheControl,
      ETag: chosen.etag,
    };
    if (available.length > 0) headers.Vary = 'Accept-Encoding';
    if (encoding) headers['Content-Encoding'] = encoding;
    if (matches(c.req.header('if-none-match'), chosen.etag)) return c.body(null, 304, headers);
    headers['Content-Length'] = String(chosen.size);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    const body = chosen.body ?? (Readable.toWeb(createReadStream(chosen.path)) as ReadableStream<Uint8Array<ArrayBuffer>>);
    return c.body(body, 200, headers);
  };
  return Object.assign(handler, { paths: () => [...table.keys()] });
}

function variant(path: string): Variant {
  const size = statSync(path).size;
  const body = size <= IN_MEMORY_MAX_BYTES ? new Uint8Array(readFileSync(path)) : null;
  const hash = createHash('sha256');
  hash.update(body ?? readFileSync(path));
  return { path, size, body, etag: `"${hash.digest('base64url').slice(0, 27)}"` };
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
