import { CURRENCY_LABELS, type CurrencyCode } from '#app/lib/money.ts';
import { SCHEDULE_METHOD_LABELS, type Schedule } from '../financing.rules.ts';
import styles from './FinancingEstimate.module.css';

const kopecks = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const share = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dates = new Intl.DateTimeFormat('ru-RU', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
const shortDates = new Intl.DateTimeFormat('ru-RU', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: '2-digit' });

/** Minor units to the kopeck, the Russian way: 3 400 221,11. */
export const formatAmount = (minor: number) => kopecks.format(minor / 100);
export const formatDay = (iso: string) => dates.format(new Date(`${iso}T00:00:00Z`));
const formatShortDay = (iso: string) => shortDates.format(new Date(`${iso}T00:00:00Z`));

/** Rows shown while the schedule is collapsed (the advance and the first payments); fewer on a phone (CSS). */
export const COLLAPSED_ROWS = 6;

/**
 * One schedule as a table (ADR 082): date, payment, its share of the price, paid so far; the
 * advance is the first row. Collapsed, it shows the first rows; the totals are always there.
 */
export function ScheduleTable({ schedule, currency, expanded }: { schedule: Schedule; currency: CurrencyCode; expanded: boolean }) {
  const label = CURRENCY_LABELS[currency];
  const { rows, totals } = schedule;
  const shown = expanded ? rows : rows.slice(0, COLLAPSED_ROWS);
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid={`schedule-${schedule.method}`}>
        <caption>{SCHEDULE_METHOD_LABELS[schedule.method]}, {label}</caption>
        <thead>
          <tr><th scope="col">Дата</th><th scope="col">Платёж</th><th scope="col" title="Доля стоимости техники">%</th><th scope="col">Выплачено</th></tr>
        </thead>
        <tbody>
          {shown.map((r, index) => (
            <tr key={r.n} className={!expanded && index >= 3 ? styles.desktopOnly : undefined} data-testid="schedule-row">
              {/* The advance is paid on the start date: the row says so instead of the date. */}
              <td title={formatDay(r.date)}>{r.prepay > 0 ? 'аванс' : formatShortDay(r.date)}</td>
              <td>{formatAmount(r.prepay > 0 ? r.prepay : r.sum)}</td>
              <td>{share.format(r.percent)}</td>
              <td>{formatAmount(r.total)}</td>
            </tr>
          ))}
          {!expanded && rows.length > shown.length ? (
            <tr className={styles.more}><td colSpan={4}>…</td></tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr><th scope="row" colSpan={2}>Всего, {totals.count}&nbsp;плат.</th><td colSpan={2} data-testid="schedule-paid">{formatAmount(totals.paid)}</td></tr>
          <tr>
            <th scope="row" colSpan={2}>Переплата</th>
            <td colSpan={2} data-testid="schedule-overpayment">{formatAmount(totals.overpayment)} <span className={styles.tag}>({share.format(totals.overpaymentPercent)}&nbsp;%)</span></td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
