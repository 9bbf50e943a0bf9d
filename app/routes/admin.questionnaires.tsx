import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { QUESTIONNAIRE_PATH } from '#app/modules/questionnaires/questionnaires.constants.ts';
import { listQuestionnaires } from '#app/modules/questionnaires/questionnaires.server.ts';
import type { Route } from './+types/admin.questionnaires';

export const handle: AdminHandle = { capability: 'questionnaires.manage' };

const PATH = '/admin/questionnaires';

/** The questionnaires for their editors, the latest changed first, with their counts of responses (ADR 093). */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  return data({ rows: await listQuestionnaires(ctx.services) }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Анкеты');

const WHEN = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

type Row = Route.ComponentProps['loaderData']['rows'][number];

const COLUMNS: ReadonlyArray<Column<Row>> = [
  { id: 'id', header: '№', nowrap: true, cell: (q) => q.id },
  { id: 'title', header: 'Анкета', primary: true, cell: (q) => <RowLink to={`${PATH}/${q.id}`}>{q.title}</RowLink> },
  { id: 'state', header: 'Состояние', nowrap: true, cell: (q) => <span className={q.published ? undefined : styles.tag}>{q.published ? 'Опубликована' : 'Черновик'}</span> },
  { id: 'responses', header: 'Ответов', nowrap: true, cell: (q) => <Link to={`${PATH}/${q.id}/results`}>{q.responses}</Link> },
  { id: 'updated', header: 'Изменена', nowrap: true, cell: (q) => WHEN.format(new Date(q.updatedAt)) },
  { id: 'link', header: 'На сайте', cell: (q) => (q.published ? <Link to={`${QUESTIONNAIRE_PATH}/${q.id}`}>{`${QUESTIONNAIRE_PATH}/${q.id}`}</Link> : '—') },
];

export default function AdminQuestionnaires({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className={styles.title}>Анкеты</h1>
      <p className={styles.lead}>
        Опубликованная анкета открыта посетителям по адресу {QUESTIONNAIRE_PATH}/№; каждый отвечает один раз. Ссылка из заказа или
        предложения: {QUESTIONNAIRE_PATH}/№?order=АГ-2026-000123 или ?offer=хеш — ответ запомнит заказ клиента или предложение.
      </p>
      <p><Link to={`${PATH}/new`} className="btn btn-brand">Новая анкета</Link></p>
      <DataTable caption="Анкеты" columns={COLUMNS} rows={loaderData.rows} rowKey={(q) => q.id} rowTestId="questionnaire-row" empty="Анкет пока нет." />
    </>
  );
}
