import { Form, data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { SelectFilter } from '#app/components/backoffice/SelectFilter.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, applicationsFilter } from '#app/modules/vacancies/vacancies.schema.ts';
import { applicationCounts, listApplications } from '#app/modules/vacancies/vacancies.server.ts';
import type { Route } from './+types/admin.vacancies.applications';

export const handle: AdminHandle = { capability: 'vacancies.applications' };

const PATH = '/admin/vacancies/applications';

/**
 * `/admin/vacancies/applications` (ADR 092): the applications HR works, newest first — of his branch,
 * or of every branch for an administrator — in one state or all. Malformed filters read as absent.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const filter = applicationsFilter.parse(Object.fromEntries(url.searchParams));
  const scope = { branchId: staff.branchId };
  const [list, counts] = await Promise.all([listApplications(ctx.services, scope, filter), applicationCounts(ctx.services, scope)]);
  return data({ ...list, counts, filter }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Отклики на вакансии');

const WHEN = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

type Row = Route.ComponentProps['loaderData']['rows'][number];

const COLUMNS: ReadonlyArray<Column<Row>> = [
  { id: 'id', header: 'Отклик', primary: true, nowrap: true, cell: (a) => <RowLink to={`${PATH}/${a.id}`}>№ {a.id}</RowLink> },
  { id: 'when', header: 'Получен', nowrap: true, cell: (a) => WHEN.format(new Date(a.createdAt)) },
  { id: 'vacancy', header: 'Вакансия', cell: (a) => a.vacancy.title },
  { id: 'branch', header: 'Филиал', cell: (a) => a.branch.name },
  { id: 'name', header: 'Соискатель', cell: (a) => <>{a.name}<br />{formatPhoneDisplay(a.phone)}</> },
  { id: 'status', header: 'Состояние', nowrap: true, cell: (a) => <span className={a.status === 'new' ? styles.tag : undefined}>{APPLICATION_STATUS_LABELS[a.status]}</span> },
];

export default function AdminApplications({ loaderData }: Route.ComponentProps) {
  const { rows, hasNext, counts, filter } = loaderData;
  const query = new URLSearchParams(filter.status ? { status: filter.status } : {});
  return (
    <>
      <p><Link to="/admin/vacancies">← Вакансии</Link></p>
      <h1 className={styles.title}>Отклики на вакансии</h1>
      <p className={styles.lead}>
        {APPLICATION_STATUSES.map((s) => `${APPLICATION_STATUS_LABELS[s]}: ${counts[s]}`).join(' · ')}
      </p>
      <Form method="get" className={styles.filters}>
        <SelectFilter label="Состояние" name="status" value={filter.status} options={APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] }))} />
        <button type="submit" className="btn btn-secondary">Показать</button>
      </Form>
      <DataTable caption="Отклики на вакансии" columns={COLUMNS} rows={rows} rowKey={(a) => a.id} rowTestId="application-row" empty="Откликов нет." />
      <Pager path={PATH} query={query} page={filter.page} hasNext={hasNext} label="Страницы списка откликов" />
    </>
  );
}
