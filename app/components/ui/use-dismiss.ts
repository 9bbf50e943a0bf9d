import { useEffect, useRef, type RefObject } from 'react';

/**
 * Closes a dropdown or popover when the pointer goes down outside `ref` or Escape is pressed,
 * while `open`. (Dialogs have their own stack-aware Escape; this is for non-modal panels.)
 */
export function useDismiss(open: boolean, ref: RefObject<HTMLElement | null>, close: () => void): void {
  const latest = useRef(close);
  useEffect(() => { latest.current = close; });
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => { if (!ref.current?.contains(e.target as Node)) latest.current(); };
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') latest.current(); };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => { document.removeEventListener('pointerdown', onDown); document.removeEventListener('keydown', onKey); };
  }, [open, ref]);
}
