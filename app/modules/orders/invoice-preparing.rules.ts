import { DOCUMENT_RETRY_AFTER_S, preparingPage } from '#app/lib/preparing-page.ts';
import { invoicePath } from './invoice.rules.ts';
import { orderPath } from './orders.constants.ts';

/** The refresh of 'Счёт готовится…': the page asks again after this many seconds (and says so in Retry-After). */
export const INVOICE_RETRY_AFTER_S = DOCUMENT_RETRY_AFTER_S;

/** What the invoice's download answers while its job still prints it (ADR 080). */
export function invoicePreparingPage(orderNumber: string): string {
  return preparingPage({
    title: 'Счёт готовится…',
    text: `Счёт к заказу №\u00a0${orderNumber} печатается. Страница обновится через несколько секунд, и счёт скачается сам.`,
    again: invoicePath(orderNumber),
    back: { path: orderPath(orderNumber), label: 'Вернуться к заказу' },
  });
}
