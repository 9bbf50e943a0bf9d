import { describe, expect, it } from 'vitest';
import { formatBytes } from '#app/lib/bytes.ts';
import { readMultipart, type IncomingFile } from './multipart.ts';

const BOUNDARY = '----shop-test-boundary';
const encoder = new TextEncoder();

type Part = { name: string; value: string } | { name: string; filename: string; bytes: number };

/** A multipart body generated as it is read: a 100 MB file costs no 100 MB here. */
function multipartStream(parts: Part[], pulled = { bytes: 0 }): ReadableStream<Uint8Array> {
  const CHUNK = new Uint8Array(64 * 1024).fill(97);
  const pieces: (Uint8Array | { repeat: number })[] = [];
  for (const part of parts) {
    if ('value' in part) {
      pieces.push(encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      pieces.push(encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
      pieces.push({ repeat: part.bytes });
      pieces.push(encoder.encode('\r\n'));
    }
  }
  pieces.push(encoder.encode(`--${BOUNDARY}--\r\n`));
  let index = 0;
  let left = -1;
  return new ReadableStream({
    pull(controller) {
      const piece = pieces[index];
      if (!piece) return controller.close();
      if (piece instanceof Uint8Array) { index++; pulled.bytes += piece.byteLength; return controller.enqueue(piece); }
      if (left === -1) left = piece.repeat;
      const size = Math.min(left, CHUNK.byteLength);
      left -= size;
      if (left === 0) { index++; left = -1; }
      pulled.bytes += size;
      controller.enqueue(CHUNK.slice(0, size));
    },
  });
}

function upload(parts: Part[], pulled?: { bytes: number }): Request {
  return new Request('http://shop.test/upload', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: multipartStream(parts, pulled),
    duplex: 'half',
  } as RequestInit);
}

/** A consumer that counts bytes and keeps none, like one writing to disk. */
const countBytes = (seen: IncomingFile[] = []) => async (file: IncomingFile) => {
  seen.push(file);
  let size = 0;
  for await (const chunk of file.stream) size += (chunk as Buffer).byteLength;
  return { field: file.field, filename: file.filename, size };
};

const MB = 1024 * 1024;

describe('readMultipart', () => {
  it('streams files to the consumer and returns the text fields', async () => {
    const result = await readMultipart(upload([
      { name: '_csrf', value: 'token' },
      { name: 'comment', value: 'Счёт на оплату' },
      { name: 'tag', value: 'a' },
      { name: 'tag', value: 'b' },
      { name: 'file', filename: 'invoice.pdf', bytes: 300_000 },
      { name: 'file', filename: 'photo.jpg', bytes: 1 },
    ]), { limits: { fileBytes: MB, files: 2 }, onFile: countBytes() });
    expect(result).toEqual({
      ok: true,
      fields: new Map([['_csrf', ['token']], ['comment', ['Счёт на оплату']], ['tag', ['a', 'b']]]),
      files: [{ field: 'file', filename: 'invoice.pdf', size: 300_000 }, { field: 'file', filename: 'photo.jpg', size: 1 }],
    });
  });

  it('accepts a file of exactly the limit', async () => {
    const result = await readMultipart(upload([{ name: 'file', filename: 'a.bin', bytes: MB }]), { limits: { fileBytes: MB }, onFile: countBytes() });
    expect(result.ok && result.files).toEqual([{ field: 'file', filename: 'a.bin', size: MB }]);
  });

  it('refuses a file over the limit as soon as it passes it, without reading the rest', async () => {
    const pulled = { bytes: 0 };
    const seen: IncomingFile[] = [];
    const result = await readMultipart(upload([{ name: 'file', filename: 'big.bin', bytes: 200 * MB }], pulled), { limits: { fileBytes: MB }, onFile: countBytes(seen) });
    expect(result).toEqual({ ok: false, status: 413, message: 'Файл слишком большой: не более 1 МБ' });
    expect(seen[0]!.signal.aborted).toBe(true);
    expect(pulled.bytes).toBeLessThan(4 * MB);
  });

  it('refuses more files than allowed', async () => {
    const result = await readMultipart(upload([
      { name: 'f', filename: '1.txt', bytes: 10 }, { name: 'f', filename: '2.txt', bytes: 10 }, { name: 'f', filename: '3.txt', bytes: 10 },
    ]), { limits: { files: 2 }, onFile: countBytes() });
    expect(result).toEqual({ ok: false, status: 413, message: 'Слишком много файлов: не более 2' });
  });

  it('refuses more text fields than allowed', async () => {
    const parts = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const result = await readMultipart(upload(parts), { limits: { fields: 5 }, onFile: countBytes() });
    expect(result).toEqual({ ok: false, status: 413, message: 'Слишком много полей в форме' });
  });

  it('refuses a text field over its size', async () => {
    const result = await readMultipart(upload([{ name: 'comment', value: 'я'.repeat(600) }]), { limits: { fieldBytes: 1000 }, onFile: countBytes() });
    expect(result).toEqual({ ok: false, status: 413, message: 'Слишком длинное значение поля формы' });
  });

  it('refuses what is not a multipart form, and a form cut short', async () => {
    const json = new Request('http://shop.test/upload', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await readMultipart(json, { onFile: countBytes() })).toEqual({ ok: false, status: 415, message: 'Ожидалась форма с файлами' });
    const cut = new Request('http://shop.test/upload', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc`,
    });
    expect(await readMultipart(cut, { onFile: countBytes() }))
      .toEqual({ ok: false, status: 400, message: 'Не удалось прочитать отправленную форму. Обновите страницу и попробуйте ещё раз' });
  });

  it('a failing consumer refuses the upload instead of hanging', async () => {
    const result = await readMultipart(upload([{ name: 'f', filename: 'a.txt', bytes: 10 * MB }]), {
      onFile: async (file) => { file.stream.destroy(new Error('disk full')); throw new Error('disk full'); },
    });
    expect(result).toMatchObject({ ok: false, status: 400 });
  });

  it('keeps memory flat while a 300 MB file streams through', async () => {
    const read = (bytes: number) => readMultipart(upload([{ name: 'file', filename: 'big.bin', bytes }]), { limits: { fileBytes: 1024 * MB }, onFile: countBytes() });
    // The first tens of MB grow the heap to its working size; what counts is that more data adds nothing.
    await read(50 * MB);
    const before = process.memoryUsage().rss;
    const result = await read(300 * MB);
    const grown = process.memoryUsage().rss - before;
    expect(result.ok && result.files[0]).toMatchObject({ size: 300 * MB });
    // Holding the file would add 300 MB; streaming adds only what the allocator keeps around
    // between collections (measured 10–106 MB, depending on when the GC runs and what else the
    // machine's other test files do at the time).
    expect(grown).toBeLessThan(200 * MB);
  });

  it('formats sizes in Russian', () => {
    expect(formatBytes(10 * MB)).toBe('10 МБ');
    expect(formatBytes(1.5 * MB)).toBe('1,5 МБ');
    expect(formatBytes(512 * 1024)).toBe('512 КБ');
    expect(formatBytes(100)).toBe('100 байт');
  });
});
