import { formatMoney } from '#app/lib/money.ts';
import type { BranchOffer } from '../catalog.schema.ts';
import { discountPercent, showsSaleBadge } from '../catalog.rules.ts';

/** What the price block shows, decided apart from the markup so each case is unit-tested. */
export interface PriceView {
  /** Formatted price, or null: 'Цена по запросу'. */
  price: string | null;
  oldPrice: string | null;
  /** '−15 %' when the discount exceeds 10 % (spec §9), else null. */
  saleBadge: string | null;
  superPrice: boolean;
}

export function priceView(offer: BranchOffer | null): PriceView {
  if (!offer || offer.price === null) return { price: null, oldPrice: null, saleBadge: null, superPrice: offer?.superPrice ?? false };
  const { price, oldPrice, currency } = offer;
  const hasOld = oldPrice !== null && oldPrice > price;
  return {
    price: formatMoney(price, currency),
    oldPrice: hasOld ? formatMoney(oldPrice, currency) : null,
    saleBadge: showsSaleBadge(price, oldPrice) ? `−${discountPercent(price, oldPrice)}\u00a0%` : null,
    superPrice: offer.superPrice,
  };
}

const DATE = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export type StockTone = 'in' | 'expected' | 'out';

/**
 * The stock line: 'В наличии: N шт.' / 'Ожидается {date}' / 'Нет в наличии'. Guests have no offer,
 * only whether the model is in stock (availability is not a price), so they see 'В наличии'.
 */
export function stockLine(offer: BranchOffer | null, inStock: boolean): { text: string; tone: StockTone } {
  if (offer) {
    if (offer.quantity > 0) return { text: `В наличии: ${offer.quantity.toLocaleString('ru-RU')} шт.`, tone: 'in' };
    if (offer.expectedDate) return { text: `Ожидается ${DATE.format(new Date(`${offer.expectedDate.slice(0, 10)}T00:00:00Z`))}`, tone: 'expected' };
    return { text: 'Нет в наличии', tone: 'out' };
  }
  return inStock ? { text: 'В наличии', tone: 'in' } : { text: 'Нет в наличии', tone: 'out' };
}

/** Spec §9 login tooltip, in the price block's words. */
export const PRICE_LOGIN_PROMPT = 'Войдите, чтобы увидеть цену';
export const PRICE_LOGIN_TOOLTIP =
  'После входа вы увидите цены и акции в вашем регионе, подборку товаров по вашим интересам и каталоги запчастей с чертежами.';
