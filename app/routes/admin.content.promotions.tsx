import { data } from 'react-router';
import { z } from 'zod';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { PROMOTION_STATE_LABELS } from '#app/modules/content/editing.schema.ts';
import { listPromotionsForEditing } from '#app/modules/content/promotion-editing.server.ts';
import type { Route } from './+types/admin.content.promotions';

export const handle: AdminHandle = { capability: 'content.edit' };

const PATH = '/admin/content/promotions';
const pageParam = z.coerce.number().int().min(1).max(10_000).catch(1);

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const page = pageParam.parse(url.searchParams.get('page') ?? 1);
  const list = await listPromotionsForEditing(ctx.services, page, { userId: staff.userId, name: staff.name });
  return data({ ...list, page, deleted: url.searchParams.get('done') === 'deleted' }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Акции');

const DATE = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const date = (iso: string) => DATE.format(new Date(`${iso}T00:00:00Z`));

type PromotionRow = Route.ComponentProps['loaderData']['rows'][number];

const COLUMNS: ReadonlyArray<Column<PromotionRow>> = [
  { id: 'title', header: 'Акция', primary: true, cell: (p) => <><RowLink to={`${PATH}/${p.id}`}>{p.title}</RowLink>{p.hasDraft ? <> <span className={styles.tag}>черновик</span></> : null}</> },
  { id: 'badge', header: 'Метка', cell: (p) => p.badge },
  { id: 'dates', header: 'Даты', nowrap: true, cell: (p) => `${date(p.startsOn)} — ${date(p.endsOn)}` },
  { id: 'state', header: 'Состояние', cell: (p) => PROMOTION_STATE_LABELS[p.state] },
  { id: 'sort', header: 'Порядок', cell: (p) => p.sort },
];

export default function AdminPromotions({ loaderData }: Route.ComponentProps) {
  const { rows, page, hasNext, ownNewDraft, deleted } = loaderData;
  return (
    <>
      <p><Link to="/admin/content">← Страницы сайта</Link></p>
      <h1 className={styles.title}>Акции</h1>
      <p className={styles.lead}>Акция видна на странице <Link to="/akcii">/akcii</Link> и на главной с первого дня по последний.</p>
      <Toast message={deleted ? 'Акция снята с сайта.' : null} token={loaderData} />
      <p><Link to={`${PATH}/new`} className="btn btn-brand">{ownNewDraft ? 'Продолжить новую акцию (черновик)' : 'Новая акция'}</Link></p>
      <DataTable caption="Акции" columns={COLUMNS} rows={rows} rowKey={(p) => p.id} rowTestId="promotion-row" empty="Акций пока нет." />
      <Pager path={PATH} query={new URLSearchParams()} page={page} hasNext={hasNext} label="Страницы списка акций" />
    </>
  );
}
