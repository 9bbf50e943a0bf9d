import { plural } from '#app/lib/plural.ts';
import { formatMoney, type CurrencyCode } from '#app/lib/money.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { DELIVERY_METHOD_LABELS, type DeliveryMethod } from './orders.constants.ts';

/*
 * The order's letters (ADR 041, 066), pure: the customer's e-mail (plain text and HTML, with the
 * link to the order and the branch's phone), the customer's SMS when his account has a confirmed
 * phone but no confirmed address, and the branch's letter.
 */

export interface LetterOrder {
  number: string;
  /** The order's page, absolute (PUBLIC_ORIGIN). */
  url: string;
  at: Date;
  branch: { name: string; address: string; phone: string | null };
  customer: { name: string; phone: string; email: string };
  delivery: { method: DeliveryMethod; address: string | null; carrier: string | null; terminal: string | null; price: number; failed: boolean };
  /** `price` null: 'цена по запросу'. */
  /** `supplier`: ordered from a supplier's offer; the letters say so with the lead time, never naming him (ADR 099). */
  lines: ReadonlyArray<{ code: string; name: string; count: number; price: number | null; lineTotal: number | null; supplier?: { leadTimeDays: number } | null }>;
  goods: number;
  total: number;
  currency: CurrencyCode;
  onCredit: boolean;
  comment: string;
  files: readonly string[];
}

export interface Letter { subject: string; text: string; html?: string }

const ON_REQUEST = 'цена по запросу';
const ON_REQUEST_NOTE = 'Цену позиций «цена по запросу» назовёт менеджер: в сумму заказа они пока не входят.';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function facts(o: LetterOrder) {
  const money = (v: number) => formatMoney(v, o.currency).replace(/\u00a0/g, ' ');
  const d = o.delivery;
  const delivery = d.method === 'pickup'
    ? `${DELIVERY_METHOD_LABELS.pickup}: ${o.branch.name}, ${o.branch.address}`
    : `${DELIVERY_METHOD_LABELS[d.method]}: ${[d.address, d.carrier, d.terminal].filter(Boolean).join(', ')}`
      + (d.failed ? ' (стоимость доставки сообщит менеджер)' : `, доставка ${money(d.price)}`);
  const lines = o.lines.map((l) => ({
    ...l,
    name: l.supplier ? `${l.name} (под заказ у поставщика, ${l.supplier.leadTimeDays} ${plural(l.supplier.leadTimeDays, 'день', 'дня', 'дней')})` : l.name,
    priceText: l.price === null ? ON_REQUEST : money(l.price),
    totalText: l.lineTotal === null ? ON_REQUEST : money(l.lineTotal),
  }));
  const branchPhone = o.branch.phone ? formatPhoneDisplay(o.branch.phone) : null;
  return {
    money, delivery, lines, branchPhone,
    heading: `Заказ ${o.number} от ${o.at.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })} (МСК)`,
    total: `${money(o.total)}${o.onCredit ? ' (в кредит)' : ''}`,
    onRequest: o.lines.some((l) => l.price === null),
    buyer: `${o.customer.name}, ${formatPhoneDisplay(o.customer.phone)}, ${o.customer.email}`,
  };
}

/** The order as text lines: the customer's letter's plain part and the branch's letter. */
function textBody(o: LetterOrder): string[] {
  const f = facts(o);
  return [
    f.heading,
    '',
    ...f.lines.map((l, i) => `${i + 1}. ${l.code} ${l.name} — ${l.count} шт. × ${l.priceText}${l.lineTotal === null ? '' : ` = ${l.totalText}`}`),
    '',
    `Товары: ${f.money(o.goods)}`,
    `Итого: ${f.total}`,
    ...(f.onRequest ? [ON_REQUEST_NOTE] : []),
    `Получение: ${f.delivery}`,
    `Покупатель: ${f.buyer}`,
    ...(o.comment ? ['', `Комментарий: ${o.comment}`] : []),
    ...(o.files.length ? ['', `Приложенные файлы: ${o.files.join(', ')}`] : []),
  ];
}

/** The customer's e-mail: a plain-text part and an HTML part with the same facts, the order's link and the branch's phone. */
export function customerEmail(o: LetterOrder): Letter {
  const f = facts(o);
  const call = f.branchPhone ? `Телефон филиала «${o.branch.name}»: ${f.branchPhone}.` : `Филиал «${o.branch.name}», ${o.branch.address}.`;
  const text = [
    'Спасибо за заказ! Менеджер филиала свяжется с вами, чтобы подтвердить его.',
    `Заказ на сайте: ${o.url}`,
    call,
    '',
    ...textBody(o),
  ].join('\n');
  const e = escapeHtml;
  const cell = 'style="padding:6px 8px;border-bottom:1px solid #ddd;text-align:left"';
  const rows = f.lines.map((l) => `<tr><td ${cell}>${e(l.code)}</td><td ${cell}>${e(l.name)}</td><td ${cell}>${l.count} шт.</td><td ${cell}>${e(l.priceText)}</td><td ${cell}>${e(l.totalText)}</td></tr>`).join('');
  const tel = o.branch.phone ? `<a href="tel:+${e(o.branch.phone.replace(/\D/g, ''))}">${e(f.branchPhone!)}</a>` : null;
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${e(`Ваш заказ ${o.number} принят`)}</title></head>
<body style="font-family:Arial,sans-serif;color:#222;max-width:640px;margin:0 auto;padding:16px">
<h1 style="font-size:20px">Спасибо! Заказ ${e(o.number)} принят</h1>
<p>Менеджер филиала «${e(o.branch.name)}» свяжется с вами, чтобы подтвердить заказ.${tel ? ` Телефон филиала: ${tel}.` : ''}</p>
<p><a href="${e(o.url)}" style="display:inline-block;padding:10px 16px;background:#2e7d32;color:#fff;text-decoration:none;border-radius:4px">Открыть заказ на сайте</a></p>
<p>${e(f.heading)}</p>
<table style="border-collapse:collapse;width:100%;font-size:14px"><thead><tr><th ${cell}>Код</th><th ${cell}>Наименование</th><th ${cell}>Кол-во</th><th ${cell}>Цена</th><th ${cell}>Сумма</th></tr></thead><tbody>${rows}</tbody></table>
<p>Товары: ${e(f.money(o.goods))}<br><strong>Итого: ${e(f.total)}</strong></p>
${f.onRequest ? `<p>${e(ON_REQUEST_NOTE)}</p>` : ''}
<p>Получение: ${e(f.delivery)}<br>Покупатель: ${e(f.buyer)}</p>
${o.comment ? `<p>Комментарий: ${e(o.comment)}</p>` : ''}${o.files.length ? `<p>Приложенные файлы: ${e(o.files.join(', '))}</p>` : ''}
</body></html>`;
  return { subject: `Ваш заказ ${o.number} принят`, text, html };
}

/** The customer's SMS (his account has a confirmed phone, no confirmed address): the number, the sum, the link. */
export function customerSms(o: LetterOrder): string {
  const f = facts(o);
  return `Заказ ${o.number} принят, сумма ${f.total}${f.onRequest ? ' без позиций по запросу' : ''}. ${o.url}${f.branchPhone ? ` Филиал: ${f.branchPhone}` : ''}`;
}

/** The branch's letter (plain text). */
export function branchEmail(o: LetterOrder): Letter {
  return {
    subject: `Новый заказ ${o.number} с сайта — ${o.customer.name}`,
    text: [`Новый заказ с сайта для филиала «${o.branch.name}».`, '', ...textBody(o)].join('\n'),
  };
}

/** What happened to an order that its customer is told of (issue 29 point 3): a status, or prices to confirm. */
export type OrderNews =
  | { kind: 'status'; statusLabel: string; reason: string }
  | { kind: 'price'; note: string };

/**
 * The customer's letter about his order's news, and the SMS when his account has a phone instead.
 * `invitation`: the line of a questionnaire linked to the order (ADR 107), closing the e-mail; the
 * SMS stays short and without it (its link leads to the order, which shows the invitation).
 */
export function orderNewsLetter(number: string, url: string, news: OrderNews, invitation: string | null = null): { subject: string; text: string; sms: string } {
  const invite = invitation ? `\n${invitation}\n` : '';
  if (news.kind === 'price') {
    return {
      subject: `Заказ ${number}: менеджер назвал цену`,
      text: `Здравствуйте!\n\nМенеджер назвал цену позиции заказа ${number}: ${news.note}.\nПроверьте сумму и подтвердите цены в «Моих заказах», чтобы мы собрали заказ:\n${url}\n${invite}`,
      sms: `Заказ ${number}: названа цена (${news.note}). Подтвердите в «Моих заказах»: ${url}`,
    };
  }
  const reason = news.reason ? `\nПричина: ${news.reason}` : '';
  return {
    subject: `Заказ ${number}: ${news.statusLabel.toLowerCase()}`,
    text: `Здравствуйте!\n\nСтатус заказа ${number}: «${news.statusLabel}».${reason}\nЗаказ и его история:\n${url}\n${invite}`,
    sms: `Заказ ${number}: «${news.statusLabel}».${news.reason ? ` ${news.reason}` : ''}`.slice(0, 300),
  };
}
