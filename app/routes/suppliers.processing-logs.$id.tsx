import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta } from '#app/layout/admin-sections.ts';
import { FILE_STATE_LABELS, INTAKE_MESSAGES } from '#app/modules/suppliers/pricelist/intake.schema.ts';
import { fileOf } from '#app/modules/suppliers/pricelist/intake.server.ts';
import { reportView, type ProcessingStep } from '#app/modules/suppliers/pricelist/report.rules.ts';
import { supplierScope } from '#app/modules/suppliers/suppliers.server.ts';
import type { Route } from './+types/suppliers.processing-logs.$id';

/** One intake's processing (spec §2 `/suppliers/processing-logs/{id}`): each step with its time, count and error. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const { organisation } = await supplierScope(ctx);
  const file = organisation && /^[1-9][0-9]{0,9}$/.test(params.id) ? await fileOf(ctx.services.db, organisation.id, Number(params.id)) : null;
  if (!organisation || !file) throw data(INTAKE_MESSAGES.notFound, { status: 404 });
  return data({ file: { id: file.id, name: file.name, state: file.state }, steps: reportView(file.report).steps }, { headers: ADMIN_HEADERS });
}

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? `Обработка — ${loaderData.file.name}` : 'Обработка');

const time = (iso: string) => new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Moscow' }).format(new Date(iso));

const COLUMNS: ReadonlyArray<Column<ProcessingStep>> = [
  { id: 'step', header: 'Шаг', primary: true, cell: (s) => s.label },
  { id: 'start', header: 'Начало', cell: (s) => time(s.startedAt), nowrap: true },
  { id: 'ms', header: 'Длительность', cell: (s) => `${(s.ms / 1000).toLocaleString('ru-RU', { maximumFractionDigits: 2 })} с`, nowrap: true },
  { id: 'count', header: 'Строк', cell: (s) => (s.count === undefined ? '—' : s.count.toLocaleString('ru-RU')) },
  { id: 'error', header: 'Ошибка', cell: (s) => s.error ?? '—' },
];

export default function SupplierProcessingLog({ loaderData }: Route.ComponentProps) {
  const { file, steps } = loaderData;
  return (
    <>
      <p><Link to="/suppliers/processing-logs">← Журнал обработки</Link></p>
      <h1 className={styles.title} style={{ overflowWrap: 'anywhere' }}>{file.name}</h1>
      <p className={styles.lead}>Итог: {FILE_STATE_LABELS[file.state]} · <Link to={`/suppliers/files/${file.id}`}>Прайс-лист и отчёт</Link></p>
      <DataTable caption="Шаги обработки" columns={COLUMNS} rows={steps} rowKey={(s) => `${s.step}-${s.startedAt}`} rowTestId="processing-step"
        empty="Обработка ещё не начиналась." />
    </>
  );
}
