/** What a page needs to show a stored picture (ADR 077): both formats' srcsets, a fallback and its size, so nothing shifts as it loads. */
export interface PictureView { avifSrcSet: string; webpSrcSet: string; src: string; width: number; height: number }
