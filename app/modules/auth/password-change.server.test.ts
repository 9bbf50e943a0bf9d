import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testClient } from '../../../server/test-client.ts';
import { passwordStats, verifyPassword } from './password.server.ts';
import { createUser } from './users.server.ts';

/*
 * 'Сменить пароль' in 'Мои данные': the current password, the new one twice; the user's other
 * sessions end as after a reset. Wrong current passwords are limited like sign-ins, checked with real
 * parallelism (a pool of 20 connections on PostgreSQL; PGlite runs the calls one by one).
 */

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase({ DATABASE_POOL_SIZE: '20' }); }, 60_000);
afterAll(async () => { await t?.destroy(); });
beforeEach(async () => { await t.db.deleteFrom('rate_limit').execute(); });

let serial = 0;
async function signedIn(password: string | null = 'secret1') {
  serial += 1;
  const email = `changer${serial}@agro.ru`;
  const id = await createUser(t.db, { name: 'Иван', email, password, emailVerified: true });
  const clients = [testClient(t.services), testClient(t.services), testClient(t.services)];
  for (const client of clients) {
    const res = await client.post('/api/auth/authorize', { type: 'email', props: { email, password: password ?? 'x' } });
    if (password) expect(await res.json()).toEqual({ error_status: 'success' });
  }
  return { id, email, clients };
}

const hashOf = async (id: number) => (await t.db.selectFrom('auth_user').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash!;
const sessionsOf = (id: number) => t.db.selectFrom('auth_session').select('id').where('user_id', '=', id).execute();

describe('POST /api/profile/password', () => {
  it('changes the password with the right current one and ends the other sessions, not this one', async () => {
    const { id, email, clients } = await signedIn();
    const [me, other] = clients;
    expect(await sessionsOf(id)).toHaveLength(3);
    const res = await me!.post('/api/profile/password', { current: 'secret1', pass1: 'newpass1', pass2: 'newpass1' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ error_status: 'success', message: 'Пароль изменён. Другие сеансы завершены: 2' });
    expect(await verifyPassword('newpass1', await hashOf(id))).toBe(true);
    expect(await sessionsOf(id)).toHaveLength(1);
    // This browser is still in; the other one is a guest now.
    expect((await me!.get('/api/notifications')).status).toBe(200);
    expect((await other!.get('/api/notifications')).status).toBe(401);
    // The new password signs in, the old one does not.
    const fresh = testClient(t.services);
    expect((await (await fresh.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).json()).error_status).toBe('error');
    expect((await (await fresh.post('/api/auth/authorize', { type: 'email', props: { email, password: 'newpass1' } })).json()).error_status).toBe('success');
  });

  it('refuses a wrong current password with a message, and the password stays', async () => {
    const { id, clients } = await signedIn();
    const before = await hashOf(id);
    const res = await clients[0]!.post('/api/profile/password', { current: 'wrong-one', pass1: 'newpass1', pass2: 'newpass1' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error_status: 'error', message: 'Текущий пароль указан неверно', code: 'password_error' });
    expect(await hashOf(id)).toBe(before);
    expect(await sessionsOf(id)).toHaveLength(3);
  });

  it('checks the new password with the registration rules and answers the spec messages', async () => {
    const { clients } = await signedIn();
    const short = await clients[0]!.post('/api/profile/password', { current: 'secret1', pass1: '123', pass2: '123' });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe('Слишком короткий пароль. Длина пароля должна быть не менее 6 символов');
    const differ = await clients[0]!.post('/api/profile/password', { current: 'secret1', pass1: 'newpass1', pass2: 'newpass2' });
    expect((await differ.json()).message).toBe('Введённые пароли не совпадают');
  });

  it('is for signed-in users only', async () => {
    const res = await testClient(t.services).post('/api/profile/password', { current: 'secret1', pass1: 'newpass1', pass2: 'newpass1' });
    expect(res.status).toBe(401);
  });

  it('40 parallel wrong current passwords: at most 5 are checked, the rest wait with Retry-After', async () => {
    const { id, clients } = await signedIn();
    const before = passwordStats.verifications;
    const responses = await Promise.all(Array.from({ length: 40 }, () =>
      clients[0]!.post('/api/profile/password', { current: 'wrong-one', pass1: 'newpass1', pass2: 'newpass1' })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    expect(passwordStats.verifications - before).toBe(5);
    const refused = responses.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const body = await refused.json();
    expect(body.message).toMatch(/^Слишком много попыток\. Попробуйте через \d+ мин\.$/);
    expect(body.retryAfterSeconds).toBe(Number(refused.headers.get('Retry-After')));
    // Even the right password waits now: the limit is per account.
    const right = await clients[0]!.post('/api/profile/password', { current: 'secret1', pass1: 'newpass1', pass2: 'newpass1' });
    expect(right.status).toBe(429);
    expect(await sessionsOf(id)).toHaveLength(3);
  });
});
