import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.ts';

describe('retryDelayMs', () => {
  const letters = { baseMs: 30_000, maxMs: 6 * 3_600_000 };

  it('waits the base after the first failure and doubles it after each next one', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, letters))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
  });

  it('never waits more than the maximum, however many tries failed', () => {
    expect(retryDelayMs(11, letters)).toBe(6 * 3_600_000);
    expect(retryDelayMs(10, letters)).toBe(30_000 * 2 ** 9);
    expect(retryDelayMs(1_000, letters)).toBe(6 * 3_600_000);
  });

  it('treats a try number below one as the first', () => {
    expect(retryDelayMs(0, letters)).toBe(30_000);
  });
});
