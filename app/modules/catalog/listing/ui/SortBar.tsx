import { useId } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { IconGrid, IconMenu } from '#app/components/ui/icons.tsx';
import { setDisplayType, setSortOrder } from '../filters.rules.ts';
import { SORT_ORDERS, type CatalogFilterState, type DisplayType, type SortOrder } from '../listing.schema.ts';
import { modelCountLabel } from './listing-ui.rules.ts';
import { useFilterNavigation } from './use-filter-navigation.ts';
import styles from './Listing.module.css';

export const SORT_LABELS: Record<SortOrder, string> = {
  popular: 'По популярности',
  'price-asc': 'Сначала дешевле',
  'price-desc': 'Сначала дороже',
  name: 'По названию',
  new: 'Новинки',
};

const DISPLAY: { type: DisplayType; label: string; Icon: typeof IconGrid }[] = [
  { type: 'grid', label: 'Плиткой', Icon: IconGrid },
  { type: 'list', label: 'Списком', Icon: IconMenu },
];

/**
 * Above the list: how many models, the sort order and grid or list. The display links are real
 * links (they work before hydration); the order navigates on change.
 */
export function SortBar({ state, total, sortOrders, children }: { state: CatalogFilterState; total: number; sortOrders: readonly SortOrder[]; children?: React.ReactNode }) {
  const { apply, hrefFor } = useFilterNavigation();
  const selectId = useId();
  // The orders this visitor may choose (price orders need sign-in), in the spec's order.
  const orders = SORT_ORDERS.filter((o) => sortOrders.includes(o));
  return (
    <div className={styles.bar}>
      <p className={styles.total} aria-live="polite">Найдено: {modelCountLabel(total)}</p>
      {children}
      <div className={styles.sort}>
        <label htmlFor={selectId} className={styles.sortLabel}>Сортировка</label>
        <select
          id={selectId}
          className={styles.select}
          value={orders.includes(state.sortOrder) ? state.sortOrder : 'popular'}
          onChange={(e) => apply(setSortOrder(state, e.target.value as SortOrder))}
        >
          {orders.map((o) => <option key={o} value={o}>{SORT_LABELS[o]}</option>)}
        </select>
      </div>
      <div className={styles.display} role="group" aria-label="Вид списка">
        {DISPLAY.map(({ type, label, Icon }) => (
          <Link
            key={type}
            to={hrefFor(setDisplayType(state, type).state)}
            preventScrollReset
            replace
            className={styles.displayLink}
            aria-label={label}
            title={label}
            aria-current={state.displayType === type ? 'true' : undefined}
          >
            <Icon size={18} />
          </Link>
        ))}
      </div>
    </div>
  );
}
