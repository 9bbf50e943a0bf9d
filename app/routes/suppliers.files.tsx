import { data, redirect } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { ADMIN_HEADERS, adminMeta } from '#app/layout/admin-sections.ts';
import { FILE_SOURCE_LABELS, FILE_STATE_LABELS, listPageQuery, type FileRow } from '#app/modules/suppliers/pricelist/intake.schema.ts';
import { listFiles } from '#app/modules/suppliers/pricelist/intake.server.ts';
import { uploadPriceList } from '#app/modules/suppliers/pricelist/process.server.ts';
import { SUPPLIER_MESSAGES } from '#app/modules/suppliers/suppliers.schema.ts';
import { supplierScope } from '#app/modules/suppliers/suppliers.server.ts';
import { PriceListUpload } from '#app/modules/suppliers/ui/PriceListUpload.tsx';
import type { Route } from './+types/suppliers.files';

/** The organisation's price lists (spec §2 `/suppliers/files`), newest first, and the upload of a new one. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const { organisation } = await supplierScope(ctx);
  const { page } = listPageQuery.parse(Object.fromEntries(url.searchParams));
  const list = organisation ? await listFiles(ctx.services.db, organisation.id, page) : { files: [], hasNext: false };
  return data({ organisation, page, ...list, csrf: ctx.csrfToken }, { headers: ADMIN_HEADERS });
}

/** The upload without scripts: the same checks as the API's, then the list's page. */
export async function action({ context, request }: Route.ActionArgs) {
  const outcome = await uploadPriceList(context.get(requestContext), request);
  if (outcome.ok) return redirect(`/suppliers/files/${outcome.id}`);
  return data({ error: outcome.message }, { status: outcome.status });
}

export const meta = () => adminMeta('Прайс-листы');

const dateTime = (iso: string) => new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Moscow' }).format(new Date(iso));

const COLUMNS: ReadonlyArray<Column<FileRow>> = [
  { id: 'name', header: 'Файл', primary: true, cell: (f) => <RowLink to={`/suppliers/files/${f.id}`} style={{ overflowWrap: 'anywhere' }}>{f.name}</RowLink> },
  { id: 'date', header: 'Получен', cell: (f) => dateTime(f.createdAt), nowrap: true },
  { id: 'source', header: 'Откуда', cell: (f) => FILE_SOURCE_LABELS[f.source] },
  { id: 'state', header: 'Состояние', cell: (f) => FILE_STATE_LABELS[f.state] },
  { id: 'rows', header: 'Строк', cell: (f) => f.rowsTotal.toLocaleString('ru-RU') },
  { id: 'matched', header: 'Сопоставлено', cell: (f) => f.rowsMatched.toLocaleString('ru-RU') },
  { id: 'bad', header: 'С ошибками', cell: (f) => f.rowsBad.toLocaleString('ru-RU') },
];

export default function SupplierFiles({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, files, page, hasNext, csrf } = loaderData;
  if (!organisation) {
    return (
      <>
        <h1 className={styles.title}>Прайс-листы</h1>
        <div className={styles.card}><p style={{ margin: 0 }}>{SUPPLIER_MESSAGES.noOrganisation}</p></div>
      </>
    );
  }
  return (
    <>
      <h1 className={styles.title}>Прайс-листы</h1>
      <p className={styles.lead}>Загрузите прайс-лист в CSV, XLSX, XLS или ZIP: мы прочитаем его, проверим, сопоставим с каталогом и покажем отчёт до публикации.</p>
      <PriceListUpload csrf={csrf} refusal={actionData?.error ?? null} />
      <DataTable caption="Прайс-листы" columns={COLUMNS} rows={files} rowKey={(f) => f.id} rowTestId="pricelist-row"
        empty="Прайс-листов пока нет: загрузите первый формой выше." />
      <Pager path="/suppliers/files" query={new URLSearchParams()} page={page} hasNext={hasNext} label="Страницы прайс-листов" />
    </>
  );
}
