import { useEffect, useId, useState } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { api } from '#app/lib/api.ts';
import type { ModelCardView } from '../../catalog.schema.ts';
import styles from './marks.module.css';

export interface BrowsingHistoryProps {
  /**
   * The model on the page: the view is recorded and the model left out of the list. Without it
   * (the parts page) the history is only read.
   */
  excludeModelId?: number;
}

/**
 * 'Вы смотрели': the visitor's last models. Per visitor, so never part of the (cached) page: it
 * loads after hydration, and shows nothing until there is something to show.
 */
export function BrowsingHistory({ excludeModelId }: BrowsingHistoryProps) {
  const [items, setItems] = useState<ModelCardView[]>([]);
  const titleId = useId();
  useEffect(() => {
    let current = true;
    const request = excludeModelId === undefined
      ? api<{ items: ModelCardView[] }>('GET', '/api/catalog/get-browsing-history')
      : api<{ items: ModelCardView[] }>('POST', '/api/catalog/browsing-history/view', { modelId: excludeModelId });
    void request.then((r) => { if (current && r.error_status === 'success') setItems(r.items); });
    return () => { current = false; };
  }, [excludeModelId]);
  if (!items.length) return null;
  return (
    <section className={styles.history} aria-labelledby={titleId} data-testid="browsing-history">
      <h2 id={titleId} className={styles.historyTitle}>Вы смотрели</h2>
      <ul className={styles.historyRow}>
        {items.map((m) => (
          <li key={m.id}>
            <div className={styles.historyItem}>
              {m.image ? <img src={m.image.src} width={m.image.width} height={m.image.height} alt="" loading="lazy" decoding="async" /> : null}
              <Link to={m.link}>{m.name}</Link>
              <p className={styles.historyMeta}>{m.manufacturer.name} · {m.inStock ? 'В наличии' : 'Под заказ'}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
