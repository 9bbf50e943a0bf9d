import { useEffect, useRef, type RefObject } from 'react';

/** Why a panel closes: Escape gives focus back to the control that opened it; an outside press leaves it where it went. */
export type DismissReason = 'escape' | 'outside';

/**
 * Closes a dropdown or popover when the pointer goes down outside `ref` or Escape is pressed,
 * while `open`. (Dialogs have their own stack-aware Escape; this is for non-modal panels.)
 * An Escape some widget inside already handled (defaultPrevented) is left alone; the one handled
 * here is marked so, so nothing else on the page acts on the same key press.
 */
export function useDismiss(open: boolean, ref: RefObject<HTMLElement | null>, close: (reason: DismissReason) => void): void {
  const latest = useRef(close);
  useEffect(() => { latest.current = close; });
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => { if (!ref.current?.contains(e.target as Node)) latest.current('outside'); };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return;
      e.preventDefault();
      latest.current('escape');
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => { document.removeEventListener('pointerdown', onDown); document.removeEventListener('keydown', onKey); };
  }, [open, ref]);
}
