import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { MenuEntry } from '#app/modules/catalog/catalog.schema.ts';
import { IconGrid } from '#app/components/ui/icons.tsx';
import { useDismiss } from '#app/components/ui/use-dismiss.ts';
import styles from './CatalogMenu.module.css';

const loadPanel = () => import('./CatalogMenuPanel.tsx');
const CatalogMenuPanel = lazy(loadPanel);

/**
 * Desktop catalogue menu (spec §2). The button is part of every page; the panel's code and the
 * category tree load when the pointer first nears the button (or it gets focus), so the menu is
 * ready by the time it is clicked and costs nothing on pages where nobody opens it.
 */
export function CatalogMenu({ top }: { top: MenuEntry[] }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);
  useDismiss(open, rootRef, () => setOpen(false));

  const want = () => { if (!wanted) { setWanted(true); void loadPanel(); } };

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        type="button"
        className={`btn btn-brand ${styles.trigger}`}
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={want}
        onFocus={want}
        onClick={() => { want(); setOpen((v) => !v); }}
      >
        <IconGrid size={18} /> Каталог техники
      </button>
      {wanted || open ? (
        <div id={panelId} className={styles.panel} hidden={!open} data-testid="catalog-menu">
          <Suspense fallback={<div className={styles.detailState} role="status">Загружаем разделы…</div>}>
            <CatalogMenuPanel top={top} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
