import type { ReactNode } from 'react';
import type { ModelCardView } from '../../catalog.schema.ts';
import { preloadImages } from '#app/components/ui/CardImage.tsx';
import { SharedMarkup } from '#app/components/ui/SharedMarkup.tsx';
import { useMarks } from '../../marks/ui/use-marks.ts';
import { ModelCard } from '../../ui/ModelCard.tsx';
import { modelActions, SignedModelCard } from './ModelActions.tsx';
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
  const marks = useMarks();
  // A signed-in visitor's cards with the usual buttons are shared markup whole (ADR 048, 051).
  const shared = !guest && actions === modelActions;
  const eagerCount = EAGER_CARDS[layout];
  preloadImages(items.slice(0, eagerCount).map((m) => m.image?.src));
  return (
    <div className={styles.listBox} aria-busy={loading} data-loading={loading || undefined} data-testid="model-list">
      {items.length ? (
        <ul className={layout === 'list' ? styles.rows : styles.tiles}>
          {items.map((m, i) => {
            const eager = i < eagerCount;
            return shared ? (
              <SharedMarkup
                key={m.id}
                as="li"
                component={SignedModelCard}
                props={{ model: m, layout, compare: marks.has('compare', m.id), bookmark: marks.has('bookmarks', m.id), eager }}
              />
            ) : (
              <li key={m.id}>
                <ModelCard model={m} layout={layout} guest={guest} eager={eager} actions={actions?.(m)} />
              </li>
            );
          })}
        </ul>
      ) : empty}
    </div>
  );
}
