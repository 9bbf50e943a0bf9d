import { Outlet, data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { AdminShell, AdminShellBare } from '#app/layout/AdminShell.tsx';
import { ADMIN_HEADERS } from '#app/layout/admin-sections.ts';
import { BackofficeError } from '#app/layout/BackofficeError.tsx';
import { SUPPLIER_CABINET } from '#app/layout/staff-areas.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import type { Route } from './+types/suppliers.layout';

/** The cabinet's sections (issue 32). */
const SUPPLIER_SECTIONS = [
  { to: '/suppliers', label: 'Сводка' },
  { to: '/suppliers/files', label: 'Прайс-листы' },
  { to: '/suppliers/mails', label: 'Письма' },
  { to: '/suppliers/api', label: 'API' },
  { to: '/suppliers/processing-logs', label: 'Журнал обработки' },
  { to: '/suppliers/notifications', label: 'Уведомления' },
] as const;

/**
 * The supplier cabinet's area (ADR 073): the back-office's shell for suppliers and parts-portal
 * users ('suppliers.cabinet'). Its middleware refuses everyone else before any screen's loader runs
 * (403; a guest is offered to sign in). Nothing here is cached or indexed.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context }) => {
    await requireCapability(context.get(requestContext), 'suppliers.cabinet');
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = await requireCapability(context.get(requestContext), 'suppliers.cabinet');
  return data({ name: staff.name }, { headers: ADMIN_HEADERS });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export const meta = () => [{ title: 'Кабинет поставщика' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function SuppliersLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell area={SUPPLIER_CABINET} name={loaderData.name} sections={[...SUPPLIER_SECTIONS]}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminShellBare area={SUPPLIER_CABINET}><BackofficeError /></AdminShellBare>;
}
