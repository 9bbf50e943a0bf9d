import { useState } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import type { ModelCardView } from '../../catalog.schema.ts';
import { ModelCard } from '../../ui/ModelCard.tsx';
import { MARKS_MESSAGES } from '../marks.constants.ts';
import { CompareButton } from './CompareButton.tsx';
import { useMarks } from './use-marks.ts';
import styles from './marks.module.css';

/** 'Избранное' in the account: cards with prices, 'Удалить' takes a card away at once. */
export function BookmarksList({ items }: { items: ModelCardView[] }) {
  const marks = useMarks();
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const shown = items.filter((m) => !removed.has(m.id));

  async function remove(m: ModelCardView) {
    setError(null);
    setRemoved((s) => new Set(s).add(m.id));
    const result = await marks.set('bookmarks', m.id, false);
    if (!result.ok) {
      setError(result.message);
      setRemoved((s) => { const next = new Set(s); next.delete(m.id); return next; });
    }
  }

  if (!shown.length) {
    return (
      <div className={styles.bookmarksEmpty}>
        <p>{MARKS_MESSAGES.bookmarksEmpty}</p>
        <p className={styles.historyMeta}>Отмечайте технику в каталоге кнопкой «В избранное», чтобы вернуться к ней позже.</p>
        <Link to="/catalog" className="btn btn-brand">Перейти в каталог</Link>
      </div>
    );
  }
  return (
    <>
      {error ? <p className={styles.message} role="alert">{error}</p> : null}
      <p className={styles.historyMeta} aria-live="polite">Товаров в избранном: {shown.length}</p>
      <ul className={styles.bookmarks} data-testid="bookmarks">
        {shown.map((m, i) => (
          <li key={m.id}>
            <ModelCard
              model={m}
              layout="list"
              guest={false}
              eager={i < 2}
              headingLevel={2}
              actions={(
                <>
                  <CompareButton modelId={m.id} productCode={m.productCode} />
                  <button type="button" className={styles.markButton} onClick={() => void remove(m)} aria-label={`Удалить ${m.name} из избранного`}>
                    Удалить
                  </button>
                </>
              )}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
