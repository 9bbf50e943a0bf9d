import { promisify } from 'node:util';
import { brotliCompress, gzip, zstdCompress } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { chooseEncoding, type Encoding } from '#app/.server/accept-encoding.ts';
import { brotliParams, compressorFor, GZIP_LEVEL, zstdParams, type Compressor } from './compressors.ts';

/**
 * Compression of the responses made per request (pages, API answers); built files and cached pages
 * come precompressed (ADR 016) and pass through untouched.
 *
 * Why not a CompressionStream: a page leaves React in chunks of about 2 KB, and each chunk crossing
 * web streams into zlib and out to the socket costs more than its compression. Here everything the
 * page writes within one turn of the event loop is compressed as one piece and flushed, so a page
 * rendered at once is compressed in one go while a streamed page (a Suspense boundary resolving
 * later) still reaches the browser as it comes. zlib works on its thread pool, off the thread that
 * renders. Zstandard at level 3 goes first where the browser accepts it (Chromium and Firefox do): it
 * costs a third of Brotli at quality 4 for a page a few per cent larger (a signed-in category page
 * of 127 KB: 0.43 ms and 20.0 KB against 1.14 ms and 18.6 KB; gzip at level 6, 1.43 ms and 20.6 KB),
 * and a page made per request pays for its compression on every request. Brotli is for browsers
 * without Zstandard (Safari), gzip for the clients without either. ADR 029.
 */

/** Below this a response is not worth compressing (a header costs more than it saves). */
const THRESHOLD_BYTES = 1024;
/** In the order preferred when a client accepts several equally: the cheapest to make first. */
const DYNAMIC_ENCODINGS = ['zstd', 'br', 'gzip'] as const;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || c.req.method === 'HEAD' || res.status === 204 || res.status === 206) return;
    if (res.headers.has('Content-Encoding') || res.headers.has('Transfer-Encoding')) return;
    const type = res.headers.get('Content-Type');
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    if (NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return;
    const length = res.headers.get('Content-Length');
    if (length !== null && Number(length) < THRESHOLD_BYTES) return;

    const vary = res.headers.get('Vary');
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
      res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'), DYNAMIC_ENCODINGS);
    if (!encoding) return;

    // An answer made of a string (`c.json`, `c.text`) carries no length, and one under the
    // threshold went through a compressor of its own: twice the CPU of a small API answer. Read
    // whole, it is sent as it is when small, else compressed in one go for its known size (a
    // Zstandard context sized to it: half the CPU of one made for any size, ADR 060). Pages are
    // never that small and stream, so they are not read ahead.
    let body = res.body;
    if (length === null && !type.startsWith('text/html')) {
      const read = await readIfWhole(body);
      if (read.whole) {
        const small = read.whole.byteLength < THRESHOLD_BYTES;
        const bytes = small ? read.whole : await compressWhole(read.whole, encoding);
        const headers = small ? new Headers(res.headers) : compressedHeaders(res.headers, encoding);
        headers.set('Content-Length', String(bytes.byteLength));
        // Assigning over a response merges the old one's headers into the new (its uncompressed
        // length among them); `headers` already hold everything the old one had.
        c.res = undefined;
        c.res = new Response(bytes, { status: res.status, statusText: res.statusText, headers });
        return;
      }
      body = read.body;
    }

    c.res = undefined; // no merging of the old headers, as above
    c.res = new Response(compressedStream(body, encoding, length === null ? undefined : Number(length)), {
      status: res.status,
      statusText: res.statusText,
      headers: compressedHeaders(res.headers, encoding),
    });
  };
}

function compressedHeaders(original: Headers, encoding: Encoding): Headers {
  const headers = new Headers(original);
  headers.delete('Content-Length');
  headers.set('Content-Encoding', encoding);
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  return headers;
}

const brotliWhole = promisify(brotliCompress);
const gzipWhole = promisify(gzip);
const zstdWhole = promisify(zstdCompress);

/**
 * A whole body compressed on zlib's thread pool, with the same settings as a stream. zlib's output
 * is a Buffer on an ArrayBuffer that is not shared.
 */
async function compressWhole(bytes: Bytes, encoding: Encoding): Promise<Bytes> {
  switch (encoding) {
    case 'gzip': return await gzipWhole(bytes, { level: GZIP_LEVEL }) as Bytes;
    case 'br': return await brotliWhole(bytes, { params: brotliParams(bytes.byteLength) }) as Bytes;
    case 'zstd': return await zstdWhole(bytes, { params: zstdParams, pledgedSrcSize: bytes.byteLength }) as Bytes;
  }
}

type Bytes = Uint8Array<ArrayBuffer>;
type ReadBody = { whole: Bytes } | { whole: null; body: ReadableStream<Bytes> };

/**
 * The body whole when it is there at once: its first piece and its end within the same turn, as a
 * string's body is. Otherwise (a page still rendering) the same bytes as a stream, after one turn's
 * wait at most.
 */
export async function readIfWhole(source: ReadableStream<Bytes>): Promise<ReadBody> {
  const reader = source.getReader();
  const first = await reader.read();
  if (first.done) return { whole: new Uint8Array(0) };
  const second = reader.read();
  const nextTurn = new Promise<null>((resolve) => setImmediate(resolve, null));
  const early = await Promise.race([second, nextTurn]);
  if (early?.done) return { whole: first.value };
  let waiting: Promise<ReadableStreamReadResult<Bytes>> | null = second;
  return {
    whole: null,
    body: new ReadableStream<Bytes>({
      start(controller) { controller.enqueue(first.value); },
      async pull(controller) {
        const next = await (waiting ?? reader.read());
        waiting = null;
        if (next.done) controller.close(); else controller.enqueue(next.value);
      },
      cancel(reason) { return reader.cancel(reason); },
    }),
  };
}

/**
 * The body compressed: what arrives within one turn of the event loop is written to the compressor
 * together and flushed, so each flush carries a whole burst, not a 2 KB chunk, and what it makes
 * leaves as one piece: one enqueue, one socket write, one chunk for the client.
 */
export function compressedStream(body: ReadableStream<Uint8Array>, encoding: Encoding, sizeHint?: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let pending: Uint8Array[] = [];
  let scheduled = false;
  // Once the client has gone (the stream cancelled), nothing more may reach the controller.
  let open = true;
  let zip: Compressor | null = null;

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (error: Error) => {
        if (open) { open = false; controller.error(error); }
      };
      const compressor = compressorFor(encoding, fail, sizeHint);
      zip = compressor;
      const deliver = (piece: Buffer | null) => {
        if (piece && open) controller.enqueue(new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength));
      };
      const joined = (parts: Uint8Array[]) => parts.length === 1 ? parts[0]! : Buffer.concat(parts);

      const flushPending = () => {
        scheduled = false;
        if (pending.length === 0 || !open) return;
        const burst = joined(pending);
        pending = [];
        compressor.write(burst, false, deliver);
      };

      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done || !open) break;
            pending.push(value);
            if (!scheduled) {
              scheduled = true;
              setImmediate(flushPending);
            }
          }
          if (!open) return;
          // The last burst goes with the end of the output: no separate flush.
          scheduled = true;
          const rest = pending.length === 0 ? null : joined(pending);
          pending = [];
          compressor.write(rest, true, (piece) => {
            deliver(piece);
            if (open) { open = false; controller.close(); }
          });
        } catch (error) {
          compressor.abandon();
          fail(error instanceof Error ? error : new Error(String(error)));
        }
      })();
    },
    cancel(reason) {
      open = false;
      void reader.cancel(reason).catch(() => undefined);
      zip?.abandon();
    },
  });
}
