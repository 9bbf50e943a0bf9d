import type { ReactNode } from 'react';
import { formatMoney } from '#app/lib/money.ts';
import { plural } from '#app/lib/plural.ts';
import { invoiceOffered, invoicePath } from '../invoice.rules.ts';
import { fileSize } from '../orders.rules.ts';
import type { OrderView } from '../orders.schema.ts';
import styles from './orders.module.css';

const INVOICE_PENDING_NOTE = 'счёт будет доступен, когда менеджер назовёт все цены';
const ON_REQUEST_NOTE = 'цену этих позиций назовёт менеджер, в сумму заказа они пока не входят';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/** What happened to the order, as its customer reads it. */
function eventText(e: OrderView['events'][number]): string {
  if (e.kind === 'status') return `Статус «${e.statusLabel}»${e.note ? `: ${e.note}` : ''}`;
  if (e.kind === 'price') return `Менеджер назвал цену: ${e.note}`;
  return 'Вы подтвердили цены';
}

/**
 * One order: number, status, lines, totals, delivery, attachments (downloads for its owner only),
 * its history, and — with `csrf` (the owner's own pages) — the confirmation of prices the branch named.
 * `extra` is what the page composes under the heading from other modules (a questionnaire's invitation).
 */
export function OrderCard({ order, headingLevel = 2, csrf, extra }: { order: OrderView; headingLevel?: 2 | 3; csrf?: string; extra?: ReactNode }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const money = (v: number) => formatMoney(v, order.currency);
  return (
    <article className={styles.card} aria-labelledby={`order-${order.number}`}>
      <header className={styles.head}>
        <H id={`order-${order.number}`} className={styles.number}>Заказ {order.number}</H>
        <span className={`${styles.status} ${styles[`status_${order.status}`] ?? ''}`}>{order.statusLabel}</span>
        <time className={styles.muted} dateTime={order.createdAt}>{dateFormat.format(new Date(order.createdAt))}</time>
      </header>
      {extra}
      <div className={styles.tableWrap}>
        <table className={styles.lines}>
          <caption className="visually-hidden">Товары заказа {order.number}</caption>
          <thead><tr><th scope="col">Код</th><th scope="col">Наименование</th><th scope="col">Кол-во</th><th scope="col">Цена</th><th scope="col">Сумма</th></tr></thead>
          <tbody>
            {order.lines.map((l, i) => (
              <tr key={i}>
                <td data-label="Код">{l.code}</td>
                <td data-label="Наименование">
                  {l.name}
                  {l.supplier ? <div className={styles.muted} data-testid="order-line-supplier">под заказ у поставщика, {l.supplier.leadTimeDays} {plural(l.supplier.leadTimeDays, 'день', 'дня', 'дней')}</div> : null}
                </td>
                <td data-label="Кол-во">{l.count} шт.</td>
                <td data-label="Цена">{l.price === null ? 'цена по запросу' : money(l.price)}</td>
                <td data-label="Сумма">{l.lineTotal === null ? '—' : money(l.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {order.pricesPendingConfirmation && order.status !== 'cancelled' && csrf ? (
        <form method="post" action={`/profile/orders?number=${encodeURIComponent(order.number)}`} className={styles.confirm}>
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name="intent" value="confirm-prices" />
          <input type="hidden" name="number" value={order.number} />
          <p>Менеджер назвал цены позиций «по запросу». Проверьте сумму заказа и подтвердите, чтобы мы собрали заказ.</p>
          <button type="submit" className="btn btn-brand">Подтвердить цены</button>
        </form>
      ) : null}
      {csrf ? (
        <form method="post" action={`/profile/orders?number=${encodeURIComponent(order.number)}`} className={styles.repeat}>
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name="intent" value="repeat" />
          <input type="hidden" name="number" value={order.number} />
          <button type="submit" className="btn btn-secondary">Повторить заказ</button>
          <span className={styles.muted}>запчасти заказа лягут в корзину по сегодняшним ценам</span>
        </form>
      ) : null}
      <dl className={styles.facts}>
        <dt>Товары</dt><dd>{money(order.itemsTotal)}</dd>
        <dt>Получение</dt>
        <dd>
          {order.delivery.label}
          {order.delivery.method === 'pickup'
            ? `: ${order.branch.name}, ${order.branch.address}`
            : `: ${[order.delivery.address, order.delivery.carrier, order.delivery.terminal].filter(Boolean).join(', ')}`}
          {order.delivery.method !== 'pickup' && (order.delivery.failed ? ' — стоимость доставки сообщит менеджер' : ` — ${money(order.delivery.price)}`)}
        </dd>
        <dt>Итого</dt><dd className={styles.total}>{money(order.total)}{order.onCredit ? ' (в кредит)' : ''}</dd>
        {order.lines.some((l) => l.price === null) && (<><dt>Цена по запросу</dt><dd>{ON_REQUEST_NOTE}</dd></>)}
        <dt>Счёт</dt>
        <dd>
          {/* No `download`: the PDF comes as an attachment anyway, while 'Счёт готовится…' (ADR 080) and
              a refusal are pages to read, not files to save. */}
          {invoiceOffered(order)
            ? <a href={invoicePath(order.number)}>Скачать счёт</a>
            : <span className={styles.muted}>{INVOICE_PENDING_NOTE}</span>}
        </dd>
        <dt>Контакты</dt><dd>{order.name}, {order.phone}, {order.email}</dd>
        {order.events.length > 0 && (
          <>
            <dt>История</dt>
            <dd>
              <ol className={styles.history}>
                {order.events.map((e, i) => (
                  <li key={i}><time dateTime={e.at}>{dateFormat.format(new Date(e.at))}</time> — {eventText(e)}</li>
                ))}
              </ol>
            </dd>
          </>
        )}
        {order.comment && (<><dt>Комментарий</dt><dd className={styles.comment}>{order.comment}</dd></>)}
        {order.attachments.length > 0 && (
          <>
            <dt>Файлы</dt>
            <dd>
              <ul className={styles.files}>
                {order.attachments.map((f) => (
                  <li key={f.id}><a href={f.url} download>{f.name}</a> <span className={styles.muted}>({fileSize(f.size)})</span></li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
    </article>
  );
}
