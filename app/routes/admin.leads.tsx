import { Form, data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { SelectFilter } from '#app/components/backoffice/SelectFilter.tsx';
import { listQuery } from '#app/components/backoffice/sort.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { leadSubject } from '#app/modules/leads/leads.rules.ts';
import { LEAD_KINDS, LEAD_KIND_LABELS, LEAD_STATUSES, LEAD_STATUS_LABELS, STAFF_LEADS_DEFAULT_SORT, staffLeadFilter } from '#app/modules/leads/leads.schema.ts';
import { listStaffLeads } from '#app/modules/leads/leads-work.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import type { Route } from './+types/admin.leads';

const PATH = '/admin/leads';

/**
 * `/admin/leads` (ADR 069, 073, 078): the visitors' requests, newest first, filtered by kind, state
 * and (for the head office) branch, a page at a time — of his own branch only for staff who work one.
 * Malformed filters read as absent.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const filter = staffLeadFilter.parse(Object.fromEntries(url.searchParams));
  const [list, { branches }] = await Promise.all([listStaffLeads(ctx.services, staff, filter), regionDirectory(ctx.services)]);
  const { page: _page, ...shown } = filter;
  return data({
    ...list, filter: shown,
    branchNames: Object.fromEntries(branches.map((b) => [b.id, b.name])),
    branches: staff.branchId === null ? branches.map((b) => ({ id: b.id, name: b.name })) : null,
  }, { headers: ADMIN_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = () => adminMeta('Заявки посетителей');

export const handle: AdminHandle = { capability: 'leads.read' };

const dateTime = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

type LeadRow = Route.ComponentProps['loaderData']['leads'][number];

/** The list's columns, declared once; the branch's name comes with the page's data. */
function columns(branchNames: Record<string, string>): ReadonlyArray<Column<LeadRow>> {
  return [
    {
      id: 'lead', header: 'Заявка', sort: 'created', primary: true, nowrap: true,
      cell: (lead) => <><RowLink to={`${PATH}/${lead.id}`}>№ {lead.id}</RowLink><br /><span className={styles.muted}>{dateTime.format(new Date(lead.createdAt))}</span></>,
    },
    { id: 'subject', header: 'Что нужно', cell: (lead) => `${LEAD_KIND_LABELS[lead.kind]}: ${leadSubject(lead)}` },
    {
      id: 'visitor', header: 'Посетитель', sort: 'name', firstDirection: 'asc',
      cell: (lead) => <>{lead.name}<br /><span className={styles.muted}>{formatPhoneDisplay(lead.phone)}{lead.email ? ` · ${lead.email}` : ''}</span></>,
    },
    { id: 'branch', header: 'Филиал', cell: (lead) => (lead.branchId !== null ? branchNames[lead.branchId] ?? lead.branchId : 'без филиала') },
    {
      id: 'status', header: 'Состояние',
      cell: (lead) => (
        <>
          <span className={styles.tag}>{LEAD_STATUS_LABELS[lead.status]}</span>
          {lead.assignee ? <><br /><span className={styles.muted}>{lead.assignee.name}</span></> : null}
          {lead.deliveryState !== 'sent' ? <><br /><span className={styles.muted}>{lead.deliveryState === 'pending' ? 'письмо ждёт отправки' : 'письмо не доставлено'}</span></> : null}
        </>
      ),
    },
  ];
}

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { leads, total, page, pageSize, filter, branches, branchNames } = loaderData;
  const query = listQuery(filter, STAFF_LEADS_DEFAULT_SORT);
  const filtered = listQuery({ ...filter, sort: undefined }).size > 0;
  return (
    <>
      <h1 className={styles.title}>Заявки посетителей</h1>
      <p className={styles.lead}>Запросы коммерческих предложений со страниц моделей, заявки на сервис и на финансирование — новые сверху. Каждая заявка отправлена письмом в филиал посетителя. Всего: {total}.</p>
      <Form method="get" className={styles.filters}>
        <SelectFilter label="Вид" name="kind" value={filter.kind} options={LEAD_KINDS.map((k) => ({ value: k, label: LEAD_KIND_LABELS[k] }))} />
        <SelectFilter label="Состояние" name="status" value={filter.status} options={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))} />
        {branches ? <SelectFilter label="Филиал" name="branch" value={filter.branch} all="Все филиалы" options={branches.map((b) => ({ value: b.id, label: b.name }))} /> : null}
        {filter.sort !== STAFF_LEADS_DEFAULT_SORT ? <input type="hidden" name="sort" value={filter.sort} /> : null}
        <button type="submit" className="btn btn-secondary">Показать</button>
        {filtered ? <Link to={PATH}>Сбросить</Link> : null}
      </Form>
      <DataTable
        caption="Заявки посетителей"
        columns={columns(branchNames)}
        rows={leads}
        rowKey={(lead) => lead.id}
        rowTestId="lead"
        sort={{ path: PATH, query, value: filter.sort, fallback: STAFF_LEADS_DEFAULT_SORT }}
        empty={total > 0 ? 'На этой странице заявок нет.' : filtered ? 'Заявок по этим условиям нет.' : 'Заявок нет.'}
      />
      <Pager path={PATH} query={query} page={page} hasNext={page * pageSize < total} label="Страницы заявок" />
    </>
  );
}
