import { useState } from 'react';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import { clearAll, countChosenFilters, isFiltered } from '../filters.rules.ts';
import type { CatalogFilterState, PageSidebarFilters } from '../listing.schema.ts';
import { FilterSidebar } from './FilterSidebar.tsx';
import { modelCountLabel } from './listing-ui.rules.ts';
import { useFilterNavigation } from './use-filter-navigation.ts';
import styles from './Listing.module.css';

/**
 * Phones (below 992 px): 'Фильтры' opens the sidebar in a full-screen dialog (focus kept inside,
 * Escape closes). Each choice updates the list behind it at once, so 'Показать N' shows the real
 * count and only closes the panel.
 */
export function MobileFilterPanel({ filters, state, total, guest }: { filters: PageSidebarFilters; state: CatalogFilterState; total: number; guest: boolean }) {
  const [open, setOpen] = useState(false);
  const { apply, loading, current = state } = useFilterNavigation(state);
  const chosen = countChosenFilters(current);
  return (
    <>
      <button type="button" className={`btn btn-secondary ${styles.filtersButton}`} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Фильтры{chosen > 0 ? <span className={styles.badge}><span className="visually-hidden">, выбрано: </span>{chosen}</span> : null}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Фильтры"
        width="100%"
        maxWidth="100%"
        maxHeight="100%"
        height="100%"
        className={styles.panel}
        footer={(
          <>
            <button type="button" className="btn btn-secondary" disabled={!isFiltered(current)} onClick={() => apply(clearAll(current))}>Сбросить</button>
            <button type="button" className={`btn btn-brand ${styles.show}`} aria-busy={loading} onClick={() => setOpen(false)}>
              Показать {total.toLocaleString('ru-RU')}
              <span className="visually-hidden"> {modelCountLabel(total).replace(/^\S+\s/, '')}</span>
            </button>
          </>
        )}
      >
        <FilterSidebar filters={filters} state={state} guest={guest} heading={false} idPrefix="filters-panel" />
      </Dialog>
    </>
  );
}
