import { useId, useState } from 'react';
import { addToCart } from '#app/modules/cart/ui/use-cart.ts';
import { CART_COUNT_MAX, clampCount } from '../line.rules.ts';
import { PARTS_LINE_TEXTS } from '../line.schema.ts';
import styles from './PartRows.module.css';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'error'; message: string };

/**
 * A count and 'В корзину' (spec §7 `POST /api/cart/add {products:[{part_id,count}]}` through the
 * cart's `addToCart`, so the header's counter follows). Guests have a cart too (ADR 035): it joins
 * their account at sign-in.
 */
export function AddToCart({ partId, label }: { partId: number; label: string }) {
  const [count, setCount] = useState(1);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const inputId = useId();
  const change = (n: number) => { setCount(clampCount(n)); setStatus({ kind: 'idle' }); };
  const add = async () => {
    setStatus({ kind: 'sending' });
    const result = await addToCart([{ part_id: partId, count }]);
    setStatus(result.ok ? { kind: 'done' } : { kind: 'error', message: result.message });
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
