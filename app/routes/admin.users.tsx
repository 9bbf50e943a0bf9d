import { Form, data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { ROLES, ROLE_LABELS } from '#app/modules/auth/capabilities.rules.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { userFilter } from '#app/modules/auth/staff-users.schema.ts';
import { listUsers, roleCounts } from '#app/modules/auth/staff-users.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import type { Route } from './+types/admin.users';

export const handle: AdminHandle = { capability: 'users.manage' };

const PATH = '/admin/users';

/** Accounts by name, e-mail, phone or number, and by role; newest first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const filter = userFilter.parse(Object.fromEntries(url.searchParams));
  const [list, counts, { branches }] = await Promise.all([listUsers(ctx.services.db, filter), roleCounts(ctx.services.db), regionDirectory(ctx.services)]);
  return data({ ...list, filter: { q: filter.q, role: filter.role ?? '' }, counts, branches: Object.fromEntries(branches.map((b) => [b.id, b.name])) }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Пользователи');

const date = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' });

type UserRow = Route.ComponentProps['loaderData']['rows'][number];

function columns(branches: Record<string, string>): ReadonlyArray<Column<UserRow>> {
  return [
    { id: 'id', header: '№', nowrap: true, cell: (u) => u.id },
    { id: 'name', header: 'Имя', primary: true, cell: (u) => <RowLink to={`${PATH}/${u.id}`}>{u.name || 'без имени'}</RowLink> },
    { id: 'contacts', header: 'Контакты', cell: (u) => <>{u.email ?? ''}{u.email && u.phone ? <br /> : null}{u.phone ? formatPhoneDisplay(u.phone) : ''}</> },
    { id: 'roles', header: 'Роли', cell: (u) => (u.roles.length ? u.roles.map((r) => <span key={r} className={styles.tag}>{ROLE_LABELS[r]}</span>) : <span className={styles.muted}>покупатель</span>) },
    { id: 'branch', header: 'Филиал', cell: (u) => (u.staffBranchId !== null ? branches[u.staffBranchId] ?? u.staffBranchId : <span className={styles.muted}>—</span>) },
    { id: 'since', header: 'С нами с', nowrap: true, cell: (u) => date.format(new Date(u.createdAt)) },
  ];
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { rows, page, hasNext, filter, counts, branches } = loaderData;
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== ''));
  return (
    <>
      <h1 className={styles.title}>Пользователи</h1>
      <p className={styles.lead}>Роли открывают разделы бэк-офиса и кабинет поставщика; сотрудник филиала видит заказы и заявки своего филиала.</p>
      <Form method="get" className={styles.filters} role="search">
        <label>Поиск<input type="search" name="q" defaultValue={filter.q} placeholder="Имя, e-mail, телефон или №" maxLength={100} /></label>
        <label>Роль
          <select name="role" defaultValue={filter.role}>
            <option value="">Все</option>
            <option value="staff">Сотрудники компании</option>
            {ROLES.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]} ({counts[r]})</option>)}
          </select>
        </label>
        <button type="submit" className="btn btn-secondary">Найти</button>
      </Form>
      <DataTable
        caption="Пользователи"
        columns={columns(branches)}
        rows={rows}
        rowKey={(u) => u.id}
        rowTestId="user-row"
        empty={filter.q || filter.role ? 'Никого не нашли. Измените условия поиска.' : 'Пользователей пока нет.'}
      />
      <Pager path={PATH} query={query} page={page} hasNext={hasNext} label="Страницы пользователей" />
    </>
  );
}
