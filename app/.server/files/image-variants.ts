/*
 * The addresses and names of uploaded images' variants (ADR 077), apart from the encoder: the route
 * that serves them (server/media.ts) loads no image library.
 */
import { imageUrl, type PictureView } from '#app/lib/picture.ts';
import { fileStorage, type FilesConfig } from './files.ts';
import type { FileStorage } from './storage.ts';

/** Largest upload accepted, in bytes (here, apart from the encoder: body limits name it). */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;

/** The widths made (those narrower than the picture, and the picture's own width up to the largest). */
export const IMAGE_WIDTHS = [320, 640, 1024, 1600] as const;
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp' };
/** An image id: the first 128 bits of its original's SHA-256, in hex. */
export const IMAGE_ID = /^[0-9a-f]{32}$/;

export const imageKey = {
  source: (id: string) => `images/${id}/source`,
  manifest: (id: string) => `images/${id}/manifest.json`,
  variant: (id: string, width: number, format: ImageFormat) => `images/${id}/${width}.${format}`,
};

/** `srcset` of one format, narrowest first: `/media/images/…/320.avif 320w, …`. */
export function imageSrcSet(image: { variants: ReadonlyArray<{ format: ImageFormat; width: number; url: string }> }, format: ImageFormat): string {
  return image.variants.filter((v) => v.format === format).map((v) => `${v.url} ${v.width}w`).join(', ');
}

/** A stored picture as a page shows it. */
export function pictureOf(image: { id: string; width: number; height: number }): PictureView {
  const widths = variantWidths(image.width);
  const set = (format: ImageFormat) => widths.map((w) => `${imageUrl(image.id, w, format)} ${w}w`).join(', ');
  return { avifSrcSet: set('avif'), webpSrcSet: set('webp'), src: imageUrl(image.id, widths.at(-1)!, 'webp'), width: image.width, height: image.height };
}

/** A requested variant's parts, checked: anything else is not one of ours (the route answers 404). */
export function parseVariant(id: string, file: string): { id: string; width: number; format: ImageFormat } | null {
  if (!IMAGE_ID.test(id)) return null;
  const match = /^([1-9][0-9]{1,4})\.(avif|webp)$/.exec(file);
  if (!match) return null;
  const width = Number(match[1]);
  if (width > IMAGE_WIDTHS.at(-1)!) return null;
  return { id, width, format: match[2] as ImageFormat };
}

/** The widths made for a picture `width` pixels wide. */
export function variantWidths(width: number): number[] {
  const largest = IMAGE_WIDTHS.at(-1)!;
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < width);
  if (width <= largest) widths.push(width);
  return widths;
}


/** The storage of images as configured (IMAGES_DIR, or `images/` in the S3 bucket). */
export function imageStorage(config: FilesConfig): FileStorage {
  return fileStorage(config, 'images');
}
