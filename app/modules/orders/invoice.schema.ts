import type { WordsCurrency } from '#app/lib/amount-in-words.ts';
import type { BranchRequisites } from '#app/modules/regions/regions.schema.ts';

/** One line of an invoice: a part ordered, or the delivery. Money in minor units. */
export interface InvoiceLine {
  position: number;
  code: string;
  name: string;
  count: number;
  unit: string;
  price: number;
  total: number;
}

/** Everything the invoice (счёт на оплату) prints, as the print page renders it. */
export interface InvoiceView {
  /** The order's number: an order has one invoice. */
  number: string;
  /** The order's day in its country ('YYYY-MM-DD') and as printed ('5 января 2026 г.'). */
  day: string;
  dayLabel: string;
  seller: BranchRequisites;
  buyer: { name: string; phone: string; email: string };
  currency: WordsCurrency;
  lines: InvoiceLine[];
  total: number;
  vatRate: number;
  vatAmount: number;
  /** The total in words: 'Одна тысяча … рублей ноль копеек'. */
  totalInWords: string;
}

/** Why an order has no invoice (yet). */
export type InvoiceRefusal = 'not_found' | 'price_pending' | 'no_requisites' | 'no_vat_rate' | 'currency';

export type InvoiceOutcome =
  | { ok: true; invoice: InvoiceView; version: string; orderId: number }
  | { ok: false; code: InvoiceRefusal };

/** What the customer reads when an order has no invoice. */
export const INVOICE_MESSAGES: Record<Exclude<InvoiceRefusal, 'not_found'>, string> = {
  price_pending: 'Счёт будет доступен, когда менеджер назовёт цены всех позиций и стоимость доставки',
  no_requisites: 'Счёт пока недоступен: реквизиты филиала не заполнены. Обратитесь к менеджеру филиала',
  no_vat_rate: 'Счёт пока недоступен: не найдена ставка НДС на дату заказа. Обратитесь к менеджеру филиала',
  currency: 'Счёт выписывается только в рублях и тенге. Обратитесь к менеджеру филиала',
};

/** What the customer reads when the PDF could not be made now. */
export const INVOICE_UNAVAILABLE = 'Не удалось подготовить счёт. Попробуйте позже или обратитесь к менеджеру филиала';
