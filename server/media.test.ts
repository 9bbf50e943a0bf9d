import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#app/.server/config.ts';
import { imageStorage } from '#app/.server/files/image-variants.ts';
import { storeImage, type StoredImage } from '#app/.server/files/images.ts';
import { mediaRoutes } from './media.ts';

let dir: string;
let image: StoredImage;
let app: ReturnType<typeof mediaRoutes>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-'));
  const config = loadConfig({ IMAGES_DIR: dir });
  const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#2e6b30' } }).png().toBuffer();
  const outcome = await storeImage(imageStorage(config), png);
  if (!outcome.ok) throw new Error(outcome.message);
  image = outcome.image;
  app = mediaRoutes(config);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('GET /media/images/{id}/{width}.{format}', () => {
  it('serves each variant with its type and length, cached for a year', async () => {
    for (const v of image.variants) {
      const res = await app.request(v.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(v.format === 'avif' ? 'image/avif' : 'image/webp');
      expect(res.headers.get('content-length')).toBe(String(v.bytes));
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('set-cookie')).toBeNull();
      const body = new Uint8Array(await res.arrayBuffer());
      expect((await sharp(body).metadata()).width).toBe(v.width);
    }
  });

  it('answers 304 to a browser that has it', async () => {
    const url = image.variants[0]!.url;
    const etag = (await app.request(url)).headers.get('etag')!;
    const res = await app.request(url, { headers: { 'If-None-Match': etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
  });

  it('answers 404 for anything but a stored variant, never reading a path from the request', async () => {
    const { id } = image;
    for (const path of [`/media/images/${id}/source`, `/media/images/${id}/manifest.json`, `/media/images/${id}/1024.webp`, `/media/images/${id}/400.png`,
      `/media/images/${id.toUpperCase()}/400.webp`, `/media/images/..%2F..%2Fetc/400.webp`, `/media/images/${id}/..%2Fsource`, `/media/images/${'0'.repeat(32)}/320.avif`]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});
