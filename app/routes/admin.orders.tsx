import { Form, data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { SelectFilter } from '#app/components/backoffice/SelectFilter.tsx';
import { listQuery } from '#app/components/backoffice/sort.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { formatMoney } from '#app/lib/money.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '#app/modules/orders/orders.constants.ts';
import { STAFF_ORDERS_DEFAULT_SORT, staffOrderFilter } from '#app/modules/orders/order-work.schema.ts';
import { listStaffOrders } from '#app/modules/orders/order-work.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import type { Route } from './+types/admin.orders';

export const handle: AdminHandle = { capability: 'orders.read' };

const PATH = '/admin/orders';

/** The orders of the staff member's branch (or of one or all for the head office), newest first or in the order the address asks (`sort`). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const filter = staffOrderFilter.parse(Object.fromEntries(url.searchParams));
  const [list, { branches }] = await Promise.all([listStaffOrders(ctx.services, staff, filter), regionDirectory(ctx.services)]);
  const { page: _page, ...shown } = filter;
  return data({
    ...list, filter: shown,
    branches: staff.branchId === null ? branches.map((b) => ({ id: b.id, name: b.name })) : null,
  }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Заказы');

const when = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

type OrderRow = Route.ComponentProps['loaderData']['rows'][number];

/** The list's columns, declared once: the table's headers and cells, and the phone's card labels. */
const COLUMNS: ReadonlyArray<Column<OrderRow>> = [
  {
    id: 'order', header: 'Заказ', sort: 'created', primary: true, nowrap: true,
    cell: (o) => <><RowLink to={`${PATH}/${encodeURIComponent(o.number)}`}>{o.number}</RowLink><br /><span className={styles.muted}>{when.format(new Date(o.createdAt))}</span></>,
  },
  { id: 'customer', header: 'Покупатель', cell: (o) => <>{o.name}<br /><span className={styles.muted}>{o.phone} · {o.email}</span></> },
  { id: 'branch', header: 'Филиал', cell: (o) => o.branch },
  {
    id: 'status', header: 'Статус',
    cell: (o) => (
      <>
        <span className={styles.tag}>{o.statusLabel}</span>
        {o.unpricedLines > 0 ? <><br /><span className={styles.muted}>без цены: {o.unpricedLines}</span></> : null}
        {o.pricesPendingConfirmation ? <><br /><span className={styles.muted}>ждём подтверждения цен</span></> : null}
      </>
    ),
  },
  { id: 'total', header: 'Сумма', sort: 'total', nowrap: true, cell: (o) => formatMoney(o.total, o.currency) },
];

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { rows, page, hasNext, filter, branches } = loaderData;
  const query = listQuery(filter, STAFF_ORDERS_DEFAULT_SORT);
  const filtered = listQuery({ ...filter, sort: undefined }).size > 0;
  return (
    <>
      <h1 className={styles.title}>Заказы</h1>
      <p className={styles.lead}>Новые сверху; порядок меняется щелчком по заголовку столбца. Поиск — по номеру заказа, телефону, e-mail или номеру запчасти.</p>
      <Form method="get" className={styles.filters} role="search">
        <label>Поиск<input type="search" name="q" defaultValue={filter.q} placeholder="АГ-2026-000123, телефон, e-mail, артикул" maxLength={100} /></label>
        <SelectFilter label="Статус" name="status" value={filter.status} options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))} />
        {branches ? <SelectFilter label="Филиал" name="branch" value={filter.branch} all="Все филиалы" options={branches.map((b) => ({ value: b.id, label: b.name }))} /> : null}
        <label>С<input type="date" name="from" defaultValue={filter.from ?? ''} /></label>
        <label>По<input type="date" name="to" defaultValue={filter.to ?? ''} /></label>
        {filter.sort !== STAFF_ORDERS_DEFAULT_SORT ? <input type="hidden" name="sort" value={filter.sort} /> : null}
        <button type="submit" className="btn btn-secondary">Показать</button>
        {filtered ? <Link to={PATH}>Сбросить</Link> : null}
      </Form>
      <DataTable
        caption="Заказы"
        columns={COLUMNS}
        rows={rows}
        rowKey={(o) => o.number}
        rowTestId="order-row"
        sort={{ path: PATH, query, value: filter.sort, fallback: STAFF_ORDERS_DEFAULT_SORT }}
        empty={filtered ? 'Заказов по этим условиям нет.' : 'Заказов пока нет.'}
      />
      <Pager path={PATH} query={query} page={page} hasNext={hasNext} label="Страницы заказов" />
    </>
  );
}
