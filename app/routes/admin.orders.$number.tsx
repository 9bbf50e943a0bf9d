import { Form, data, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { ConfirmDialog } from '#app/components/backoffice/ConfirmDialog.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { plural } from '#app/lib/plural.ts';
import { organisationNames } from '#app/modules/suppliers/suppliers.server.ts';
import { formatMoney } from '#app/lib/money.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, ORDER_WORK_MESSAGES, type OrderStatusCode } from '#app/modules/orders/orders.constants.ts';
import { nextStatuses } from '#app/modules/orders/orders.rules.ts';
import { linePriceInput, statusChangeInput } from '#app/modules/orders/order-work.schema.ts';
import { changeOrderStatus, priceOrderLine, staffOrder } from '#app/modules/orders/order-work.server.ts';
import { linkChoice, linkQuestionnaire } from '#app/modules/questionnaires/questionnaire-links.server.ts';
import { parseLinkChoice } from '#app/modules/questionnaires/questionnaires.schema.ts';
import { QuestionnaireLinkForm } from '#app/modules/questionnaires/ui/QuestionnaireLinkForm.tsx';
import type { Route } from './+types/admin.orders.$number';

export const handle: AdminHandle = { capability: 'orders.read' };

const when = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** One order of the staff member's branch: its lines, history and the moves he may make. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const order = await staffOrder(ctx.services, staff, params.number);
  if (!order) throw data(null, { status: 404 });
  const unpricedLines = order.lines.filter((l) => l.price === null).length;
  const moves = nextStatuses({ status: order.status, deliveryMethod: order.delivery.method, unpricedLines, pricesPendingConfirmation: order.pricesPendingConfirmation });
  // Employees see who a line is ordered from (ADR 099); the customer's pages never name him.
  const [names, questionnaire] = await Promise.all([
    organisationNames(ctx.services.db, order.lines.flatMap((l) => (l.supplier?.organisationId ? [l.supplier.organisationId] : []))),
    // The questionnaire the customer is invited to on his order (ADR 103).
    linkChoice(ctx.services, { kind: 'order', number: order.number }),
  ]);
  const suppliers = Object.fromEntries(names);
  return data({
    order, moves, suppliers, questionnaire, csrf: ctx.csrfToken, canWork: staff.capabilities.has('orders.work'),
  }, { headers: ADMIN_HEADERS });
}

const ORDER_STATUS_SET = new Set<string>(ORDER_STATUSES);

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, 'orders.work');
  const form = await request.formData();
  const text = (key: string) => { const v = form.get(key); return typeof v === 'string' ? v : undefined; };
  const intent = text('intent');
  if (intent === 'status') {
    const from = text('from') ?? '';
    const parsed = statusChangeInput.safeParse({ to: text('to'), reason: text('reason') ?? '' });
    if (!parsed.success || !ORDER_STATUS_SET.has(from)) return data({ message: parsed.error?.issues[0]?.message ?? 'Некорректный запрос' }, { status: 400 });
    const result = await changeOrderStatus(ctx.services, staff, params.number, { from: from as OrderStatusCode, ...parsed.data }, ctx.ip);
    if (!result.ok) return data({ message: result.message }, { status: result.status });
    // The page shows the answer's message as a toast (ADR 079), with the order as it is now.
    return data({ toast: parsed.data.to === 'cancelled' ? 'Заказ отменён' : 'Статус изменён' });
  }
  if (intent === 'price') {
    const parsed = linePriceInput.safeParse({ lineId: text('lineId'), price: text('price') ?? '' });
    if (!parsed.success) return data({ message: ORDER_WORK_MESSAGES.priceInvalid }, { status: 400 });
    const result = await priceOrderLine(ctx.services, staff, params.number, parsed.data.lineId, parsed.data.price, ctx.ip);
    if (!result.ok) return data({ message: result.message }, { status: result.status });
    return data({ toast: 'Цена сохранена, покупатель получит её на подтверждение' });
  }
  if (intent === 'questionnaire') {
    const chosen = parseLinkChoice(form.get('questionnaireId'));
    if (chosen === undefined) return data({ message: 'Некорректный запрос' }, { status: 400 });
    // Another branch's order is not his: the same 404 as its page.
    const order = await staffOrder(ctx.services, staff, params.number);
    if (!order) return data({ message: ORDER_WORK_MESSAGES.notFound }, { status: 404 });
    const linked = await linkQuestionnaire(ctx.services, staff, { kind: 'order', number: order.number }, chosen, ctx.ip);
    return linked.ok ? data({ toast: linked.message }) : data({ message: linked.message }, { status: linked.status });
  }
  return data({ message: 'Некорректный запрос' }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => adminMeta(d ? `Заказ ${d.order.number}` : ORDER_WORK_MESSAGES.notFound);

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, moves, csrf, canWork, suppliers, questionnaire } = loaderData;
  const failure = actionData && 'message' in actionData ? actionData.message : null;
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
      <Toast message={actionData && 'toast' in actionData ? actionData.toast : null} token={actionData} />
      {failure ? <p className={styles.error} role="alert">{failure}</p> : null}

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
                <td>
                  {l.name}
                  {l.supplier ? (
                    <div className={styles.muted} data-testid="order-line-supplier">
                      под заказ у поставщика, {l.supplier.leadTimeDays} {plural(l.supplier.leadTimeDays, 'день', 'дня', 'дней')}
                      {l.supplier.organisationId ? <> · <Link to={`/suppliers/admin/edit/${l.supplier.organisationId}`}>{suppliers[l.supplier.organisationId] ?? `поставщик №${l.supplier.organisationId}`}</Link></> : null}
                    </div>
                  ) : null}
                </td>
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
            <div style={{ marginTop: 12 }}>
              <ConfirmDialog
                trigger="Отменить заказ"
                title={`Отменить заказ ${order.number}?`}
                message="Покупатель получит сообщение об отмене с причиной. Отменённый заказ нельзя вернуть в работу."
                confirmLabel="Отменить заказ"
                cancelLabel="Не отменять"
                fields={{ _csrf: csrf, intent: 'status', from: order.status, to: 'cancelled' }}
                busy={busy}
              >
                <label>Причина отмены<input name="reason" required maxLength={500} /></label>
              </ConfirmDialog>
            </div>
          ) : null}
        </section>
      ) : null}

      <QuestionnaireLinkForm choice={questionnaire} csrf={csrf} busy={busy} readOnly={!canWork} subjectLabel="в заказе в «Моих заказах» и в письмах о заказе" />

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
