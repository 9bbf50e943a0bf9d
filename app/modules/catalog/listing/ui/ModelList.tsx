import type { ReactNode } from 'react';
import type { ModelCardView } from '../../catalog.schema.ts';
import { preloadImages } from '#app/components/ui/CardImage.tsx';
import { SharedMarkup } from '#app/components/ui/SharedMarkup.tsx';
import { markedAmong } from '../../marks/mark-set.rules.ts';
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
  // A signed-in visitor's cards with the usual buttons are shared markup, the list whole (ADR 048,
  // 063): most visitors have marked none of a page's models, so they share one piece per page.
  const shared = !guest && actions === modelActions;
  const eagerCount = EAGER_CARDS[layout];
  preloadImages(items.slice(0, eagerCount).map((m) => m.image?.src));
  const ids = items.map((m) => m.id);
  return (
    <div className={styles.listBox} aria-busy={loading} data-loading={loading || undefined} data-testid="model-list">
      {!items.length ? empty : shared ? (
        <SharedMarkup
          component={SignedCards}
          props={{ items, layout, eagerCount, compared: markedAmong(ids, (id) => marks.has('compare', id)), bookmarked: markedAmong(ids, (id) => marks.has('bookmarks', id)) }}
        />
      ) : (
        <ul className={listClass(layout)}>
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

const listClass = (layout: DisplayType) => (layout === 'list' ? styles.rows : styles.tiles);

interface SignedCardsProps {
  items: ModelCardView[];
  layout: DisplayType;
  /** The first `eagerCount` cards load their images at once. */
  eagerCount: number;
  /** The visitor's marks among the items. */
  compared: number[];
  bookmarked: number[];
}

/** A signed-in visitor's cards with their buttons, from the props alone: shared markup (ADR 063). */
export function SignedCards({ items, layout, eagerCount, compared, bookmarked }: SignedCardsProps) {
  return (
    <ul className={listClass(layout)}>
      {items.map((m, i) => (
        <li key={m.id}>
          <SignedModelCard model={m} layout={layout} compare={compared.includes(m.id)} bookmark={bookmarked.includes(m.id)} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
