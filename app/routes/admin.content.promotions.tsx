import { data } from 'react-router';
import { z } from 'zod';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
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

export default function AdminPromotions({ loaderData }: Route.ComponentProps) {
  const { rows, page, hasNext, ownNewDraft, deleted } = loaderData;
  return (
    <>
      <p><Link to="/admin/content">← Страницы сайта</Link></p>
      <h1 className={styles.title}>Акции</h1>
      <p className={styles.lead}>Акция видна на странице <Link to="/akcii">/akcii</Link> и на главной с первого дня по последний.</p>
      {deleted ? <p className={styles.notice} role="status">Акция снята с сайта.</p> : null}
      <p><Link to={`${PATH}/new`} className="btn btn-brand">{ownNewDraft ? 'Продолжить новую акцию (черновик)' : 'Новая акция'}</Link></p>
      <div className={styles.tableWrap}>
        {rows.length === 0 ? <p className={styles.empty}>Акций пока нет.</p> : (
          <table className={styles.table}>
            <thead><tr><th>Акция</th><th>Метка</th><th>Даты</th><th>Состояние</th><th>Порядок</th></tr></thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id} data-testid="promotion-row">
                  <td><Link to={`${PATH}/${p.id}`}>{p.title}</Link>{p.hasDraft ? <> <span className={styles.tag}>черновик</span></> : null}</td>
                  <td>{p.badge}</td>
                  <td className={styles.nowrap}>{date(p.startsOn)} — {date(p.endsOn)}</td>
                  <td>{PROMOTION_STATE_LABELS[p.state]}</td>
                  <td>{p.sort}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <Pager path={PATH} query={new URLSearchParams()} page={page} hasNext={hasNext} label="Страницы списка акций" />
    </>
  );
}
