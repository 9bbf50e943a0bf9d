import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { ADMIN_HEADERS, adminMeta } from '#app/layout/admin-sections.ts';
import { FILE_SOURCE_LABELS, FILE_STATE_LABELS, listPageQuery } from '#app/modules/suppliers/pricelist/intake.schema.ts';
import { processingLogs, type ProcessingLogRow } from '#app/modules/suppliers/pricelist/intake.server.ts';
import { SUPPLIER_MESSAGES } from '#app/modules/suppliers/suppliers.schema.ts';
import { supplierScope } from '#app/modules/suppliers/suppliers.server.ts';
import type { Route } from './+types/suppliers.processing-logs';

/** Every intake's processing (spec §2 `/suppliers/processing-logs`): when, how long, how it ended. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const { organisation } = await supplierScope(ctx);
  const { page } = listPageQuery.parse(Object.fromEntries(url.searchParams));
  const list = organisation ? await processingLogs(ctx.services.db, organisation.id, page) : { logs: [], hasNext: false };
  return data({ organisation: organisation !== null, page, ...list }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Журнал обработки');

const dateTime = (iso: string) => new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Moscow' }).format(new Date(iso));
const seconds = (ms: number) => `${(ms / 1000).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} с`;

const COLUMNS: ReadonlyArray<Column<ProcessingLogRow>> = [
  { id: 'date', header: 'Начало', primary: true, cell: (l) => <RowLink to={`/suppliers/processing-logs/${l.id}`}>{dateTime(l.createdAt)}</RowLink>, nowrap: true },
  { id: 'name', header: 'Файл', cell: (l) => <span style={{ overflowWrap: 'anywhere' }}>{l.name}</span> },
  { id: 'source', header: 'Откуда', cell: (l) => FILE_SOURCE_LABELS[l.source] },
  { id: 'state', header: 'Итог', cell: (l) => FILE_STATE_LABELS[l.state] },
  { id: 'time', header: 'Длительность', cell: (l) => (l.ms === null ? '—' : seconds(l.ms)), nowrap: true },
  { id: 'errors', header: 'Ошибки', cell: (l) => (l.error ?? (l.rowsBad ? `${l.rowsBad.toLocaleString('ru-RU')} строк` : '—')) },
];

export default function SupplierProcessingLogs({ loaderData }: Route.ComponentProps) {
  const { organisation, logs, page, hasNext } = loaderData;
  return (
    <>
      <h1 className={styles.title}>Журнал обработки</h1>
      <p className={styles.lead}>Каждый полученный прайс-лист: шаги обработки, их время, число строк и ошибки.</p>
      {!organisation ? <div className={styles.card}><p style={{ margin: 0 }}>{SUPPLIER_MESSAGES.noOrganisation}</p></div> : (
        <DataTable caption="Журнал обработки" columns={COLUMNS} rows={logs} rowKey={(l) => l.id} rowTestId="processing-log-row" empty="Обработок пока не было." />
      )}
      <Pager path="/suppliers/processing-logs" query={new URLSearchParams()} page={page} hasNext={hasNext} label="Страницы журнала" />
    </>
  );
}
