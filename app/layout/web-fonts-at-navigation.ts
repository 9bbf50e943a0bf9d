import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** What the head script (web-fonts.ts) leaves on window: adds Inter, once its files are in. */
export const APPLY_WEB_FONTS = '__applyWebFonts';

/**
 * On a tab's first page Inter is fetched after the first paint but not applied: the text the
 * visitor is reading keeps its font (web-fonts.ts says why). It joins at the first page change,
 * when the content is replaced anyway.
 */
export function useWebFontsAtNavigation(): void {
  const { pathname } = useLocation();
  const landing = useRef(pathname);
  useEffect(() => {
    if (pathname !== landing.current) (window as unknown as Record<string, (() => void) | undefined>)[APPLY_WEB_FONTS]?.();
  }, [pathname]);
}
