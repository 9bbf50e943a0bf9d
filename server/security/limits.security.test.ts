import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testContext } from '#app/.server/test-context.ts';
import { checkPhoneCode, confirmEmail, isConfirmTokenValid, isResetTokenValid, requestPasswordResetByEmail, resendConfirmation, resetPasswordByEmailToken, resetPasswordByPhone } from '#app/modules/auth/auth.server.ts';
import { issueCode, type CodePurpose } from '#app/modules/auth/codes.server.ts';
import { passwordStats, verifyPassword } from '#app/modules/auth/password.server.ts';
import { confirmPhoneChange } from '#app/modules/auth/profile.server.ts';
import { extractLink } from '#app/modules/auth/providers/sandbox.ts';
import { authorize, createUser } from '#app/modules/auth/users.server.ts';
import { testClient } from '../test-client.ts';

/*
 * Issue 6, "limits hold under concurrency" and "e-mail flows are limited": every figure is checked
 * with real parallelism (Promise.all through a pool of 20 connections on PostgreSQL; PGlite runs the
 * same calls one by one). Before the fix, on PostgreSQL: 200 of 200 wrong passwords were checked,
 * 300 of 300 code guesses were compared, 50 duplicate registrations gave 1 × 200 and 49 × 500.
 */

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase({ DATABASE_POOL_SIZE: '20', TRUST_PROXY: 'true' }); }, 60_000);
afterAll(async () => { await t?.destroy(); });
beforeEach(async () => {
  await t.db.deleteFrom('rate_limit').execute();
  await t.db.deleteFrom('auth_code').execute();
});

let serial = 0;
async function newAccount() {
  serial += 1;
  const email = `owner${serial}@agro.ru`;
  const phone = `7912555${String(serial).padStart(4, '0')}`;
  const id = await createUser(t.db, { name: 'Иван', email, phone, password: 'secret1', emailVerified: true, phoneVerified: true });
  return { id, email, phone };
}

const tally = (values: (string | number)[]) => values.reduce<Record<string, number>>((acc, v) => { acc[v] = (acc[v] ?? 0) + 1; return acc; }, {});
const sessionsOf = (userId: number) => t.db.selectFrom('auth_session').select('id').where('user_id', '=', userId).execute();

describe('password sign-in under parallel load', () => {
  it('200 parallel wrong passwords for one account from one address: at most 5 are checked', async () => {
    const { email } = await newAccount();
    const before = passwordStats.verifications;
    const results = await Promise.all(Array.from({ length: 200 }, () =>
      authorize(testContext(t.services, { ip: '203.0.113.7' }), { email, password: 'wrong-1', persistence: 'browser' })));
    expect(passwordStats.verifications - before).toBeLessThanOrEqual(5);
    expect(tally(results.map((r) => (r.ok ? 'ok' : r.code)))).toEqual({ password_error: 5, too_many_attempts: 195 });
  });

  it('strangers hammering from many addresses do not lock the owner out of his own address', async () => {
    const { id, email } = await newAccount();
    const owner = '198.51.100.10';
    expect(await authorize(testContext(t.services, { ip: owner }), { email, password: 'secret1', persistence: 'browser' })).toMatchObject({ ok: true });
    // 40 addresses × 10 guesses, in waves of 50 parallel requests (fewer than the hashing queue takes,
    // so none is refused as busy): each address gets its burst, then the account's ceiling closes.
    const results = [];
    for (let wave = 0; wave < 8; wave += 1) {
      results.push(...await Promise.all(Array.from({ length: 50 }, (_, j) => wave * 50 + j).map((i) =>
        authorize(testContext(t.services, { ip: `192.0.2.${i % 40}` }), { email, password: `guess-${i}`, persistence: 'browser' }))));
    }
    const byCode = tally(results.map((r) => (r.ok ? 'ok' : r.code)));
    expect(byCode).toEqual({ password_error: 100, too_many_attempts: 300 });
    // Even with the right password, a new address is refused now: the ceiling holds for strangers.
    expect(await authorize(testContext(t.services, { ip: '192.0.2.200' }), { email, password: 'secret1', persistence: 'browser' })).toMatchObject({ ok: false, code: 'too_many_attempts' });
    // The owner, from the address he signed in from, still gets in, and a wrong try of his does not lock him.
    expect(await authorize(testContext(t.services, { ip: owner }), { email, password: 'typo-1', persistence: 'browser' })).toEqual({ ok: false, code: 'password_error' });
    expect(await authorize(testContext(t.services, { ip: owner }), { email, password: 'secret1', persistence: 'browser' })).toEqual({ ok: true, userId: id });
  });

  it('tells how long to wait, in Russian, with 429 and Retry-After', async () => {
    const { email } = await newAccount();
    const client = testClient(t.services);
    for (let i = 0; i < 5; i += 1) await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'wrong-1' } });
    const refused = await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error_status: 'error', code: 'too_many_attempts', message: 'Слишком много попыток входа. Попробуйте через 3 мин.', retryAfterSeconds: Number(refused.headers.get('retry-after')) });
  });
});

describe('phone codes under parallel guessing', () => {
  const guessAll = async (purpose: CodePurpose) => {
    const { id, phone } = await newAccount();
    const target = purpose === 'phone_change' ? '79125559999' : phone;
    const issued = await issueCode(t.services, { phone: target, purpose, channel: 'sms', ip: '203.0.113.1' });
    if (!issued.ok) throw new Error('no code');
    const wrong = (i: number) => String((Number(issued.code) + 1 + i) % 10_000).padStart(4, '0');
    const signedIn = { id: 'none', userId: id, areaId: null, areaConfirmed: false };
    const attempt = (code: string) => {
      if (purpose === 'reset') return resetPasswordByPhone(testContext(t.services), { phone, code, password: 'taken-over' });
      if (purpose === 'phone_change') return confirmPhoneChange(testContext(t.services, { session: signedIn }), { phone: target, code });
      return checkPhoneCode(testContext(t.services), { phone: target, code, purpose });
    };
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => attempt(wrong(i))));
    const row = await t.db.selectFrom('auth_code').select('attempts').where('phone', '=', target).where('purpose', '=', purpose).executeTakeFirstOrThrow();
    return { id, answers, attempts: row.attempts, right: await attempt(issued.code) };
  };

  for (const purpose of ['registration', 'reset', 'phone_change'] as const) {
    it(`300 parallel guesses of one ${purpose} code: exactly 5 are compared, then the right code is refused`, async () => {
      const { id, answers, attempts, right } = await guessAll(purpose);
      expect(attempts).toBe(5);
      expect(answers.filter((a) => !a.ok && a.code === 'wrong_code')).toHaveLength(4);
      expect(answers.filter((a) => a.ok)).toHaveLength(0);
      expect(right).toMatchObject({ ok: false, code: 'too_many_attempts', message: 'Слишком много неверных попыток. Запросите новый код' });
      if (purpose === 'reset') {
        const user = await t.db.selectFrom('auth_user').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
        expect(await verifyPassword('secret1', user.password_hash!)).toBe(true);
      }
    });
  }
});

/** A request as a browser behind the proxy sends it: its own address, the CSRF cookie echoed. */
async function postFrom(ip: string, path: string, json: unknown) {
  const app = testClient(t.services).app;
  const tokenResponse = await app.request('/api/csrf-token', { headers: { 'x-forwarded-for': ip } });
  const cookie = tokenResponse.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const { token } = (await tokenResponse.json()) as { token: string };
  return app.request(path, { method: 'POST', headers: { 'x-forwarded-for': ip, cookie, 'x-csrf-token': token, 'content-type': 'application/json' }, body: JSON.stringify(json) });
}

const registration = (email: string) => ({ type: 'email', props: { name: 'Тест Тестов', email, password: 'secret1', confirm_password: 'secret1', acceptGDPR: true, acceptAds: true } });

describe('e-mail flows', () => {
  it('50 parallel registrations of one e-mail: one 200 and 49 × 409, never 500', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => postFrom(`198.18.0.${i}`, '/api/auth/registration', registration('twins@agro.ru'))));
    expect(tally(responses.map((r) => r.status))).toEqual({ 200: 1, 409: 49 });
    const conflict = await responses.find((r) => r.status === 409)!.json();
    expect(conflict).toEqual({ error_status: 'error', code: 'email_exists', message: 'Этот e-mail уже зарегистрирован. Войдите или восстановите пароль' });
  });

  it('registration from one address answers at most 10 an hour, so email_exists is no oracle', async () => {
    const { email } = await newAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await postFrom('198.18.1.1', '/api/auth/registration', registration(i % 2 ? email : `probe${i}@agro.ru`))).status);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(10);
    const refused = await postFrom('198.18.1.1', '/api/auth/registration', registration('late@agro.ru'));
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Слишком много запросов с вашего адреса\. Попробуйте через \d+ мин\.$/);
  });

  it('60 parallel e-mail requests from one address (registration, reset, resent letter): exactly 10 answered', async () => {
    const { email } = await newAccount();
    const bodies = Array.from({ length: 60 }, (_, i) => [
      ['/api/auth/registration', registration(`burst${i}@agro.ru`)],
      ['/api/auth/authorize', { type: 'email', props: { email, reset_password: '1' } }],
      ['/api/auth/resend-confirmation', { type: 'email', props: { email } }],
    ][i % 3]! as [string, unknown]);
    const responses = await Promise.all(bodies.map(([path, body]) => postFrom('198.18.3.1', path, body)));
    expect(responses.filter((r) => r.status !== 429)).toHaveLength(10);
    expect(responses.filter((r) => r.status >= 500)).toHaveLength(0);
  });

  it('30 parallel requests to send the confirmation again send at most 3 letters, and only the newest link works', async () => {
    const email = `waiting${Date.now()}@agro.ru`;
    await createUser(t.db, { name: 'Иван', email, password: 'secret1' });
    const before = await t.db.selectFrom('auth_outbox').select('id').where('recipient', '=', email).execute();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => resendConfirmation(testContext(t.services, { ip: `198.18.4.${i}` }), email)));
    expect(answers.every((a) => a.ok)).toBe(true);
    const letters = await t.db.selectFrom('auth_outbox').select(['id', 'body']).where('recipient', '=', email).orderBy('id').execute();
    expect(letters.length - before.length).toBe(3);
    const tokens = letters.slice(-3).map((l) => new URL(extractLink(l.body)!).searchParams.get('token')!);
    const valid = await Promise.all(tokens.map((token) => isConfirmTokenValid(testContext(t.services), token)));
    expect(valid.filter(Boolean)).toHaveLength(1);
  });

  it('40 reset requests for one mailbox send 3 letters, and only the newest link works', async () => {
    const { email } = await newAccount();
    const before = await t.db.selectFrom('auth_outbox').select('id').where('recipient', '=', email).execute();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => requestPasswordResetByEmail(testContext(t.services, { ip: `198.18.2.${i}` }), email)));
    // The same answer every time: it never tells whether the address has an account or a full mailbox.
    expect(new Set(answers.map((a) => a.message))).toEqual(new Set([`Если ${email} зарегистрирован, мы отправили на него ссылку для восстановления пароля`]));
    const letters = await t.db.selectFrom('auth_outbox').select(['id', 'body']).where('recipient', '=', email).orderBy('id').execute();
    expect(letters.length - before.length).toBe(3);
    const tokens = letters.slice(-3).map((l) => new URL(extractLink(l.body)!).searchParams.get('token')!);
    const valid = await Promise.all(tokens.map((token) => isResetTokenValid(testContext(t.services), token)));
    expect(valid.filter(Boolean)).toHaveLength(1);
  });

  it('a password reset by e-mail or phone ends every other session of the user; the resetting browser stays signed in', async () => {
    const { id, email, phone } = await newAccount();
    for (const ip of ['198.51.100.1', '198.51.100.2']) await authorize(testContext(t.services, { ip }), { email, password: 'secret1', persistence: 'remember' });
    expect(await sessionsOf(id)).toHaveLength(2);

    await requestPasswordResetByEmail(testContext(t.services, { ip: '198.51.100.3' }), email);
    const letter = await t.db.selectFrom('auth_outbox').select('body').where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const byMail = testContext(t.services);
    expect(await resetPasswordByEmailToken(byMail, new URL(extractLink(letter.body)!).searchParams.get('token')!, 'new-secret1')).toEqual({ ok: true });
    expect((await sessionsOf(id)).map((s) => s.id)).toEqual([byMail.session!.id]);

    const issued = await issueCode(t.services, { phone, purpose: 'reset', channel: 'sms', ip: '198.51.100.4' });
    if (!issued.ok) throw new Error('no code');
    const byPhone = testContext(t.services);
    expect(await resetPasswordByPhone(byPhone, { phone, code: issued.code, password: 'new-secret2' })).toEqual({ ok: true });
    expect((await sessionsOf(id)).map((s) => s.id)).toEqual([byPhone.session!.id]);
  });

  it("'Выйти на всех устройствах' ends every session of the account, this one too", async () => {
    const { id, email } = await newAccount();
    await authorize(testContext(t.services, { ip: '198.51.100.5' }), { email, password: 'secret1', persistence: 'remember' });
    const client = testClient(t.services);
    expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
    expect(await sessionsOf(id)).toHaveLength(2);
    const response = await client.post('/api/profile/sessions/end-all', {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ error_status: 'success', message: 'Вы вышли на всех устройствах', redirect: '/' });
    expect(await sessionsOf(id)).toHaveLength(0);
    expect((await client.get('/api/notifications')).status).toBe(401);
  });
});

describe('e-mail confirmation link and mail scanners', () => {
  it('opening the link spends nothing; only the page\'s POST (through confirmEmail) does', async () => {
    const client = testClient(t.services);
    expect((await client.post('/api/auth/registration', registration('scanned@agro.ru'))).status).toBe(200);
    const letter = await t.db.selectFrom('auth_outbox').select('body').where('recipient', '=', 'scanned@agro.ru').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const link = new URL(extractLink(letter.body)!);
    expect(link.pathname).toBe('/auth/confirm-email');
    const token = link.searchParams.get('token')!;
    // A scanner's GET: no Hono handler spends the token any more (the page route only reads it).
    await client.get(link.pathname + link.search);
    expect(await isConfirmTokenValid(testContext(t.services), token)).toBe(true);
    const ctx = testContext(t.services);
    expect(await confirmEmail(ctx, token)).toEqual({ ok: true });
    expect(ctx.session?.userId).toEqual(expect.any(Number));
    expect(await isConfirmTokenValid(testContext(t.services), token)).toBe(false);
  });
});
