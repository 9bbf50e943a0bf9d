import { describe, expect, it } from 'vitest';
import {
  addMonths, calculateSchedule, minAdvanceOf, programmeProblem, scheduleProblem, termsOn, type ProgrammeTerms, type ScheduleInput,
} from './financing.rules.ts';

/*
 * Every figure below is worked by hand (in kopecks) in the comment above its expectation: i is the
 * monthly rate, each interest is the remaining debt × the period's rate rounded half up to the
 * kopeck, the last payment repays what is left.
 */

const base: ScheduleInput = {
  price: 12_000_000, advance: 2_000_000, termMonths: 3, annualRatePercent: 12, kind: 'credit', method: 'annuity', startDate: '2026-01-31',
};
const pick = (rows: ReturnType<typeof calculateSchedule>['rows']) => rows.map((r) => [r.n, r.date, r.sum, r.principal, r.interest, r.prepay, r.total, r.balance]);

describe('the annuity schedule', () => {
  it('pays equal payments, the last one taking the remainder of the rounding', () => {
    // 120 000,00 ₽, advance 20 000,00 ₽: debt D = 10 000 000 kop; 12 % a year: i = 0,01; n = 3.
    // A = D·i / (1 − (1+i)^−3) = 100 000 / (1 − 0,970590147…) = 3 400 221,11… → 3 400 221.
    // 1: interest 10 000 000 × 0,01 = 100 000; principal 3 300 221; left 6 699 779.
    // 2: interest 66 997,79 → 66 998; principal 3 333 223; left 3 366 556.
    // 3: interest 33 665,56 → 33 666; principal 3 366 556 (all that is left); payment 3 400 222.
    const s = calculateSchedule(base);
    expect(pick(s.rows)).toEqual([
      [0, '2026-01-31', 0, 0, 0, 2_000_000, 2_000_000, 10_000_000],
      [1, '2026-02-28', 3_400_221, 3_300_221, 100_000, 0, 5_400_221, 6_699_779],
      [2, '2026-03-31', 3_400_221, 3_333_223, 66_998, 0, 8_800_442, 3_366_556],
      [3, '2026-04-30', 3_400_222, 3_366_556, 33_666, 0, 12_200_664, 0],
    ]);
    // Shares of the price: 2 000 000 / 12 000 000 = 16,666…→ 16,67 %; 3 400 221 / 12 000 000 = 28,3351…→ 28,34 %.
    expect(s.rows.map((r) => r.percent)).toEqual([16.67, 28.34, 28.34, 28.34]);
    // Interest 100 000 + 66 998 + 33 666 = 200 664 = the overpayment; 200 664 / 12 000 000 = 1,6722 % → 1,67 %.
    expect(s.totals).toEqual({
      financed: 10_000_000, capitalised: 0, count: 3, payments: 10_200_664, interest: 200_664, paid: 12_200_664,
      overpayment: 200_664, overpaymentPercent: 1.67, firstPayment: 3_400_221, lastPayment: 3_400_222, maxPayment: 3_400_222,
    });
  });

  it('at 0 % (an installment) divides the debt, the last payment taking the leftover kopeck', () => {
    // 100 000,00 ₽ over 3 months: 10 000 000 / 3 = 3 333 333,33 → 3 333 333, 3 333 333, and 3 333 334.
    const s = calculateSchedule({ ...base, kind: 'installment', price: 10_000_000, advance: 0, annualRatePercent: 0 });
    expect(s.rows.map((r) => r.sum)).toEqual([3_333_333, 3_333_333, 3_333_334]);
    expect(s.rows.every((r) => r.interest === 0)).toBe(true);
    expect(s.totals.overpayment).toBe(0);
    expect(s.rows.at(-1)!.total).toBe(10_000_000);
  });
});

describe('the differentiated schedule', () => {
  it('repays equal parts of the debt plus the interest on what is left', () => {
    // D = 10 000 000 kop, no advance, i = 0,01, n = 3: a part is 3 333 333,33 → 3 333 333.
    // 1: interest 100 000; payment 3 433 333; left 6 666 667.
    // 2: interest 66 666,67 → 66 667; payment 3 400 000; left 3 333 334.
    // 3: interest 33 333,34 → 33 333; principal 3 333 334 (the remainder); payment 3 366 667.
    const s = calculateSchedule({ ...base, method: 'differentiated', price: 10_000_000, advance: 0 });
    expect(pick(s.rows)).toEqual([
      [1, '2026-02-28', 3_433_333, 3_333_333, 100_000, 0, 3_433_333, 6_666_667],
      [2, '2026-03-31', 3_400_000, 3_333_333, 66_667, 0, 6_833_333, 3_333_334],
      [3, '2026-04-30', 3_366_667, 3_333_334, 33_333, 0, 10_200_000, 0],
    ]);
    // 100 000 + 66 667 + 33 333 = 200 000: less than the annuity's 200 664, the debt falling faster.
    expect(s.totals.interest).toBe(200_000);
    expect(s.totals.overpaymentPercent).toBe(2);
  });
});

describe('the seasonal schedule', () => {
  // 1 000 000,00 ₽ from 15 June 2026 for 16 months, paid only in September and October (after the harvest):
  // months 3 (15.09.2026), 4 (15.10.2026), 15 (15.09.2027), 16 (15.10.2027); the periods are 3, 1, 11 and 1
  // months, their rates 0,03, 0,01, 0,11 and 0,01 (interest accrues month by month and is paid with the payment).
  const seasonal: ScheduleInput = {
    price: 100_000_000, advance: 0, termMonths: 16, annualRatePercent: 12, kind: 'leasing', method: 'differentiated',
    startDate: '2026-06-15', seasonal: { paymentMonths: [9, 10] },
  };

  it('differentiated: a quarter of the debt each time, with the interest of the months since the last payment', () => {
    // 1: 100 000 000 × 0,03 = 3 000 000 + 25 000 000 = 28 000 000; left 75 000 000.
    // 2: 75 000 000 × 0,01 = 750 000 + 25 000 000 = 25 750 000; left 50 000 000.
    // 3: 50 000 000 × 0,11 = 5 500 000 + 25 000 000 = 30 500 000; left 25 000 000.
    // 4: 25 000 000 × 0,01 = 250 000 + 25 000 000 = 25 250 000.
    const s = calculateSchedule(seasonal);
    expect(s.rows.map((r) => [r.date, r.sum, r.interest, r.balance])).toEqual([
      ['2026-09-15', 28_000_000, 3_000_000, 75_000_000],
      ['2026-10-15', 25_750_000, 750_000, 50_000_000],
      ['2027-09-15', 30_500_000, 5_500_000, 25_000_000],
      ['2027-10-15', 25_250_000, 250_000, 0],
    ]);
    expect(s.totals.interest).toBe(9_500_000);
  });

  it('annuity: equal payments over unequal periods', () => {
    // A = D / Σ Π(1+r)^−1 = 100 000 000 / (1/1,03 + 1/1,0403 + 1/1,154733 + 1/1,16628033)
    //   = 100 000 000 / 3,6555573… = 27 355 568,82 → 27 355 569.
    // 1: interest 3 000 000, principal 24 355 569, left 75 644 431.
    // 2: interest 756 444,31 → 756 444, principal 26 599 125, left 49 045 306.
    // 3: interest 5 394 983,66 → 5 394 984, principal 21 960 585, left 27 084 721.
    // 4: interest 270 847,21 → 270 847, principal 27 084 721: 27 355 568 (a kopeck less: the remainder).
    const s = calculateSchedule({ ...seasonal, method: 'annuity' });
    expect(s.rows.map((r) => [r.sum, r.principal, r.interest, r.balance])).toEqual([
      [27_355_569, 24_355_569, 3_000_000, 75_644_431],
      [27_355_569, 26_599_125, 756_444, 49_045_306],
      [27_355_569, 21_960_585, 5_394_984, 27_084_721],
      [27_355_568, 27_084_721, 270_847, 0],
    ]);
  });

  it('refuses months in which nothing falls within the term', () => {
    expect(scheduleProblem({ ...seasonal, termMonths: 2 })).toBe('В сроке нет ни одного месяца платежа: увеличьте срок или выберите другие месяцы');
    expect(scheduleProblem({ ...seasonal, seasonal: { paymentMonths: [] } })).toBe('Выберите месяцы платежей');
    expect(scheduleProblem({ ...seasonal, seasonal: { paymentMonths: [13] } })).toBe('Выберите месяцы платежей');
  });
});

describe('the deferred first payment', () => {
  // D = 10 000 000 kop, i = 0,01, 5 months of which 2 deferred: their interest is capitalised,
  // 10 000 000 → + 100 000 = 10 100 000 → + 101 000 = 10 201 000 (capitalised 201 000); payments in months 3, 4, 5.
  const deferred: ScheduleInput = { ...base, price: 10_000_000, advance: 0, termMonths: 5, deferMonths: 2, startDate: '2026-03-10' };

  it('annuity: the grown debt repaid in equal payments from month 3', () => {
    // A = 10 201 000 × 0,01 / (1 − 1,01^−3) = 3 468 565,56 → 3 468 566.
    // 1: interest 102 010, principal 3 366 556, left 6 834 444.
    // 2: interest 68 344,44 → 68 344, principal 3 400 222, left 3 434 222.
    // 3: interest 34 342,22 → 34 342, principal 3 434 222: 3 468 564.
    const s = calculateSchedule(deferred);
    expect(s.rows.map((r) => [r.date, r.sum, r.principal, r.interest, r.balance])).toEqual([
      ['2026-06-10', 3_468_566, 3_366_556, 102_010, 6_834_444],
      ['2026-07-10', 3_468_566, 3_400_222, 68_344, 3_434_222],
      ['2026-08-10', 3_468_564, 3_434_222, 34_342, 0],
    ]);
    // 201 000 capitalised + 102 010 + 68 344 + 34 342 = 405 696 = paid 10 405 696 − price 10 000 000.
    expect(s.totals).toMatchObject({ capitalised: 201_000, interest: 405_696, payments: 10_405_696, overpayment: 405_696, count: 3 });
  });

  it('differentiated: a third of the grown debt each month', () => {
    // 10 201 000 / 3 = 3 400 333,33 → 3 400 333.
    // 1: interest 102 010 → 3 502 343, left 6 800 667. 2: 68 006,67 → 68 007 → 3 468 340, left 3 400 334.
    // 3: 34 003,34 → 34 003, principal 3 400 334 → 3 434 337.
    const s = calculateSchedule({ ...deferred, method: 'differentiated' });
    expect(s.rows.map((r) => r.sum)).toEqual([3_502_343, 3_468_340, 3_434_337]);
    expect(s.totals.interest).toBe(201_000 + 102_010 + 68_007 + 34_003);
  });

  it('with a seasonal schedule: the first allowed month after the deferral', () => {
    // From 15 June, 3 months deferred (July–September), payments only in September and October:
    // September (month 3) is still deferred, so October 2026 and, 12 months on, September and October 2027.
    const s = calculateSchedule({ ...deferred, termMonths: 16, deferMonths: 3, startDate: '2026-06-15', seasonal: { paymentMonths: [9, 10] } });
    expect(s.rows.map((r) => r.date)).toEqual(['2026-10-15', '2027-09-15', '2027-10-15']);
    // Capitalised: 100 000, then 101 000, then 102 010 → 303 010; the October payment's period is 1 month.
    expect(s.totals.capitalised).toBe(303_010);
    expect(s.rows[0]!.interest).toBe(103_030); // 10 303 010 × 0,01 = 103 030,10
  });

  it('must be shorter than the term', () => {
    expect(scheduleProblem({ ...deferred, deferMonths: 5 })).toBe('Отсрочка должна быть меньше срока');
  });
});

describe('the rules around a schedule', () => {
  it('repays the whole debt to the kopeck for any term up to 84 months and awkward prices', () => {
    for (const method of ['annuity', 'differentiated'] as const) {
      for (const termMonths of [1, 7, 13, 36, 84]) {
        const s = calculateSchedule({ ...base, method, termMonths, price: 1_234_567_89, advance: 111_111_11, annualRatePercent: 17.35 });
        const principal = s.rows.reduce((sum, r) => sum + r.principal, 0);
        expect(principal).toBe(1_234_567_89 - 111_111_11);
        expect(s.rows.at(-1)!.balance).toBe(0);
        expect(s.totals.paid).toBe(s.rows.at(-1)!.total);
        expect(s.totals.payments).toBe(s.rows.reduce((sum, r) => sum + r.sum, 0));
        if (method === 'annuity') expect(new Set(s.rows.slice(1, -1).map((r) => r.sum)).size).toBeLessThanOrEqual(1);
      }
    }
  });

  it('adds months keeping the day or the month’s last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-05-15', 84)).toBe('2033-05-15');
  });

  it('names what is wrong with the input in Russian', () => {
    expect(scheduleProblem(base)).toBeNull();
    expect(scheduleProblem({ ...base, price: 0 })).toBe('Укажите стоимость техники');
    expect(scheduleProblem({ ...base, advance: 12_000_000 })).toBe('Аванс должен быть меньше стоимости техники');
    expect(scheduleProblem({ ...base, termMonths: 0 })).toBe('Срок — от 1 до 360 месяцев');
    expect(scheduleProblem({ ...base, annualRatePercent: -1 })).toBe('Ставка — от 0 до 100 % годовых');
    expect(scheduleProblem({ ...base, startDate: '2026-02-30' })).toBe('Неверная дата начала');
    expect(() => calculateSchedule({ ...base, price: -5 })).toThrow('Укажите стоимость техники');
  });

  it('takes the terms in force on a date: the latest from a date not after it', () => {
    const terms = [{ fromDate: '2026-01-01', rate: 12 }, { fromDate: '2026-07-01', rate: 14 }, { fromDate: '2026-03-01', rate: 13 }];
    expect(termsOn(terms, '2025-12-31')).toBeNull();
    expect(termsOn(terms, '2026-01-01')?.rate).toBe(12);
    expect(termsOn(terms, '2026-06-30')?.rate).toBe(13);
    expect(termsOn(terms, '2026-07-01')?.rate).toBe(14);
  });

  it('holds a schedule to its programme’s limits', () => {
    const terms: ProgrammeTerms = {
      fromDate: '2026-01-01', annualRatePercent: 0, minTermMonths: 6, maxTermMonths: 12, minAdvancePercent: 30, seasonalMonths: [], maxDeferMonths: 0, active: true,
    };
    const fits = { price: 10_000_000, advance: 3_000_000, termMonths: 6 };
    expect(programmeProblem(terms, fits)).toBeNull();
    expect(programmeProblem(terms, { ...fits, termMonths: 13 })).toBe('Срок по программе — от 6 до 12 месяцев');
    expect(programmeProblem(terms, { ...fits, advance: 2_999_999 })).toBe('Аванс по программе — не меньше 30 % стоимости');
    expect(programmeProblem(terms, { ...fits, seasonal: { paymentMonths: [9] } })).toBe('Сезонный график по программе не предусмотрен');
    expect(programmeProblem(terms, { ...fits, deferMonths: 1 })).toBe('Отсрочка по программе не предусмотрена');
    expect(programmeProblem({ ...terms, active: false }, fits)).toBe('Программа закрыта');
    expect(minAdvanceOf(terms, 10_000_001)).toBe(3_000_001); // 3 000 000,3 rounded up
  });
});
