import { useId, useState } from 'react';
import { CART_COUNT_MAX as CART_MAX_COUNT } from '#app/modules/cart/cart.constants.ts';
import { addToCart } from '#app/modules/cart/ui/use-cart.ts';
import styles from './parts-pages.module.css';

/**
 * 'В корзину' with a count: spec §7 POST /api/cart/add {products:[{part_id,count}]} through the
 * cart's `addToCart`, so the header's counter follows. Guests have a cart too (ADR 035).
 */
export function AddToCart({ partId, compact = false, label }: { partId: number; compact?: boolean; label?: string }) {
  const [count, setCount] = useState('1');
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const statusId = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const n = /^\d{1,4}$/.test(count.trim()) ? Number(count.trim()) : NaN;
    if (!(n >= 1 && n <= CART_MAX_COUNT)) {
      setStatus({ tone: 'error', text: `Количество — целое число от 1 до ${CART_MAX_COUNT}` });
      return;
    }
    setBusy(true);
    setStatus(null);
    const result = await addToCart([{ part_id: partId, count: n }]);
    setBusy(false);
    setStatus(result.ok ? { tone: 'ok', text: `${result.message}: ${n} шт.` } : { tone: 'error', text: result.message || 'Не удалось добавить в корзину' });
  };

  return (
    <form className={`${styles.cart} ${compact ? styles.cartCompact : ''}`} onSubmit={(e) => void submit(e)} data-testid="add-to-cart">
      <label className="visually-hidden" htmlFor={inputId}>Количество</label>
      <input
        id={inputId} type="number" inputMode="numeric" min={1} max={CART_MAX_COUNT} step={1} value={count}
        onChange={(e) => setCount(e.target.value)} aria-describedby={status ? statusId : undefined}
      />
      <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>{label ?? 'В корзину'}</button>
      {status ? <p id={statusId} role="status" className={`${styles.status} ${styles[status.tone]}`}>{status.text}</p> : null}
    </form>
  );
}
