import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db/test-database.ts';
import { hitRateLimits, pruneRateLimits } from './rate-limit.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });

describe('hitRateLimits', () => {
  const rules = [{ name: 'test:ip', limit: 2, windowMs: 60_000 }];

  it('allows up to the limit in a window, then refuses with the wait until the next window', async () => {
    const now = new Date('2026-11-21T10:00:10Z');
    expect(await hitRateLimits(t.db, '203.0.113.5', rules, now)).toEqual({ ok: true });
    expect(await hitRateLimits(t.db, '203.0.113.5', rules, now)).toEqual({ ok: true });
    expect(await hitRateLimits(t.db, '203.0.113.5', rules, now)).toEqual({ ok: false, retryAfterSeconds: 50 });
    expect(await hitRateLimits(t.db, '198.51.100.7', rules, now)).toEqual({ ok: true });
    expect(await hitRateLimits(t.db, '203.0.113.5', rules, new Date('2026-11-21T10:01:00Z'))).toEqual({ ok: true });
  });

  it('prunes expired windows', async () => {
    await pruneRateLimits(t.db, new Date('2026-11-22T00:00:00Z'));
    const left = await t.db.selectFrom('rate_limit').select('key').execute();
    expect(left).toEqual([]);
  });
});
