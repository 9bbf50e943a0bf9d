import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { z } from '#app/lib/zod.ts';
import { Semaphore } from '../pdf/semaphore.ts';
import { IMAGE_CONTENT_TYPES, IMAGE_FORMATS, IMAGE_ID, IMAGE_MAX_BYTES, imageKey, variantWidths, type ImageFormat } from './image-variants.ts';
import { imageUrl } from '#app/lib/picture.ts';
import type { FileStorage } from './storage.ts';


/*
 * Uploaded images (ADR 077): recognised by their content, capped in bytes and in pixels, turned
 * upright, resized to a few widths and kept as AVIF and WebP, each with its dimensions, in the
 * file storage's `images` area under a name made from the content's hash. `/media/images/{id}/
 * {width}.{avif|webp}` serves them (server/media.ts) for a year, immutable: a changed picture is
 * a new id. The original is kept beside them (never served) so the variants can be made again.
 */

/** Largest picture accepted, in pixels (width × height): a small file declaring more is a decompression bomb. */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** What an upload may be, by its content. */
const ACCEPTED = new Set(['jpg', 'png', 'webp', 'avif']);

export const IMAGE_MESSAGES = {
  empty: 'Файл пустой',
  tooLarge: `Изображение больше ${IMAGE_MAX_BYTES / 1024 / 1024} МБ`,
  notImage: 'Это не изображение: подойдут JPEG, PNG, WebP или AVIF',
  tooManyPixels: `Изображение слишком большое: больше ${IMAGE_MAX_PIXELS / 1_000_000} мегапикселей`,
  unreadable: 'Изображение повреждено и не читается',
} as const;

const variantSchema = z.object({
  format: z.enum(IMAGE_FORMATS),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
  key: z.string(),
  url: z.string(),
});
const storedImageSchema = z.object({
  id: z.string().regex(IMAGE_ID),
  /** The original's key (kept, never served). */
  key: z.string(),
  /** The upright picture's size. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  variants: z.array(variantSchema).min(1),
});
export type ImageVariant = z.infer<typeof variantSchema>;
export type StoredImage = z.infer<typeof storedImageSchema>;

export type StoreImageOutcome =
  | { ok: true; image: StoredImage; /** false: the same picture was stored before. */ created: boolean }
  | { ok: false; code: 'empty' | 'too-large' | 'not-image' | 'too-many-pixels' | 'unreadable'; message: string };


// Encoding is CPU work: one picture at a time per process, the others wait their turn.
const encoding = new Semaphore(1);

/**
 * Checks an uploaded picture and stores it with its variants. The bytes are read up to the cap
 * (a longer stream is cut off and refused), the type recognised by content (a renamed file is
 * what it is), the dimensions read from the header and refused beyond IMAGE_MAX_PIXELS before any
 * pixel is decoded (sharp's `limitInputPixels` holds the same limit while decoding). Expected
 * refusals are values with a Russian message; a storage failure throws.
 */
export async function storeImage(storage: FileStorage, input: Readable | Uint8Array): Promise<StoreImageOutcome> {
  const read = input instanceof Uint8Array ? { ok: true as const, bytes: input } : await readCapped(input, IMAGE_MAX_BYTES);
  if (!read.ok) return { ok: false, code: 'too-large', message: IMAGE_MESSAGES.tooLarge };
  const bytes = read.bytes;
  if (bytes.byteLength === 0) return { ok: false, code: 'empty', message: IMAGE_MESSAGES.empty };
  if (bytes.byteLength > IMAGE_MAX_BYTES) return { ok: false, code: 'too-large', message: IMAGE_MESSAGES.tooLarge };
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.ext)) return { ok: false, code: 'not-image', message: IMAGE_MESSAGES.notImage };

  const id = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const known = await storage.read(imageKey.manifest(id));
  if (known) {
    const parsed = storedImageSchema.safeParse(JSON.parse(new TextDecoder().decode(known)));
    if (parsed.success) return { ok: true, image: parsed.data, created: false };
  }

  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' as const, autoOrient: true };
  let size: { width: number; height: number };
  try {
    const meta = await sharp(bytes, options).metadata();
    if (!meta.width || !meta.height) return { ok: false, code: 'unreadable', message: IMAGE_MESSAGES.unreadable };
    if (meta.width * meta.height > IMAGE_MAX_PIXELS) return { ok: false, code: 'too-many-pixels', message: IMAGE_MESSAGES.tooManyPixels };
    size = meta.autoOrient ?? { width: meta.width, height: meta.height };
  } catch (error) {
    return refusal(error);
  }

  let encoded: Array<{ format: ImageFormat; width: number; height: number; data: Buffer }>;
  try {
    encoded = await encoding.run(async () => {
      const out: Array<{ format: ImageFormat; width: number; height: number; data: Buffer }> = [];
      for (const width of variantWidths(size.width)) {
        for (const format of IMAGE_FORMATS) {
          const pipeline = sharp(bytes, options).resize({ width, withoutEnlargement: true });
          const { data, info } = await (format === 'avif' ? pipeline.avif({ quality: 50, effort: 1 }) : pipeline.webp({ quality: 78 })).toBuffer({ resolveWithObject: true });
          out.push({ format, width: info.width, height: info.height, data });
        }
      }
      return out;
    });
  } catch (error) {
    return refusal(error);
  }

  await storage.put(imageKey.source(id), bytes, { contentType: type.mime });
  const variants: ImageVariant[] = [];
  for (const v of encoded) {
    const key = imageKey.variant(id, v.width, v.format);
    await storage.put(key, v.data, { contentType: IMAGE_CONTENT_TYPES[v.format] });
    variants.push({ format: v.format, width: v.width, height: v.height, bytes: v.data.byteLength, key, url: imageUrl(id, v.width, v.format) });
  }
  const image: StoredImage = { id, key: imageKey.source(id), width: size.width, height: size.height, variants };
  // Last: a manifest means every variant is in place.
  await storage.put(imageKey.manifest(id), new TextEncoder().encode(JSON.stringify(image)), { contentType: 'application/json' });
  return { ok: true, image, created: true };
}

/** A stored image by its id (its manifest), or null when there is none: an id from a form is checked here. */
export async function readStoredImage(storage: FileStorage, id: string): Promise<StoredImage | null> {
  if (!IMAGE_ID.test(id)) return null;
  const bytes = await storage.read(imageKey.manifest(id));
  if (!bytes) return null;
  const parsed = storedImageSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
  return parsed.success ? parsed.data : null;
}

function refusal(error: unknown): StoreImageOutcome {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return { ok: false, code: 'too-many-pixels', message: IMAGE_MESSAGES.tooManyPixels };
  return { ok: false, code: 'unreadable', message: IMAGE_MESSAGES.unreadable };
}

/** The stream's bytes, or `ok: false` as soon as they pass `limit` (the rest is not read). */
async function readCapped(stream: Readable, limit: number): Promise<{ ok: true; bytes: Uint8Array } | { ok: false }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) { stream.destroy(); return { ok: false }; }
    chunks.push(chunk as Buffer);
  }
  return { ok: true, bytes: new Uint8Array(Buffer.concat(chunks)) };
}
