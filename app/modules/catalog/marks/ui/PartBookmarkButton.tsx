import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { LayoutUiContext } from '#app/components/page/layout-ui.tsx';
import { BOOKMARKS_PATH } from '../marks.constants.ts';
import { MarkToggle, PART_BOOKMARK_TOGGLE } from './MarkToggle.tsx';
import { setMark, useMarks } from './use-marks.ts';

export interface PartBookmarkButtonProps {
  /** `parts_part.id`. */
  partId: number;
  /** 'icon' in part lists and drawing rows (the label stays for screen readers), 'full' on the part page. */
  variant?: 'icon' | 'full';
}

/**
 * 'В избранное' / 'В избранном' for a part (issue 9 point 10), for the part page and the line's
 * part list: the same store, counter and rules as the models' button. Favourites need an account
 * (spec §6): a guest's click opens the login modal; once he is signed in the
 * item is added, then he is brought to /profile/bookmarks.
 */
export function PartBookmarkButton({ partId, variant = 'full' }: PartBookmarkButtonProps) {
  const marks = useMarks();
  const ui = useContext(LayoutUiContext);
  const navigate = useNavigate();
  return (
    <MarkToggle
      {...PART_BOOKMARK_TOGGLE} itemId={partId} variant={variant} pressed={!marks.isGuest && marks.has('partBookmarks', partId)}
      intercept={() => {
        if (!marks.isGuest) return false;
        if (ui) ui.openAuth({ form: 'EnterEmail', redirect: BOOKMARKS_PATH, afterSignIn: () => setMark('partBookmarks', partId, true) });
        else void navigate(`/login?redirect=${encodeURIComponent(BOOKMARKS_PATH)}`);
        return true;
      }}
    />
  );
}
