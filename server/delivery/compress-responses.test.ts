import { brotliCompressSync, brotliDecompressSync, gunzipSync, createBrotliDecompress, createZstdDecompress, zstdDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressResponses, readIfWhole } from './compress-responses.ts';

const PAGE = `<!doctype html><html><body>${'<p>Трактор Кировец К-7М, 300 л.с.</p>'.repeat(200)}</body></html>`;

function app(respond: () => Response) {
  const a = new Hono();
  a.use(compressResponses());
  a.get('/', () => respond());
  return a;
}

/** WBITS from a Brotli stream's header (RFC 7932, 9.1): its first bits, least significant first. */
function brotliWindowBits(stream: Uint8Array): number {
  let position = 0;
  const bits = (count: number) => {
    let value = 0;
    for (let i = 0; i < count; i++, position++) value |= ((stream[position >> 3]! >> (position & 7)) & 1) << i;
    return value;
  };
  if (bits(1) === 0) return 16;
  const n = bits(3);
  if (n !== 0) return 17 + n;
  const m = bits(3);
  return m === 0 ? 17 : 8 + m;
}

const html = (body: BodyInit, headers: Record<string, string> = {}) => new Response(body, { headers: { 'Content-Type': 'text/html; charset=UTF-8', ...headers } });

describe('compressResponses', () => {
  it('answers Zstandard when the browser accepts it (what Chromium sends), Brotli next, gzip otherwise, and says it varies', async () => {
    const zstd = await app(() => html(PAGE)).request('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(zstd.headers.get('Content-Encoding')).toBe('zstd');
    expect(zstd.headers.get('Vary')).toBe('Accept-Encoding');
    const zstdBytes = Buffer.from(await zstd.arrayBuffer());
    expect(zstdDecompressSync(zstdBytes).toString()).toBe(PAGE);
    expect(zstdBytes.length).toBeLessThan(Buffer.byteLength(PAGE) / 10);

    const br = await app(() => html(PAGE)).request('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBytes).toString()).toBe(PAGE);
    expect(brBytes.length).toBeLessThan(Buffer.byteLength(PAGE) / 10);

    const gz = await app(() => html(PAGE)).request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(PAGE);
  });

  it('leaves alone what must not or need not be compressed', async () => {
    const plain = await app(() => html(PAGE)).request('/');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(PAGE);
    const accept = { headers: { 'Accept-Encoding': 'br, gzip' } };
    const cases = [
      () => html(PAGE, { 'Content-Encoding': 'gzip' }),
      () => html(PAGE, { 'Cache-Control': 'no-transform' }),
      () => html('<p>короткий</p>', { 'Content-Length': '25' }),
      () => new Response(PAGE, { headers: { 'Content-Type': 'image/png' } }),
      () => new Response(PAGE, { headers: { 'Content-Type': 'text/event-stream' } }),
    ];
    for (const respond of cases) {
      const res = await app(respond).request('/', accept);
      expect(res.headers.get('Content-Encoding') ?? 'none').not.toBe('br');
    }
    const refused = await app(() => html(PAGE)).request('/', { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers.get('Content-Encoding')).toBeNull();
  });

  it('sends a small answer made of a string as it is, with its length; a larger one compressed', async () => {
    const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } });
    const accept = { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } };
    const small = await app(() => json({ error_status: 'success', token: 'x'.repeat(64) })).request('/', accept);
    expect(small.headers.get('Content-Encoding')).toBeNull();
    const text = await small.text();
    expect(JSON.parse(text)).toEqual({ error_status: 'success', token: 'x'.repeat(64) });
    expect(small.headers.get('Content-Length')).toBe(String(Buffer.byteLength(text)));

    const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Фильтр масляный ${i}` }));
    const large = await app(() => json(rows)).request('/', accept);
    expect(large.headers.get('Content-Encoding')).toBe('zstd');
    const compressed = Buffer.from(await large.arrayBuffer());
    expect(large.headers.get('Content-Length')).toBe(String(compressed.length));
    expect(JSON.parse(zstdDecompressSync(compressed).toString())).toEqual(rows);

    const br = await app(() => json(rows)).request('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString())).toEqual(rows);
  });

  it('never keeps the length of what it was before compression', async () => {
    const res = await app(() => html(PAGE, { 'Content-Length': String(Buffer.byteLength(PAGE)) })).request('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Content-Length')).toBeNull();
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(PAGE);
  });

  it('a page written at once leaves as one piece of Zstandard, not in 16 KB parts', async () => {
    // Some 20 KB compressed, as a signed-in category page: every piece costs an event and a write.
    const varied = Array.from({ length: 3000 }, (_, i) => `<li data-i="${(i * 7919) % 100_003}">${i.toString(36)}</li>`).join('');
    const res = await app(() => html(varied)).request('/', { headers: { 'Accept-Encoding': 'zstd' } });
    const pieces: Uint8Array[] = [];
    const reader = res.body!.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) pieces.push(r.value);
    const bytes = Buffer.concat(pieces);
    expect(bytes.length).toBeGreaterThan(16 * 1024);
    expect(pieces).toHaveLength(1);
    expect(zstdDecompressSync(bytes).toString()).toBe(varied);
  });

  it('a streamed page\'s first burst leaves as one piece too, before the rest is ready', async () => {
    const varied = Array.from({ length: 3000 }, (_, i) => `<li data-i="${(i * 7919) % 100_003}">${i.toString(36)}</li>`).join('');
    let release!: () => void;
    const later = new Promise<void>((resolve) => { release = resolve; });
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(varied));
        await later;
        controller.enqueue(new TextEncoder().encode('<p>Потом</p>'));
        controller.close();
      },
    });
    const res = await app(() => html(body)).request('/', { headers: { 'Accept-Encoding': 'zstd' } });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeGreaterThan(16 * 1024);
    const decoder = createZstdDecompress();
    const seen: Buffer[] = [];
    decoder.on('data', (chunk: Buffer) => seen.push(chunk));
    await new Promise<void>((resolve) => decoder.write(first.value, () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(Buffer.concat(seen).toString()).toBe(varied);
    release();
    for (let r = await reader.read(); !r.done; r = await reader.read()) decoder.write(r.value);
    await new Promise<void>((resolve) => decoder.end(() => resolve()));
    expect(Buffer.concat(seen).toString()).toBe(`${varied}<p>Потом</p>`);
  });

  it('compresses with Brotli in a window of 512 KB, not its default 4 MB, whose native memory set off full garbage collections', async () => {
    const res = await app(() => html(PAGE)).request('/', { headers: { 'Accept-Encoding': 'br' } });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(brotliWindowBits(bytes)).toBe(19);
    expect(brotliDecompressSync(bytes).toString()).toBe(PAGE);
    // The reader itself, on what Brotli makes by default.
    expect(brotliWindowBits(brotliCompressSync(PAGE))).toBe(22);
  });

  it.each([
    ['br', createBrotliDecompress],
    ['zstd', createZstdDecompress],
  ] as const)('sends what is written at once before a later part is ready (streamed pages stay streamed): %s', async (encoding, decompressor) => {
    let release!: () => void;
    const later = new Promise<void>((resolve) => { release = resolve; });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('<html><body><h1>Сразу</h1>'));
        controller.enqueue(encoder.encode('<p>в том же такте</p>'));
        await later;
        controller.enqueue(encoder.encode('<p>Потом</p></body></html>'));
        controller.close();
      },
    });
    const res = await app(() => html(body)).request('/', { headers: { 'Accept-Encoding': encoding } });
    expect(res.headers.get('Content-Encoding')).toBe(encoding);
    const reader = res.body!.getReader();
    const decoder = decompressor();
    const seen: string[] = [];
    decoder.on('data', (chunk: Buffer) => seen.push(chunk.toString()));
    const first = await reader.read();
    await new Promise<void>((resolve) => decoder.write(first.value, () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.join('')).toBe('<html><body><h1>Сразу</h1><p>в том же такте</p>');
    release();
    for (let r = await reader.read(); !r.done; r = await reader.read()) decoder.write(r.value);
    await new Promise<void>((resolve) => decoder.end(() => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.join('')).toBe('<html><body><h1>Сразу</h1><p>в том же такте</p><p>Потом</p></body></html>');
  });
});

describe('compressedStream when the client goes away', () => {
  it('stops reading the page and never writes to the closed stream', async () => {
    const { compressedStream } = await import('./compress-responses.ts');
    let pulled = 0;
    let cancelled = false;
    const source = new ReadableStream<Uint8Array>({
      async pull(controller) {
        pulled++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        controller.enqueue(new TextEncoder().encode('<p>ещё одна строка страницы</p>'.repeat(50)));
      },
      cancel() { cancelled = true; },
    });
    const reader = compressedStream(source, 'br').getReader();
    const errors: unknown[] = [];
    const record = (e: unknown) => errors.push(e);
    process.on('uncaughtException', record);
    await reader.read();
    await reader.cancel('gone');
    const pulledAtCancel = pulled;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cancelled).toBe(true);
    expect(pulled - pulledAtCancel).toBeLessThanOrEqual(1);
    process.off('uncaughtException', record);
    expect(errors).toEqual([]);
  });
});

describe('readIfWhole', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const all = async (body: ReadableStream<Uint8Array>) => new TextDecoder().decode(await new Response(body).arrayBuffer());
  const streamed = (read: Awaited<ReturnType<typeof readIfWhole>>) => {
    if (read.whole) throw new Error('read whole, not as a stream');
    return read.body;
  };

  it('takes a string\'s body whole, and an empty one', async () => {
    const read = await readIfWhole(new Response('{"ok":true}').body!);
    expect(new TextDecoder().decode(read.whole!)).toBe('{"ok":true}');
    const empty = await readIfWhole(new ReadableStream({ start: (controller) => controller.close() }));
    expect(empty.whole?.byteLength).toBe(0);
  });

  /** A body whose first part is there at once and whose rest (`then`) comes when released. */
  function held(then: (controller: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>>) => void) {
    let release!: () => void;
    const later = new Promise<void>((resolve) => { release = resolve; });
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      async start(controller) {
        controller.enqueue(bytes('<h1>Сразу</h1>'));
        await later;
        then(controller);
      },
    });
    return { stream, release };
  }

  it('gives back a body still coming as a stream, every part in order', async () => {
    const { stream, release } = held((controller) => {
      controller.enqueue(bytes('<p>Потом</p>'));
      controller.enqueue(bytes('<p>В конце</p>'));
      controller.close();
    });
    const read = await readIfWhole(stream);
    expect(read.whole).toBeNull();
    release();
    expect(await all(streamed(read))).toBe('<h1>Сразу</h1><p>Потом</p><p>В конце</p>');
  });

  it('passes a failure after the first part on to whoever reads, and to no one else', async () => {
    const read = held((controller) => controller.error(new Error('render failed')));
    const readBody = await readIfWhole(read.stream);
    read.release();
    await expect(all(streamed(readBody))).rejects.toThrow('render failed');

    // The client gone before reading: the failure stays the stream's, never an unhandled rejection.
    const unread = held((controller) => controller.error(new Error('render failed unread')));
    await readIfWhole(unread.stream);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    unread.release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
});
