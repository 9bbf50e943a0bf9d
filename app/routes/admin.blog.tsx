import { data } from 'react-router';
import { z } from 'zod';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { ARTICLE_STATUS_LABELS } from '#app/modules/blog/blog.schema.ts';
import { listArticlesForEditing } from '#app/modules/blog/blog-editing.server.ts';
import type { Route } from './+types/admin.blog';

export const handle: AdminHandle = { capability: 'content.edit' };

const PATH = '/admin/blog';
const pageParam = z.coerce.number().int().min(1).max(10_000).catch(1);

/** The blog's articles for its editors, the latest changed first (ADR 089). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const page = pageParam.parse(url.searchParams.get('page') ?? 1);
  return data({ ...(await listArticlesForEditing(ctx.services, page)), page }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Статьи и новости');

const WHEN = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

type Row = Route.ComponentProps['loaderData']['rows'][number];

const COLUMNS: ReadonlyArray<Column<Row>> = [
  { id: 'title', header: 'Статья', primary: true, cell: (a) => <RowLink to={`${PATH}/${a.id}`}>{a.title}</RowLink> },
  { id: 'type', header: 'Раздел', cell: (a) => a.typeName },
  { id: 'state', header: 'Состояние', nowrap: true, cell: (a) => <span className={a.state === 'published' ? undefined : styles.tag}>{ARTICLE_STATUS_LABELS[a.state]}</span> },
  { id: 'published', header: 'Дата публикации', nowrap: true, cell: (a) => (a.publishedAt ? WHEN.format(new Date(a.publishedAt)) : '—') },
  { id: 'link', header: 'На сайте', cell: (a) => (a.link ? <Link to={a.link}>Открыть</Link> : '—') },
];

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { rows, page, hasNext } = loaderData;
  return (
    <>
      <h1 className={styles.title}>Статьи и новости</h1>
      <p className={styles.lead}>
        Черновик видят только редакторы; опубликованная статья появляется в <Link to="/blog">/blog</Link>, в RSS и в блоках новостей с даты публикации.
      </p>
      <p><Link to={`${PATH}/new`} className="btn btn-brand">Новая статья</Link></p>
      <DataTable caption="Статьи и новости" columns={COLUMNS} rows={rows} rowKey={(a) => a.id} rowTestId="article-row" empty="Статей пока нет." />
      <Pager path={PATH} query={new URLSearchParams()} page={page} hasNext={hasNext} label="Страницы списка статей" />
    </>
  );
}
