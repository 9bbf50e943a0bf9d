import { invoicePath } from './invoice.rules.ts';
import { orderPath } from './orders.constants.ts';

/** The refresh of 'Счёт готовится…': the page asks again after this many seconds (and says so in Retry-After). */
export const INVOICE_RETRY_AFTER_S = 3;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What a download answers while its invoice is still being printed by its job (ADR 080): a small
 * page of its own (no shell, no scripts) that asks for the invoice again every few seconds; once it
 * is ready the PDF arrives as a download and the customer goes back to the order. The colours are
 * the shop's tokens, written out: the page loads no stylesheet.
 */
export function invoicePreparingPage(orderNumber: string): string {
  const number = escapeHtml(orderNumber);
  const again = escapeHtml(invoicePath(orderNumber));
  const order = escapeHtml(orderPath(orderNumber));
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${INVOICE_RETRY_AFTER_S}">
<title>Счёт готовится…</title>
<style>
body{margin:0;padding:48px 16px;background:#f5f7f6;color:#1c2320;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
main{max-width:520px;margin:0 auto;padding:24px;background:#fff;border:1px solid #dbe1dd;border-radius:8px}
h1{margin:0 0 8px;font-size:22px;line-height:1.3}
p{margin:0 0 12px}
a{color:#1d5a34;white-space:nowrap}
a:hover{color:#164a2a}
a:focus-visible{outline:2px solid #1d5a34;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>Счёт готовится…</h1>
<p>Счёт к заказу №&nbsp;${number} печатается. Страница обновится через несколько секунд, и счёт скачается сам.</p>
<p><a href="${again}">Обновить сейчас</a> · <a href="${order}">Вернуться к заказу</a></p>
</main>
</body>
</html>
`;
}
