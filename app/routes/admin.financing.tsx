import type { ReactNode } from 'react';
import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { FINANCING_KIND_LABELS, monthList, type ProgrammeTerms } from '#app/modules/financing/financing.rules.ts';
import { COUNTRY_LABELS } from '#app/modules/financing/financing.schema.ts';
import { listProgrammesForEditing } from '#app/modules/financing/financing.server.ts';
import { formatDay } from '#app/modules/financing/ui/ScheduleTable.tsx';
import type { Route } from './+types/admin.financing';

export const handle: AdminHandle = { capability: 'financing.manage' };

/** The financing programmes (ADR 082): each with its terms today and the next change already set. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  return data({ programmes: await listProgrammesForEditing(ctx.services) }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Финансирование');

const rate = (t: ProgrammeTerms) => `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(t.annualRatePercent)} %`;

type ProgrammeRow = Route.ComponentProps['loaderData']['programmes'][number];

/** A column of today's terms; a programme not in force today says so there. */
const terms = (draw: (t: ProgrammeTerms) => ReactNode) => (p: ProgrammeRow) => (p.current ? draw(p.current) : <span className={styles.muted}>не действует</span>);

const COLUMNS: ReadonlyArray<Column<ProgrammeRow>> = [
  {
    id: 'name', header: 'Программа', primary: true,
    cell: (p) => <><RowLink to={`/admin/financing/${p.id}`}>{p.name}</RowLink>{p.current && !p.current.active ? <> <span className={styles.tag}>закрыта</span></> : null}</>,
  },
  { id: 'kind', header: 'Вид', cell: (p) => FINANCING_KIND_LABELS[p.kind] },
  { id: 'country', header: 'Страна', cell: (p) => `${COUNTRY_LABELS[p.countryCode]}, ${p.currency}` },
  { id: 'rate', header: 'Ставка', cell: terms((t) => <span className={styles.nowrap}>{rate(t)}</span>) },
  { id: 'term', header: 'Срок, мес.', cell: terms((t) => <span className={styles.nowrap}>{t.minTermMonths}–{t.maxTermMonths}</span>) },
  { id: 'advance', header: 'Аванс от', cell: terms((t) => `${t.minAdvancePercent} %`) },
  { id: 'seasonal', header: 'Сезонный график', cell: terms((t) => (t.seasonalMonths.length ? monthList(t.seasonalMonths) : '—')) },
  { id: 'defer', header: 'Отсрочка', cell: terms((t) => (t.maxDeferMonths ? `до ${t.maxDeferMonths} мес.` : '—')) },
  { id: 'next', header: 'Дальше', cell: (p) => (p.next ? <span className={styles.nowrap}>с {formatDay(p.next.fromDate)}: {p.next.active ? rate(p.next) : 'закрывается'}</span> : '—') },
];

export default function AdminFinancing({ loaderData }: Route.ComponentProps) {
  const { programmes } = loaderData;
  return (
    <>
      <h1 className={styles.title}>Финансирование</h1>
      <p className={styles.lead}>
        Программы лизинга, кредита, займа и рассрочки: ставки и условия с даты вступления в силу. Расчёт платежей в заявке
        на <Link to="/finansirovanie">/finansirovanie</Link> и в коммерческих предложениях берёт условия, действующие на дату расчёта.
      </p>
      <p><Link to="/admin/financing/new" className="btn btn-brand">Новая программа</Link> <Link to="/admin/financing/rates" className="btn btn-secondary">Курсы валют</Link></p>
      <DataTable caption="Программы финансирования" columns={COLUMNS} rows={programmes} rowKey={(p) => p.id} rowTestId="programme-row" empty="Программ нет." />
    </>
  );
}
