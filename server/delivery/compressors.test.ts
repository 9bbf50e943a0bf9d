import { randomBytes } from 'node:crypto';
import { zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedStream } from './compress-responses.ts';

const encoder = new TextEncoder();
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A page written in `parts` bursts, each in a turn of its own, as a streamed page arrives. */
function page(parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const part of parts) {
        controller.enqueue(encoder.encode(part));
        await turn();
        await turn();
      }
      controller.close();
    },
  });
}

async function pieces(stream: ReadableStream<Uint8Array>): Promise<Buffer[]> {
  const out: Buffer[] = [];
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) out.push(Buffer.from(r.value));
  return out;
}

const decoded = async (stream: ReadableStream<Uint8Array>) => zstdDecompressSync(Buffer.concat(await pieces(stream))).toString();

/** Text that compresses (repeats within itself) but differs from page to page. */
const text = (seed: number, size: number) => {
  const words = Array.from({ length: 50 }, (_, i) => `слово${(seed * 7919 + i * 104_729) % 1_000_003}`);
  let s = '';
  for (let i = 0; s.length < size; i++) s += `<li>${words[(i * seed) % words.length]} ${i}</li>`;
  return s;
};

describe('Zstandard streams, one per response', () => {
  it('gives each of many responses compressed at once exactly its own page, each a frame of its own', async () => {
    const pages = Array.from({ length: 40 }, (_, n) => [text(n + 1, 3_000), text(n + 2, 20_000), text(n + 3, 500)]);
    const results = await Promise.all(pages.map((parts) => pieces(compressedStream(page(parts), 'zstd'))));
    for (const [n, out] of results.entries()) {
      // Decoded alone: no frame refers to bytes that another response's frame carried.
      expect(zstdDecompressSync(Buffer.concat(out)).toString()).toBe(pages[n]!.join(''));
    }
  });

  it('hands a burst larger than the stream\'s buffers to its own response, in one piece', async () => {
    // Random bytes (as hex) do not shrink much: megabytes of output in one flush.
    const large = randomBytes(1_500_000).toString('hex');
    const [big, ...small] = await Promise.all([
      pieces(compressedStream(page([large, '<p>конец</p>']), 'zstd')),
      ...Array.from({ length: 8 }, (_, n) => pieces(compressedStream(page([text(n + 9, 4_000), text(n, 100)]), 'zstd'))),
    ]);
    expect(big![0]!.length).toBeGreaterThan(1_000_000);
    expect(zstdDecompressSync(Buffer.concat(big!)).toString()).toBe(`${large}<p>конец</p>`);
    for (const [n, out] of small.entries()) expect(zstdDecompressSync(Buffer.concat(out)).toString()).toBe(text(n + 9, 4_000) + text(n, 100));
  });

  it('a client gone or a page failed mid-stream leaves the next responses whole', async () => {
    /** A page whose first part is sent and compressed, then waits (nothing left on zlib's threads). */
    const waiting = () => {
      type Then = (controller: ReadableStreamDefaultController<Uint8Array>) => void;
      let then!: (next: Then) => void;
      const later = new Promise<Then>((resolve) => { then = resolve; });
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(text(1, 5_000)));
          (await later)(controller);
        },
      });
      return { reader: compressedStream(body, 'zstd').getReader(), then };
    };
    const gone = waiting();
    await gone.reader.read();
    await gone.reader.cancel('gone');
    const failed = waiting();
    await failed.reader.read();
    failed.then((controller) => controller.error(new Error('render failed')));
    await expect(failed.reader.read()).rejects.toThrow('render failed');

    const after = await Promise.all(Array.from({ length: 5 }, (_, n) => decoded(compressedStream(page([text(n, 8_000)]), 'zstd'))));
    expect(after).toEqual(Array.from({ length: 5 }, (_, n) => text(n, 8_000)));
  });

  it('an empty page is an empty frame', async () => {
    const out = await pieces(compressedStream(page([]), 'zstd'));
    expect(zstdDecompressSync(Buffer.concat(out)).toString()).toBe('');
  });
});
