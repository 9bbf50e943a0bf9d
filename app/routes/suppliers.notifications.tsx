import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta } from '#app/layout/admin-sections.ts';
import { listPageQuery } from '#app/modules/suppliers/pricelist/intake.schema.ts';
import { noticesOf } from '#app/modules/suppliers/pricelist/notices.server.ts';
import { SUPPLIER_MESSAGES } from '#app/modules/suppliers/suppliers.schema.ts';
import { supplierScope } from '#app/modules/suppliers/suppliers.server.ts';
import type { Route } from './+types/suppliers.notifications';

/** What the organisation was told (spec §2 `/suppliers/notifications`), newest first; the same notices go by e-mail. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const { organisation } = await supplierScope(ctx);
  const { page } = listPageQuery.parse(Object.fromEntries(url.searchParams));
  const list = organisation ? await noticesOf(ctx.services.db, organisation.id, page) : { notices: [], hasNext: false };
  return data({ organisation: organisation !== null, page, ...list }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Уведомления');

const dateTime = (iso: string) => new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Moscow' }).format(new Date(iso));

export default function SupplierNotifications({ loaderData }: Route.ComponentProps) {
  const { organisation, notices, page, hasNext } = loaderData;
  return (
    <>
      <h1 className={styles.title}>Уведомления</h1>
      <p className={styles.lead}>О каждом прайс-листе и письме: опубликован, ждёт подтверждения, не обработан, цены изменились сильнее порога, письмо отложено на проверку. Те же уведомления приходят на почту.</p>
      {!organisation ? <div className={styles.card}><p style={{ margin: 0 }}>{SUPPLIER_MESSAGES.noOrganisation}</p></div> : null}
      {organisation && !notices.length ? <div className={styles.card}><p style={{ margin: 0 }}>Уведомлений пока нет.</p></div> : null}
      {notices.length ? (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12 }} data-testid="supplier-notices">
          {notices.map((n) => (
            <li key={n.id} className={styles.card}>
              <p style={{ margin: 0 }}>
                <strong>{n.label}</strong>{n.unread ? <> · <em>новое</em></> : null}
                <span className={styles.muted}> · {dateTime(n.createdAt)}</span>
              </p>
              <p style={{ margin: '4px 0 0', overflowWrap: 'anywhere' }}>{n.text}</p>
              {n.fileId ? <p style={{ margin: '4px 0 0' }}><Link to={`/suppliers/files/${n.fileId}`}>Открыть прайс-лист</Link></p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Pager path="/suppliers/notifications" query={new URLSearchParams()} page={page} hasNext={hasNext} label="Страницы уведомлений" />
    </>
  );
}
