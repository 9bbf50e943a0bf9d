import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { FilesConfig } from '#app/.server/files/files.ts';
import { IMAGE_CONTENT_TYPES, imageKey, imageStorage, parseVariant } from '#app/.server/files/image-variants.ts';

/** A year: a variant's address names its content (the original's hash), so it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /media/images/{id}/{width}.{avif|webp}` (ADR 077): an uploaded image's variant from the file
 * storage, with its type, length and a year's immutable caching. The address is checked part by part
 * and the storage key made from the checked parts, never from the path; anything else is a 404.
 * Mounted before the session: a picture needs no visitor, and its answer is the same for everyone.
 * It loads no image library (`image-variants.ts`, not `images.ts`): the server starts without sharp.
 */
export function mediaRoutes(config: FilesConfig) {
  return new Hono().get('/media/images/:id/:file', async (c) => {
    const variant = parseVariant(c.req.param('id'), c.req.param('file'));
    const notFound = () => new Response('Изображение не найдено', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
    if (!variant) return notFound();
    const etag = `"${variant.id}-${variant.width}-${variant.format}"`;
    const headers = { 'Cache-Control': IMMUTABLE, ETag: etag, 'X-Content-Type-Options': 'nosniff' };
    if (c.req.header('If-None-Match')?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return new Response(null, { status: 304, headers });
    }
    const stored = await imageStorage(config).open(imageKey.variant(variant.id, variant.width, variant.format));
    if (!stored) return notFound();
    return new Response(Readable.toWeb(stored.stream) as ReadableStream<Uint8Array>, {
      headers: { ...headers, 'Content-Type': IMAGE_CONTENT_TYPES[variant.format], 'Content-Length': String(stored.size) },
    });
  });
}
