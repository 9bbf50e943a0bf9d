import { useState } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import type { ModelCardView } from '../../catalog.schema.ts';
import { ModelCard } from '../../ui/ModelCard.tsx';
import { PriceBlock } from '../../ui/PriceBlock.tsx';
import { MARKS_MESSAGES } from '../marks.constants.ts';
import type { BookmarkedPart } from '../marks.schema.ts';
import { CompareButton } from './CompareButton.tsx';
import { useMarks, type MarkKind } from './use-marks.ts';
import styles from './marks.module.css';

/** Cards whose images load at once: the first screenful of the list. */
const EAGER_BOOKMARKS = 2;

type Removed = ReadonlySet<string>;
const keyOf = (kind: MarkKind, id: number) => `${kind}:${id}`;

/**
 * 'Избранное' in the account: 'Техника' (cards with prices) and 'Запчасти' (rows with code, price
 * and stock); 'Удалить' takes an entry away at once and puts it back if the server refuses.
 */
export function BookmarksList({ items, parts = [] }: { items: ModelCardView[]; parts?: BookmarkedPart[] }) {
  const marks = useMarks();
  const [removed, setRemoved] = useState<Removed>(new Set());
  const [error, setError] = useState<string | null>(null);
  const shown = items.filter((m) => !removed.has(keyOf('bookmarks', m.id)));
  const shownParts = parts.filter((p) => !removed.has(keyOf('partBookmarks', p.id)));

  async function remove(kind: 'bookmarks' | 'partBookmarks', id: number) {
    setError(null);
    const key = keyOf(kind, id);
    setRemoved((s) => new Set(s).add(key));
    const result = await marks.set(kind, id, false);
    if (!result.ok) {
      setError(result.message);
      setRemoved((s) => { const next = new Set(s); next.delete(key); return next; });
    }
  }

  if (!shown.length && !shownParts.length) {
    return (
      <div className={styles.bookmarksEmpty}>
        <p>{MARKS_MESSAGES.bookmarksEmpty}</p>
        <p className={styles.historyMeta}>Отмечайте технику в каталоге и запчасти кнопкой «В избранное», чтобы вернуться к ним позже.</p>
        <p className={styles.emptyLinks}>
          <Link to="/catalog" className="btn btn-brand">Перейти в каталог</Link>
          <Link to="/zapchasti" className="btn btn-secondary">Запчасти</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      {error ? <p className={styles.message} role="alert">{error}</p> : null}
      <p className={styles.historyMeta} aria-live="polite">Товаров в избранном: {shown.length + shownParts.length}</p>
      <section aria-labelledby="bookmarks-models" className={styles.bookmarkSection}>
        <h2 id="bookmarks-models" className={styles.sectionTitle}>Техника <span className={styles.sectionCount}>{shown.length}</span></h2>
        {shown.length ? (
          <ul className={styles.bookmarks} data-testid="bookmarks">
            {shown.map((m, i) => (
              <li key={m.id}>
                <ModelCard
                  model={m}
                  layout="list"
                  guest={false}
                  eager={i < EAGER_BOOKMARKS}
                  headingLevel={3}
                  actions={(
                    <>
                      <CompareButton modelId={m.id} productCode={m.productCode} />
                      <button type="button" className={styles.markButton} onClick={() => void remove('bookmarks', m.id)} aria-label={`Удалить ${m.name} из избранного`}>
                        Удалить
                      </button>
                    </>
                  )}
                />
              </li>
            ))}
          </ul>
        ) : <p className={styles.historyMeta}>{MARKS_MESSAGES.modelBookmarksEmpty}</p>}
      </section>
      <section aria-labelledby="bookmarks-parts" className={styles.bookmarkSection}>
        <h2 id="bookmarks-parts" className={styles.sectionTitle}>Запчасти <span className={styles.sectionCount}>{shownParts.length}</span></h2>
        {shownParts.length ? (
          <ul className={styles.partRows} data-testid="part-bookmarks">
            {shownParts.map((p) => (
              <li key={p.id} className={styles.partRow}>
                <div className={styles.partMain}>
                  <Link to={p.link} className={styles.partCode}>{p.code}</Link>
                  <p className={styles.partName}>{p.name}</p>
                  <p className={styles.historyMeta}>
                    {p.manufacturer}
                    {p.oneCCode ? <> · код 1С {p.oneCCode}</> : null}
                  </p>
                </div>
                <div className={styles.partOffer}>
                  <PriceBlock
                    offer={p.here ? { branchId: 0, superPrice: false, ...p.here } : null}
                    inStock={(p.here?.quantity ?? 0) > 0}
                    guest={false}
                  />
                  {p.elsewhereQuantity > 0 ? <p className={styles.historyMeta}>В других филиалах: {p.elsewhereQuantity.toLocaleString('ru-RU')} шт.</p> : null}
                </div>
                <button type="button" className={styles.markButton} onClick={() => void remove('partBookmarks', p.id)} aria-label={`Удалить ${p.code} ${p.name} из избранного`}>
                  Удалить
                </button>
              </li>
            ))}
          </ul>
        ) : <p className={styles.historyMeta}>{MARKS_MESSAGES.partBookmarksEmpty}</p>}
      </section>
    </>
  );
}
