import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshedPerDb } from './search.cache.server.ts';

beforeEach(() => { vi.useFakeTimers({ now: 0 }); });
afterEach(() => { vi.useRealTimers(); });

describe('refreshedPerDb', () => {
  it('loads once, then reloads in the background when old, answering the previous value meanwhile', async () => {
    const db = {};
    let version = 0;
    const load = vi.fn(async () => ++version);
    const get = refreshedPerDb(1000, load);
    expect(await get(db)).toBe(1);
    vi.setSystemTime(999);
    expect(await get(db)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1000);
    expect(await get(db)).toBe(1); // old: the reload starts, the caller does not wait for it
    expect(await get(db)).toBe(2); // the reload has answered
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps one value per handle', async () => {
    const get = refreshedPerDb(1000, async (key: { n: number }) => key.n);
    expect([await get({ n: 1 }), await get({ n: 2 })]).toEqual([1, 2]);
  });

  it('forgets a failed first load, and keeps the old value when a reload fails', async () => {
    const db = {};
    const load = vi.fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce('words')
      .mockRejectedValueOnce(new Error('down again'))
      .mockResolvedValueOnce('new words');
    const get = refreshedPerDb(1000, load);
    await expect(get(db)).rejects.toThrow('down');
    expect(await get(db)).toBe('words');
    vi.setSystemTime(1000);
    expect(await get(db)).toBe('words'); // reload fails in the background
    expect(await get(db)).toBe('words');
    expect(load).toHaveBeenCalledTimes(3);
    vi.setSystemTime(2000); // another ttl later it tries again
    expect(await get(db)).toBe('words');
    expect(await get(db)).toBe('new words');
  });
});
