import { formatMoney, type CurrencyCode } from '#app/lib/money.ts';
import { CANCEL_REASON_MAX, ORDER_MESSAGES, ORDER_STATUS_LABELS, ORDER_TRANSITIONS, ORDER_WORK_MESSAGES, type OrderStatusCode } from './orders.constants.ts';

/*
 * The orders' pure rules (ADR 041): numbers, the re-check of prices and stock at order time, the
 * credit limit, totals, attachments' names and types. Money is integer minor units (ADR 004).
 */

/**
 * Whether a text from a URL or a form can be an order's number: checked before any query, so a
 * control character or a long text is a plain 'not found', never a database error.
 */
export function isOrderNumber(text: string): boolean {
  return /^АГ-\d{4}-\d{6,12}$/.test(text);
}

/** 'АГ-2026-000123': the year of the order and the sequence's value, six digits at least. */
export function orderNumber(year: number, sequence: number): string {
  return `АГ-${year}-${String(sequence).padStart(6, '0')}`;
}

/** Spec §5: remaining limit balance = total − used − checked items' total, not below 0. */
export function remainingBalance(limit: { total: number; used: number }, checkedTotal: number): number {
  return Math.max(0, limit.total - limit.used - checkedTotal);
}

/**
 * Issue 10 point 4: an order on credit above the remaining balance (before this order) is refused.
 * Null: allowed; otherwise the balance the message shows.
 */
export function creditRefusal(limit: { total: number; used: number }, orderTotal: number): number | null {
  const available = remainingBalance(limit, 0);
  return orderTotal > available ? available : null;
}

/** What the customer saw in the cart for one line. */
export interface SeenLine {
  id: number;
  count: number;
  /** Minor units; 0: 'цена по запросу' (spec §5: a price of 0 is no price), ordered as a line asking for one. */
  price: number;
  /** Pieces in stock the customer saw; absent: he is taken to have seen the whole count in stock. */
  stock?: number;
}

/** The line as it is now, read under the lock. */
export interface CurrentLine {
  id: number;
  name: string;
  /** Null: price on request (no price at the branch). */
  price: number | null;
  currency: CurrencyCode;
  /** In stock at the branch. */
  quantity: number;
}

export interface LineChange {
  /** The cart line; 0 for the delivery. */
  id: number;
  kind: 'price' | 'no-price' | 'stock' | 'delivery';
  message: string;
  /** The price now (minor units), when there is one. */
  price: number | null;
  /** Pieces in stock now. */
  quantity: number;
}

/** A price as the order takes it: a positive amount, or null for 'цена по запросу'. */
export function priceOrNull(price: number | null): number | null {
  return price !== null && price > 0 ? price : null;
}

/**
 * Issue 10 point 6: every difference between what the customer saw and what is true now, as
 * Russian sentences; empty when the order may be taken as seen. Never silent: a lower price is a
 * change too (the customer confirms the new total either way), and so is a price that appeared or
 * went 'по запросу' (issue 28 point 9: such a line is ordered asking for a price, never dropped).
 * Stock is a change only when less is there than he saw: a dealer takes orders for parts not in
 * stock ('под заказ'), so a line he saw short and orders anyway, or confirms once told, is taken
 * and the rest is brought to order.
 */
export function orderChanges(seen: readonly SeenLine[], current: ReadonlyMap<number, CurrentLine>): LineChange[] {
  const changes: LineChange[] = [];
  for (const s of seen) {
    const c = current.get(s.id);
    if (!c) continue;
    const now = priceOrNull(c.price);
    const was = priceOrNull(s.price);
    if (now === null && was !== null) {
      changes.push({ id: s.id, kind: 'no-price', message: ORDER_MESSAGES.noPrice(c.name), price: null, quantity: c.quantity });
    } else if (now !== null && was === null) {
      changes.push({ id: s.id, kind: 'price', message: ORDER_MESSAGES.priceKnown(c.name, formatMoney(now, c.currency)), price: now, quantity: c.quantity });
    } else if (now !== null && was !== null && now !== was) {
      changes.push({ id: s.id, kind: 'price', message: ORDER_MESSAGES.priceChanged(c.name, formatMoney(was, c.currency), formatMoney(now, c.currency)), price: now, quantity: c.quantity });
    }
    if (c.quantity < s.count && c.quantity < (s.stock ?? s.count)) {
      changes.push({ id: s.id, kind: 'stock', message: ORDER_MESSAGES.notEnough(c.name, s.count, c.quantity), price: now, quantity: c.quantity });
    }
  }
  return changes;
}

/**
 * The delivery's price as the server quotes it now against what the customer saw (minor units; null:
 * no price, the manager names it). Undefined `seen`: the client said nothing (an API caller), and the
 * quote is taken as is. A change is shown before the order is taken, as a part's price is (ADR 042).
 */
export function deliveryChange(seen: number | null | undefined, now: number | null, currency: CurrencyCode): LineChange | null {
  if (seen === undefined || seen === now) return null;
  const message = now === null ? ORDER_MESSAGES.deliveryNowUnknown(formatMoney(seen!, currency))
    : seen === null ? ORDER_MESSAGES.deliveryNowKnown(formatMoney(now, currency))
      : ORDER_MESSAGES.deliveryChanged(formatMoney(seen, currency), formatMoney(now, currency));
  return { id: 0, kind: 'delivery', message, price: now, quantity: 0 };
}

/** Sum of count × price over the lines with a price (lines 'цена по запросу' add nothing). */
export function itemsTotal(lines: ReadonlyArray<{ count: number; price: number | null }>): number {
  return lines.reduce((sum, l) => sum + l.count * (l.price ?? 0), 0);
}

/** The one currency of the lines, or null when they mix currencies. */
export function singleCurrency(currencies: readonly CurrencyCode[]): CurrencyCode | null {
  const set = new Set(currencies);
  return set.size === 1 ? currencies[0]! : null;
}

const NAME_MAX = 120;

/**
 * A file's name as sent, made safe to store and to give back in Content-Disposition: no directory
 * part, no control or path characters, no leading dots, at most 120 characters (the extension kept).
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  let clean = base.normalize('NFC')
    .replace(/[\u0000-\u001f\u007f<>:"|?*\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim();
  if (clean.length > NAME_MAX) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 6 ? clean.slice(dot) : '';
    clean = clean.slice(0, NAME_MAX - ext.length) + ext;
  }
  return clean || 'файл';
}

/** The attachment types accepted, by what file-type recognises in the content. */
export const ACCEPTED_TYPES: Readonly<Record<string, { mime: string; extensions: readonly string[] }>> = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  png: { mime: 'image/png', extensions: ['png'] },
  jpg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  odt: { mime: 'application/vnd.oasis.opendocument.text', extensions: ['odt'] },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', extensions: ['ods'] },
};

/** Old Word and Excel files are OLE compound files ('cfb'): told apart only by their name. */
const CFB_TYPES: Readonly<Record<string, string>> = { doc: 'application/msword', xls: 'application/vnd.ms-excel' };

/**
 * The MIME type to store for a file whose content was recognised as `detected` (file-type's
 * extension), or null when refused. An executable renamed to .pdf is recognised as what it is (or
 * as nothing) and refused. A file whose name says another accepted type keeps the content's type
 * (downloads use it); its name gets the right extension (`nameFor`).
 */
export function acceptedMime(detected: string | undefined, fileName: string): string | null {
  if (!detected) return null;
  if (detected === 'cfb') return CFB_TYPES[extensionOf(fileName)] ?? null;
  return ACCEPTED_TYPES[detected]?.mime ?? null;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The stored name: sanitised, with an extension that matches the content. */
export function nameFor(fileName: string, detected: string): string {
  const clean = sanitizeFileName(fileName);
  const ext = extensionOf(clean);
  if (detected === 'cfb') return clean;
  const known = ACCEPTED_TYPES[detected]?.extensions ?? [];
  return known.includes(ext) ? clean : `${clean}.${known[0] ?? detected}`;
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** '2,4 МБ', '512 КБ', '100 байт': a file's size as the pages show it. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} МБ`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} КБ`;
  return `${bytes} байт`;
}

/** What an order's state is, as far as moving it goes. */
export interface OrderForMove {
  status: OrderStatusCode;
  deliveryMethod: 'pickup' | 'calc' | 'terminals';
  /** Lines still without a price ('по запросу'). */
  unpricedLines: number;
  pricesPendingConfirmation: boolean;
}

/**
 * Issue 29 point 3 (ADR 075): may an order go from its status to `to`? The transitions' table, then
 * the conditions: it is assembled only once every line has a price the customer has confirmed; a
 * delivery is shipped and a pickup issued; a cancellation needs its reason. Null: allowed.
 */
export function statusMoveRefusal(order: OrderForMove, to: OrderStatusCode, reason: string): string | null {
  if (!ORDER_TRANSITIONS[order.status].includes(to)) return ORDER_WORK_MESSAGES.notAllowed(ORDER_STATUS_LABELS[order.status], ORDER_STATUS_LABELS[to]);
  if (to === 'cancelled') {
    if (!reason.trim()) return ORDER_WORK_MESSAGES.reasonRequired;
    if (reason.length > CANCEL_REASON_MAX) return ORDER_WORK_MESSAGES.reasonTooLong;
    return null;
  }
  if (to === 'assembled') {
    if (order.unpricedLines > 0) return ORDER_WORK_MESSAGES.unpriced;
    if (order.pricesPendingConfirmation) return ORDER_WORK_MESSAGES.unconfirmed;
  }
  if (to === 'issued' && order.deliveryMethod !== 'pickup') return ORDER_WORK_MESSAGES.pickupOnly;
  if (to === 'shipped' && order.deliveryMethod === 'pickup') return ORDER_WORK_MESSAGES.deliveryOnly;
  return null;
}

/** The moves staff are offered for an order: the table's, those the conditions refuse included (shown with the reason). */
export function nextStatuses(order: OrderForMove): Array<{ to: OrderStatusCode; refusal: string | null }> {
  return ORDER_TRANSITIONS[order.status]
    .filter((to) => !(to === 'issued' && order.deliveryMethod !== 'pickup') && !(to === 'shipped' && order.deliveryMethod === 'pickup'))
    .map((to) => ({ to, refusal: to === 'cancelled' ? null : statusMoveRefusal(order, to, '') }));
}

/**
 * A price typed by staff ('12 500,50', '12500.5', '12 500'): minor units, or null when it is not a
 * positive amount with at most two decimals below 10 billion.
 */
export function parseStaffPrice(text: string): number | null {
  const clean = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minor > 0 ? minor : null;
}
