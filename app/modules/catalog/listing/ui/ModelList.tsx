import type { ReactNode } from 'react';
import type { ModelCardView } from '../../catalog.schema.ts';
import { ModelCard } from '../../ui/ModelCard.tsx';
import type { DisplayType } from '../listing.schema.ts';
import styles from './Listing.module.css';

/** Cards of the first screenful load their images at once; the rest when scrolled near. */
const EAGER_CARDS: Record<DisplayType, number> = { grid: 3, list: 2 };

export interface ModelListProps {
  items: ModelCardView[];
  layout: DisplayType;
  guest: boolean;
  /** The list is being replaced (a filter changed): dimmed and busy. */
  loading: boolean;
  /** The compare and favourite buttons of one model. */
  actions?: (model: ModelCardView) => ReactNode;
  empty: ReactNode;
}

export function ModelList({ items, layout, guest, loading, actions, empty }: ModelListProps) {
  const eagerCount = EAGER_CARDS[layout];
  return (
    <div className={styles.listBox} aria-busy={loading} data-loading={loading || undefined} data-testid="model-list">
      {!items.length ? empty : (
        <ul className={layout === 'list' ? styles.rows : styles.tiles}>
          {items.map((m, i) => (
            <li key={m.id}>
              <ModelCard model={m} layout={layout} guest={guest} eager={i < eagerCount} actions={actions?.(m)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
