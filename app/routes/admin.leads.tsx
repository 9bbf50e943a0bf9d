import { Form, data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { pageCount, pageNumber } from '#app/modules/leads/leads.rules.ts';
import { listLeads } from '#app/modules/leads/leads.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import type { Route } from './+types/admin.leads';
import styles from './admin.leads.module.css';

const PATH = '/admin/leads';

/**
 * `/admin/leads` (ADR 069, 073): the visitors' requests, newest first, a page at a time, of one
 * branch or of all — of his own only for staff who work one branch. `?page=` that is not a positive
 * whole number reads as the first page; `?branch=` that names no branch as all of them.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const all = (await regionDirectory(ctx.services)).branches;
  const branches = staff.branchId === null ? all : all.filter((b) => b.id === staff.branchId);
  const raw = url.searchParams.get('branch');
  const branchId = staff.branchId ?? (raw && /^\d{1,9}$/.test(raw) && branches.some((b) => b.id === Number(raw)) ? Number(raw) : null);
  const page = pageNumber(url.searchParams.get('page'));
  const list = await listLeads(ctx.services, { page, branchId });
  return data({ ...list, branchId, branches: branches.map((b) => ({ id: b.id, name: b.name })) }, { headers: ADMIN_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = () => adminMeta('Заявки посетителей');

export const handle: AdminHandle = { capability: 'leads.read' };

const DELIVERY_LABEL = { sent: 'письмо в филиал отправлено', pending: 'письмо ждёт отправки', failed: 'письмо не доставлено' } as const;

const dateTime = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { leads, total, page, pageSize, branchId, branches } = loaderData;
  const names = new Map(branches.map((b) => [b.id, b.name]));
  const pages = pageCount(total, pageSize);
  const link = (n: number) => `${PATH}?${new URLSearchParams({ ...(branchId !== null ? { branch: String(branchId) } : {}), ...(n > 1 ? { page: String(n) } : {}) })}`.replace(/\?$/, '');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Заявки посетителей</h1>
      <p className={styles.lead}>Запросы коммерческих предложений со страниц моделей, новые сверху. Каждый запрос отправлен письмом в филиал посетителя.</p>
      <Form method="get" className={styles.filter}>
        <label htmlFor="branch">Филиал</label>
        <select id="branch" name="branch" defaultValue={branchId ?? ''}>
          {branches.length > 1 ? <option value="">Все филиалы</option> : null}
          {branches.map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
        </select>
        <button type="submit" className="btn btn-secondary">Показать</button>
      </Form>
      {leads.length === 0 ? (
        <p className={styles.muted}>{total === 0 ? 'Заявок нет.' : <>На этой странице заявок нет. <Link to={link(1)}>К первой странице</Link></>}</p>
      ) : (
        <ol className={styles.list} aria-label="Заявки">
          {leads.map((lead) => (
            <li key={lead.id} className={styles.item} data-testid="lead">
              <p className={styles.head}>
                <strong>№ {lead.id}</strong>
                <span className={styles.muted}>{dateTime.format(new Date(lead.createdAt))}</span>
                <span className={styles.muted}>{lead.branchId !== null ? `Филиал «${names.get(lead.branchId) ?? lead.branchId}»` : 'без филиала'}</span>
              </p>
              <p>
                Коммерческое предложение:{' '}
                {lead.pageUrl ? <Link to={lead.pageUrl} className={styles.model}>{lead.model.name}</Link> : <span className={styles.model}>{lead.model.name ?? 'модель удалена'}</span>}
                {lead.model.code ? <span className={styles.muted}> · код {lead.model.code}</span> : null}
              </p>
              <p>
                {lead.name} · <a href={`tel:+${lead.phone}`}>{formatPhoneDisplay(lead.phone)}</a>
                {lead.email ? <> · <a href={`mailto:${lead.email}`}>{lead.email}</a></> : null}
              </p>
              {lead.comment ? <p className={styles.comment}>{lead.comment}</p> : null}
              <p className={`${styles.muted} ${lead.deliveryState === 'sent' ? styles.ok : styles.warn}`}>{DELIVERY_LABEL[lead.deliveryState]}</p>
            </li>
          ))}
        </ol>
      )}
      {total > 0 ? (
        <nav className={styles.pager} aria-label="Страницы заявок">
          {page > 1 ? <Link to={link(page - 1)} rel="prev">← Новее</Link> : <span />}
          <span>{`Страница ${page} из ${pages} · всего ${total}`}</span>
          {page < pages ? <Link to={link(page + 1)} rel="next">Старее →</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
