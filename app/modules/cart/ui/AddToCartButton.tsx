import { useId, useState, type FormEvent } from 'react';
import { CART_COUNT_MAX } from '../cart.constants.ts';
import { addToCart } from './use-cart.ts';
import styles from './cart.module.css';

export interface AddToCartButtonProps {
  partId: number;
  /** What the button adds, for screen readers: 'RE504836 Фильтр масляный'. */
  label?: string;
  /** Smaller, for dense tables (lists of parts, the employees' search). */
  compact?: boolean;
  testId?: string;
  /** Order from a supplier's offer ('Заказать под заказ', ADR 099): the cart rounds the count to his terms. */
  supplier?: boolean;
  /** The count to start at (a supplier's minimum order). */
  initialCount?: number;
}

type Status = { tone: 'sending' } | { tone: 'done' | 'error'; text: string } | null;

/** A typed count the cart takes (1..CART_COUNT_MAX), or null. */
function countOf(typed: string): number | null {
  const t = typed.trim();
  if (!/^\d{1,4}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= CART_COUNT_MAX ? n : null;
}

/**
 * The one 'В корзину' of every parts list and page (the line's rows, /fp/, the part page, the
 * employees' search): a count with − and + and the button. It posts `POST /api/cart/add` through
 * `addToCart`, so the header's counter follows, and says in place what happened. A form, so that
 * Enter in the count adds too; a count out of range is refused before anything is sent.
 */
export function AddToCartButton({ partId, label, compact = false, testId, supplier = false, initialCount = 1 }: AddToCartButtonProps) {
  const id = useId();
  const [count, setCount] = useState(String(initialCount));
  const [status, setStatus] = useState<Status>(null);
  const n = countOf(count);
  const change = (next: string) => { setCount(next); setStatus(null); };
  const step = (by: number) => change(String(Math.min(CART_COUNT_MAX, Math.max(1, (n ?? 1) + by))));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (status?.tone === 'sending') return;
    if (n === null) {
      setStatus({ tone: 'error', text: `Количество — целое число от 1 до ${CART_COUNT_MAX}` });
      return;
    }
    setStatus({ tone: 'sending' });
    const result = await addToCart([supplier ? { part_id: partId, count: n, supplier: true } : { part_id: partId, count: n }]);
    const added = result.ok ? result.products.find((p) => p.part_id === partId)?.count ?? n : n;
    setStatus(result.ok ? { tone: 'done', text: supplier ? `${result.message} под заказ: в корзине ${added} шт.` : `${result.message}: ${n} шт.` } : { tone: 'error', text: result.message });
  };
  return (
    <form className={`${styles.add} ${compact ? styles.compact : ''}`} data-testid={testId} onSubmit={submit}>
      <span className={styles.stepper}>
        <button type="button" className={styles.step} onClick={() => step(-1)} disabled={n !== null && n <= 1} aria-label="Меньше">−</button>
        <label htmlFor={`${id}-count`} className="visually-hidden">{label ? `Количество: ${label}` : 'Количество'}</label>
        <input
          id={`${id}-count`} className={styles.count} type="number" inputMode="numeric" min={1} max={CART_COUNT_MAX} step={1}
          value={count} onChange={(e) => change(e.target.value)} aria-invalid={n === null || undefined} data-testid={supplier ? `supplier-count-${partId}` : `count-${partId}`}
        />
        <button type="button" className={styles.step} onClick={() => step(1)} disabled={n !== null && n >= CART_COUNT_MAX} aria-label="Больше">+</button>
      </span>
      <button
        type="submit" className={`btn btn-primary ${styles.button}`} aria-busy={status?.tone === 'sending' || undefined}
        aria-label={label ? `${supplier ? 'Заказать под заказ' : 'В корзину'}: ${label}` : undefined}
      >
        {supplier ? 'Заказать под заказ' : 'В корзину'}
      </button>
      <p className={styles.status} role="status" data-tone={status?.tone}>{status && status.tone !== 'sending' ? status.text : ''}</p>
    </form>
  );
}
