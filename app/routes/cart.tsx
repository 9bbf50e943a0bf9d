import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { data, useNavigate } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { useLayoutUi } from '#app/components/page/layout-ui.tsx';
import { useRootData } from '#app/components/page/root-data.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { formatMoney } from '#app/lib/money.ts';
import { cartBranches, cartView } from '#app/modules/cart/cart.server.ts';
import { CartPage, type CartDeliveryProps, type CartOrderProps } from '#app/modules/cart/ui/CartPage.tsx';
import { branchOfMethod, deliveryAddressText, type DeliveryState } from '#app/modules/delivery/delivery.rules.ts';
import type { TerminalView } from '#app/modules/delivery/delivery.schema.ts';
import { DeliveryPanel } from '#app/modules/delivery/ui/DeliveryPanel.tsx';
import { DELIVERY_METHOD_LABELS } from '#app/modules/orders/orders.constants.ts';
import { OrderForm, type OrderFormDelivery } from '#app/modules/orders/ui/OrderForm.tsx';
import type { Route } from './+types/cart';
import styles from './cart.module.css';

/** A visitor's own cart: never from a shared cache (a guest's page cache included). */
const PERSONAL = { 'Cache-Control': 'private, no-store' };

/**
 * Spec §2 `/cart`: rendered by the server with the lines at the visitor's branch (three statements;
 * the branches are memoised reference data), so the cart shows at the first paint.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const [view, branches] = await Promise.all([cartView(ctx), cartBranches(ctx)]);
  if (!view.ok) throw new Error(view.message);
  const { ok: _, ...cart } = view;
  return data({ cart, branches }, { headers: PERSONAL });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = () => [...pageMeta('Корзина', 'Запчасти, выбранные для заказа в Агротехнике.'), { name: 'robots', content: 'noindex, nofollow' }];

/*
 * The page joins three modules that know nothing of each other (ADR 042): the cart's slots get the
 * delivery panel and the order form; the delivery choice lives here, so the order form reads what
 * the panel shows and the panel keeps its state when the cart's reload remounts it.
 */
interface Checkout {
  delivery: DeliveryState | null;
  setDelivery: (state: DeliveryState) => void;
  terminal: TerminalView | null;
  setTerminal: (terminal: TerminalView | null) => void;
}

const CheckoutContext = createContext<Checkout | null>(null);

function useCheckout(): Checkout {
  const checkout = useContext(CheckoutContext);
  if (!checkout) throw new Error('the cart\'s checkout is used outside the cart page');
  return checkout;
}

function CheckoutProvider({ children }: { children: ReactNode }) {
  const [delivery, setDelivery] = useState<DeliveryState | null>(null);
  const [terminal, setTerminal] = useState<TerminalView | null>(null);
  const value = useMemo(() => ({ delivery, setDelivery, terminal, setTerminal }), [delivery, terminal]);
  return <CheckoutContext value={value}>{children}</CheckoutContext>;
}

/** The delivery panel in the cart's slot: spec §4 reloads (method, branch, terminal) and the cart priced at the method's branch. */
function CartDelivery(props: CartDeliveryProps) {
  const { settings } = useRootData();
  const checkout = useCheckout();
  const branches = useMemo(() => props.branches.map((b) => ({ id: b.id, name: b.name, city: b.city, address: b.address })), [props.branches]);
  const onChange = (state: DeliveryState, change: { reloadCart: boolean }) => {
    checkout.setDelivery(state);
    if (state.idTerminal === null) checkout.setTerminal(null);
    if (!change.reloadCart) return;
    const branch = branchOfMethod(state);
    if (branch !== null && branch !== props.branchId) props.onBranchChange(branch); else props.reload();
  };
  return (
    <DeliveryPanel
      branches={branches} currentBranchId={props.branchId}
      checkedLines={props.parts.map((p) => ({ partId: p.id, count: p.count }))}
      // The panel counts whole roubles or tenge; the cart minor units (ADR 004).
      checkedTotal={props.checkedSum / 100} checkedPricedCount={props.parts.length}
      currencySign={props.currencySign} tileUrl={settings.mapTileUrl} attribution={settings.mapAttribution}
      initialState={checkout.delivery ?? undefined} onChange={onChange} onTerminal={checkout.setTerminal}
    />
  );
}

/** What the order form sends of the panel's choice; `blocked` when the choice is not complete yet. */
function orderDelivery(state: DeliveryState | null, terminal: TerminalView | null): { delivery: OrderFormDelivery; blocked: string | null } {
  if (!state || state.method === 'pickup') return { delivery: { method: 'pickup' }, blocked: null };
  const price = (failed: boolean, whole: number) => (failed || !(whole > 0) ? null : Math.round(whole * 100));
  // A typed address is priced to the nearest known place: the order's text says so to the manager.
  const address = deliveryAddressText(state) + (state.typedAddress !== null ? ' (адреса нет в справочнике, стоимость доставки приблизительная)' : '');
  if (state.method === 'calc') {
    if (!state.coords) return { delivery: { method: 'calc' }, blocked: 'Укажите адрес доставки: выберите его из подсказок или используйте введённый' };
    return {
      delivery: {
        method: 'calc', address, carrier: state.calcCarrierName || null,
        point: { ...state.address, lat: state.coords.lat, long: state.coords.long },
        price: price(state.failCalcDelivery, state.calcDeliveryPrice),
      },
      blocked: null,
    };
  }
  if (!state.coordsOfAddressForTerminals || state.idTerminal === null || !state.transportCompany) {
    return { delivery: { method: 'terminals' }, blocked: 'Выберите терминал транспортной компании на карте или в списке' };
  }
  const t = terminal?.id === state.idTerminal ? terminal : null;
  return {
    delivery: {
      method: 'terminals', carrier: state.terminalsCarrierName || null,
      // The carrier goes in its own field: the order's text names it once.
      terminal: t ? `терминал: ${t.city}, ${t.address}` : `терминал № ${state.idTerminal}`,
      address,
      point: { ...state.terminalAddress, lat: state.coordsOfAddressForTerminals.lat, long: state.coordsOfAddressForTerminals.long },
      terminalId: state.idTerminal, company: state.transportCompany,
      price: price(state.failTerminalsDelivery, state.terminalsDeliveryPrice),
    },
    blocked: null,
  };
}

/** The order form under the cart: the checked lines (those on request ask for a price), the panel's delivery, the total with it, the credit line. */
function CartOrder(props: CartOrderProps) {
  const { delivery: state, terminal } = useCheckout();
  const ui = useLayoutUi();
  const navigate = useNavigate();
  const money = (minor: number) => formatMoney(minor, props.currency);
  if (!props.pricesShown) {
    return (
      <section className={styles.checkout} aria-labelledby="checkout-title">
        <h2 id="checkout-title" className={styles.title}>Оформление заказа</h2>
        <p className={styles.note}>
          Заказ оформляется после входа: так вы увидите цены и сумму.{' '}
          <button type="button" className={styles.linkButton} onClick={() => ui.openAuth({ form: 'EnterEmail', redirect: '/cart' })}>Войти</button>
        </p>
      </section>
    );
  }
  const { delivery, blocked } = orderDelivery(state, terminal);
  const deliveryMinor = delivery.price ?? 0;
  // To the door of a typed address the price is approximate (the panel says why); to a terminal it is not.
  const approximate = delivery.method === 'calc' && state?.typedAddress != null;
  const deliveryText = delivery.method === 'pickup' ? 'бесплатно, самовывоз'
    : delivery.price != null ? `${approximate ? '≈\u00a0' : ''}${money(deliveryMinor)}` : 'стоимость назовёт менеджер';
  const credit = props.limit && props.limit.currency === props.currency
    ? { balanceText: money(Math.max(0, props.limit.total - props.limit.used)), days: props.limit.days }
    : null;
  return (
    <section className={styles.checkout} aria-labelledby="checkout-title">
      <h2 id="checkout-title" className={styles.title}>Оформление заказа</h2>
      {props.lines.length ? (
        <>
          <dl className={styles.totals} data-testid="order-totals">
            <div><dt>Товары</dt><dd>{props.lines.length} поз., {money(props.checkedSum)}</dd></div>
            {props.onRequestCount > 0 ? <div><dt>Цена по запросу</dt><dd>{props.onRequestCount} поз.</dd></div> : null}
            <div><dt>{DELIVERY_METHOD_LABELS[delivery.method]}</dt><dd data-testid="order-delivery">{deliveryText}</dd></div>
            <div className={styles.grand}><dt>Итого</dt><dd data-testid="order-total">{money(props.checkedSum + deliveryMinor)}</dd></div>
          </dl>
          {props.onRequestCount > 0 ? (
            <p className={styles.note}>
              Позиции с ценой по запросу войдут в заказ: их цену назовёт менеджер, в итог они пока не входят.
            </p>
          ) : null}
          <OrderForm
            lines={props.lines} branchId={props.branchId ?? 0} delivery={delivery} credit={credit} blocked={blocked}
            onOrdered={(answer) => { void props.reload().finally(() => { void navigate(answer.url); }); }}
          />
        </>
      ) : (
        <p className={styles.note}>Отметьте товары, которые хотите заказать.</p>
      )}
    </section>
  );
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  return (
    <CheckoutProvider>
      <CartPage initial={loaderData.cart} branches={loaderData.branches} delivery={CartDelivery} order={CartOrder} />
    </CheckoutProvider>
  );
}
