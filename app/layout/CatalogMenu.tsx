import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { IconGrid } from '#app/components/ui/icons.tsx';
import { useDismiss } from '#app/components/ui/use-dismiss.ts';
import { useShopMenu } from '#app/components/page/root-data.ts';
import styles from './CatalogMenu.module.css';

const loadPanel = () => import('./CatalogMenuPanel.tsx');
const CatalogMenuPanel = lazy(loadPanel);

/** Which category takes focus when the menu opens from the keyboard (↓: the first, ↑: the last). */
export type MenuFocusRequest = 'first' | 'last' | null;

/**
 * Desktop catalogue menu (spec §2). The button is part of every page; the panel's code and the
 * category tree load when the pointer first nears the button (or it gets focus), so the menu is
 * ready by the time it is clicked and costs nothing on pages where nobody opens it.
 *
 * Keyboard (WAI-ARIA disclosure with the menu pattern's arrow keys): Enter/Space toggle, ↓/↑ on the
 * button open it on the first/last category; inside, the panel moves with the arrows and Tab (its
 * own code). Escape closes and gives focus back to the button; the menu closes when focus leaves it
 * and on navigation.
 */
export function CatalogMenu() {
  const top = useShopMenu();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [focusRequest, setFocusRequest] = useState<MenuFocusRequest>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useEffect(() => setOpen(false), [pathname]);
  useDismiss(open, rootRef, (reason) => {
    setOpen(false);
    if (reason === 'escape') buttonRef.current?.focus();
  });

  const want = () => { if (!wanted) { setWanted(true); void loadPanel(); } };
  const onButtonKey = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    want();
    setOpen(true);
    setFocusRequest(e.key === 'ArrowDown' ? 'first' : 'last');
  };
  // Focus going somewhere outside (Tab past the last link, Shift+Tab before the button) closes it.
  // A press on the panel's own background moves focus to nowhere (relatedTarget null): it stays open.
  const onBlur = (e: React.FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (open && next && !rootRef.current?.contains(next)) setOpen(false);
  };

  return (
    <div className={styles.root} ref={rootRef} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={`btn btn-brand ${styles.trigger}`}
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={want}
        onFocus={want}
        onKeyDown={onButtonKey}
        onClick={() => { want(); setOpen(!open); }}
      >
        <IconGrid size={18} /> Каталог техники
      </button>
      {wanted || open ? (
        <div id={panelId} className={styles.panel} hidden={!open} data-testid="catalog-menu">
          <Suspense fallback={<div className={styles.detailState} role="status">Загружаем разделы…</div>}>
            <CatalogMenuPanel top={top} focusRequest={open ? focusRequest : null} onFocusDone={() => setFocusRequest(null)} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
