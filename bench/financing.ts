/**
 * The financing calculator's budget (issue 30, ADR 082): an 84-month schedule within 5 ms. Times
 * `calculateSchedule` (app/modules/financing/financing.rules.ts, pure: no build, no database) for
 * 84 months, annuity and differentiated, plain, seasonal and deferred, after a warm-up, and prints
 * the p50, p95 and worst time of each. Exits 1 when a p95 is over budget.
 *
 *   npm run bench:financing -- [--runs=2000]
 */
import { parseArgs } from 'node:util';
import { calculateSchedule, type ScheduleInput } from '../app/modules/financing/financing.rules.ts';

const BUDGET_MS = 5;
const { values } = parseArgs({ options: { runs: { type: 'string', default: '2000' } } });
const RUNS = Number(values.runs);

const plain: ScheduleInput = {
  price: 1_845_000_000, advance: 369_000_000, termMonths: 84, annualRatePercent: 16.4, kind: 'leasing', method: 'annuity', startDate: '2026-11-28',
};
const cases: Array<[string, ScheduleInput]> = [
  ['annuity', plain],
  ['differentiated', { ...plain, method: 'differentiated' }],
  ['seasonal annuity', { ...plain, seasonal: { paymentMonths: [9, 10, 11] } }],
  ['deferred annuity', { ...plain, deferMonths: 6 }],
  ['deferred seasonal differentiated', { ...plain, method: 'differentiated', deferMonths: 6, seasonal: { paymentMonths: [9, 10, 11] } }],
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
let over = false;
for (const [name, input] of cases) {
  for (let i = 0; i < 200; i++) calculateSchedule(input);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    rows = calculateSchedule(input).rows.length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = quantile(times, 0.95);
  if (p95 > BUDGET_MS) over = true;
  console.log(`${name.padEnd(34)} ${String(rows).padStart(3)} rows  p50 ${quantile(times, 0.5).toFixed(3)} ms  p95 ${p95.toFixed(3)} ms  max ${times.at(-1)!.toFixed(3)} ms  ${p95 <= BUDGET_MS ? 'ok' : `over the ${BUDGET_MS} ms budget`}`);
}
process.exit(over ? 1 : 0);
