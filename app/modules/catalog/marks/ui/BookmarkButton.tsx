import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { LayoutUiContext } from '#app/components/page/layout-ui.tsx';
import { BOOKMARKS_PATH } from '../marks.constants.ts';
import { BOOKMARK_TOGGLE, MarkToggle } from './MarkToggle.tsx';
import { setMark, useMarks } from './use-marks.ts';

export interface BookmarkButtonProps {
  modelId: number;
  productCode?: string;
  variant?: 'icon' | 'full';
}

/**
 * 'В избранное' / 'В избранном' (aria-pressed). Favourites need an account (spec §6): a guest's
 * click opens the login modal; once he is signed in the
 * item is added, then he is brought to /profile/bookmarks (spec §2).
 */
export function BookmarkButton({ modelId, variant = 'full' }: BookmarkButtonProps) {
  const marks = useMarks();
  const ui = useContext(LayoutUiContext);
  const navigate = useNavigate();
  return (
    <MarkToggle
      {...BOOKMARK_TOGGLE} itemId={modelId} variant={variant} pressed={!marks.isGuest && marks.has('bookmarks', modelId)}
      intercept={() => {
        if (!marks.isGuest) return false;
        if (ui) ui.openAuth({ form: 'EnterEmail', redirect: BOOKMARKS_PATH, afterSignIn: () => setMark('bookmarks', modelId, true) });
        else void navigate(`/login?redirect=${encodeURIComponent(BOOKMARKS_PATH)}`);
        return true;
      }}
    />
  );
}
