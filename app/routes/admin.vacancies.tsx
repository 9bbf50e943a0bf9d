import { data } from 'react-router';
import { z } from 'zod';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { VACANCY_STATUS_LABELS } from '#app/modules/vacancies/vacancies.schema.ts';
import { listVacanciesForEditing } from '#app/modules/vacancies/vacancies-editing.server.ts';
import type { Route } from './+types/admin.vacancies';

export const handle: AdminHandle = { capability: 'vacancies.edit' };

const PATH = '/admin/vacancies';
const pageParam = z.coerce.number().int().min(1).max(10_000).catch(1);

/** The vacancies for their editors, the latest changed first (ADR 092); HR's way to the applications. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const page = pageParam.parse(url.searchParams.get('page') ?? 1);
  return data({
    ...(await listVacanciesForEditing(ctx.services, page)), page, canApplications: staff.capabilities.has('vacancies.applications'),
  }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Вакансии');

const WHEN = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Moscow' });

type Row = Route.ComponentProps['loaderData']['rows'][number];

const COLUMNS: ReadonlyArray<Column<Row>> = [
  { id: 'title', header: 'Вакансия', primary: true, cell: (v) => <RowLink to={`${PATH}/${v.id}`}>{v.title}</RowLink> },
  { id: 'branch', header: 'Филиал', cell: (v) => `${v.branchName}${v.city !== v.branchName ? ` (${v.city})` : ''}` },
  { id: 'direction', header: 'Направление', cell: (v) => v.directionName },
  { id: 'state', header: 'Состояние', nowrap: true, cell: (v) => <span className={v.state === 'published' ? undefined : styles.tag}>{VACANCY_STATUS_LABELS[v.state]}</span> },
  { id: 'published', header: 'Дата публикации', nowrap: true, cell: (v) => (v.publishedAt ? WHEN.format(new Date(v.publishedAt)) : '—') },
  { id: 'applications', header: 'Откликов', nowrap: true, cell: (v) => v.applications },
  { id: 'link', header: 'На сайте', cell: (v) => (v.link ? <Link to={v.link}>Открыть</Link> : '—') },
];

export default function AdminVacancies({ loaderData }: Route.ComponentProps) {
  const { rows, page, hasNext, canApplications } = loaderData;
  return (
    <>
      <h1 className={styles.title}>Вакансии</h1>
      <p className={styles.lead}>
        Черновик видят только редакторы; опубликованная вакансия появляется на <Link to="/vacancies">/vacancies</Link> с даты публикации.
      </p>
      <p>
        <Link to={`${PATH}/new`} className="btn btn-brand">Новая вакансия</Link>{' '}
        {canApplications ? <><Link to={`${PATH}/applications`} className="btn btn-secondary">Отклики соискателей</Link>{' '}<Link to={`${PATH}/branches`} className="btn btn-secondary">Филиалы и адреса для откликов</Link></> : null}
      </p>
      <DataTable caption="Вакансии" columns={COLUMNS} rows={rows} rowKey={(v) => v.id} rowTestId="vacancy-row" empty="Вакансий пока нет." />
      <Pager path={PATH} query={new URLSearchParams()} page={page} hasNext={hasNext} label="Страницы списка вакансий" />
    </>
  );
}
