import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db/test-database.ts';
import { hitRateLimits, isRateLimited, pruneRateLimits, reserve } from './rate-limit.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase({ DATABASE_POOL_SIZE: '10' }); });
afterAll(async () => { await t?.destroy(); });
beforeEach(async () => { await t.db.deleteFrom('rate_limit').execute(); });

const at = (iso: string) => new Date(iso);

describe('hitRateLimits (token bucket)', () => {
  const rules = [{ name: 'test:ip', limit: 2, windowMs: 60_000 }];

  it('allows a burst up to the limit, then one attempt per window/limit, with the wait until the next token', async () => {
    const start = at('2026-11-21T10:00:10Z');
    expect(await hitRateLimits(t.db, '203.0.113.5', rules, start)).toEqual({ ok: true });
    expect(await hitRateLimits(t.db, '203.0.113.5', rules, start)).toEqual({ ok: true });
    expect(await hitRateLimits(t.db, '203.0.113.5', rules, start)).toEqual({ ok: false, retryAfterSeconds: 30 });
    expect(await hitRateLimits(t.db, '198.51.100.7', rules, start)).toEqual({ ok: true });
    // Sliding: 30 s later one token is back, not two; there is no window boundary to burst across.
    expect(await hitRateLimits(t.db, '203.0.113.5', rules, at('2026-11-21T10:00:40Z'))).toEqual({ ok: true });
    expect(await hitRateLimits(t.db, '203.0.113.5', rules, at('2026-11-21T10:00:40Z'))).toEqual({ ok: false, retryAfterSeconds: 30 });
    expect(await hitRateLimits(t.db, '203.0.113.5', rules, at('2026-11-21T10:02:00Z'))).toEqual({ ok: true });
  });

  it('a refusal by one rule takes nothing from the others', async () => {
    const tight = { name: 'test:tight', limit: 1, windowMs: 60_000 };
    const loose = { name: 'test:loose', limit: 3, windowMs: 60_000 };
    const now = at('2026-11-21T10:00:00Z');
    expect((await reserve(t.db, [{ rule: loose, subject: 'a' }, { rule: tight, subject: 'a' }], now)).ok).toBe(true);
    for (let i = 0; i < 5; i += 1) expect((await reserve(t.db, [{ rule: loose, subject: 'a' }, { rule: tight, subject: 'a' }], now)).ok).toBe(false);
    // The loose bucket still has two of its three tokens.
    expect(await hitRateLimits(t.db, 'a', [loose], now)).toEqual({ ok: true });
    expect(await hitRateLimits(t.db, 'a', [loose], now)).toEqual({ ok: true });
    expect((await hitRateLimits(t.db, 'a', [loose], now)).ok).toBe(false);
  });

  it('release gives the tokens back', async () => {
    const rule = { name: 'test:release', limit: 1, windowMs: 60_000 };
    const now = at('2026-11-21T10:00:00Z');
    const first = await reserve(t.db, [{ rule, subject: 'x' }], now);
    expect(first.ok).toBe(true);
    expect(await isRateLimited(t.db, 'x', [rule], now)).toEqual({ ok: false, retryAfterSeconds: 60 });
    if (first.ok) await first.release();
    expect(await isRateLimited(t.db, 'x', [rule], now)).toEqual({ ok: true });
    expect((await reserve(t.db, [{ rule, subject: 'x' }], now)).ok).toBe(true);
  });

  it('never lets more than the limit through under real parallelism', async () => {
    const rule = { name: 'test:parallel', limit: 7, windowMs: 60_000 };
    const now = at('2026-11-21T10:00:00Z');
    const results = await Promise.all(Array.from({ length: 100 }, () => hitRateLimits(t.db, 'same', [rule], now)));
    expect(results.filter((r) => r.ok)).toHaveLength(7);
  });

  it('prunes buckets that are full again', async () => {
    await hitRateLimits(t.db, '203.0.113.5', rules, at('2026-11-21T10:00:00Z'));
    await pruneRateLimits(t.db, at('2026-11-21T10:00:20Z'));
    expect(await t.db.selectFrom('rate_limit').select('key').execute()).toHaveLength(1);
    await pruneRateLimits(t.db, at('2026-11-21T10:00:31Z'));
    expect(await t.db.selectFrom('rate_limit').select('key').execute()).toEqual([]);
  });
});
