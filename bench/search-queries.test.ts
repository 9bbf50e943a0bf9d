import { describe, expect, it } from 'vitest';
import { asYouTypeQueries } from './search-queries.ts';

describe('the benchmark\'s search queries', () => {
  it('are many, distinct, stable and typed as visitors type (prefixes, the other layout, typos)', () => {
    const queries = asYouTypeQueries();
    expect(queries.length).toBeGreaterThan(1_500);
    expect(new Set(queries).size).toBe(queries.length);
    expect(asYouTypeQueries()).toEqual(queries);
    expect(queries).toContain('кир');
    expect(queries).toContain('rbhjdtw');
    expect(queries.every((q) => q.length >= 3)).toBe(true);
  });
});
