import { useEffect, useRef } from 'react';
import { Form, data, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { ConfirmDialog } from '#app/components/backoffice/ConfirmDialog.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { formatMoney } from '#app/lib/money.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { parseStrictInt } from '#app/lib/strict-number.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { LEAD_MOVES, leadEventText, leadSubject } from '#app/modules/leads/leads.rules.ts';
import {
  FINANCING_TYPE_LABELS, LEAD_KIND_LABELS, LEAD_STATUS_LABELS, LEAD_WORK_MESSAGES,
  leadAssignInput, leadCommentInput, leadStatusInput, type LeadStatusCode,
} from '#app/modules/leads/leads.schema.ts';
import { assignLead, changeLeadStatus, commentLead, staffLead } from '#app/modules/leads/leads-work.server.ts';
import { ordersOfUser } from '#app/modules/orders/order-work.server.ts';
import { machinesOfUser } from '#app/modules/parts/yard/yard.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import type { Route } from './+types/admin.leads.$id';

export const handle: AdminHandle = { capability: 'leads.read' };

const when = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The request's id from the path: a strict positive int4, else not found. */
function requestId(raw: string): number {
  const id = parseStrictInt(raw);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

/**
 * `/admin/leads/{id}` (ADR 078): one request of the staff member's branch (another branch's is a
 * 404), its history and the moves he may make, and the visitor's history with the company: his
 * other requests, his orders (orders module) and his machines in 'Моя техника' (parts module) —
 * composed here, so the modules stay apart.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const found = await staffLead(ctx.services, staff, requestId(params.id));
  if (!found) throw data(null, { status: 404 });
  const userId = found.lead.userId;
  const [orders, machines, { branches }] = await Promise.all([
    userId !== null ? ordersOfUser(ctx.services, userId, { branchId: staff.branchId }) : Promise.resolve([]),
    userId !== null ? machinesOfUser(ctx.services, userId) : Promise.resolve([]),
    regionDirectory(ctx.services),
  ]);
  return data({
    ...found, orders, machines, csrf: ctx.csrfToken, canWork: staff.capabilities.has('leads.work'), canOffer: staff.capabilities.has('offers.work'),
    branchNames: Object.fromEntries(branches.map((b) => [b.id, b.name])) as Record<number, string>,
  }, { headers: ADMIN_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, 'leads.work');
  const id = requestId(params.id);
  const form = await request.formData();
  const text = (key: string) => { const v = form.get(key); return typeof v === 'string' ? v : undefined; };
  // Done: the page shows the answer's message as a toast (ADR 079), with the request as it is now.
  const answer = (result: Awaited<ReturnType<typeof commentLead>>, done: 'status' | 'assign' | 'comment') => result.ok
    ? data({ toast: DONE_MESSAGES[done], intent: done })
    : data({ message: result.message }, { status: result.status });
  const intent = text('intent');
  if (intent === 'status') {
    const parsed = leadStatusInput.safeParse({ from: text('from'), to: text('to'), reason: text('reason') ?? '' });
    if (!parsed.success) return data({ message: parsed.error.issues[0]?.message ?? LEAD_WORK_MESSAGES.badRequest }, { status: 400 });
    return answer(await changeLeadStatus(ctx.services, staff, id, parsed.data, ctx.ip), 'status');
  }
  if (intent === 'assign') {
    const parsed = leadAssignInput.safeParse({ assigneeId: text('assigneeId') ?? '' });
    if (!parsed.success) return data({ message: LEAD_WORK_MESSAGES.assignee }, { status: 400 });
    return answer(await assignLead(ctx.services, staff, id, parsed.data.assigneeId, ctx.ip), 'assign');
  }
  if (intent === 'comment') {
    const parsed = leadCommentInput.safeParse({ text: text('text') ?? '' });
    if (!parsed.success) return data({ message: parsed.error.issues[0]?.message ?? LEAD_WORK_MESSAGES.comment }, { status: 400 });
    return answer(await commentLead(ctx.services, staff, id, parsed.data.text, ctx.ip), 'comment');
  }
  return data({ message: LEAD_WORK_MESSAGES.badRequest }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => adminMeta(d ? `Заявка № ${d.lead.id}` : LEAD_WORK_MESSAGES.notFound);

const DONE_MESSAGES = { status: 'Состояние заявки изменено', assign: 'Ответственный назначен', comment: 'Комментарий добавлен' } as const;

const MOVE_LABELS: Record<LeadStatusCode, string> = { new: 'Новая', in_work: 'Взять в работу', done: 'Выполнена', rejected: 'Отклонить' };

export default function AdminLead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, events, assignees, others, orders, machines, csrf, canWork, canOffer, branchNames } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const failure = actionData && 'message' in actionData ? actionData.message : null;
  const commentForm = useRef<HTMLFormElement>(null);
  // A comment added: its field empties for the next one.
  useEffect(() => {
    if (actionData && 'intent' in actionData && actionData.intent === 'comment') commentForm.current?.reset();
  }, [actionData]);
  const moves = LEAD_MOVES[lead.status];
  const h2 = { margin: '0 0 8px', fontSize: 'var(--text-m)' } as const;
  return (
    <>
      <p><Link to="/admin/leads">← Заявки</Link></p>
      <h1 className={styles.title}>Заявка № {lead.id}: {LEAD_KIND_LABELS[lead.kind].toLowerCase()}</h1>
      <p className={styles.lead}>
        <span className={styles.tag} data-testid="lead-status">{LEAD_STATUS_LABELS[lead.status]}</span>{' '}
        от {when.format(new Date(lead.createdAt))} · {lead.branchId !== null ? `филиал «${branchNames[lead.branchId] ?? lead.branchId}»` : 'без филиала'}
        {' · '}ответственный: <span data-testid="lead-assignee">{lead.assignee?.name ?? 'не назначен'}</span>
        {' · '}<Link to={`/admin/audit?entity=lead&entityId=${lead.id}`}>Журнал</Link>
      </p>
      <Toast message={actionData && 'toast' in actionData ? actionData.toast : null} token={actionData} />
      {failure ? <p className={styles.error} role="alert">{failure}</p> : null}

      <div className={styles.grid} style={{ marginBottom: 16 }}>
        <section className={styles.card} aria-labelledby="visitor">
          <h2 id="visitor" style={h2}>Посетитель</h2>
          <p style={{ margin: 0 }}>
            {lead.name}<br /><a href={`tel:+${lead.phone}`}>{formatPhoneDisplay(lead.phone)}</a>
            {lead.email ? <><br /><a href={`mailto:${lead.email}`}>{lead.email}</a></> : null}
            <br /><span className={styles.muted}>{lead.userId !== null ? 'с личным кабинетом' : 'без входа в личный кабинет'}</span>
          </p>
        </section>
        <section className={styles.card} aria-labelledby="subject">
          <h2 id="subject" style={h2}>Что нужно</h2>
          {lead.kind === 'service' && lead.service ? (
            <dl style={{ margin: 0 }}>
              <dt className={styles.muted}>Техника</dt><dd style={{ margin: 0 }}>{lead.model.name}</dd>
              <dt className={styles.muted}>Серийный номер</dt><dd style={{ margin: 0 }}>{lead.service.serial || 'не указан'}</dd>
              <dt className={styles.muted}>Что случилось</dt><dd style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{lead.service.problem}</dd>
            </dl>
          ) : lead.kind === 'financing' && lead.financing ? (
            <dl style={{ margin: 0 }}>
              <dt className={styles.muted}>Вид</dt><dd style={{ margin: 0 }}>{FINANCING_TYPE_LABELS[lead.financing.type]}</dd>
              <dt className={styles.muted}>Техника</dt><dd style={{ margin: 0 }}>{lead.model.name}</dd>
              <dt className={styles.muted}>Стоимость</dt><dd style={{ margin: 0 }}>{formatMoney(lead.financing.price, lead.financing.currency)}</dd>
              <dt className={styles.muted}>Аванс</dt><dd style={{ margin: 0 }}>{formatMoney(lead.financing.advance, lead.financing.currency)}</dd>
              <dt className={styles.muted}>Срок</dt><dd style={{ margin: 0 }}>{lead.financing.termMonths} мес.</dd>
            </dl>
          ) : (
            <p style={{ margin: 0 }}>
              Коммерческое предложение: {lead.pageUrl ? <Link to={lead.pageUrl}>{lead.model.name}</Link> : lead.model.name ?? 'модель удалена'}
              {lead.model.code ? <span className={styles.muted}> · код {lead.model.code}</span> : null}
            </p>
          )}
          {lead.comment ? <p className={styles.muted} style={{ whiteSpace: 'pre-wrap' }}>«{lead.comment}»</p> : null}
          <p className={styles.muted} style={{ margin: '8px 0 0' }}>{lead.deliveryState === 'sent' ? 'Письмо в филиал отправлено' : lead.deliveryState === 'pending' ? 'Письмо в филиал ждёт отправки' : 'Письмо в филиал не доставлено'}</p>
        </section>
      </div>

      {canWork ? (
        <section className={styles.card} aria-labelledby="work" style={{ marginBottom: 16 }}>
          <h2 id="work" style={h2}>Работа с заявкой</h2>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start' }}>
            {moves.filter((m) => m !== 'rejected').map((m) => (
              <Form method="post" key={m}>
                <input type="hidden" name="_csrf" value={csrf} />
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="from" value={lead.status} />
                <input type="hidden" name="to" value={m} />
                <button type="submit" className="btn btn-brand" disabled={busy}>{lead.status !== 'new' && m === 'in_work' ? 'Вернуть в работу' : MOVE_LABELS[m]}</button>
              </Form>
            ))}
          </div>
          {canOffer ? (
            <Form method="post" action="/admin/offers" style={{ marginTop: 12 }}>
              <input type="hidden" name="_csrf" value={csrf} />
              <input type="hidden" name="variant" value={lead.kind === 'service' ? 'engineer' : 'single-technique'} />
              <input type="hidden" name="clientName" value={lead.name} />
              <input type="hidden" name="phone" value={lead.phone} />
              {lead.email ? <input type="hidden" name="email" value={lead.email} /> : null}
              {lead.branchId !== null ? <input type="hidden" name="branchId" value={lead.branchId} /> : null}
              {lead.model.name ? <input type="hidden" name="productName" value={lead.model.name} /> : null}
              {lead.model.code ? <input type="hidden" name="productCode" value={lead.model.code} /> : null}
              <button type="submit" className="btn btn-secondary" disabled={busy}>Подготовить коммерческое предложение</button>
            </Form>
          ) : null}
          {moves.includes('rejected') ? (
            <div style={{ marginTop: 12 }}>
              <ConfirmDialog
                trigger="Отклонить заявку"
                title={`Отклонить заявку № ${lead.id}?`}
                message="Причину увидят сотрудники в истории заявки. Отклонённую заявку можно вернуть в работу."
                confirmLabel="Отклонить"
                fields={{ _csrf: csrf, intent: 'status', from: lead.status, to: 'rejected' }}
                busy={busy}
              >
                <label>Причина отказа<input name="reason" required maxLength={1000} /></label>
              </ConfirmDialog>
            </div>
          ) : null}
          <Form method="post" className={styles.filters} style={{ marginTop: 12 }}>
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="intent" value="assign" />
            <label>Ответственный
              <select name="assigneeId" defaultValue={lead.assignee?.id ?? ''}>
                <option value="">Не назначен</option>
                {assignees.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
              </select>
            </label>
            <button type="submit" className="btn btn-secondary" disabled={busy}>Назначить</button>
          </Form>
          <Form method="post" className={styles.filters} style={{ marginTop: 12 }} ref={commentForm}>
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="intent" value="comment" />
            <label style={{ flex: '1 1 320px' }}>Комментарий<textarea name="text" required maxLength={1000} rows={2} /></label>
            <button type="submit" className="btn btn-secondary" disabled={busy}>Добавить комментарий</button>
          </Form>
        </section>
      ) : null}

      <section className={styles.card} aria-labelledby="history" style={{ marginBottom: 16 }}>
        <h2 id="history" style={h2}>История заявки</h2>
        <ol style={{ margin: 0, paddingLeft: 20 }}>
          <li>{when.format(new Date(lead.createdAt))} — заявка отправлена посетителем</li>
          {events.map((e, i) => (
            <li key={i} data-testid="lead-event" style={{ whiteSpace: 'pre-wrap' }}>
              {when.format(new Date(e.at))} — {leadEventText(e)} <span className={styles.muted}>({e.actor})</span>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.card} aria-labelledby="past">
        <h2 id="past" style={h2}>История посетителя с нами</h2>
        <h3 style={{ fontSize: 'var(--text-s)', margin: '8px 0 4px' }}>Другие заявки</h3>
        {others.length === 0 ? <p className={styles.muted} style={{ margin: 0 }}>Нет.</p> : (
          <ul style={{ margin: 0, paddingLeft: 20 }} data-testid="lead-others">
            {others.map((o) => (
              <li key={o.id}><Link to={`/admin/leads/${o.id}`}>№ {o.id}</Link> от {when.format(new Date(o.createdAt))} — {LEAD_KIND_LABELS[o.kind]}: {leadSubject(o)} <span className={styles.muted}>({LEAD_STATUS_LABELS[o.status]})</span></li>
            ))}
          </ul>
        )}
        <h3 style={{ fontSize: 'var(--text-s)', margin: '12px 0 4px' }}>Заказы</h3>
        {lead.userId === null ? <p className={styles.muted} style={{ margin: 0 }}>Посетитель не входил в личный кабинет: заказы по заявке не найти.</p>
          : orders.length === 0 ? <p className={styles.muted} style={{ margin: 0 }}>Нет.</p> : (
            <ul style={{ margin: 0, paddingLeft: 20 }} data-testid="lead-orders">
              {orders.map((o) => (
                <li key={o.number}><Link to={`/admin/orders/${encodeURIComponent(o.number)}`}>{o.number}</Link> от {when.format(new Date(o.createdAt))} — {formatMoney(o.total, o.currency)} <span className={styles.muted}>({o.statusLabel}, {branchNames[o.branchId] ?? o.branchId})</span></li>
              ))}
            </ul>
          )}
        <h3 style={{ fontSize: 'var(--text-s)', margin: '12px 0 4px' }}>Моя техника</h3>
        {lead.userId === null ? <p className={styles.muted} style={{ margin: 0 }}>Нет личного кабинета.</p>
          : machines.length === 0 ? <p className={styles.muted} style={{ margin: 0 }}>Нет.</p> : (
            <ul style={{ margin: 0, paddingLeft: 20 }} data-testid="lead-machines">
              {machines.map((m) => (
                <li key={m.id}>{m.title}{m.title !== m.modelName ? ` (${m.modelName})` : ''} — {m.manufacturer}, серийный № {m.serial}{m.year ? `, ${m.year} г.` : ''}</li>
              ))}
            </ul>
          )}
      </section>
    </>
  );
}
