import { data } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import { requirePrintRequest } from '#app/.server/pdf/print-request.ts';
import { invoiceForPrint } from '#app/modules/orders/invoice.server.ts';
import { InvoiceDocument } from '#app/modules/orders/ui/InvoiceDocument.tsx';
import type { Route } from './+types/print.invoice.$number';

/**
 * An order's invoice as the printer prints it. `v` is the version the PDF will be kept under: a
 * page that no longer matches it (the order changed meanwhile) is refused, so a file never holds
 * another version than its name says.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  requirePrintRequest(context);
  const outcome = await invoiceForPrint(context.get(pageContext).services, params.number);
  if (!outcome.ok) throw data(null, { status: 404 });
  if (new URL(request.url).searchParams.get('v') !== outcome.version) throw data(null, { status: 409 });
  return { invoice: outcome.invoice };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => [{ title: d ? `Счёт на оплату № ${d.invoice.number}` : 'Счёт на оплату' }];

export default function PrintInvoice({ loaderData: { invoice } }: Route.ComponentProps) {
  return <InvoiceDocument invoice={invoice} />;
}
