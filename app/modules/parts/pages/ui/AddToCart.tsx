import { useContext, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { LayoutUiContext } from '#app/components/layout/layout-ui.tsx';
import { useOptionalRootData } from '#app/components/layout/root-data.ts';
import { api } from '#app/lib/api.ts';
import styles from './parts-pages.module.css';

export const CART_MAX_COUNT = 9999;
/** The browser tells the header (and anyone listening) that the cart changed. */
export const CART_CHANGED_EVENT = 'cart:changed';

/**
 * 'В корзину' with a count: POST /api/cart/add {products:[{part_id,count}]} (spec §7). The cart
 * needs an account: a guest's click opens the login modal and brings him back here.
 */
export function AddToCart({ partId, compact = false, label }: { partId: number; compact?: boolean; label?: string }) {
  const root = useOptionalRootData();
  const ui = useContext(LayoutUiContext);
  const navigate = useNavigate();
  const guest = root?.viewer.isGuest ?? true;
  const [count, setCount] = useState('1');
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const statusId = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (guest) {
      const back = typeof location === 'undefined' ? '/zapchasti' : location.pathname + location.search;
      if (ui) ui.openAuth({ form: 'EnterEmail', redirect: back });
      else void navigate(`/login?redirect=${encodeURIComponent(back)}`);
      return;
    }
    const n = /^\d{1,4}$/.test(count.trim()) ? Number(count.trim()) : NaN;
    if (!(n >= 1 && n <= CART_MAX_COUNT)) {
      setStatus({ tone: 'error', text: `Количество — целое число от 1 до ${CART_MAX_COUNT}` });
      return;
    }
    setBusy(true);
    setStatus(null);
    const result = await api<Record<string, unknown>>('POST', '/api/cart/add', { products: [{ part_id: partId, count: n }] });
    setBusy(false);
    if (result.error_status === 'success') {
      setStatus({ tone: 'ok', text: `Добавлено в корзину: ${n} шт.` });
      window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: { partId, count: n } }));
    } else {
      setStatus({ tone: 'error', text: result.message || 'Не удалось добавить в корзину' });
    }
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
