import type { Context } from 'hono';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chooseEncoding } from './accept-encoding.ts';
import type { HonoEnv } from './hono-env.ts';

/*
 * An answer whose bytes are made once and reused by many requests (the area tree, a catalogue
 * menu): its Brotli and gzip forms are made once too, on first demand, and kept as long as the bytes
 * themselves (a WeakMap on the array), instead of compressing them again for every browser.
 */
const variants = new WeakMap<Uint8Array, { br?: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> }>();

export function sendSharedBytes(c: Context<HonoEnv>, bytes: Uint8Array<ArrayBuffer>, contentType: string) {
  const encoding = chooseEncoding(c.req.header('accept-encoding'), ['br', 'gzip']);
  c.header('Vary', 'Accept-Encoding');
  if (!encoding) return c.body(bytes, 200, { 'Content-Type': contentType });
  let cached = variants.get(bytes);
  if (!cached) variants.set(bytes, (cached = {}));
  const body = (cached[encoding] ??= new Uint8Array(encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
    : gzipSync(bytes, { level: 9 })));
  return c.body(body, 200, { 'Content-Type': contentType, 'Content-Encoding': encoding, 'Content-Length': String(body.length) });
}
