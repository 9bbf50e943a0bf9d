import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nowMs, resetClock } from '#app/.server/clock.ts';
import type { AppServices } from '#app/.server/context.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testClient } from './test-client.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });
afterEach(() => resetClock());

const offset = () => nowMs() - Date.now();

describe('POST /__test/clock', () => {
  it('moves the server clock forward in a server started with NODE_ENV=test', async () => {
    const res = await testClient(t.services).post('/__test/clock', { advanceMs: 31_000 });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(offset()).toBeGreaterThanOrEqual(30_900);
  });

  it('refuses what is not a forward move of whole milliseconds', async () => {
    for (const advanceMs of [-1, 1.5, '1000', 10 * 366 * 86_400_000]) {
      const res = await testClient(t.services).post('/__test/clock', { advanceMs });
      expect(res.status, String(advanceMs)).toBe(400);
      expect((await res.json()).message).toBe('advanceMs: целое число миллисекунд от 0 до года');
    }
    expect(Math.abs(offset())).toBeLessThan(1_000);
  });

  // A movable clock voids every limit (code locks, tries, windows, link lifetimes): it must not exist
  // in any mode a visitor can reach.
  it.each([
    ['production', false], ['production', true], ['development', false], ['development', true],
  ] as const)('does not exist with NODE_ENV=%s, DEMO=%s', async (NODE_ENV, DEMO) => {
    const services: AppServices = {
      ...t.services,
      config: { ...t.services.config, NODE_ENV, DEMO, isProduction: NODE_ENV === 'production' },
      // The outbox has its own guard; this test is about the clock only.
      providers: { ...t.services.providers, sandbox: false },
    };
    const res = await testClient(services).post('/__test/clock', { advanceMs: 3_600_000 });
    expect(res.status).toBe(404);
    expect(Math.abs(offset())).toBeLessThan(1_000);
  });
});
