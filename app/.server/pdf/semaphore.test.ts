import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.ts';

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once, the rest in order, and frees a slot when a task fails', async () => {
    const s = new Semaphore(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (i: number) => s.run(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      order.push(i);
      running -= 1;
      if (i === 1) throw new Error('boom');
      return i;
    });
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map(task));
    expect(most).toBe(2);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(order.slice(0, 2).sort()).toEqual([0, 1]);
    expect(s.running).toBe(0);
  });

  it('refuses a limit below one', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});
