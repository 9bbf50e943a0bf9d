import { useEffect, useId, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '#app/components/ui/icons.tsx';
import { setMark, type MarkKind } from './use-marks.ts';
import styles from './marks.module.css';

/** What tells one toggle from another: its kind, icon, texts and test id. */
export interface MarkToggleKind {
  kind: MarkKind;
  icon: 'compare' | 'heart';
  /** The label when pressed and when not. */
  labels: { on: string; off: string };
  /** The icon button's tooltip when pressed and when not. */
  titles: { on: string; off: string };
  testId: string;
}

export const COMPARE_TOGGLE: MarkToggleKind = {
  kind: 'compare', icon: 'compare', labels: { on: 'В сравнении', off: 'Сравнить' }, titles: { on: 'Убрать из сравнения', off: 'Добавить к сравнению' }, testId: 'compare-button',
};
export const BOOKMARK_TOGGLE: MarkToggleKind = {
  kind: 'bookmarks', icon: 'heart', labels: { on: 'В избранном', off: 'В избранное' }, titles: { on: 'Убрать из избранного', off: 'Добавить в избранное' }, testId: 'bookmark-button',
};
export const PART_BOOKMARK_TOGGLE: MarkToggleKind = { ...BOOKMARK_TOGGLE, kind: 'partBookmarks', testId: 'part-bookmark-button' };

export interface MarkToggleProps {
  kind: MarkKind;
  /** The model's id, or the part's for `partBookmarks`. */
  itemId: number;
  /** 'icon' on cards (the label stays for screen readers), 'full' on the model page. */
  variant: 'icon' | 'full';
  /** The sprite's symbol. */
  icon: 'compare' | 'heart';
  /** The label when pressed and when not. */
  labels: { on: string; off: string };
  /** The icon button's tooltip when pressed and when not. */
  titles: { on: string; off: string };
  testId: string;
  /** Whether the visitor's state counts (favourites: never for a guest). */
  pressed: boolean;
  /** Instead of toggling (a guest's favourite opens the login). */
  intercept?: () => boolean;
  /** After a refusal's message (the comparison's limit links to the table). */
  afterMessage?: ReactNode;
  /** A toast after a successful add (the comparison: 'Открыть сравнение', its one way in on a phone's card). */
  addedToast?: ReactNode;
}

/** How long the toast after an add stays. */
const TOAST_MS = 6000;
/** Told to every toggle when one shows its toast: the others hide theirs (one toast at a time). */
const TOAST_EVENT = 'mark-toast';

/** The compare and favourite toggles: one button (aria-pressed) and its refusal message. */
export function MarkToggle({ kind, itemId, variant, icon, labels, titles, testId, pressed, intercept, afterMessage, addedToast }: MarkToggleProps) {
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState(0);
  const toastOwner = useId();
  useEffect(() => {
    if (!added) return;
    const other = (e: Event) => { if ((e as CustomEvent<string>).detail !== toastOwner) setAdded(0); };
    window.addEventListener(TOAST_EVENT, other);
    const timer = setTimeout(() => setAdded(0), TOAST_MS);
    return () => { clearTimeout(timer); window.removeEventListener(TOAST_EVENT, other); };
  }, [added, toastOwner]);
  return (
    <span className={styles.wrap}>
      <button
        type="button"
        className={`${styles.markButton} ${variant === 'icon' ? styles.iconOnly : styles.full}`}
        aria-pressed={pressed}
        title={variant === 'icon' ? (pressed ? titles.on : titles.off) : undefined}
        data-testid={testId}
        onClick={async () => {
          setError(null);
          if (intercept?.()) return;
          const result = await setMark(kind, itemId, !pressed);
          if (!result.ok) setError(result.message);
          else if (!pressed && addedToast) {
            // The others hide theirs in this same update, so two toasts are never on the page at once.
            window.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: toastOwner }));
            // A new add restarts the toast's time.
            setAdded(Date.now());
          } else setAdded(0);
        }}
      >
        <Icon name={icon} size={18} />
        <span className={styles.label}>{pressed ? labels.on : labels.off}</span>
      </button>
      {error ? <p className={styles.message} role="alert">{error}{afterMessage}</p> : null}
      {/* On the page's body: a card's overflow or transform never clips or moves it. */}
      {added ? createPortal(<div className={styles.toast} role="status" data-testid={`${testId}-toast`}>{addedToast}</div>, document.body) : null}
    </span>
  );
}
