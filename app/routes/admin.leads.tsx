import { Form, data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { SelectFilter } from '#app/components/backoffice/SelectFilter.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { leadSubject } from '#app/modules/leads/leads.rules.ts';
import { LEAD_KINDS, LEAD_KIND_LABELS, LEAD_STATUSES, LEAD_STATUS_LABELS, staffLeadFilter } from '#app/modules/leads/leads.schema.ts';
import { listStaffLeads } from '#app/modules/leads/leads-work.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import type { Route } from './+types/admin.leads';

const PATH = '/admin/leads';

/**
 * `/admin/leads` (ADR 069, 073, 078): the visitors' requests, newest first, filtered by kind, state
 * and (for the head office) branch, a page at a time — of his own branch only for staff who work one.
 * Malformed filters read as absent.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const filter = staffLeadFilter.parse(Object.fromEntries(url.searchParams));
  const [list, { branches }] = await Promise.all([listStaffLeads(ctx.services, staff, filter), regionDirectory(ctx.services)]);
  const { page: _page, ...shown } = filter;
  return data({
    ...list, filter: shown,
    branchNames: Object.fromEntries(branches.map((b) => [b.id, b.name])),
    branches: staff.branchId === null ? branches.map((b) => ({ id: b.id, name: b.name })) : null,
  }, { headers: ADMIN_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = () => adminMeta('Заявки посетителей');

export const handle: AdminHandle = { capability: 'leads.read' };

const dateTime = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { leads, total, page, pageSize, filter, branches, branchNames } = loaderData;
  const query = new URLSearchParams(Object.entries(filter).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  const filtered = query.size > 0;
  return (
    <>
      <h1 className={styles.title}>Заявки посетителей</h1>
      <p className={styles.lead}>Запросы коммерческих предложений со страниц моделей, заявки на сервис и на финансирование — новые сверху. Каждая заявка отправлена письмом в филиал посетителя. Всего: {total}.</p>
      <Form method="get" className={styles.filters}>
        <SelectFilter label="Вид" name="kind" value={filter.kind} options={LEAD_KINDS.map((k) => ({ value: k, label: LEAD_KIND_LABELS[k] }))} />
        <SelectFilter label="Состояние" name="status" value={filter.status} options={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))} />
        {branches ? <SelectFilter label="Филиал" name="branch" value={filter.branch} all="Все филиалы" options={branches.map((b) => ({ value: b.id, label: b.name }))} /> : null}
        <button type="submit" className="btn btn-secondary">Показать</button>
        {filtered ? <Link to={PATH}>Сбросить</Link> : null}
      </Form>
      <div className={styles.tableWrap}>
        {leads.length === 0 ? <p className={styles.empty}>{total > 0 ? 'На этой странице заявок нет.' : filtered ? 'Заявок по этим условиям нет.' : 'Заявок нет.'}</p> : (
          <table className={styles.table}>
            <thead><tr><th>Заявка</th><th>Что нужно</th><th>Посетитель</th><th>Филиал</th><th>Состояние</th></tr></thead>
            <tbody>
              {leads.map((lead) => (
                <tr key={lead.id} data-testid="lead">
                  <td className={styles.nowrap}><Link to={`${PATH}/${lead.id}`}>№ {lead.id}</Link><br /><span className={styles.muted}>{dateTime.format(new Date(lead.createdAt))}</span></td>
                  <td>{LEAD_KIND_LABELS[lead.kind]}: {leadSubject(lead)}</td>
                  <td>{lead.name}<br /><span className={styles.muted}>{formatPhoneDisplay(lead.phone)}{lead.email ? ` · ${lead.email}` : ''}</span></td>
                  <td>{lead.branchId !== null ? branchNames[lead.branchId] ?? lead.branchId : 'без филиала'}</td>
                  <td>
                    <span className={styles.tag}>{LEAD_STATUS_LABELS[lead.status]}</span>
                    {lead.assignee ? <><br /><span className={styles.muted}>{lead.assignee.name}</span></> : null}
                    {lead.deliveryState !== 'sent' ? <><br /><span className={styles.muted}>{lead.deliveryState === 'pending' ? 'письмо ждёт отправки' : 'письмо не доставлено'}</span></> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <Pager path={PATH} query={query} page={page} hasNext={page * pageSize < total} label="Страницы заявок" />
    </>
  );
}
