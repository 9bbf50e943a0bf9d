import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Link } from '#app/components/ui/Link.tsx';
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

export default function AdminBranches({ loaderData }: Route.ComponentProps) {
  const { branches } = loaderData;
  return (
    <>
      <h1 className={styles.title}>Филиалы</h1>
      <p className={styles.lead}>Адреса, телефоны и часы работы — для страницы контактов и шапки сайта; реквизиты — для счетов.</p>
      <div className={styles.tableWrap}>
        {branches.length === 0 ? <p className={styles.empty}>Филиалов нет.</p> : (
          <table className={styles.table}>
            <thead><tr><th>Филиал</th><th>Город</th><th>Страна</th><th>Счета</th></tr></thead>
            <tbody>
              {branches.map((b) => (
                <tr key={b.id} data-testid="branch-row">
                  <td><Link to={`/admin/branches/${b.id}`}>{b.name}</Link>{b.hasDraft ? <> <span className={styles.tag}>черновик</span></> : null}</td>
                  <td>{b.city}</td>
                  <td>{b.countryCode === 'RU' ? 'Россия' : 'Казахстан'}</td>
                  <td>{b.invoices ? 'выставляются' : <span className={styles.muted}>нет реквизитов</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}
