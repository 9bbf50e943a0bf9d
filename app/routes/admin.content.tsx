import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { listEditablePages } from '#app/modules/content/editing.server.ts';
import type { Route } from './+types/admin.content';

export const handle: AdminHandle = { capability: 'content.edit' };

/** The site's pages an editor may change, with a mark where a draft waits, and the way to promotions. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  return data({ pages: await listEditablePages(ctx.services) }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Страницы сайта');

type PageRow = Route.ComponentProps['loaderData']['pages'][number];

const COLUMNS: ReadonlyArray<Column<PageRow>> = [
  { id: 'page', header: 'Страница', primary: true, cell: (p) => <><RowLink to={`/admin/content/pages/${p.slug}`}>{p.label}</RowLink>{p.hasDraft ? <> <span className={styles.tag}>черновик</span></> : null}</> },
  { id: 'path', header: 'Адрес', nowrap: true, cell: (p) => <Link to={p.path}>{p.path}</Link> },
  { id: 'title', header: 'Заголовок', cell: (p) => p.title },
];

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className={styles.title}>Страницы сайта</h1>
      <p className={styles.lead}>Изменения сохраняются черновиком и видны посетителям после публикации. <Link to="/admin/content/promotions">Акции →</Link></p>
      <DataTable caption="Страницы сайта" columns={COLUMNS} rows={loaderData.pages} rowKey={(p) => p.slug} rowTestId="page-row" empty="Страниц нет." />
    </>
  );
}
