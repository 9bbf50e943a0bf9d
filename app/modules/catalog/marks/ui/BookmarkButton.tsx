import { useContext, useState } from 'react';
import { useNavigate } from 'react-router';
import { LayoutUiContext } from '#app/components/layout/layout-ui.tsx';
import { IconHeart } from '#app/components/ui/icons.tsx';
import { BOOKMARKS_PATH } from '../marks.constants.ts';
import { useMarks } from './use-marks.ts';
import styles from './marks.module.css';

export interface BookmarkButtonProps {
  modelId: number;
  productCode?: string;
  variant?: 'icon' | 'full';
}

/**
 * 'В избранное' / 'В избранном' (aria-pressed). Favourites need an account (spec §6): a guest's
 * click opens the login modal, which brings him to /profile/bookmarks (spec §2).
 */
export function BookmarkButton({ modelId, variant = 'full' }: BookmarkButtonProps) {
  const marks = useMarks();
  const ui = useContext(LayoutUiContext);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const pressed = !marks.isGuest && marks.has('bookmarks', modelId);
  const label = pressed ? 'В избранном' : 'В избранное';
  return (
    <span className={styles.wrap}>
      <button
        type="button"
        className={`${styles.markButton} ${variant === 'icon' ? styles.iconOnly : styles.full}`}
        aria-pressed={pressed}
        title={variant === 'icon' ? (pressed ? 'Убрать из избранного' : 'Добавить в избранное') : undefined}
        data-testid="bookmark-button"
        onClick={async () => {
          setError(null);
          if (marks.isGuest) {
            if (ui) ui.openAuth({ form: 'EnterEmail', redirect: BOOKMARKS_PATH });
            else void navigate(`/login?redirect=${encodeURIComponent(BOOKMARKS_PATH)}`);
            return;
          }
          const result = await marks.set('bookmarks', modelId, !pressed);
          if (!result.ok) setError(result.message);
        }}
      >
        <IconHeart size={18} />
        <span className={styles.label}>{label}</span>
      </button>
      {error ? <p className={styles.message} role="alert">{error}</p> : null}
    </span>
  );
}
