import type { ImgHTMLAttributes } from 'react';

export interface CardImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'decoding'> {
  src: string;
  /** Cards of the first visible row load their image at once (React preloads it in the head); the rest lazily. */
  eager: boolean;
}

/** A list card's image, decoded off the main thread. */
export function CardImage({ eager, alt = '', ...img }: CardImageProps) {
  return <img {...img} alt={alt} loading={eager ? 'eager' : 'lazy'} decoding="async" />;
}
