import { monthList, type ProgrammeTerms } from '../financing.rules.ts';
import { formatDay } from './ScheduleTable.tsx';
import styles from './FinancingEstimate.module.css';

const rate = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** A programme's terms by date, newest first, the ones in force today and the ones to come marked (ADR 082). */
export function TermsHistory({ terms, today }: { terms: readonly ProgrammeTerms[]; today: string }) {
  const inForce = [...terms].reverse().find((t) => t.fromDate <= today) ?? null;
  return (
    <div className={styles.scroll}>
      <table className={`${styles.table} ${styles.history}`} data-testid="terms-history">
        <caption>Условия по датам</caption>
        <thead><tr><th scope="col">С</th><th scope="col">Ставка</th><th scope="col">Срок, мес.</th><th scope="col">Аванс</th><th scope="col">Сезон</th><th scope="col">Отсрочка</th></tr></thead>
        <tbody>
          {[...terms].reverse().map((t) => (
            <tr key={t.fromDate}>
              <td>{formatDay(t.fromDate)}{t === inForce ? <> <span className={styles.tag}>действует</span></> : t.fromDate > today ? <> <span className={styles.tag}>будет</span></> : null}</td>
              {t.active ? (
                <>
                  <td>{rate.format(t.annualRatePercent)}&nbsp;%</td>
                  <td>{t.minTermMonths}–{t.maxTermMonths}</td>
                  <td>{t.minAdvancePercent}&nbsp;%</td>
                  <td className={styles.wrap}>{t.seasonalMonths.length ? monthList(t.seasonalMonths) : '—'}</td>
                  <td>{t.maxDeferMonths ? `${t.maxDeferMonths} мес.` : '—'}</td>
                </>
              ) : <td colSpan={5}>программа закрыта</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
