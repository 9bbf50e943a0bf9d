import { CURRENCY_LABELS, type CurrencyCode } from '#app/lib/money.ts';
import { CART_COUNT_MAX } from './cart.constants.ts';

/*
 * The cart's rules (spec §4 Cart, §5), pure and isomorphic: the page and the server compute the
 * same totals. Money is integer minor units (ADR 004).
 */

/**
 * Spec §3 'price (integer, spaces stripped)', §5 'items without price (0 or not a number)': the
 * price as a positive integer, or null (on request). Text is read with its spaces stripped
 * ('1 250 000' → 1250000); anything else that is not a positive safe integer is no price.
 */
export function priceOf(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const digits = value.replace(/[\s\u00a0\u202f]+/g, '');
    if (!/^\d{1,16}$/.test(digits)) return null;
    n = Number(digits);
  } else return null;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export interface TotalsLine { id: number; count: number; price: unknown; weight: number | null }

export interface CartTotals {
  /** Sum of checked lines with a price, minor units. */
  sum: number;
  /** Weight of checked lines, grams (lines without a weight add nothing). */
  weightGrams: number;
  /** Checked lines (positions) and their pieces. */
  count: number;
  pieces: number;
  /** Checked lines with a price. */
  priced: number;
  /** Spec §5: checked lines without a price ('цена по запросу'). */
  withoutPrice: number;
}

/** Totals of the checked lines (spec §2 Cart: sum, weight, count). Weight in kg decimal is summed in grams, no float drift. */
export function cartTotals(lines: readonly TotalsLine[], isChecked: (id: number) => boolean): CartTotals {
  const totals: CartTotals = { sum: 0, weightGrams: 0, count: 0, pieces: 0, priced: 0, withoutPrice: 0 };
  for (const line of lines) {
    if (!isChecked(line.id)) continue;
    totals.count += 1;
    totals.pieces += line.count;
    if (line.weight !== null && Number.isFinite(line.weight) && line.weight > 0) totals.weightGrams += Math.round(line.weight * 1000) * line.count;
    const price = priceOf(line.price);
    if (price === null) totals.withoutPrice += 1;
    else { totals.priced += 1; totals.sum += price * line.count; }
  }
  return totals;
}

/** The lines with a price and those 'цена по запросу', each in the cart's order (spec §5). */
export function splitByPrice<T extends { price: unknown }>(lines: readonly T[]): { priced: T[]; onRequest: T[] } {
  const priced: T[] = [];
  const onRequest: T[] = [];
  for (const line of lines) (priceOf(line.price) === null ? onRequest : priced).push(line);
  return { priced, onRequest };
}

export interface LimitLike { total: number; used: number }

/** Spec §5: remaining limit balance = total − used − total of checked items, not below 0. */
export function limitBalance(limit: LimitLike, checkedSum: number): number {
  return Math.max(0, limit.total - limit.used - checkedSum);
}

/**
 * For the orders module: whether an order of `orderSum` is within the customer's credit. A limit of
 * zeros (spec §3 default) is no credit line at all — the customer pays as anyone does, nothing to
 * refuse; with a credit line the order must fit in what is left of it (ADR 038).
 */
export function orderWithinLimit(limit: LimitLike, orderSum: number): boolean {
  if (limit.total === 0) return true;
  return orderSum <= Math.max(0, limit.total - limit.used);
}

/** Spec §4: a count decreases only while above 1 (removal is its own action). */
export function canDecrease(count: number): boolean {
  return count > 1;
}

export function canIncrease(count: number): boolean {
  return count < CART_COUNT_MAX;
}

/**
 * A count typed into a line: digits (spaces ignored) read as 1..9999; above the maximum it becomes
 * the maximum. Null: nothing usable (empty, zero, letters) — the line keeps its count.
 */
export function parseTypedCount(text: string): number | null {
  const digits = text.replace(/\s+/g, '');
  if (!/^\d{1,9}$/.test(digits)) return null;
  const n = Number(digits);
  if (n < 1) return null;
  return Math.min(n, CART_COUNT_MAX);
}

export type CartPageState = 'first-loading' | 'empty' | 'filled';

/**
 * Spec §4 Cart: 'Empty cart: loaded with no products. First-loading: not loaded and no products.'
 * A reload of a cart with lines keeps them on screen (not loaded, with products: the lines stay).
 */
export function cartPageState(loaded: boolean, lineCount: number): CartPageState {
  if (lineCount > 0) return 'filled';
  return loaded ? 'empty' : 'first-loading';
}

/** The currency a branch sells in: its country's (spec §9 labels: RUB руб., KZT ₸). */
export function currencyOfCountry(code: 'RU' | 'KZ' | string): CurrencyCode {
  return code === 'KZ' ? 'KZT' : 'RUB';
}

export function currencySign(currency: CurrencyCode): string {
  return CURRENCY_LABELS[currency];
}

/** The unchecked line ids kept in the browser, read defensively (a hand-edited or stale value reads as none). */
export function parseUnchecked(raw: string | null): Set<number> {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return new Set();
    return new Set(value.filter((v): v is number => Number.isSafeInteger(v) && v > 0).slice(0, 1000));
  } catch {
    return new Set();
  }
}

/** The unchecked ids still in the cart: removed lines' ids are dropped, so the stored list never grows. */
export function pruneUnchecked(unchecked: ReadonlySet<number>, lineIds: readonly number[]): Set<number> {
  const present = new Set(lineIds);
  return new Set([...unchecked].filter((id) => present.has(id)));
}

/** Weight in kg, as the cart shows it: '1,25 кг'. */
export function formatWeightKg(grams: number): string {
  return `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 3 }).format(grams / 1000)}\u00a0кг`;
}

/**
 * A count of a line ordered from a supplier (ADR 099): at least the supplier's minimum order and a
 * multiple of its multiplicity, rounded up; null when no such count fits in the cart's 9999.
 */
export function supplierCount(count: number, offer: { minOrder: number; multiplicity: number }): number | null {
  const step = Math.max(1, Math.floor(offer.multiplicity));
  const least = Math.max(count, Math.max(1, Math.floor(offer.minOrder)));
  const rounded = Math.ceil(least / step) * step;
  return rounded <= CART_COUNT_MAX ? rounded : null;
}
