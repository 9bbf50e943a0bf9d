import Big from 'big.js';

/*
 * Payment schedules of installment, leasing, loan and credit (issue 30 point 5, ADR 082). Pure and
 * isomorphic: the financing request dialog of /finansirovanie computes its estimate with it in the
 * browser, offers (and their PDFs) on the server. Money is integer minor units (kopecks, tiyn) at the
 * boundary; inside, every figure is a `big.js` decimal, rounded half up to the minor unit where it
 * becomes an amount someone pays.
 *
 * The model, one engine for every variant:
 * - i = annual rate / 12 / 100, the nominal monthly rate (an estimate: a bank's own contract may count
 *   interest by days; the schedule is what a customer compares programmes by). Installment (рассрочка)
 *   is a programme whose rate is usually 0: the same formulas with i = 0.
 * - The advance (prepay) is paid on the start date: row 0, only when there is one. The debt is
 *   D = price − advance.
 * - Deferred first payment (deferMonths = N): nothing is paid in months 1…N, and the interest of each
 *   of those months is CAPITALISED — added to the debt month by month (each month's interest rounded
 *   to the kopeck), so D' = D·(1+i)^N. The first payment is at month N+1 and the payments of months
 *   N+1…term repay D'. (Paying the deferred interest at the first payment instead would make that
 *   payment a surprise; capitalising keeps every payment of the annuity equal.)
 * - Payment months: every month N+1…term after the start; seasonal: only those whose calendar month
 *   is in `paymentMonths` (after the harvest). Between two payments interest accrues on the unpaid
 *   debt without compounding and is paid with the next payment: period rate r_k = i·m_k, where m_k
 *   is the months since the previous payment (or since the deferral ended, or the start).
 * - Annuity: equal payments A with Σ_k A·Π_{j≤k}(1+r_j)^−1 = D'. With every m_k = 1 that is the
 *   textbook A = D'·i / (1 − (1+i)^−n); with i = 0, A = D'/n. A is rounded to the kopeck.
 * - Differentiated: the principal is repaid in equal parts D'/n (rounded), plus the period's
 *   interest on what is left: payment_k = D'/n + remaining_k·r_k.
 * - Each payment's interest is round(remaining·r_k); its principal is the payment less the interest.
 *   The LAST payment repays exactly what remains (the remainder of all rounding), so the principal
 *   paid always sums to D' to the kopeck.
 */

/** Spec §3/§4 payment types that are financed (prepayment, booking and sber are not schedules). */
export const FINANCING_KINDS = ['installment', 'leasing', 'loan', 'credit'] as const;
export type FinancingKind = (typeof FINANCING_KINDS)[number];
export const FINANCING_KIND_LABELS: Record<FinancingKind, string> = { installment: 'Рассрочка', leasing: 'Лизинг', loan: 'Заём', credit: 'Кредит' };

export const SCHEDULE_METHODS = ['annuity', 'differentiated'] as const;
export type ScheduleMethod = (typeof SCHEDULE_METHODS)[number];
export const SCHEDULE_METHOD_LABELS: Record<ScheduleMethod, string> = { annuity: 'Равные платежи', differentiated: 'Убывающие платежи' };

export const TERM_MONTHS_LIMIT = 360;
export const DEFER_MONTHS_LIMIT = 24;
export const MONTH_NAMES = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'] as const;

export interface ScheduleInput {
  /** The machine's price, minor units. */
  price: number;
  /** Paid on the start date, minor units (0: none). */
  advance: number;
  /** Months from the start to the last possible payment, deferral included. */
  termMonths: number;
  /** Nominal annual rate, percent (12.5 for 12,5 %). */
  annualRatePercent: number;
  kind: FinancingKind;
  method: ScheduleMethod;
  /** 'YYYY-MM-DD': the advance's date; payment k falls k months later (the day clamped to the month's end). */
  startDate: string;
  /** Payments only in these calendar months (1 = January). */
  seasonal?: { paymentMonths: readonly number[] };
  /** The first payment comes after this many months, their interest capitalised. */
  deferMonths?: number;
}

export interface ScheduleRow {
  /** 0 is the advance; 1… the payments. */
  n: number;
  date: string;
  /** The share of the price this row pays (its sum and prepay), percent to two decimals. */
  percent: number;
  /** The payment: principal + interest, minor units. */
  sum: number;
  principal: number;
  interest: number;
  /** The advance paid on this date (row 0), minor units. */
  prepay: number;
  /** Paid so far, the advance included, minor units. */
  total: number;
  /** Debt left after this row, minor units. */
  balance: number;
}

export interface ScheduleTotals {
  /** What was financed: price − advance. */
  financed: number;
  /** Interest added to the debt during the deferral. */
  capitalised: number;
  /** Number of payments (the advance not counted). */
  count: number;
  /** Sum of the payments (the advance not counted). */
  payments: number;
  /** All interest: capitalised and paid. */
  interest: number;
  /** Advance and payments together. */
  paid: number;
  /** Paid beyond the price. */
  overpayment: number;
  /** The overpayment as a share of the price, percent to two decimals. */
  overpaymentPercent: number;
  firstPayment: number;
  lastPayment: number;
  maxPayment: number;
}

export interface Schedule { method: ScheduleMethod; kind: FinancingKind; rows: ScheduleRow[]; totals: ScheduleTotals }

// A constructor of our own: its precision and rounding never touch another user of big.js.
// Twenty decimals carry amounts up to 10¹³ kopecks over 360 periods far below half a kopeck.
const Dec = Big();
Dec.DP = 20;
Dec.RM = Big.roundHalfUp;

// Shares are shown to two decimals: four computed are enough to round them half up correctly.
const Share = Big();
Share.DP = 4;
Share.RM = Big.roundHalfUp;

// Divisions whose quotient is an amount: big.js rounds a quotient to DP places with RM itself,
// correctly (it looks at the remainder), so no digits beyond the kopeck are ever worked out.
const Minor = Big();
Minor.DP = 0;
Minor.RM = Big.roundHalfUp;

const percentOf = (part: number, whole: number): number => (whole === 0 ? 0 : Number(new Share(part).times(100).div(whole).round(2, Big.roundHalfUp)));

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(date: string): { y: number; m: number; d: number } | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const y = Number(match[1]), m = Number(match[2]), d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1 || d > daysIn(y, m)) return null;
  return { y, m, d };
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `date` plus `months`, the day clamped to the month's length: 31 January + 1 → 28 (29) February. */
export function addMonths(date: string, months: number): string {
  const start = parseDate(date);
  if (!start) throw new RangeError(`Not a date: ${date}`);
  const index = start.m - 1 + months;
  const y = start.y + Math.floor(index / 12);
  const m = (index % 12 + 12) % 12 + 1;
  const d = Math.min(start.d, daysIn(y, m));
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const monthOf = (date: string): number => Number(date.slice(5, 7));

/** The months after the start (1…term) in which a payment falls. */
function paymentMonthsOf(input: Pick<ScheduleInput, 'startDate' | 'termMonths' | 'seasonal' | 'deferMonths'>): number[] {
  const months: number[] = [];
  for (let k = (input.deferMonths ?? 0) + 1; k <= input.termMonths; k++) {
    if (!input.seasonal || input.seasonal.paymentMonths.includes(monthOf(addMonths(input.startDate, k)))) months.push(k);
  }
  return months;
}

const isWhole = (v: number, min: number, max: number) => Number.isInteger(v) && v >= min && v <= max;

/** What is wrong with the input, in the visitor's words; null when a schedule can be made. */
export function scheduleProblem(input: ScheduleInput): string | null {
  if (!Number.isSafeInteger(input.price) || input.price <= 0) return 'Укажите стоимость техники';
  if (!Number.isSafeInteger(input.advance) || input.advance < 0) return 'Аванс не может быть отрицательным';
  if (input.advance >= input.price) return 'Аванс должен быть меньше стоимости техники';
  if (!isWhole(input.termMonths, 1, TERM_MONTHS_LIMIT)) return `Срок — от 1 до ${TERM_MONTHS_LIMIT} месяцев`;
  if (!Number.isFinite(input.annualRatePercent) || input.annualRatePercent < 0 || input.annualRatePercent > 100) return 'Ставка — от 0 до 100 % годовых';
  if (!(FINANCING_KINDS as readonly string[]).includes(input.kind)) return 'Неизвестный вид финансирования';
  if (!(SCHEDULE_METHODS as readonly string[]).includes(input.method)) return 'Неизвестный вид графика';
  if (!parseDate(input.startDate)) return 'Неверная дата начала';
  const defer = input.deferMonths ?? 0;
  if (!isWhole(defer, 0, DEFER_MONTHS_LIMIT) || defer >= input.termMonths) return 'Отсрочка должна быть меньше срока';
  if (input.seasonal) {
    const months = input.seasonal.paymentMonths;
    if (months.length === 0 || months.some((m) => !isWhole(m, 1, 12))) return 'Выберите месяцы платежей';
  }
  if (paymentMonthsOf(input).length === 0) return 'В сроке нет ни одного месяца платежа: увеличьте срок или выберите другие месяцы';
  return null;
}

/**
 * The schedule of `input`, to the kopeck. Throws on input `scheduleProblem` refuses: callers check
 * first (a form shows the problem; a stored offer never holds one).
 */
export function calculateSchedule(input: ScheduleInput): Schedule {
  const problem = scheduleProblem(input);
  if (problem) throw new RangeError(problem);
  // i = rate / 1200 is never rounded: a period's rate r = rate·m / 1200 is applied as a product and
  // one division by a short number, which keeps every figure exact to 20 decimals and quick
  // (big.js divides in time proportional to the divisor's digits).
  const rate = new Dec(input.annualRatePercent);
  const interestOf = (debt: Big, months: number): Big => new Minor(debt).times(rate).times(months).div(1200);
  const financed = input.price - input.advance;
  const rows: ScheduleRow[] = [];
  let paid = input.advance;
  let balance = new Dec(financed);
  if (input.advance > 0) {
    rows.push({ n: 0, date: input.startDate, percent: percentOf(input.advance, input.price), sum: 0, principal: 0, interest: 0, prepay: input.advance, total: paid, balance: financed });
  }

  // The deferral: each month's interest joins the debt.
  const defer = input.deferMonths ?? 0;
  let capitalised = new Dec(0);
  for (let k = 1; k <= defer; k++) {
    const interest = interestOf(balance, 1);
    capitalised = capitalised.plus(interest);
    balance = balance.plus(interest);
  }

  const months = paymentMonthsOf(input);
  const count = months.length;
  const periods = months.map((k, j) => k - (j === 0 ? defer : months[j - 1]!));
  let level: Big;
  if (input.method === 'annuity') {
    // A = D' / Σ_k Π_{j≤k} (1 + r_j)^−1; with equal periods the textbook D'·i / (1 − (1+i)^−n).
    // A period's factor (1 + rate·m/1200)^−1 = 1200 / (1200 + rate·m) is divided once per length
    // of period (one, for a monthly schedule); the running product is then only multiplied.
    const factors = new Map<number, Big>();
    let discount = new Dec(1);
    let sum = new Dec(0);
    for (const m of periods) {
      let factor = factors.get(m);
      if (!factor) factors.set(m, (factor = new Dec(1200).div(rate.times(m).plus(1200))));
      discount = discount.times(factor).round(Dec.DP);
      sum = sum.plus(discount);
    }
    level = new Minor(balance).div(sum);
  } else {
    level = new Minor(balance).div(count);
  }

  let interestPaid = new Dec(0);
  let firstPayment = 0, lastPayment = 0, maxPayment = 0, payments = 0;
  months.forEach((k, j) => {
    const interest = interestOf(balance, periods[j]!);
    const last = j === count - 1;
    let principal = last ? balance : input.method === 'annuity' ? level.minus(interest) : level;
    // Tiny debts: rounding must never repay more than is owed before the last payment.
    if (principal.lt(0)) principal = new Dec(0);
    if (principal.gt(balance)) principal = balance;
    balance = balance.minus(principal);
    interestPaid = interestPaid.plus(interest);
    const sum = Number(principal.plus(interest));
    paid += sum;
    payments += sum;
    if (j === 0) firstPayment = sum;
    lastPayment = sum;
    maxPayment = Math.max(maxPayment, sum);
    rows.push({
      n: j + 1, date: addMonths(input.startDate, k), percent: percentOf(sum, input.price),
      sum, principal: Number(principal), interest: Number(interest), prepay: 0, total: paid, balance: Number(balance),
    });
  });

  const interest = Number(capitalised.plus(interestPaid));
  return {
    method: input.method, kind: input.kind, rows,
    totals: {
      financed, capitalised: Number(capitalised), count, payments, interest, paid,
      overpayment: paid - input.price, overpaymentPercent: percentOf(paid - input.price, input.price),
      firstPayment, lastPayment, maxPayment,
    },
  };
}

/* Programmes and their terms with effective dates (financing_programme, financing_terms; migration 0035). */

/** A programme's conditions from a date on; the ones in force on a date are the latest not after it. */
export interface ProgrammeTerms {
  fromDate: string;
  annualRatePercent: number;
  minTermMonths: number;
  maxTermMonths: number;
  /** Percent of the price. */
  minAdvancePercent: number;
  /** Calendar months a seasonal schedule pays in; empty: no seasonal schedule. */
  seasonalMonths: number[];
  /** The longest deferral of the first payment; 0: none. */
  maxDeferMonths: number;
  /** False: the programme is closed from this date. */
  active: boolean;
}

/** The terms in force on `date` ('YYYY-MM-DD'): the latest whose fromDate is not after it; null before the first. */
export function termsOn<T extends { fromDate: string }>(terms: readonly T[], date: string): T | null {
  let found: T | null = null;
  for (const t of terms) if (t.fromDate <= date && (!found || t.fromDate > found.fromDate)) found = t;
  return found;
}

/** What a schedule asks of a programme that it does not allow, in the visitor's words; null when it fits. */
export function programmeProblem(terms: ProgrammeTerms, input: Pick<ScheduleInput, 'price' | 'advance' | 'termMonths' | 'seasonal' | 'deferMonths'>): string | null {
  if (!terms.active) return 'Программа закрыта';
  if (input.termMonths < terms.minTermMonths || input.termMonths > terms.maxTermMonths) {
    return `Срок по программе — от ${terms.minTermMonths} до ${terms.maxTermMonths} месяцев`;
  }
  if (input.price > 0 && new Dec(input.advance).times(100).lt(new Dec(input.price).times(terms.minAdvancePercent))) {
    return `Аванс по программе — не меньше ${terms.minAdvancePercent} % стоимости`;
  }
  if (input.seasonal && terms.seasonalMonths.length === 0) return 'Сезонный график по программе не предусмотрен';
  if ((input.deferMonths ?? 0) > terms.maxDeferMonths) {
    return terms.maxDeferMonths === 0 ? 'Отсрочка по программе не предусмотрена' : `Отсрочка по программе — не больше ${terms.maxDeferMonths} мес.`;
  }
  return null;
}

/** The smallest advance a programme allows for a price, minor units (rounded up to the kopeck). */
export function minAdvanceOf(terms: Pick<ProgrammeTerms, 'minAdvancePercent'>, price: number): number {
  return Number(new Dec(price).times(terms.minAdvancePercent).div(100).round(0, Big.roundUp));
}

/** 'сентябрь, октябрь, ноябрь' */
export function monthList(months: readonly number[]): string {
  return [...months].sort((a, b) => a - b).map((m) => MONTH_NAMES[m - 1]).join(', ');
}
