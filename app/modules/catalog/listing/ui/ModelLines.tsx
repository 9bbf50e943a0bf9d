import { useState } from 'react';
import { api } from '#app/lib/api.ts';
import type { ModelLineCardView } from '../listing.schema.ts';
import { ModelLineCard } from './ModelLineCard.tsx';
import styles from './CategoryPage.module.css';

/** Model lines whose images load at once: the first row on a wide screen. */
const EAGER_LINES = 4;

/**
 * The category's model lines: the first ones come with the page; a large category offers the rest
 * on request (POST /api/model-lines/filtration-model-lines), so the page stays light.
 */
export function ModelLines({ categoryId, first, total }: { categoryId: number; first: ModelLineCardView[]; total: number }) {
  const [lines, setLines] = useState(first);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const more = total - lines.length;
  const showAll = async () => {
    setState('loading');
    const result = await api<{ modelLines: ModelLineCardView[] }>('POST', '/api/model-lines/filtration-model-lines', { categoryId });
    if (result.error_status === 'success') {
      setLines(result.modelLines);
      setState('idle');
    } else setState('error');
  };
  return (
    <section className={styles.lines} aria-labelledby="model-lines-title">
      <h2 id="model-lines-title" className={styles.sectionTitle}>Модельные ряды</h2>
      <ul className={styles.lineGrid}>
        {/* The first row's images load at once. */}
        {lines.map((line, i) => <li key={line.id}><ModelLineCard line={line} eager={i < EAGER_LINES} /></li>)}
      </ul>
      {more > 0 ? (
        <p className={styles.moreLines}>
          <button type="button" className="btn btn-secondary" onClick={showAll} aria-busy={state === 'loading'} disabled={state === 'loading'}>
            {state === 'loading' ? 'Загружаем…' : `Показать все модельные ряды (${total})`}
          </button>
          {state === 'error' ? <span role="alert"> Не удалось загрузить модельные ряды. Попробуйте ещё раз.</span> : null}
        </p>
      ) : null}
    </section>
  );
}
