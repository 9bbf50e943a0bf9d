import type { WordsCurrency } from '#app/lib/amount-in-words.ts';
import type { OrderView } from './orders.schema.ts';

/** A country's VAT rate from a date on (`orders_vat_rate`, migration 0028). */
export interface VatRate {
  countryCode: 'RU' | 'KZ';
  /** 'YYYY-MM-DD'. */
  effectiveFrom: string;
  ratePercent: number;
}

/** The time zone an order's date is read in: the dealer's books in each country. */
const ZONES: Record<VatRate['countryCode'], string> = { RU: 'Europe/Moscow', KZ: 'Asia/Almaty' };

/** The calendar day ('YYYY-MM-DD') of a moment in the country's zone: an order at 23:30 UTC on 31 December is a Moscow order of 1 January. */
export function dayIn(countryCode: VatRate['countryCode'], moment: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONES[countryCode], year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

/**
 * The rate in force in the country on the day: the row with the latest start not after it; null
 * before the first (no rate is made up).
 */
export function vatRateOn(rates: readonly VatRate[], countryCode: VatRate['countryCode'], day: string): number | null {
  let best: VatRate | null = null;
  for (const r of rates) {
    if (r.countryCode !== countryCode || r.effectiveFrom > day) continue;
    if (!best || r.effectiveFrom > best.effectiveFrom) best = r;
  }
  return best ? best.ratePercent : null;
}

/**
 * The VAT inside an amount that includes it, in minor units, rounded half up to the kopeck:
 * 12 200,00 at 22 % holds 2 200,00.
 */
export function vatIncluded(totalMinor: number, ratePercent: number): number {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) throw new RangeError(`Bad amount: ${totalMinor}`);
  if (!Number.isInteger(ratePercent) || ratePercent < 0 || ratePercent > 100) throw new RangeError(`Bad VAT rate: ${ratePercent}`);
  const divisor = 100 + ratePercent;
  return Math.floor((2 * totalMinor * ratePercent + divisor) / (2 * divisor));
}

/** The currencies an invoice is issued in: the order's own, roubles in Russia and tenge in Kazakhstan. */
export function invoiceCurrency(currency: string): WordsCurrency | null {
  return currency === 'RUB' || currency === 'KZT' ? currency : null;
}

/** The invoice's file name as the customer saves it: 'Счёт АГ-2026-000123.pdf'. */
export function invoiceFileName(orderNumber: string): string {
  return `Счёт ${orderNumber}.pdf`;
}

/** Where the customer downloads an order's invoice. */
export function invoicePath(orderNumber: string): string {
  return `/cart/order/${encodeURIComponent(orderNumber)}/invoice.pdf`;
}

/** The print page the PDF is printed from (the print area answers the app's printer only). */
export function invoicePrintPath(orderNumber: string, version: string): string {
  return `/print/invoice/${encodeURIComponent(orderNumber)}?v=${encodeURIComponent(version)}`;
}

const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** '2026-01-05' → '5 января 2026 г.' */
export function invoiceDateLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y} г.`;
}

/**
 * Whether the order's page offers its invoice: every price is known (no line 'цена по запросу', no
 * delivery price the manager has still to name) and the currency is one invoices are issued in.
 */
export function invoiceOffered(order: Pick<OrderView, 'lines' | 'delivery' | 'currency'>): boolean {
  if (!invoiceCurrency(order.currency)) return false;
  if (order.lines.some((l) => l.price === null)) return false;
  return order.delivery.method === 'pickup' || !order.delivery.failed;
}
