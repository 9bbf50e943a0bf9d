import { describe, expect, it } from 'vitest';
import { createChecker, decideAutoPublish, emptyReport, positionKey, reportLines, SeenKeys } from './check.rules.ts';
import type { NormalisedRow } from './pricelist.schema.ts';

const row = (code: string, price: number | null, brand = 'MANN', line = 1): NormalisedRow => ({
  line, part: 'p.csv', code, brand, name: '', price, currency: 'RUB', stock: null, multiplicity: 1, minOrder: 1, leadTimeDays: null,
});
const thresholds = { maxErrorPercent: 5, maxPriceJumpPercent: 10, maxUnknownBrandPercent: 20, maxShrinkPercent: 30 };

describe('checking rows', () => {
  it('marks duplicates of code and brand (any case), unknown brands and price jumps, and counts them', () => {
    const checker = createChecker({
      knownBrands: new Set(['Mann', 'BOSCH']),
      previousPrices: new Map([[positionKey('A-1', 'MANN'), 10000], [positionKey('B-2', 'BOSCH'), 10000]]),
      priceJumpPercent: 30,
    });
    expect(checker.check(row('A-1', 20000), []).codes).toEqual(['price_jump']);
    expect(checker.check(row('a-1', 20000, 'mann'), [])).toMatchObject({ codes: ['duplicate'], ok: false });
    expect(checker.check(row('A-1', 20000, 'BOSCH'), []).codes).toEqual([]);
    expect(checker.check(row('B-2', 11000, 'BOSCH'), []).codes).toEqual([]);
    expect(checker.check(row('C-3', 100, 'Noname'), []).codes).toEqual(['unknown_brand']);
    expect(checker.check(row('', null), ['empty_code', 'bad_price']).ok).toBe(false);
    expect(checker.report).toMatchObject({ rows: 6, okRows: 4, errorRows: 2, compared: 2, counts: { price_jump: 1, duplicate: 1, unknown_brand: 1, empty_code: 1, bad_price: 1 } });
    expect(reportLines(checker.report).map((l) => l.label)).toContain('Повтор: этот код с этим брендом уже был в файле');
  });
});

describe('publishing by itself', () => {
  it('publishes a clean list', () => {
    const report = { ...emptyReport(), rows: 100, okRows: 100 };
    expect(decideAutoPublish(report, thresholds)).toEqual({ decision: 'publish', reasons: [] });
  });

  it('holds a list with a file problem, too many errors, jumps or unknown brands, or a full list that shrank', () => {
    const reasons = (report: ReturnType<typeof emptyReport>, more = {}) => decideAutoPublish(report, { ...thresholds, ...more }).reasons.map((r) => r.code);
    expect(reasons({ ...emptyReport(), fileProblems: [{ code: 'layout_changed' }] })).toEqual(['file_problem', 'empty']);
    expect(reasons({ ...emptyReport(), rows: 100, okRows: 90, errorRows: 10 })).toEqual(['too_many_errors']);
    expect(reasons({ ...emptyReport(), rows: 100, okRows: 100, compared: 50, counts: { price_jump: 6 } })).toEqual(['too_many_price_jumps']);
    expect(reasons({ ...emptyReport(), rows: 100, okRows: 100, counts: { unknown_brand: 21 } })).toEqual(['too_many_unknown_brands']);
    expect(reasons({ ...emptyReport(), rows: 100, okRows: 100 }, { previousRows: 1000 })).toEqual(['list_shrank']);
    expect(reasons({ ...emptyReport('delta'), rows: 100, okRows: 100 }, { previousRows: 1000 })).toEqual([]);
    expect(decideAutoPublish({ ...emptyReport(), rows: 100, okRows: 90, errorRows: 10 }, thresholds).reasons[0]!.label).toBe('Слишком много строк с ошибками');
  });
});

describe('the positions seen', () => {
  it('tell every new key from a repeated one across growth', () => {
    const seen = new SeenKeys();
    for (let i = 0; i < 100_000; i++) expect(seen.add(`RS-${i}\u0001РОСТСЕЛЬМАШ`)).toBe(true);
    for (let i = 0; i < 100_000; i += 997) expect(seen.add(`RS-${i}\u0001РОСТСЕЛЬМАШ`)).toBe(false);
    expect(seen.add('')).toBe(true);
    expect(seen.add('')).toBe(false);
    expect(seen.size).toBe(100_001);
  });
});
