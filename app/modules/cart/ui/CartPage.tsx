import { useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentType } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { useLayoutUi } from '#app/components/page/layout-ui.tsx';
import { api } from '#app/lib/api.ts';
import { formatMoney } from '#app/lib/money.ts';
import { plural } from '#app/lib/plural.ts';
import { CART_COUNT_MAX, CART_UNCHECKED_STORAGE_KEY } from '../cart.constants.ts';
import {
  canDecrease, canIncrease, cartPageState, cartTotals, formatWeightKg, limitBalance, parseTypedCount, parseUnchecked,
  priceOf, pruneUnchecked, splitByPrice,
} from '../cart.rules.ts';
import type { CurrencyCode } from '#app/lib/money.ts';
import type { CartBranch, CartLimit, CartLine, CartRecItem, CartView } from '../cart.schema.ts';
import { addToCart, setCartCount } from './use-cart.ts';
import styles from './cart-page.module.css';

/**
 * What the delivery panel (the delivery module, mounted by the page into the aside) gets from the
 * cart: the checked priced parts it prices delivery for (spec §5), the branch, and `version`, which
 * changes at every reload of the cart (count, removal, check, branch: spec §4 'reload of the cart
 * and of the delivery price'). Nothing checked with a price: `parts` is empty and the panel clears
 * its price (spec §4 'Unchecking all items clears the delivery price').
 */
export interface CartDeliveryProps {
  branchId: number | null;
  branches: readonly CartBranch[];
  /** Part ids and counts of the checked lines that have a price. */
  parts: ReadonlyArray<{ id: number; count: number }>;
  /** Their sum, minor units of `currency`. */
  checkedSum: number;
  currencySign: string;
  version: number;
  /** A branch chosen in the panel (pickup, calculation): the cart is priced there and reloaded. */
  onBranchChange: (branchId: number) => void;
  /** Reloads the cart (after the method or the terminal changed: spec §4). */
  reload: () => void;
}

/** The delivery panel as a component: the page renders it in the aside with the cart's props. */
export type CartDeliverySlot = ComponentType<CartDeliveryProps>;

/**
 * What the order form (the orders module, mounted by the page under the cart) gets: the checked
 * lines as the customer sees them (cart line id, count, price in minor units or null for 'цена по
 * запросу': such a line is ordered asking for a price, issue 28), in the page's order (priced, then
 * on request), how many are on request, the branch, the limit. The count and the sum are the
 * summary's.
 */
export interface CartOrderProps {
  lines: ReadonlyArray<{ id: number; count: number; price: number | null; stock: number }>;
  onRequestCount: number;
  branchId: number | null;
  currency: CurrencyCode;
  checkedSum: number;
  pricesShown: boolean;
  /** The customer's credit line; null when he has none (zeros). */
  limit: CartLimit | null;
  /** Reloads the cart (and the header's counter) after the order took its lines. */
  reload: () => Promise<void>;
}

export type CartOrderSlot = ComponentType<CartOrderProps>;

export interface CartPageProps {
  /** The cart as the server rendered it; null: not loaded yet (first-loading). */
  initial: CartView | null;
  branches: readonly CartBranch[];
  /** The delivery panel's place in the aside (the delivery module). */
  delivery?: CartDeliverySlot;
  /** The order form's place under the cart (the orders module). */
  order?: CartOrderSlot;
}

type Notice = { kind: 'ok' | 'error'; text: string } | null;

function readUnchecked(): Set<number> {
  try { return parseUnchecked(window.localStorage.getItem(CART_UNCHECKED_STORAGE_KEY)); } catch { return new Set(); }
}

function writeUnchecked(ids: ReadonlySet<number>) {
  try {
    if (ids.size) window.localStorage.setItem(CART_UNCHECKED_STORAGE_KEY, JSON.stringify([...ids]));
    else window.localStorage.removeItem(CART_UNCHECKED_STORAGE_KEY);
  } catch { /* storage off (private mode): the flags live as long as the page */ }
}

/**
 * Spec §2 `/cart`: the lines with their checkboxes, counts and removal, the totals of the checked
 * lines, the limit balance and the delivery panel's place; the recommended parts below. Every change
 * of a count, a removal or a check reloads the cart (spec §4); the header's counter follows.
 */
export function CartPage({ initial, branches, delivery: Delivery, order: Order }: CartPageProps) {
  const ui = useLayoutUi();
  const [view, setView] = useState<CartView | null>(initial);
  const [loaded, setLoaded] = useState(initial !== null);
  const [branchId, setBranchId] = useState<number | null>(initial?.currentBranchId ?? null);
  const [unchecked, setUnchecked] = useState<Set<number>>(() => new Set());
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<Notice>(null);
  const [version, setVersion] = useState(0);
  const [recs, setRecs] = useState<CartRecItem[] | null>(null);
  const seq = useRef(0);
  const listTitle = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  const reload = useCallback(async (branch: number | null = branchId) => {
    const mine = ++seq.current;
    setLoaded(false);
    const r = await api<CartView>('GET', branch === null ? '/api/cart' : `/api/cart?branchId=${branch}`);
    // A later reload has started: its answer is the one to show.
    if (mine !== seq.current) return;
    setLoaded(true);
    if (r.error_status !== 'success') { setNotice({ kind: 'error', text: r.message }); return; }
    const { error_status: _, ...next } = r;
    setView(next);
    setCartCount(next.cartCount);
    setVersion((v) => v + 1);
  }, [branchId]);

  const loadRecs = useCallback(async () => {
    const r = await api<{ items: CartRecItem[] }>('GET', branchId === null ? '/api/cart/rec-items' : `/api/cart/rec-items?branchId=${branchId}`);
    setRecs(r.error_status === 'success' ? r.items : []);
  }, [branchId]);

  // The flags are the browser's own (spec §3): read after hydration, so the server's HTML and the first render agree.
  useEffect(() => { setUnchecked(readUnchecked()); }, []);
  useEffect(() => { if (initial === null) void reload(); }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => { void loadRecs(); }, [loadRecs]);
  useEffect(() => { if (view?.cartCount !== undefined) setCartCount(view.cartCount); }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const items = useMemo(() => view?.items ?? [], [view]);
  // Removed lines' ids leave the stored flags, so the list stays as long as the cart at most.
  useEffect(() => {
    if (!loaded || !view) return;
    setUnchecked((prev) => {
      const next = pruneUnchecked(prev, items.map((l) => l.id));
      if (next.size !== prev.size) writeUnchecked(next);
      return next.size !== prev.size ? next : prev;
    });
  }, [items, loaded, view]);

  const isChecked = useCallback((id: number) => !unchecked.has(id), [unchecked]);
  const totals = useMemo(() => cartTotals(items, isChecked), [items, isChecked]);
  const { priced, onRequest } = useMemo(() => splitByPrice(items), [items]);
  const state = cartPageState(loaded, items.length);
  const checkedIds = items.filter((l) => isChecked(l.id)).map((l) => l.id);
  const allChecked = items.length > 0 && checkedIds.length === items.length;

  const setChecks = (next: Set<number>) => {
    setUnchecked(next);
    writeUnchecked(next);
    void reload();
  };
  const toggle = (id: number) => {
    const next = new Set(unchecked);
    if (next.has(id)) next.delete(id); else next.add(id);
    setChecks(next);
  };
  const toggleAll = () => setChecks(allChecked ? new Set(items.map((l) => l.id)) : new Set());

  const withBusy = async (ids: readonly number[], run: () => Promise<void>) => {
    setBusy((prev) => new Set([...prev, ...ids]));
    try { await run(); } finally { setBusy((prev) => new Set([...prev].filter((id) => !ids.includes(id)))); }
  };

  // Count changes go to the server one after another, in the order they were made: two in flight
  // at once could be applied in the other order, and the earlier count would stay.
  const countChanges = useRef<Promise<void>>(Promise.resolve());
  const changeCount = (line: CartLine, count: number) => {
    const next = countChanges.current.then(() => sendCount(line, count));
    countChanges.current = next.catch(() => {});
    return next;
  };
  const sendCount = (line: CartLine, count: number) => withBusy([line.id], async () => {
    if (count === line.count) return;
    // The new count shows at once; the reload brings the server's word.
    setView((v) => (v ? { ...v, items: v.items.map((l) => (l.id === line.id ? { ...l, count } : l)) } : v));
    const r = await api<{ cartCount: number }>('POST', '/api/cart/change-count', { id: line.id, count });
    // Success says nothing (the count shows it) and keeps a note the typed count was cut to the maximum.
    if (r.error_status !== 'success') setNotice({ kind: 'error', text: r.message });
    await reload();
  });

  const remove = (ids: readonly number[]) => withBusy(ids, async () => {
    if (!ids.length) return;
    const r = await api<{ message: string; cartCount: number; removed: number }>('POST', '/api/cart/remove', { id: ids.length === 1 ? ids[0] : ids });
    setNotice(r.error_status === 'success' ? { kind: 'ok', text: r.message } : { kind: 'error', text: r.message });
    if (r.error_status === 'success') setCartCount(r.cartCount);
    await reload();
    void loadRecs();
    listTitle.current?.focus();
  });

  const addRec = async (item: CartRecItem) => {
    const r = await addToCart([{ part_id: item.part_id, count: 1 }]);
    setNotice({ kind: r.ok ? 'ok' : 'error', text: r.ok ? `${item.code} — ${r.message.toLowerCase()}` : r.message });
    if (r.ok) { await reload(); void loadRecs(); }
  };

  const reloadNow = useCallback(() => { void reload(); }, [reload]);
  const chooseBranch = useCallback((id: number) => { setBranchId(id); void reload(id); }, [reload]);
  const currency = view?.currency ?? 'RUB';
  const money = (minor: number) => formatMoney(minor, currency);
  const pricesShown = view?.pricesShown ?? false;
  const branchName = branches.find((b) => b.id === (view?.currentBranchId ?? branchId))?.name;
  const limit = view?.limit;
  const showLimit = pricesShown && limit !== undefined && limit.total > 0;

  const deliveryProps: CartDeliveryProps = {
    branchId, branches,
    parts: items.filter((l) => isChecked(l.id) && priceOf(l.price) !== null).map((l) => ({ id: l.part_id, count: l.count })),
    checkedSum: totals.sum, currencySign: view?.currencySign ?? 'руб.', version,
    onBranchChange: chooseBranch, reload: reloadNow,
  };

  const orderProps: CartOrderProps = {
    lines: [...priced, ...onRequest].filter((l) => isChecked(l.id)).map((l) => ({ id: l.id, count: l.count, price: priceOf(l.price), stock: l.inStock })),
    onRequestCount: pricesShown ? totals.withoutPrice : 0,
    branchId: view?.currentBranchId ?? branchId, currency, checkedSum: totals.sum, pricesShown,
    limit: showLimit && limit ? limit : null,
    reload,
  };

  const renderLine = (line: CartLine) => (
    <CartLineRow
      key={line.id} line={line} checked={isChecked(line.id)} busy={busy.has(line.id)} pricesShown={pricesShown} money={money}
      onToggle={() => toggle(line.id)} onCount={(n) => void changeCount(line, n)} onRemove={() => void remove([line.id])}
      onCapped={() => setNotice({ kind: 'error', text: `В одной строке — не больше ${CART_COUNT_MAX} шт. Больше закажите через менеджера` })}
    />
  );

  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>Корзина{items.length ? <span className={styles.titleCount}> · {items.length} {positions(items.length)}</span> : null}</h1>
      {branchName ? <p className={styles.branch}>Цены и наличие — филиал {branchName}</p> : null}
      <p className={notice?.kind === 'error' ? styles.error : styles.notice} role={notice?.kind === 'error' ? 'alert' : 'status'}>{notice?.text ?? ''}</p>

      {state === 'first-loading' ? (
        <div className={styles.loading} role="status" aria-live="polite">
          <span className={styles.spinner} aria-hidden="true" />Загружаем корзину…
        </div>
      ) : null}

      {state === 'empty' ? (
        <div className={styles.empty}>
          <h2 className={styles.emptyTitle}>В корзине пока пусто</h2>
          <p>Добавьте запчасти из каталога: на странице запчасти или модели нажмите «В корзину».</p>
          <p className={styles.emptyLinks}>
            <Link to="/zapchasti" className="btn btn-brand">Запчасти</Link>
            <Link to="/parts-catalog" className="btn btn-secondary">Каталог запчастей</Link>
          </p>
        </div>
      ) : null}

      {state === 'filled' ? (
        <div className={styles.layout} aria-busy={!loaded || undefined}>
          <section className={styles.list} aria-labelledby={titleId}>
            <h2 id={titleId} ref={listTitle} tabIndex={-1} className="visually-hidden">Товары в корзине</h2>
            <div className={styles.toolbar}>
              <label className={styles.checkAll}>
                <input type="checkbox" checked={allChecked} onChange={toggleAll} ref={(el) => { if (el) el.indeterminate = !allChecked && checkedIds.length > 0; }} />
                Выбрать все
              </label>
              <button
                type="button" className={`btn btn-secondary ${styles.removeSelected}`} disabled={!checkedIds.length}
                onClick={() => void remove(checkedIds)}
              >
                Удалить выбранные{checkedIds.length ? ` (${checkedIds.length})` : ''}
              </button>
            </div>
            {!pricesShown ? (
              <p className={styles.guestNote}>
                Цены и сумма заказа видны после входа.{' '}
                <button type="button" className={styles.linkButton} onClick={() => ui.openAuth({ form: 'EnterEmail', redirect: '/cart' })}>Войти</button>
                {' '}— корзина сохранится.
              </p>
            ) : null}
            {pricesShown ? (
              <>
                {priced.length ? <ul className={styles.lines}>{priced.map(renderLine)}</ul> : null}
                {onRequest.length ? (
                  <>
                    <h3 className={styles.groupTitle}>Цена по запросу</h3>
                    <p className={styles.groupNote}>Они войдут в заказ: цену этих запчастей назовёт менеджер после оформления.</p>
                    <ul className={styles.lines}>{onRequest.map(renderLine)}</ul>
                  </>
                ) : null}
              </>
            ) : <ul className={styles.lines}>{items.map(renderLine)}</ul>}
          </section>

          <aside className={styles.aside} aria-label="Итого">
            <div className={styles.summary}>
              <h2 className={styles.summaryTitle}>Итого</h2>
              <dl className={styles.totals}>
                <div><dt>Выбрано</dt><dd>{totals.count} {positions(totals.count)}, {totals.pieces} шт.</dd></div>
                <div><dt>Вес</dt><dd>{formatWeightKg(totals.weightGrams)}</dd></div>
                {pricesShown && totals.withoutPrice > 0 ? <div><dt>Цена по запросу</dt><dd>{totals.withoutPrice} {positions(totals.withoutPrice)}</dd></div> : null}
                {pricesShown ? <div className={styles.sum}><dt>Сумма</dt><dd data-testid="cart-sum">{money(totals.sum)}</dd></div> : null}
              </dl>
              {showLimit && limit ? (
                <div className={styles.limit}>
                  <h3 className={styles.limitTitle}>Кредитный лимит</h3>
                  <dl className={styles.totals}>
                    <div><dt>Лимит</dt><dd>{formatMoney(limit.total, limit.currency)}</dd></div>
                    <div><dt>Использовано</dt><dd>{formatMoney(limit.used, limit.currency)}</dd></div>
                    {limit.days > 0 ? <div><dt>Отсрочка</dt><dd>{limit.days} дн.</dd></div> : null}
                    <div className={styles.sum}>
                      <dt>Остаток с учётом корзины</dt>
                      <dd data-testid="cart-limit-balance">{formatMoney(limitBalance(limit, limit.currency === currency ? totals.sum : 0), limit.currency)}</dd>
                    </div>
                  </dl>
                </div>
              ) : null}
            </div>
            <div className={styles.delivery} data-slot="delivery">{Delivery ? <Delivery {...deliveryProps} /> : null}</div>
          </aside>
        </div>
      ) : null}

      {state === 'filled' && Order ? <div className={styles.order} data-slot="order"><Order {...orderProps} /></div> : null}

      {recs && recs.length ? (
        <section className={styles.recs} aria-labelledby={`${titleId}-recs`}>
          <h2 id={`${titleId}-recs`} className={styles.recsTitle}>С этими запчастями берут</h2>
          <ul className={styles.recList}>
            {recs.map((r) => (
              <li key={r.part_id} className={styles.rec}>
                <Link to={r.link} className={styles.recName}>{r.name}</Link>
                <span className={styles.meta}>{r.code} · {r.manufacturer}</span>
                <span className={r.inStock > 0 ? styles.inStock : styles.meta}>{r.inStock > 0 ? `В наличии: ${r.inStock} шт.` : 'Под заказ'}</span>
                {pricesShown ? <span className={styles.recPrice}>{r.price !== null ? money(r.price) : 'цена по запросу'}</span> : null}
                <button type="button" className={`btn btn-primary ${styles.recAdd}`} onClick={() => void addRec(r)} aria-label={`В корзину: ${r.code} ${r.name}`}>
                  В корзину
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function positions(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return 'позиция';
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return 'позиции';
  return 'позиций';
}

interface CartLineRowProps {
  line: CartLine;
  checked: boolean;
  busy: boolean;
  pricesShown: boolean;
  money: (minor: number) => string;
  onToggle: () => void;
  onCount: (count: number) => void;
  onRemove: () => void;
  /** A typed count above the maximum was cut to it. */
  onCapped: () => void;
}

/** One line: checkbox, name (the part's page), codes, weight, stock, price, the count stepper, line total, removal. */
function CartLineRow({ line, checked, busy, pricesShown, money, onToggle, onCount, onRemove, onCapped }: CartLineRowProps) {
  const id = useId();
  const [draft, setDraft] = useState(String(line.count));
  // The server's count replaces the field's text, unless the visitor is typing in it: an answer to
  // an earlier change arriving meanwhile must not take his new count away.
  const typing = useRef(false);
  useEffect(() => { if (!typing.current) setDraft(String(line.count)); }, [line.count]);
  const label = `${line.code} ${line.name}`;
  const price = priceOf(line.price);
  const commit = () => {
    typing.current = false;
    const n = parseTypedCount(draft);
    if (n === null) { setDraft(String(line.count)); return; }
    if (String(n) !== draft.replace(/\s+/g, '').replace(/^0+/, '')) onCapped();
    setDraft(String(n));
    if (n !== line.count) onCount(n);
  };
  return (
    <li className={styles.line} data-line-id={line.id} data-checked={checked || undefined}>
      <input id={`${id}-check`} className={styles.check} type="checkbox" checked={checked} onChange={onToggle} aria-label={`Выбрать: ${label}`} />
      <div className={styles.info}>
        <Link to={line.link} className={styles.name}>{line.name}</Link>
        <span className={styles.meta}>{line.code} · {line.manufacturer}</span>
        <span className={styles.meta}>
          {line.code1c ? <>Код 1С: {line.code1c}</> : null}
          {line.code1c && line.weight !== null ? ' · ' : null}
          {line.weight !== null ? <>Вес: {formatWeightKg(Math.round(line.weight * 1000))}</> : null}
        </span>
        {line.supplier ? (
          <span className={styles.meta} data-testid="cart-line-supplier">
            {line.supplier.leadTimeDays === null ? 'Под заказ: поставщик снял предложение'
              : `под заказ, ${line.supplier.leadTimeDays} ${plural(line.supplier.leadTimeDays, 'день', 'дня', 'дней')}`}
            {line.supplier.minOrder > 1 ? ` · от ${line.supplier.minOrder} шт.` : ''}
            {line.supplier.multiplicity > 1 ? ` · кратно ${line.supplier.multiplicity} шт.` : ''}
          </span>
        ) : (
          <span className={line.inStock > 0 ? styles.inStock : styles.meta}>
            {line.inStock > 0 ? `В наличии: ${line.inStock} шт.` : line.elsewhere > 0 ? `Под заказ · в других филиалах: ${line.elsewhere} шт.` : 'Под заказ'}
          </span>
        )}
      </div>
      <div className={styles.price}>
        {!pricesShown ? null : price !== null ? (
          <>
            <span>{money(price)}<span className={styles.perPiece}> / шт.</span></span>
            {line.oldPrice !== null && line.oldPrice > price ? <s className={styles.oldPrice}>{money(line.oldPrice)}</s> : null}
          </>
        ) : <span className={styles.onRequest}>цена по запросу</span>}
      </div>
      <div className={styles.stepper} role="group" aria-label={`Количество: ${label}`}>
        <button
          // aria-disabled, not disabled: a keyboard user's focus stays on the button at 1 and while saving.
          type="button" className={styles.step} aria-label="Меньше" aria-disabled={busy || !canDecrease(line.count) || undefined}
          onClick={() => { if (!busy && canDecrease(line.count)) onCount(line.count - 1); }}
        >−</button>
        <label htmlFor={`${id}-count`} className="visually-hidden">Количество, шт.</label>
        <input
          id={`${id}-count`} className={styles.count} type="text" inputMode="numeric" autoComplete="off" maxLength={6}
          value={draft} onChange={(e) => { typing.current = true; setDraft(e.target.value); }} onBlur={commit}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); commit(); } if (e.key === 'Escape') { typing.current = false; setDraft(String(line.count)); } }}
          aria-describedby={`${id}-max`}
        />
        <span id={`${id}-max`} className="visually-hidden">от 1 до {CART_COUNT_MAX}</span>
        <button
          type="button" className={styles.step} aria-label="Больше" aria-disabled={busy || !canIncrease(line.count) || undefined}
          onClick={() => { if (!busy && canIncrease(line.count)) onCount(line.count + 1); }}
        >+</button>
      </div>
      <div className={styles.lineTotal}>{pricesShown && price !== null ? money(price * line.count) : null}</div>
      <button type="button" className={styles.remove} onClick={onRemove} disabled={busy} aria-label={`Удалить: ${label}`} title="Удалить">
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
