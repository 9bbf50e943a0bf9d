import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LayoutUiContext, type LayoutUi } from '#app/components/page/layout-ui.tsx';
import type { CartLine, CartView } from '../cart.schema.ts';
import { CartPage, type CartDeliveryProps, type CartOrderProps } from './CartPage.tsx';

const ui = new Proxy({}, { get: () => () => {} }) as LayoutUi;
const render = (node: React.ReactNode) => {
  const router = createMemoryRouter([{ path: '*', element: <LayoutUiContext value={ui}>{node}</LayoutUiContext> }], { initialEntries: ['/cart'] });
  // Intl's ru-RU spaces (narrow and non-breaking) read as plain ones here.
  return renderToString(<RouterProvider router={router} />).replaceAll('<!-- -->', '').replace(/[\u00a0\u202f]/g, ' ');
};

const line = (id: number, price: number | null, extra: Partial<CartLine> = {}): CartLine => ({
  id, part_id: 100 + id, count: 2, code: `RE${id}`, name: `Фильтр ${id}`, manufacturer: 'John Deere', link: `/parts/re${id}-${100 + id}`,
  code1c: `УТ-${id}`, price, oldPrice: null, weight: 0.25, inStock: 3, elsewhere: 0, ...extra,
});

const view = (items: CartLine[], extra: Partial<CartView> = {}): CartView => ({
  items, limit: { total: 0, used: 0, days: 0, currency: 'RUB' }, currency: 'RUB', currencySign: 'руб.', currentBranchId: 1,
  pricesShown: true, cartCount: items.length, ...extra,
});

describe('CartPage (server render)', () => {
  it('lists priced lines, then the lines on request apart; totals of all (checked by default)', () => {
    const html = render(<CartPage initial={view([line(1, 150_000), line(2, null), line(3, 99_900)])} branches={[]} />);
    expect(html).toContain('Корзина<span');
    expect(html.indexOf('RE1')).toBeLessThan(html.indexOf('RE3'));
    expect(html.indexOf('RE3')).toBeLessThan(html.indexOf('Цена по запросу'));
    expect(html.indexOf('Цена по запросу')).toBeLessThan(html.indexOf('RE2'));
    expect(html).toContain('цена по запросу');
    expect(html).toContain('href="/parts/re1-101"');
    expect(html).toContain('Код 1С: УТ-1');
    expect(html).toContain('3 позиции, 6 шт.');
    expect(html).toContain('1,5 кг');
    expect(html).toContain('data-testid="cart-sum">4 998 руб.');
    // Decrease only above 1: at 2 the button is live.
    expect(html).not.toMatch(/aria-label="Меньше" aria-disabled/);
  });

  it('shows the credit limit\'s balance only to a customer with a credit line', () => {
    const limited = render(<CartPage initial={view([line(1, 100_000)], { limit: { total: 1_000_000, used: 700_000, days: 30, currency: 'RUB' } })} branches={[]} />);
    expect(limited).toContain('Кредитный лимит');
    expect(limited).toContain('Отсрочка');
    // 10 000 − 7 000 − 2 000 (2 × 1 000) = 1 000 руб.
    expect(limited).toContain('data-testid="cart-limit-balance">1 000 руб.');
    expect(render(<CartPage initial={view([line(1, 100_000)])} branches={[]} />)).not.toContain('Кредитный лимит');
  });

  it('shows a guest no prices and offers sign-in; the empty and first-loading states', () => {
    const guest = render(<CartPage initial={view([line(1, null)], { pricesShown: false })} branches={[]} />);
    expect(guest).toContain('Цены и сумма заказа видны после входа.');
    expect(guest).not.toContain('cart-sum');
    expect(guest).not.toContain('Цена по запросу');
    expect(render(<CartPage initial={view([])} branches={[]} />)).toContain('В корзине пока пусто');
    expect(render(<CartPage initial={null} branches={[]} />)).toContain('Загружаем корзину…');
  });

  it('mounts the delivery panel with the checked priced parts', () => {
    let got: CartDeliveryProps | null = null;
    const Panel = (props: CartDeliveryProps) => { got = props; return <p>Панель доставки</p>; };
    const html = render(<CartPage initial={view([line(1, 100_000), line(2, null)])} branches={[]} delivery={Panel} />);
    expect(html).toContain('data-slot="delivery"><p>Панель доставки</p>');
    expect(got).toMatchObject({ branchId: 1, parts: [{ id: 101, count: 2 }], checkedSum: 200_000, currencySign: 'руб.' });
  });

  it('hands the order every checked line, those on request too (price null), with the summary\'s count and sum (issue 28 point 9)', () => {
    let got: CartOrderProps | null = null;
    const Order = (props: CartOrderProps) => { got = props; return <p>Форма заказа</p>; };
    const html = render(<CartPage initial={view([line(1, 100_000), line(2, null), line(3, 50_000)])} branches={[]} order={Order} />);
    expect(html).toContain('3 позиции, 6 шт.');
    expect(html).toContain('data-testid="cart-sum">3 000 руб.');
    expect(got).toMatchObject({
      lines: [{ id: 1, count: 2, price: 100_000 }, { id: 3, count: 2, price: 50_000 }, { id: 2, count: 2, price: null }],
      onRequestCount: 1, checkedSum: 300_000,
    });
  });
});
