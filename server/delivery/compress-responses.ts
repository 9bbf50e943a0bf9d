import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, createZstdCompress, gzip, zstdCompress, type BrotliCompress, type Gzip, type ZstdCompress } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { chooseEncoding, type Encoding } from '#app/.server/accept-encoding.ts';

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

const ZSTD_LEVEL = 3;
const BROTLI_QUALITY = 4;
/**
 * Brotli's window: 512 KB, more than any page we render, where Brotli's own default is 4 MB. The
 * compressor's native memory grows with the window, and V8 answers native memory with full garbage
 * collections: at 10 pages at a time, the default window made one every 100 ms (93 in 10 s against
 * 9 with this one) and a signed-in category page fell from 519 to 385 req/s. Output is the same
 * within 1 % on our pages. ADR 060.
 */
const BROTLI_WINDOW_BITS = 19;
const GZIP_LEVEL = 6;
/**
 * zlib's output buffer, its default. It outlives the stream until a full garbage collection: with
 * 64 KB here, the compressors of small answers alone (`/robots.txt`) set off a full collection
 * every ~400 requests. A page's burst still leaves in one piece: what one flush makes is joined
 * (`compressedStream`). ADR 060.
 */
const OUTPUT_CHUNK_BYTES = 16 * 1024;
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

const zstdWhole = promisify(zstdCompress);
const brotliWhole = promisify(brotliCompress);
const gzipWhole = promisify(gzip);

/**
 * A whole body compressed on zlib's thread pool, with the same settings as a stream. zlib's output
 * is a Buffer on an ArrayBuffer of its own, never a shared one.
 */
async function compressWhole(bytes: Bytes, encoding: Encoding): Promise<Bytes> {
  if (encoding === 'gzip') return await gzipWhole(bytes, { level: GZIP_LEVEL }) as Bytes;
  if (encoding === 'zstd') return await zstdWhole(bytes, { pledgedSrcSize: bytes.byteLength, params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } }) as Bytes;
  return await brotliWhole(bytes, { params: brotliParams(bytes.byteLength) }) as Bytes;
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

function compressor(encoding: Encoding, sizeHint?: number): Gzip | BrotliCompress | ZstdCompress {
  if (encoding === 'gzip') return createGzip({ level: GZIP_LEVEL, chunkSize: OUTPUT_CHUNK_BYTES });
  if (encoding === 'zstd') {
    return createZstdCompress({ chunkSize: OUTPUT_CHUNK_BYTES, params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } });
  }
  return createBrotliCompress({ chunkSize: OUTPUT_CHUNK_BYTES, params: brotliParams(sizeHint) });
}

function brotliParams(sizeHint?: number): Record<number, number> {
  return {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
    ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
  };
}

const FLUSH_MODE: Record<Encoding, number> = {
  zstd: constants.ZSTD_e_flush,
  br: constants.BROTLI_OPERATION_FLUSH,
  gzip: constants.Z_SYNC_FLUSH,
};

/**
 * The body compressed: what arrives within one turn of the event loop is written to zlib together
 * and flushed, so each flush carries a whole burst, not a 2 KB chunk.
 */
export function compressedStream(body: ReadableStream<Uint8Array>, encoding: Encoding, sizeHint?: number): ReadableStream<Uint8Array> {
  const zip = compressor(encoding, sizeHint);
  const flushMode = FLUSH_MODE[encoding];
  const reader = body.getReader();
  let pending: Uint8Array[] = [];
  let scheduled = false;
  // Once the client has gone (the stream cancelled), nothing more may reach the controller.
  let open = true;

  return new ReadableStream<Uint8Array>({
    start(controller) {
      // zlib hands its output over a buffer at a time, each from a round trip to its thread pool;
      // what one flush makes (a page's burst) is joined and leaves as one piece: one enqueue, one
      // socket write, one chunk for the client. Output that comes with no flush under way (none is
      // expected) leaves in the next turn.
      let output: Buffer[] = [];
      let flushing = 0;
      let draining = false;
      const drain = () => {
        draining = false;
        if (output.length === 0 || !open) return;
        const piece = output.length === 1 ? output[0]! : Buffer.concat(output);
        output = [];
        controller.enqueue(new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength));
      };
      zip.on('data', (chunk: Buffer) => {
        output.push(chunk);
        if (flushing === 0 && !draining) {
          draining = true;
          setImmediate(drain);
        }
      });
      zip.on('end', () => {
        drain();
        if (open) { open = false; controller.close(); }
      });
      zip.on('error', (error) => { if (open) { open = false; controller.error(error); } });

      const flushPending = () => {
        scheduled = false;
        if (pending.length === 0 || !open) return;
        const burst = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
        pending = [];
        zip.write(burst);
        flushing++;
        zip.flush(flushMode, () => {
          flushing--;
          drain();
        });
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
          // The last burst goes with the end of the stream: no separate flush.
          scheduled = true;
          const rest = pending.length === 0 ? null : Buffer.concat(pending);
          pending = [];
          flushing++; // what the end makes leaves with the 'end' event
          if (rest) zip.end(rest); else zip.end();
        } catch (error) {
          zip.destroy(error instanceof Error ? error : new Error(String(error)));
        }
      })();
    },
    cancel(reason) {
      open = false;
      void reader.cancel(reason).catch(() => undefined);
      zip.destroy();
    },
  });
}
