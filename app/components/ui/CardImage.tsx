import type { ImgHTMLAttributes } from 'react';
import { preload } from 'react-dom';

export interface CardImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'decoding'> {
  src: string;
  /** Cards of the first visible row load their image at once; the rest lazily. */
  eager: boolean;
}

/**
 * A list card's image, decoded off the main thread. It sits in a `<picture>` (laid out as if it
 * were not there: base.css) so that React never hoists a preload out of a card: a card is shared
 * markup, whose bytes must not depend on where it renders (ADR 051). A list asks for the preloads
 * of its first row itself, with `preloadImages`.
 */
export function CardImage({ eager, alt = '', ...img }: CardImageProps) {
  return <picture><img {...img} alt={alt} loading={eager ? 'eager' : 'lazy'} decoding="async" /></picture>;
}

/**
 * What React does for an eager image outside a `<picture>`: a preload in the document's head, so
 * the first row's images start loading before the browser reaches them. Called while rendering
 * the list (on the server it goes into the page's head).
 */
export function preloadImages(sources: ReadonlyArray<string | null | undefined>): void {
  for (const src of sources) if (src) preload(src, { as: 'image' });
}
