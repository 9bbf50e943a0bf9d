import { createContext, useContext } from 'react';
import type { AuthModalRequest } from '#app/modules/auth/ui/auth-modal.schema.ts';

/** Spec §9: the login tooltips (the header's 'Войти', a card's price) show on hover after 300 ms. */
export const LOGIN_TOOLTIP_DELAY_MS = 300;

/** The layout's overlays, opened from several places (header, mobile menu, tooltip). */
export interface LayoutUi {
  openRegion: () => void;
  openWriteUs: () => void;
  openSearch: () => void;
  /** Opens the auth modal on a form (spec §2); default EnterEmail. */
  openAuth: (request?: AuthModalRequest) => void;
}

export const LayoutUiContext = createContext<LayoutUi | null>(null);

export function useLayoutUi(): LayoutUi {
  const ui = useContext(LayoutUiContext);
  if (!ui) throw new Error('useLayoutUi is used outside SiteShell');
  return ui;
}
