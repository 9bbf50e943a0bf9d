import { useEffect, useMemo, useState } from 'react';
import { useOptionalRootData } from '#app/components/page/root-data.ts';
import { api } from '#app/lib/api.ts';
import {
  FINANCING_KIND_LABELS, SCHEDULE_METHODS, calculateSchedule, monthList, programmeProblem, scheduleProblem, type FinancingKind, type Schedule, type ScheduleInput,
} from '../financing.rules.ts';
import type { ProgrammeView } from '../financing.schema.ts';
import { ScheduleTable } from './ScheduleTable.tsx';
import styles from './FinancingEstimate.module.css';

export interface FinancingEstimateProps {
  /** The kinds of programme to offer: leasing, or credit with its loan and installment programmes. */
  kinds: readonly FinancingKind[];
  /** Minor units; null while the field holds no amount. */
  price: number | null;
  advance: number | null;
  termMonths: number | null;
}

type Loaded = { date: string; programmes: ProgrammeView[] } | 'failed' | null;

/**
 * The live estimate of a financing request (ADR 082): the programmes open today for the visitor's
 * country (`GET /api/financing/programmes`, the same for everyone), and for the chosen one the
 * annuity and differentiated schedules side by side, recomputed in the browser with the module's
 * rules whenever the price, advance, term, programme, seasonal schedule or deferral changes.
 */
export function FinancingEstimate({ kinds, price, advance, termMonths }: FinancingEstimateProps) {
  const country = useOptionalRootData()?.location.country.code ?? 'RU';
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [programmeId, setProgrammeId] = useState<number | null>(null);
  const [seasonal, setSeasonal] = useState(false);
  const [deferMonths, setDeferMonths] = useState(0);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    let live = true;
    api<{ date: string; programmes: ProgrammeView[] }>('GET', `/api/financing/programmes?country=${country}`).then((answer) => {
      if (live) setLoaded(answer.error_status === 'success' ? { date: answer.date, programmes: answer.programmes } : 'failed');
    });
    return () => { live = false; };
  }, [country]);

  const choices = useMemo(() => (loaded && loaded !== 'failed' ? loaded.programmes.filter((p) => kinds.includes(p.kind)) : []), [loaded, kinds]);
  const programme = choices.find((p) => p.id === programmeId) ?? choices[0] ?? null;
  const useSeasonal = seasonal && (programme?.seasonalMonths.length ?? 0) > 0;
  const defer = Math.min(deferMonths, programme?.maxDeferMonths ?? 0);

  const input: ScheduleInput | null = programme && loaded && loaded !== 'failed' && price !== null && termMonths !== null ? {
    price, advance: advance ?? 0, termMonths, annualRatePercent: programme.annualRatePercent, kind: programme.kind, method: 'annuity',
    startDate: loaded.date, seasonal: useSeasonal ? { paymentMonths: programme.seasonalMonths } : undefined, deferMonths: defer,
  } : null;
  const problem = input ? scheduleProblem(input) : null;
  const schedules = input && !problem ? schedulesOf(input) : [];

  if (loaded === null) return <section className={styles.estimate} aria-busy="true" data-testid="financing-estimate"><p className={styles.note}>Загружаем программы финансирования…</p></section>;
  if (loaded === 'failed') return null; // The request still goes: the manager calculates.
  if (!programme) return null;
  const warning = input && !problem ? programmeProblem(programme, input) : null;
  const longest = schedules.reduce((n, s) => Math.max(n, s.rows.length), 0);
  return (
    <section className={styles.estimate} aria-labelledby="financing-estimate-title" data-testid="financing-estimate">
      <h3 id="financing-estimate-title" className={styles.title}>Предварительный график платежей</h3>
      <div className={styles.options}>
        {choices.length > 1 ? (
          <label className={styles.option}>
            <span>Программа</span>
            <select value={programme.id} onChange={(e) => setProgrammeId(Number(e.currentTarget.value))} data-testid="financing-programme">
              {choices.map((p) => <option key={p.id} value={p.id}>{p.name} — {rateText(p.annualRatePercent)}</option>)}
            </select>
          </label>
        ) : <p className={styles.option}>{FINANCING_KIND_LABELS[programme.kind]}: «{programme.name}», {rateText(programme.annualRatePercent)}</p>}
        {programme.seasonalMonths.length > 0 ? (
          <label className={styles.check}>
            <input type="checkbox" checked={useSeasonal} onChange={(e) => setSeasonal(e.currentTarget.checked)} />
            <span>Сезонный график — платежи только после уборки: {monthList(programme.seasonalMonths)}</span>
          </label>
        ) : null}
        {programme.maxDeferMonths > 0 ? (
          <label className={styles.option}>
            <span>Отсрочка первого платежа</span>
            <select value={defer} onChange={(e) => setDeferMonths(Number(e.currentTarget.value))} data-testid="financing-defer">
              {Array.from({ length: programme.maxDeferMonths + 1 }, (_, m) => <option key={m} value={m}>{m === 0 ? 'нет' : `${m} мес.`}</option>)}
            </select>
          </label>
        ) : null}
      </div>
      {input === null || problem ? (
        <p className={styles.note} data-testid="financing-estimate-hint">{problem ?? 'Укажите стоимость техники и срок — здесь появится расчёт платежей.'}</p>
      ) : (
        <>
          {warning ? <p className={styles.warning} role="status">{warning}. Расчёт показан для сравнения.</p> : null}
          <div className={styles.pair}>
            {schedules.map((s) => <ScheduleTable key={s.method} schedule={s} currency={programme.currency} expanded={expanded} />)}
          </div>
          {longest > 3 ? (
            <button type="button" className={styles.toggle} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? 'Свернуть график' : 'Показать весь график'}
            </button>
          ) : null}
          <p className={styles.note}>
            Расчёт предварительный: {rateText(programme.annualRatePercent)} годовых{defer > 0 ? `, проценты за ${defer} мес. отсрочки прибавляются к долгу` : ''}.
            {' '}Последний платёж выравнивает копейки округления. Точные условия подтвердит менеджер.
          </p>
        </>
      )}
    </section>
  );
}

/** The last pair of schedules: recomputed when a figure or an option changes, not on every render of the form. */
let last: { key: string; schedules: Schedule[] } | null = null;

function schedulesOf(input: ScheduleInput): Schedule[] {
  const key = JSON.stringify(input);
  if (last?.key !== key) last = { key, schedules: SCHEDULE_METHODS.map((method) => calculateSchedule({ ...input, method })) };
  return last.schedules;
}

function rateText(percent: number): string {
  return `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(percent)} %`;
}
