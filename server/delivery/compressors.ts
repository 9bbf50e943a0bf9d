import { constants, createBrotliCompress, createGzip, createZstdCompress, type BrotliCompress, type Gzip, type ZstdCompress } from 'node:zlib';
import type { Encoding } from '#app/.server/accept-encoding.ts';

/** The compressors behind `compressedStream`: a zlib stream of its own per response. */

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
export const GZIP_LEVEL = 6;
/**
 * zlib's output buffer, its default. It outlives the stream until a full garbage collection: with
 * 64 KB here, the compressors of small answers alone (`/robots.txt`) set off a full collection
 * every ~400 requests. A page's burst still leaves in one piece: what one write makes is joined.
 * ADR 060.
 */
const OUTPUT_CHUNK_BYTES = 16 * 1024;
export const zstdParams = { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL };

export function brotliParams(sizeHint?: number): Record<number, number> {
  return {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
    ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
  };
}

/** Called with everything one write made, joined (null when it made nothing). */
export type Delivered = (output: Buffer | null) => void;

/** One response's compressor. Writes are taken in order; each is answered in order. */
export interface Compressor {
  /**
   * Compresses `bytes` and flushes, so what the browser has can be shown; with `last` the output
   * ends. `delivered` gets exactly what this write made: a burst leaves as one piece.
   */
  write(bytes: Uint8Array | null, last: boolean, delivered: Delivered): void;
  /** Nothing more will be written: the client went away or the page failed. */
  abandon(): void;
}

export function compressorFor(encoding: Encoding, failed: (error: Error) => void, sizeHint?: number): Compressor {
  switch (encoding) {
    case 'zstd':
      return new StreamCompressor(createZstdCompress({ chunkSize: OUTPUT_CHUNK_BYTES, params: zstdParams }), constants.ZSTD_e_flush, failed);
    case 'gzip':
      return new StreamCompressor(createGzip({ level: GZIP_LEVEL, chunkSize: OUTPUT_CHUNK_BYTES }), constants.Z_SYNC_FLUSH, failed);
    case 'br':
      return new StreamCompressor(createBrotliCompress({ chunkSize: OUTPUT_CHUNK_BYTES, params: brotliParams(sizeHint) }), constants.BROTLI_OPERATION_FLUSH, failed);
  }
}

/**
 * What a zlib stream made for a write, taken at that write's callback. zlib hands its output on
 * (`push`) before it calls the write back, and a flowing stream emits it as 'data' at once; what a
 * stream holds buffered instead is read here, which emits it too, so nothing of a write is left for
 * whatever comes next. The next write's output cannot be among it: zlib compresses on its thread
 * pool, and that output comes in a later turn.
 */
class Output {
  #pieces: Buffer[] = [];
  private readonly zip: Gzip | BrotliCompress | ZstdCompress;
  constructor(zip: Gzip | BrotliCompress | ZstdCompress) {
    this.zip = zip;
    zip.on('data', (chunk: Buffer) => this.#pieces.push(chunk));
  }

  take(): Buffer | null {
    while (this.zip.readableLength > 0 && this.zip.read() !== null) { /* emitted as 'data' */ }
    const pieces = this.#pieces;
    if (pieces.length === 0) return null;
    this.#pieces = [];
    return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
  }
}

/** A zlib stream made for one response and ended with it. */
class StreamCompressor implements Compressor {
  readonly #output: Output;
  private readonly zip: Gzip | BrotliCompress | ZstdCompress;
  private readonly flushMode: number;
  constructor(zip: Gzip | BrotliCompress | ZstdCompress, flushMode: number, failed: (error: Error) => void) {
    this.zip = zip;
    this.flushMode = flushMode;
    this.#output = new Output(zip);
    zip.on('error', failed);
  }

  write(bytes: Uint8Array | null, last: boolean, delivered: Delivered): void {
    if (last) {
      this.zip.once('end', () => delivered(this.#output.take()));
      if (bytes) this.zip.end(bytes); else this.zip.end();
      return;
    }
    if (bytes) this.zip.write(bytes);
    this.zip.flush(this.flushMode, () => delivered(this.#output.take()));
  }

  abandon(): void {
    this.zip.destroy();
  }
}
