import { useEffect, useEffectEvent, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { CSSProperties, KeyboardEvent as ReactKeyboardEvent, MouseEvent as ReactMouseEvent, ReactElement, ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import { isTopDialog, pushDialog, removeDialog } from './dialog-stack.ts';
import { lockScroll } from './scroll-lock.ts';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode; // rendered as <h2> and used for aria-labelledby
  ariaLabel?: string; // when there is no visible title
  persistent?: boolean; // Escape/backdrop do not close; the dialog flashes for 300 ms instead
  width?: string; // default '600px'
  maxWidth?: string; // default '90%'
  maxHeight?: string; // default '90%'
  /**
   * A fixed height (the content scrolls inside): the dialog keeps its size while its content changes.
   * Default: as tall as the content.
   */
  height?: string;
  /**
   * 'top' anchors the dialog at a fixed distance from the top of the screen, so it grows and shrinks
   * downwards only: fields above results or errors that come and go keep their place under the
   * pointer and the eye. 'center' (default) suits dialogs whose content does not change.
   */
  placement?: 'center' | 'top';
  id?: string; // element id (the auth modal later uses ids like 'EnterEmail')
  className?: string;
  hideCloseButton?: boolean;
  footer?: ReactNode;
  initialFocusRef?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}

export const DIALOG_DEFAULTS = { width: '600px', maxWidth: '90%', maxHeight: '90%' } as const;
export const PERSISTENT_FLASH_MS = 300;

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  // Elements hidden with display:none have no client rects and cannot take focus.
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
}

// The portal needs document.body, which the server does not have. useSyncExternalStore gives
// false on the server and during hydration, then true, so server and client markup match.
const noSubscribe = () => () => {};
const useIsClient = () => useSyncExternalStore(noSubscribe, () => true, () => false);

export function Dialog({
  open,
  onClose,
  title,
  ariaLabel,
  persistent = false,
  width = DIALOG_DEFAULTS.width,
  maxWidth = DIALOG_DEFAULTS.maxWidth,
  maxHeight = DIALOG_DEFAULTS.maxHeight,
  height,
  placement = 'center',
  id,
  className,
  hideCloseButton = false,
  footer,
  initialFocusRef,
  children,
}: DialogProps): ReactElement | null {
  const isClient = useIsClient();
  const stackId = useId(); // props.id is optional and not guaranteed unique
  const titleId = `${stackId}-title`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const [flashing, setFlashing] = useState(false);
  const flashTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pressStartedOnBackdrop = useRef(false);

  // Escape and backdrop clicks come here; a persistent dialog flashes instead of closing.
  const requestClose = () => {
    if (!persistent) {
      onClose();
      return;
    }
    setFlashing(true);
    clearTimeout(flashTimer.current);
    flashTimer.current = setTimeout(() => setFlashing(false), PERSISTENT_FLASH_MS);
  };
  // The Escape listener lives as long as the dialog is open; this keeps it calling the
  // latest onClose/persistent without re-subscribing on every render.
  const onEscape = useEffectEvent(requestClose);

  useEffect(() => () => clearTimeout(flashTimer.current), []);

  const visible = open && isClient;

  useEffect(() => {
    const node = dialogRef.current;
    if (!visible || !node) return;

    // Focus has not moved yet, so this is the element that opened the dialog.
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    pushDialog(stackId);
    const unlockScroll = lockScroll();
    // Prefer the content (e.g. the e-mail field) over the × that comes first in the markup.
    const content = node.querySelector<HTMLElement>(`.${styles.body}`);
    const firstInContent = content ? focusables(content)[0] : undefined;
    (initialFocusRef?.current ?? firstInContent ?? focusables(node)[0] ?? node).focus();

    // One listener per dialog; the stack decides which dialog owns the key, so Escape
    // closes only the top-most one. Skip keys a widget inside already handled (e.g. a
    // dropdown closing itself) and keys that end an IME composition.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      if (!isTopDialog(stackId)) return;
      event.preventDefault();
      onEscape();
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      removeDialog(stackId);
      unlockScroll();
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [visible, stackId, initialFocusRef]);

  if (!visible) return null;

  // Keep Tab and Shift+Tab inside the dialog: wrap around at both ends.
  const onDialogKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const node = event.currentTarget;
    // React bubbles events through portals, so keys from a dialog opened inside this one's
    // children arrive here too; that dialog traps its own focus.
    if (event.key !== 'Tab' || !node.contains(event.target as Node)) return;
    const items = focusables(node);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault(); // nothing to move to: stay on the dialog
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === node)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // Close only when both press and release happen on the backdrop itself: a text selection
  // that starts in the content and ends outside must not close the dialog.
  const onBackdropMouseDown = (event: ReactMouseEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
    // Keep focus inside the dialog instead of letting it fall to <body>.
    if (pressStartedOnBackdrop.current) event.preventDefault();
  };
  const onBackdropClick = (event: ReactMouseEvent<HTMLDivElement>) => {
    if (pressStartedOnBackdrop.current && event.target === event.currentTarget) requestClose();
    pressStartedOnBackdrop.current = false;
  };

  // Sizes go through custom properties so the narrow-screen media query can override them.
  const sizes = {
    '--dialog-width': width,
    '--dialog-max-width': maxWidth,
    '--dialog-max-height': maxHeight,
    ...(height ? { '--dialog-height': height } : {}),
  } as CSSProperties;
  const dialogClass = [styles.dialog, flashing && styles.flash, className].filter(Boolean).join(' ');
  const hasHeader = title != null || !hideCloseButton;

  return createPortal(
    <div className={placement === 'top' ? `${styles.backdrop} ${styles.top}` : styles.backdrop} onMouseDown={onBackdropMouseDown} onClick={onBackdropClick}>
      <div
        ref={dialogRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title != null ? titleId : undefined}
        aria-label={title != null ? undefined : ariaLabel}
        tabIndex={-1}
        className={dialogClass}
        style={sizes}
        onKeyDown={onDialogKeyDown}
      >
        {hasHeader && (
          <div className={styles.header}>
            {title != null && (
              <h2 id={titleId} className={styles.title}>
                {title}
              </h2>
            )}
            {!hideCloseButton && (
              <button type="button" className={styles.close} aria-label="Закрыть" onClick={onClose}>
                ×
              </button>
            )}
          </div>
        )}
        <div className={styles.body}>{children}</div>
        {footer != null && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
