import { Outlet, data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { AdminShell, AdminShellBare } from '#app/layout/AdminShell.tsx';
import { ADMIN_HEADERS, ADMIN_SECTIONS } from '#app/layout/admin-sections.ts';
import { BackofficeError } from '#app/layout/BackofficeError.tsx';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import type { Route } from './+types/admin.layout';

/**
 * The back-office's area (ADR 073). Its middleware lets only holders of 'backoffice.enter' past,
 * before any of its screens' loaders or actions run, so a screen that forgot its own check still
 * shows nothing to a customer, a supplier or a guest (403; a guest is offered to sign in). Each
 * screen then requires its own capability. No page here is cached or loads the shop's data.
 * (React Router renders an error of a middleware at the root's boundary, which draws this area's.)
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context }) => {
    await requireCapability(context.get(requestContext), 'backoffice.enter');
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, 'backoffice.enter');
  const { branches } = await regionDirectory(ctx.services);
  return data({
    name: staff.name,
    branch: branches.find((b) => b.id === staff.branchId)?.name ?? null,
    sections: ADMIN_SECTIONS.filter((s) => staff.capabilities.has(s.capability)).map(({ to, label }) => ({ to, label })),
  }, { headers: ADMIN_HEADERS });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export const meta = () => [{ name: 'robots', content: 'noindex, nofollow' }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell name={loaderData.name} branch={loaderData.branch} sections={loaderData.sections}>
      <Outlet />
    </AdminShell>
  );
}

/** A screen refused (403), missing (404) or failed: the shell without the visitor's navigation. */
export function ErrorBoundary() {
  return <AdminShellBare><BackofficeError /></AdminShellBare>;
}
