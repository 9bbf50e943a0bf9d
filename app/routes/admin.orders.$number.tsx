import { Form, data, redirect, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Link } from '#app/components/ui/Link.tsx';
import { formatMoney } from '#app/lib/money.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, ORDER_WORK_MESSAGES, type OrderStatusCode } from '#app/modules/orders/orders.constants.ts';
import { nextStatuses } from '#app/modules/orders/orders.rules.ts';
import { linePriceInput, statusChangeInput } from '#app/modules/orders/order-work.schema.ts';
import { changeOrderStatus, priceOrderLine, staffOrder } from '#app/modules/orders/order-work.server.ts';
import type { Route } from './+types/admin.orders.$number';

export const handle: AdminHandle = { capability: 'orders.read' };

const when = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** One order of the staff member's branch: its lines, history and the moves he may make. */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const order = await staffOrder(ctx.services, staff, params.number);
  if (!order) throw data(null, { status: 404 });
  const unpricedLines = order.lines.filter((l) => l.price === null).length;
  const moves = nextStatuses({ status: order.status, deliveryMethod: order.delivery.method, unpricedLines, pricesPendingConfirmation: order.pricesPendingConfirmation });
  return data({
    order, moves, csrf: ctx.csrfToken, canWork: staff.capabilities.has('orders.work'),
    done: url.searchParams.get('done') === 'status' ? 'Статус изменён' : url.searchParams.get('done') === 'price' ? 'Цена сохранена, покупатель получит её на подтверждение' : null,
  }, { headers: ADMIN_HEADERS });
}

const ORDER_STATUS_SET = new Set<string>(ORDER_STATUSES);

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, 'orders.work');
  const form = await request.formData();
  const text = (key: string) => { const v = form.get(key); return typeof v === 'string' ? v : undefined; };
  const intent = text('intent');
  const back = `/admin/orders/${encodeURIComponent(params.number)}`;
  if (intent === 'status') {
    const from = text('from') ?? '';
    const parsed = statusChangeInput.safeParse({ to: text('to'), reason: text('reason') ?? '' });
    if (!parsed.success || !ORDER_STATUS_SET.has(from)) return data({ message: parsed.error?.issues[0]?.message ?? 'Некорректный запрос' }, { status: 400 });
    const result = await changeOrderStatus(ctx.services, staff, params.number, { from: from as OrderStatusCode, ...parsed.data }, ctx.ip);
    if (!result.ok) return data({ message: result.message }, { status: result.status });
    return redirect(`${back}?done=status`);
  }
  if (intent === 'price') {
    const parsed = linePriceInput.safeParse({ lineId: text('lineId'), price: text('price') ?? '' });
    if (!parsed.success) return data({ message: ORDER_WORK_MESSAGES.priceInvalid }, { status: 400 });
    const result = await priceOrderLine(ctx.services, staff, params.number, parsed.data.lineId, parsed.data.price, ctx.ip);
    if (!result.ok) return data({ message: result.message }, { status: result.status });
    return redirect(`${back}?done=price`);
  }
  return data({ message: 'Некорректный запрос' }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => adminMeta(d ? `Заказ ${d.order.number}` : ORDER_WORK_MESSAGES.notFound);

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, moves, csrf, canWork, done } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
    <>
      <p><Link to="/admin/orders">← Заказы</Link></p>
      <h1 className={styles.title}>Заказ {order.number}</h1>
      <p className={styles.lead}>
        <span className={styles.tag}>{order.statusLabel}</span>{' '}
        от {when.format(new Date(order.createdAt))} · филиал «{order.branch.name}» · <Link to={`/admin/audit?entity=order&entityId=${encodeURIComponent(order.number)}`}>Журнал</Link>
      </p>
      {done && !actionData ? <p className={styles.notice} role="status">{done}</p> : null}
      {actionData?.message ? <p className={styles.error} role="alert">{actionData.message}</p> : null}

      <div className={styles.grid} style={{ marginBottom: 16 }}>
        <section className={styles.card} aria-labelledby="customer">
          <h2 id="customer" style={{ margin: '0 0 8px', fontSize: 'var(--text-m)' }}>Покупатель</h2>
          <p style={{ margin: 0 }}>{order.name}<br /><a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`}>{order.phone}</a><br /><a href={`mailto:${order.email}`}>{order.email}</a></p>
          {order.comment ? <p className={styles.muted} style={{ whiteSpace: 'pre-wrap' }}>«{order.comment}»</p> : null}
        </section>
        <section className={styles.card} aria-labelledby="delivery">
          <h2 id="delivery" style={{ margin: '0 0 8px', fontSize: 'var(--text-m)' }}>Получение</h2>
          <p style={{ margin: 0 }}>{order.delivery.label}{order.delivery.address ? <><br />{order.delivery.address}</> : null}{order.delivery.terminal ? <><br />{order.delivery.terminal}</> : null}{order.delivery.carrier ? <><br />{order.delivery.carrier}</> : null}</p>
          <p className={styles.muted} style={{ margin: '8px 0 0' }}>{order.onCredit ? 'В кредит' : 'Оплата при получении или по счёту'}</p>
        </section>
      </div>

      <div className={styles.tableWrap} style={{ marginBottom: 16 }}>
        <table className={styles.table}>
          <thead><tr><th>Артикул</th><th>Наименование</th><th>Кол-во</th><th>Цена</th><th>Сумма</th></tr></thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.id} data-testid="order-line">
                <td className={styles.nowrap}>{l.code}</td>
                <td>{l.name}</td>
                <td>{l.count}</td>
                <td>
                  {l.price !== null ? money(l.price) : canWork && (order.status === 'new' || order.status === 'in_work') ? (
                    <Form method="post" className={styles.filters} style={{ margin: 0 }}>
                      <input type="hidden" name="_csrf" value={csrf} />
                      <input type="hidden" name="intent" value="price" />
                      <input type="hidden" name="lineId" value={l.id} />
                      <label>Цена за шт.<input name="price" inputMode="decimal" required maxLength={20} style={{ minWidth: 120, width: 120 }} aria-label={`Цена ${l.code}`} /></label>
                      <button type="submit" className="btn btn-secondary" disabled={busy}>Назначить</button>
                    </Form>
                  ) : <span className={styles.muted}>по запросу</span>}
                </td>
                <td className={styles.nowrap}>{l.lineTotal !== null ? money(l.lineTotal) : '—'}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr><td colSpan={4}>Товары</td><td className={styles.nowrap}>{money(order.itemsTotal)}</td></tr>
            <tr><td colSpan={4}>Доставка</td><td className={styles.nowrap}>{order.delivery.failed ? 'рассчитает менеджер' : money(order.delivery.price)}</td></tr>
            <tr><td colSpan={4}><strong>Итого</strong></td><td className={styles.nowrap}><strong>{money(order.total)}</strong></td></tr>
          </tfoot>
        </table>
      </div>
      {order.pricesPendingConfirmation ? <p className={styles.notice}>Названные цены ждут подтверждения покупателем в «Моих заказах».</p> : null}

      {canWork && moves.length > 0 ? (
        <section className={styles.card} aria-labelledby="moves" style={{ marginBottom: 16 }}>
          <h2 id="moves" style={{ margin: '0 0 8px', fontSize: 'var(--text-m)' }}>Изменить статус</h2>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start' }}>
            {moves.filter((m) => m.to !== 'cancelled').map((m) => (
              <Form method="post" key={m.to}>
                <input type="hidden" name="_csrf" value={csrf} />
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="from" value={order.status} />
                <input type="hidden" name="to" value={m.to} />
                <button type="submit" className="btn btn-brand" disabled={busy || m.refusal !== null} title={m.refusal ?? undefined}>{ORDER_STATUS_LABELS[m.to]}</button>
                {m.refusal ? <span className={styles.muted} style={{ display: 'block', maxWidth: 260, fontSize: 'var(--text-xs)' }}>{m.refusal}</span> : null}
              </Form>
            ))}
          </div>
          {moves.some((m) => m.to === 'cancelled') ? (
            <details style={{ marginTop: 12 }}>
              <summary>Отменить заказ</summary>
              <Form method="post" className={styles.filters} style={{ marginTop: 8 }}>
                <input type="hidden" name="_csrf" value={csrf} />
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="from" value={order.status} />
                <input type="hidden" name="to" value="cancelled" />
                <label style={{ flex: '1 1 280px' }}>Причина отмены<input name="reason" required maxLength={500} /></label>
                <button type="submit" className="btn btn-secondary" disabled={busy}>Отменить заказ</button>
              </Form>
            </details>
          ) : null}
        </section>
      ) : null}

      <section className={styles.card} aria-labelledby="history">
        <h2 id="history" style={{ margin: '0 0 8px', fontSize: 'var(--text-m)' }}>История</h2>
        <ol style={{ margin: 0, paddingLeft: 20 }}>
          <li>{when.format(new Date(order.createdAt))} — заказ оформлен покупателем</li>
          {order.events.map((e, i) => (
            <li key={i} data-testid="order-event">
              {when.format(new Date(e.at))} — {e.kind === 'status' ? `статус «${e.statusLabel}»` : e.kind === 'price' ? `цена названа: ${e.note}` : 'покупатель подтвердил цены'}
              {e.kind === 'status' && e.note ? `: ${e.note}` : ''} <span className={styles.muted}>({e.actor})</span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
