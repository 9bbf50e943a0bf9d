/** What a page needs to show a stored picture (ADR 077): both formats' srcsets, a fallback and its size, so nothing shifts as it loads. */
export interface PictureView { avifSrcSet: string; webpSrcSet: string; src: string; width: number; height: number }

/** The address of an uploaded picture's variant (the media route's URL design, ADR 077). */
export function imageUrl(id: string, width: number, format: 'avif' | 'webp'): string {
  return `/media/images/${id}/${width}.${format}`;
}
