import { Form, data, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { firstIssueByField } from '#app/components/forms/form.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { RATE_CURRENCIES, rateText } from '#app/modules/financing/exchange-rates.rules.ts';
import { RATE_MESSAGES, listRates, rateInput, ratesOn, setRate } from '#app/modules/financing/exchange-rates.server.ts';
import { financingToday } from '#app/modules/financing/financing.server.ts';
import type { Route } from './+types/admin.financing.rates';

export const handle: AdminHandle = { capability: 'financing.manage' };

/**
 * `/admin/financing/rates` (ADR 102): roubles for a dollar, euro, yuan and tenge from a day. An offer
 * in another currency than the carriers' gets its delivery price converted with the rates of the day.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const today = financingToday();
  const [rates, inForce] = await Promise.all([listRates(ctx.services.db), ratesOn(ctx.services.db, today)]);
  return data({ rates, inForce: Object.fromEntries(inForce), today, csrf: ctx.csrfToken }, { headers: ADMIN_HEADERS });
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const form = Object.fromEntries(await request.formData());
  const parsed = rateInput.safeParse(form);
  if (!parsed.success) return data({ errors: firstIssueByField(parsed.error.issues), toast: null }, { status: 400 });
  await setRate(ctx.services, staff, parsed.data, ctx.ip);
  return data({ errors: {} as Record<string, string>, toast: RATE_MESSAGES.saved(parsed.data.currency, parsed.data.fromDate) });
}

export const meta = () => adminMeta('Курсы валют');

type RateRow = Route.ComponentProps['loaderData']['rates'][number];
const day = (iso: string) => iso.split('-').reverse().join('.');

export default function AdminRates({ loaderData, actionData }: Route.ComponentProps) {
  const { rates, inForce, today, csrf } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const errors: Record<string, string> = actionData?.errors ?? {};
  const columns: ReadonlyArray<Column<RateRow>> = [
    { id: 'currency', header: 'Валюта', primary: true, cell: (r) => r.currency },
    { id: 'from', header: 'С даты', cell: (r) => day(r.fromDate) },
    { id: 'rate', header: 'Рублей за единицу', cell: (r) => rateText(r.rubE4) },
    { id: 'state', header: '', cell: (r) => (r.fromDate > today ? <span className={styles.tag}>вступит в силу</span> : inForce[r.currency] === r.rubE4 && rates.find((x) => x.currency === r.currency && x.fromDate <= today) === r ? <span className={styles.tag}>действует</span> : null) },
  ];
  return (
    <>
      <p><Link to="/admin/financing">← Финансирование</Link></p>
      <h1 className={styles.title}>Курсы валют</h1>
      <p className={styles.lead}>Рубли за единицу валюты с даты вступления в силу. Доставку в предложениях в долларах, евро и юанях пересчитывают по курсу дня.</p>
      <Toast message={actionData?.toast ?? null} token={actionData ?? null} />
      <Form method="post" className={styles.filters} aria-label="Новый курс">
        <input type="hidden" name="_csrf" value={csrf} />
        <label>Валюта<select name="currency" defaultValue="USD">{RATE_CURRENCIES.map((c) => <option key={c} value={c}>{c}</option>)}</select></label>
        <label>С даты<input type="date" name="fromDate" defaultValue={today} required /></label>
        <label>Рублей за единицу<input name="rate" inputMode="decimal" required placeholder="92,5" /></label>
        <button type="submit" className="btn btn-brand" disabled={busy}>Сохранить курс</button>
      </Form>
      {Object.keys(errors).length ? <p className={styles.error} role="alert">{Object.values(errors).join(' ')}</p> : null}
      <DataTable caption="Курсы валют" columns={columns} rows={rates} rowKey={(r) => `${r.currency}:${r.fromDate}`} rowTestId="rate-row" empty="Курсов нет: доставка в валюте считается по запросу." />
    </>
  );
}
