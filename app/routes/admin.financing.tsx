import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { FINANCING_KIND_LABELS, monthList, type ProgrammeTerms } from '#app/modules/financing/financing.rules.ts';
import { COUNTRY_LABELS } from '#app/modules/financing/financing.schema.ts';
import { financingToday, listProgrammesForEditing } from '#app/modules/financing/financing.server.ts';
import { formatDay } from '#app/modules/financing/ui/ScheduleTable.tsx';
import type { Route } from './+types/admin.financing';

export const handle: AdminHandle = { capability: 'financing.manage' };

/** The financing programmes (ADR 082): each with its terms today and the next change already set. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const today = financingToday();
  return data({ programmes: await listProgrammesForEditing(ctx.services, today), today }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Финансирование');

const rate = (t: ProgrammeTerms) => `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(t.annualRatePercent)} %`;

export default function AdminFinancing({ loaderData }: Route.ComponentProps) {
  const { programmes, today } = loaderData;
  return (
    <>
      <h1 className={styles.title}>Финансирование</h1>
      <p className={styles.lead}>
        Программы лизинга, кредита, займа и рассрочки: ставки и условия с даты вступления в силу. Расчёт платежей в заявке
        на <Link to="/finansirovanie">/finansirovanie</Link> и в коммерческих предложениях берёт условия, действующие на дату расчёта.
      </p>
      <p><Link to="/admin/financing/new" className="btn btn-brand">Новая программа</Link></p>
      <div className={styles.tableWrap}>
        {programmes.length === 0 ? <p className={styles.empty}>Программ нет.</p> : (
          <table className={styles.table}>
            <thead><tr><th>Программа</th><th>Вид</th><th>Страна</th><th>Ставка</th><th>Срок, мес.</th><th>Аванс от</th><th>Сезонный график</th><th>Отсрочка</th><th>Дальше</th></tr></thead>
            <tbody>
              {programmes.map((p) => {
                const t = p.current;
                return (
                  <tr key={p.id} data-testid="programme-row">
                    <td><Link to={`/admin/financing/${p.id}`}>{p.name}</Link>{t && !t.active ? <> <span className={styles.tag}>закрыта</span></> : null}</td>
                    <td>{FINANCING_KIND_LABELS[p.kind]}</td>
                    <td>{COUNTRY_LABELS[p.countryCode]}, {p.currency}</td>
                    {t ? (
                      <>
                        <td className={styles.nowrap}>{rate(t)}</td>
                        <td className={styles.nowrap}>{t.minTermMonths}–{t.maxTermMonths}</td>
                        <td>{t.minAdvancePercent} %</td>
                        <td>{t.seasonalMonths.length ? monthList(t.seasonalMonths) : '—'}</td>
                        <td>{t.maxDeferMonths ? `до ${t.maxDeferMonths} мес.` : '—'}</td>
                      </>
                    ) : <td colSpan={5} className={styles.muted}>не действует на {formatDay(today)}</td>}
                    <td className={styles.nowrap}>{p.next ? <>с {formatDay(p.next.fromDate)}: {p.next.active ? rate(p.next) : 'закрывается'}</> : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}
