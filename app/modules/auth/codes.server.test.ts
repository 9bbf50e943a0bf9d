import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { CODE_POLICY, issueCode, verifyCode } from './codes.server.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });
beforeEach(async () => {
  await t.db.deleteFrom('auth_code').execute();
  await t.db.deleteFrom('rate_limit').execute();
});

const at = (iso: string) => new Date(iso);
const phone = '79123456789';
const issue = (now: Date, p = phone, ip = '203.0.113.9') => issueCode(t.services, { phone: p, purpose: 'registration', channel: 'call', ip }, now);

describe('issueCode', () => {
  it('makes a 4-digit code that verifies once', async () => {
    const issued = await issue(at('2026-11-21T10:00:00Z'));
    expect(issued.ok && issued.code).toMatch(/^\d{4}$/);
    if (!issued.ok) return;
    const now = at('2026-11-21T10:01:00Z');
    expect(await verifyCode(t.services, { phone, purpose: 'registration', code: issued.code }, now)).toMatchObject({ ok: true, codeId: expect.any(Number) });
    // Replayed: single use.
    expect(await verifyCode(t.services, { phone, purpose: 'registration', code: issued.code }, now)).toEqual({ ok: false, code: 'code_expired' });
  });

  it('locks a new code for 30 s, then allows 3 in 10 minutes per phone', async () => {
    expect((await issue(at('2026-11-21T10:00:00Z'))).ok).toBe(true);
    expect(await issue(at('2026-11-21T10:00:10Z'))).toEqual({ ok: false, code: 'too_soon', retryAfterSeconds: 20 });
    expect((await issue(at('2026-11-21T10:00:31Z'))).ok).toBe(true);
    expect((await issue(at('2026-11-21T10:01:05Z'))).ok).toBe(true);
    const fourth = await issue(at('2026-11-21T10:02:00Z'));
    expect(fourth).toMatchObject({ ok: false, code: 'too_many_codes' });
    // Another phone is not affected.
    expect((await issue(at('2026-11-21T10:02:00Z'), '77011234567')).ok).toBe(true);
  });

  it('caps codes per address per day', async () => {
    for (let i = 0; i < 30; i += 1) {
      expect((await issue(at('2026-11-21T10:00:00Z'), `7900000${String(i).padStart(4, '0')}`)).ok).toBe(true);
    }
    expect(await issue(at('2026-11-21T10:00:00Z'), '79000009999')).toMatchObject({ ok: false, code: 'too_many_codes' });
  });
});

describe('verifyCode', () => {
  it('counts wrong tries and refuses after five, even with the right code', async () => {
    const issued = await issue(at('2026-11-21T10:00:00Z'));
    if (!issued.ok) throw new Error('not issued');
    const wrong = issued.code === '0000' ? '1111' : '0000';
    const now = at('2026-11-21T10:00:30Z');
    for (let left = CODE_POLICY.maxWrongAttempts - 1; left > 0; left -= 1) {
      expect(await verifyCode(t.services, { phone, purpose: 'registration', code: wrong }, now)).toEqual({ ok: false, code: 'wrong_code', attemptsLeft: left });
    }
    expect(await verifyCode(t.services, { phone, purpose: 'registration', code: wrong }, now)).toEqual({ ok: false, code: 'too_many_attempts' });
    expect(await verifyCode(t.services, { phone, purpose: 'registration', code: issued.code }, now)).toEqual({ ok: false, code: 'too_many_attempts' });
  });

  it('expires codes after ten minutes and keeps purposes apart', async () => {
    const issued = await issue(at('2026-11-21T10:00:00Z'));
    if (!issued.ok) throw new Error('not issued');
    expect(await verifyCode(t.services, { phone, purpose: 'reset', code: issued.code }, at('2026-11-21T10:01:00Z'))).toEqual({ ok: false, code: 'code_expired' });
    expect(await verifyCode(t.services, { phone, purpose: 'registration', code: issued.code }, at('2026-11-21T10:10:01Z'))).toEqual({ ok: false, code: 'code_expired' });
  });

  it('stores no code in clear text', async () => {
    const issued = await issue(at('2026-11-21T10:00:00Z'));
    if (!issued.ok) throw new Error('not issued');
    const row = await t.db.selectFrom('auth_code').select('code_hash').executeTakeFirstOrThrow();
    // A keyed digest, never the code or its bare hash (a 64-digit hex digest may hold the code's
    // four digits by chance, so 'does not contain' would fail about once in a thousand runs).
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toBe(createHash('sha256').update(issued.code).digest('hex'));
  });
});
