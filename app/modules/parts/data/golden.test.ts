import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizePartCode } from '../part-code.rules.ts';
import { RULES, goldenQueries } from './golden.ts';

describe('the golden list of part-number queries', () => {
  const committed = JSON.parse(readFileSync(new URL('./part-lookup-golden.json', import.meta.url), 'utf8')) as unknown;

  it('is committed as golden.ts makes it (run write-golden.ts after changing the demo parts)', () => {
    expect(committed).toEqual(goldenQueries());
  });

  it('holds at least 200 queries, every way of typing among them, most not as printed', () => {
    const queries = goldenQueries();
    expect(queries.length).toBeGreaterThanOrEqual(200);
    for (const [rule] of RULES) expect(queries.filter((q) => q.rule === rule).length, rule).toBeGreaterThanOrEqual(8);
    expect(queries.filter((q) => q.query !== q.code).length / queries.length).toBeGreaterThan(0.85);
    // Most wrong-layout queries are not the code by normalisation alone: the layout rule must do the
    // work (a few, 'С 6446' for 'C 6446', come out as look-alikes).
    const layout = queries.filter((q) => q.rule === 'wrong layout');
    expect(layout.filter((q) => normalizePartCode(q.query) !== normalizePartCode(q.code)).length / layout.length).toBeGreaterThan(0.8);
  });
});
