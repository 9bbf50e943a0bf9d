import { Outlet } from 'react-router';
import { requirePrintRequest } from '#app/.server/pdf/print-request.ts';
import { PrintShell } from '#app/layout/PrintShell.tsx';
import type { Route } from './+types/print';

/** The print area's layout: the app's printer only (404 for any request from outside), no shop shell. */
export function loader({ context }: Route.LoaderArgs) {
  requirePrintRequest(context);
  return null;
}

/** `print` leaves the scripts out of the document (root.tsx); the area has no shop shell (routes.ts). */
export const handle = { print: true };

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };
}

export default function PrintArea() {
  return (
    <PrintShell>
      <Outlet />
    </PrintShell>
  );
}
