import { useId, useState } from 'react';
import { CART_COUNT_MAX } from '../cart.constants.ts';
import { addToCart } from './use-cart.ts';
import styles from './cart.module.css';

export interface AddToCartButtonProps {
  partId: number;
  /** What the button adds to the cart, for screen readers: 'RE504836 Фильтр масляный'. */
  label: string;
  /** Smaller, for dense tables. */
  compact?: boolean;
}

/**
 * A count and 'В корзину' for one part: posts `POST /api/cart/add` through `addToCart`, so the
 * header's counter follows, and says what happened ('Добавлено в корзину', or the reason).
 */
export function AddToCartButton({ partId, label, compact = false }: AddToCartButtonProps) {
  const id = useId();
  const [count, setCount] = useState('1');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const valid = /^\d{1,4}$/.test(count) && Number(count) >= 1 && Number(count) <= CART_COUNT_MAX;
  return (
    <form
      className={`${styles.add} ${compact ? styles.compact : ''}`}
      onSubmit={async (e) => {
        e.preventDefault();
        if (!valid || busy) return;
        setBusy(true);
        setMessage(null);
        const result = await addToCart([{ part_id: partId, count: Number(count) }]);
        setBusy(false);
        setMessage({ ok: result.ok, text: result.ok ? `${result.message}: ${result.products[0]?.count ?? count} шт.` : result.message });
      }}
    >
      <label htmlFor={`${id}-count`} className="visually-hidden">Количество: {label}</label>
      <input
        id={`${id}-count`} className={styles.count} type="number" inputMode="numeric" min={1} max={CART_COUNT_MAX} step={1} required
        value={count} onChange={(e) => setCount(e.target.value)} aria-invalid={!valid || undefined}
      />
      <button type="submit" className={`btn btn-primary ${styles.button}`} aria-disabled={busy || !valid || undefined} aria-label={`В корзину: ${label}`}>
        В корзину
      </button>
      <p className={message?.ok === false ? styles.error : styles.done} role="status">{message?.text ?? ''}</p>
    </form>
  );
}
