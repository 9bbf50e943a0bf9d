import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { LocalDiskStorage } from './local-disk.ts';
import { imageSrcSet, imageStorage, parseVariant, variantWidths } from './image-variants.ts';
import { storeImage } from './images.ts';
import { startTestS3 } from './s3-test-server.ts';
import type { FileStorage } from './storage.ts';

let dir: string;
let storage: FileStorage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'images-'));
  storage = new LocalDiskStorage(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A photograph-like JPEG made here: a gradient, `orientation` in its EXIF. */
async function jpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) { pixels[i * 3] = i % 251; pixels[i * 3 + 1] = (i / width) % 256; pixels[i * 3 + 2] = 90; }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (orientation ? image.withMetadata({ orientation }) : image).jpeg({ quality: 85 }).toBuffer();
}

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4); length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A decompression bomb: a few hundred bytes declaring 30,000 × 30,000 pixels (900 megapixels) of 8-bit grey. */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0); header.writeUInt32BE(30_000, 4);
  header[8] = 8; header[9] = 0; // bit depth 8, greyscale
  const rows = deflateSync(Buffer.alloc(30_001 * 4)); // the first rows; the rest would decode to 900 MB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

describe('storeImage', () => {
  it('turns a JPEG upright and keeps it as AVIF and WebP at the widths up to its own, with their dimensions', async () => {
    // 1200 × 800 stored sideways (EXIF orientation 6): upright it is 800 × 1200.
    const bytes = await jpeg(1200, 800, 6);
    const outcome = await storeImage(storage, Readable.from([bytes]));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const { image } = outcome;
    expect(outcome.created).toBe(true);
    expect(image).toMatchObject({ width: 800, height: 1200 });
    expect(image.id).toMatch(/^[0-9a-f]{32}$/);
    expect(image.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ['avif', 320, 480], ['webp', 320, 480], ['avif', 640, 960], ['webp', 640, 960], ['avif', 800, 1200], ['webp', 800, 1200],
    ]);
    for (const v of image.variants) {
      expect(v.url).toBe(`/media/images/${image.id}/${v.width}.${v.format}`);
      const stored = await storage.read(v.key);
      expect(stored?.byteLength).toBe(v.bytes);
      expect((await fileTypeFromBuffer(stored!))?.mime).toBe(v.format === 'avif' ? 'image/avif' : 'image/webp');
      const meta = await sharp(stored!).metadata();
      expect([meta.width, meta.height]).toEqual([v.width, v.height]);
      // No EXIF of the upload travels with the variants (a phone's location, the camera).
      expect(meta.exif).toBeUndefined();
    }
    expect(imageSrcSet(image, 'webp')).toBe(`/media/images/${image.id}/320.webp 320w, /media/images/${image.id}/640.webp 640w, /media/images/${image.id}/800.webp 800w`);

    // The same picture again: the one already kept, nothing encoded again.
    const again = await storeImage(storage, bytes);
    expect(again).toEqual({ ok: true, image, created: false });
  });

  it('keeps a PNG with transparency, never enlarged', async () => {
    const png = await sharp({ create: { width: 500, height: 300, channels: 4, background: { r: 20, g: 120, b: 40, alpha: 0.5 } } }).png().toBuffer();
    const outcome = await storeImage(storage, png);
    expect(outcome.ok && outcome.image.variants.map((v) => `${v.format} ${v.width}×${v.height}`)).toEqual(['avif 320×192', 'webp 320×192', 'avif 500×300', 'webp 500×300']);
    const webp = outcome.ok ? await storage.read(outcome.image.variants[3]!.key) : null;
    expect((await sharp(webp!).metadata()).hasAlpha).toBe(true);
  });

  it('refuses a decompression bomb by its declared size, before decoding, and stores nothing', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2000);
    const before = await readdir(dir, { recursive: true });
    const started = Date.now();
    expect(await storeImage(storage, bomb)).toEqual({ ok: false, code: 'too-many-pixels', message: 'Изображение слишком большое: больше 50 мегапикселей' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await readdir(dir, { recursive: true })).toEqual(before);
  });

  it('refuses what is not a picture whatever its name, a broken picture, an empty file and one past the cap', async () => {
    const pdfNamedJpg = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect(await storeImage(storage, pdfNamedJpg)).toEqual({ ok: false, code: 'not-image', message: 'Это не изображение: подойдут JPEG, PNG, WebP или AVIF' });
    const text = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect(await storeImage(storage, text)).toMatchObject({ ok: false, code: 'not-image' });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect(await storeImage(storage, svg)).toMatchObject({ ok: false, code: 'not-image' });
    const whole = await jpeg(400, 300);
    expect(await storeImage(storage, whole.subarray(0, Math.floor(whole.length / 2)))).toEqual({ ok: false, code: 'unreadable', message: 'Изображение повреждено и не читается' });
    expect(await storeImage(storage, new Uint8Array())).toEqual({ ok: false, code: 'empty', message: 'Файл пустой' });

    // 16 MB offered in 1 MB pieces: refused once past 15 MB, the rest never read.
    let pulled = 0;
    const endless = new Readable({ read() { pulled++; this.push(pulled <= 16 ? Buffer.alloc(1024 * 1024, 0xff) : null); } });
    expect(await storeImage(storage, endless)).toEqual({ ok: false, code: 'too-large', message: 'Изображение больше 15 МБ' });
    expect(pulled).toBeLessThanOrEqual(17);
  });

  it('stores the same way on S3', async () => {
    const s3 = await startTestS3();
    try {
      const images = imageStorage(loadConfig(s3.env));
      const outcome = await storeImage(images, await jpeg(700, 400));
      expect(outcome.ok && outcome.image.variants.map((v) => `${v.format} ${v.width}×${v.height}`)).toEqual(['avif 320×183', 'webp 320×183', 'avif 640×366', 'webp 640×366', 'avif 700×400', 'webp 700×400']);
      if (outcome.ok) expect(await images.size(outcome.image.variants[0]!.key)).toBe(outcome.image.variants[0]!.bytes);
    } finally {
      await s3.stop();
    }
  });
});

describe('image addresses', () => {
  it('makes the widths up to the picture, never wider than the largest', () => {
    expect(variantWidths(200)).toEqual([200]);
    expect(variantWidths(320)).toEqual([320]);
    expect(variantWidths(1000)).toEqual([320, 640, 1000]);
    expect(variantWidths(4000)).toEqual([320, 640, 1024, 1600]);
  });

  it('accepts only an id, a width and a format of its own', () => {
    const id = '0123456789abcdef0123456789abcdef';
    expect(parseVariant(id, '640.avif')).toEqual({ id, width: 640, format: 'avif' });
    expect(parseVariant(id, '1600.webp')).toEqual({ id, width: 1600, format: 'webp' });
    for (const [badId, file] of [[id.toUpperCase(), '640.avif'], [`${id}0`, '640.avif'], ['..', '640.avif'], [id, '640.png'], [id, '0640.webp'],
      [id, '99999.webp'], [id, '1601.webp'], [id, 'source'], [id, 'manifest.json'], [id, '640.avif/..'], [id, '640.AVIF']] as const) {
      expect(parseVariant(badId, file), `${badId} ${file}`).toBeNull();
    }
  });
});
