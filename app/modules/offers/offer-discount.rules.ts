import type { OfferContent } from './offers.schema.ts';

/*
 * Discounts above a branch's threshold (issue 30 §3; ADR 088), pure: the editor and the server
 * decide alike whether an offer's prices need the branch manager's approval and whether the one it
 * has still holds. An approval is of the prices it saw: any product's price or list price changed
 * afterwards (so any discount) needs a new one; counts, options and the rest do not touch it.
 */

export interface DiscountApproval {
  /** The prices approved (discountKey). */
  key: string;
  /** The largest discount approved, percent. */
  percent: number;
  /** The branch's threshold then, percent. */
  threshold: number;
  by: { userId: number; name: string };
  at: string;
}

export const DISCOUNT_MESSAGES = {
  needsApproval: (percent: number, threshold: number) => `Скидка ${pct(percent)} % выше порога филиала ${pct(threshold)} %: отправить предложение можно после согласования руководителя филиала`,
  approved: (percent: number) => `Скидка ${pct(percent)} % согласована`,
  alreadyApproved: 'Эта скидка уже согласована',
  notNeeded: 'Скидка не выше порога филиала: согласование не нужно',
  stale: 'Цены изменились, пока вы смотрели: обновите страницу и согласуйте скидку снова',
  notYours: 'Согласовать скидку может руководитель филиала этого предложения',
} as const;

const pct = (n: number) => n.toLocaleString('ru-RU', { maximumFractionDigits: 2 });

/**
 * A product's discount, percent of the list price: the one it names, or the one its price and list
 * price make when that is larger (the posted content is not trusted to name its own), to 0.01 %.
 */
export function productDiscount(prices: { price: number; default_price: number; discount: number }): number {
  const made = prices.default_price > 0 ? ((prices.default_price - prices.price) / prices.default_price) * 100 : 0;
  return Math.round(Math.max(prices.discount, made, 0) * 100) / 100;
}

/** The largest discount among the offer's products. */
export function maxDiscount(content: Pick<OfferContent, 'products'>): number {
  return content.products.reduce((max, p) => Math.max(max, productDiscount(p.prices)), 0);
}

/** What an approval is of: each product's price and list price. */
export function discountKey(content: Pick<OfferContent, 'products'>): string {
  return JSON.stringify(content.products.map((p) => [p.id, p.prices.price, p.prices.default_price]));
}

export interface DiscountState {
  percent: number;
  threshold: number;
  /** Above the threshold. */
  needed: boolean;
  /** The approval that holds for these prices, or null. */
  approval: DiscountApproval | null;
  /** An approval was given, but for other prices. */
  stale: boolean;
  key: string;
}

export function discountState(content: Pick<OfferContent, 'products'>, threshold: number, approval: DiscountApproval | null): DiscountState {
  const percent = maxDiscount(content);
  const key = discountKey(content);
  const holds = approval !== null && approval.key === key;
  return { percent, threshold, needed: percent > threshold, approval: holds ? approval : null, stale: approval !== null && !holds, key };
}

/** Why these prices cannot be sent yet, or null. */
export function sendRefusal(state: DiscountState): string | null {
  return state.needed && state.approval === null ? DISCOUNT_MESSAGES.needsApproval(state.percent, state.threshold) : null;
}
