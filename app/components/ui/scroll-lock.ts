/*
 * Page scroll lock for dialogs, the mobile menu and other overlays.
 * Locks are counted: a dialog opened over the menu must not unlock the page when it closes
 * while the menu is still open. The page unlocks only on the last unlock.
 */

/** Set on <html> while locked: the width the hidden scrollbar took, e.g. "15px" (0px when none).
 *  position: fixed elements (the header) are not moved by the padding and can use it themselves. */
export const SCROLLBAR_GAP_VAR = '--scroll-lock-gap';

let locks = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

/** Lock page scroll; returns the unlock function. Calling that function twice is harmless. */
export function lockScroll(): () => void {
  if (typeof document === 'undefined') return () => {}; // server render: nothing to lock

  if (locks === 0) apply(document.documentElement);
  locks += 1;

  let released = false;
  return () => {
    // React StrictMode runs effect cleanups twice in development; count each lock once.
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) restore(document.documentElement);
  };
}

function apply(root: HTMLElement): void {
  const { style } = root;
  saved = { overflow: style.overflow, paddingRight: style.paddingRight };
  // Hiding overflow removes the scrollbar and the page would jump sideways by its width;
  // pad the page by exactly that width so nothing moves.
  const gap = Math.max(0, window.innerWidth - root.clientWidth);
  if (gap > 0) {
    const current = parseFloat(getComputedStyle(root).paddingRight) || 0;
    style.paddingRight = `${current + gap}px`;
  }
  style.setProperty(SCROLLBAR_GAP_VAR, `${gap}px`);
  style.overflow = 'hidden';
}

function restore(root: HTMLElement): void {
  const { style } = root;
  style.overflow = saved?.overflow ?? '';
  style.paddingRight = saved?.paddingRight ?? '';
  style.removeProperty(SCROLLBAR_GAP_VAR);
  saved = null;
}

/** Number of active locks (for tests and debugging). */
export function scrollLockCount(): number {
  return locks;
}
