import { useContext, useId, useState } from 'react';
import { LayoutUiContext } from '#app/components/layout/layout-ui.tsx';
import { api } from '#app/lib/api.ts';
import { CART_COUNT_MAX, clampCount } from '../line.rules.ts';
import { PARTS_LINE_TEXTS, type CartAddRequest } from '../line.schema.ts';
import styles from './PartRows.module.css';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'error'; message: string };

/**
 * A count and 'В корзину' (spec §7 `POST /api/cart/add {products:[{part_id,count}]}` with the CSRF
 * header of the api client). Guests get the sign-in modal, as favourites do.
 */
export function AddToCart({ partId, label, signedIn }: { partId: number; label: string; signedIn: boolean }) {
  const ui = useContext(LayoutUiContext);
  const [count, setCount] = useState(1);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const inputId = useId();
  const change = (n: number) => { setCount(clampCount(n)); setStatus({ kind: 'idle' }); };
  const add = async () => {
    if (!signedIn) {
      ui?.openAuth();
      return;
    }
    setStatus({ kind: 'sending' });
    const body: CartAddRequest = { products: [{ part_id: partId, count }] };
    const result = await api<Record<string, unknown>>('POST', '/api/cart/add', body);
    setStatus(result.error_status === 'success' ? { kind: 'done' } : { kind: 'error', message: result.message });
  };
  return (
    <div className={styles.buy}>
      <div className={styles.stepper} role="group" aria-label={`Количество: ${label}`}>
        <button type="button" className={styles.step} onClick={() => change(count - 1)} disabled={count <= 1} aria-label="Меньше">−</button>
        <label htmlFor={inputId} className="visually-hidden">Количество</label>
        <input
          id={inputId}
          className={styles.count}
          type="number"
          inputMode="numeric"
          min={1}
          max={CART_COUNT_MAX}
          value={count}
          onChange={(e) => change(Number(e.target.value))}
          data-testid={`count-${partId}`}
        />
        <button type="button" className={styles.step} onClick={() => change(count + 1)} disabled={count >= CART_COUNT_MAX} aria-label="Больше">+</button>
      </div>
      <button type="button" className={`btn btn-brand ${styles.add}`} onClick={add} aria-busy={status.kind === 'sending' || undefined} data-testid={`add-${partId}`}>
        В корзину
      </button>
      <p className={styles.status} role="status" data-tone={status.kind}>
        {status.kind === 'done' ? PARTS_LINE_TEXTS.added : status.kind === 'error' ? status.message : ''}
      </p>
    </div>
  );
}
