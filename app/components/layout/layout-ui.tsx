import { createContext, useContext } from 'react';

/** The layout's overlays, opened from several places (header, mobile menu, tooltip). */
export interface LayoutUi {
  openRegion: () => void;
  openWriteUs: () => void;
  openSearch: () => void;
}

export const LayoutUiContext = createContext<LayoutUi | null>(null);

export function useLayoutUi(): LayoutUi {
  const ui = useContext(LayoutUiContext);
  if (!ui) throw new Error('useLayoutUi is used outside SiteShell');
  return ui;
}
