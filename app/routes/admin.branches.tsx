import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { listBranchesForEditing } from '#app/modules/regions/branch-editing.server.ts';
import type { Route } from './+types/admin.branches';

export const handle: AdminHandle = { capability: 'branch.manage' };

/** The branches whose contacts and requisites the staff member keeps: his own, or all for the head office. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  return data({ branches: await listBranchesForEditing(ctx.services, staff.branchId) }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Филиалы');

type BranchRow = Route.ComponentProps['loaderData']['branches'][number];

const COLUMNS: ReadonlyArray<Column<BranchRow>> = [
  { id: 'name', header: 'Филиал', primary: true, cell: (b) => <><RowLink to={`/admin/branches/${b.id}`}>{b.name}</RowLink>{b.hasDraft ? <> <span className={styles.tag}>черновик</span></> : null}</> },
  { id: 'city', header: 'Город', cell: (b) => b.city },
  { id: 'country', header: 'Страна', cell: (b) => (b.countryCode === 'RU' ? 'Россия' : 'Казахстан') },
  { id: 'invoices', header: 'Счета', cell: (b) => (b.invoices ? 'выставляются' : <span className={styles.muted}>нет реквизитов</span>) },
];

export default function AdminBranches({ loaderData }: Route.ComponentProps) {
  const { branches } = loaderData;
  return (
    <>
      <h1 className={styles.title}>Филиалы</h1>
      <p className={styles.lead}>Адреса, телефоны и часы работы — для страницы контактов и шапки сайта; реквизиты — для счетов.</p>
      <DataTable caption="Филиалы" columns={COLUMNS} rows={branches} rowKey={(b) => b.id} rowTestId="branch-row" empty="Филиалов нет." />
    </>
  );
}
