import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testClient } from '../../../server/test-client.ts';
import { extractLink } from './providers/sandbox.ts';
import { createUser } from './users.server.ts';

/*
 * 'E-mail не подтверждён' offers 'Отправить письмо ещё раз' (POST /api/auth/resend-confirmation):
 * a neutral answer that names the address, under the limits of registration letters (per mailbox 3
 * an hour, per client address 10 e-mail requests an hour), checked with real parallelism on PostgreSQL.
 */

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase({ DATABASE_POOL_SIZE: '20', TRUST_PROXY: 'true' }); }, 60_000);
afterAll(async () => { await t?.destroy(); });
beforeEach(async () => { await t.db.deleteFrom('rate_limit').execute(); });

let serial = 0;
const newEmail = () => { serial += 1; return `waiting${serial}@agro.ru`; };
const lettersTo = (email: string) => t.db.selectFrom('auth_outbox').select(['id', 'body']).where('recipient', '=', email).orderBy('id').execute();

/** A browser at its own client address (the test app trusts X-Forwarded-For). */
async function postFrom(ip: string, email: string) {
  const app = testClient(t.services).app;
  const tokenResponse = await app.request('/api/csrf-token', { headers: { 'x-forwarded-for': ip } });
  const cookie = tokenResponse.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const { token } = (await tokenResponse.json()) as { token: string };
  return app.request('/api/auth/resend-confirmation', {
    method: 'POST',
    headers: { 'x-forwarded-for': ip, cookie, 'x-csrf-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'email', props: { email } }),
  });
}

describe('POST /api/auth/resend-confirmation', () => {
  it('sends a new confirmation link to an unconfirmed account; the earlier link stops working', async () => {
    const email = newEmail();
    const client = testClient(t.services);
    await client.post('/api/auth/registration', { type: 'email', props: { name: 'Анна', email, password: 'secret1', confirm_password: 'secret1', acceptGDPR: true, acceptAds: true } });
    const first = await lettersTo(email);
    expect(first).toHaveLength(1);
    const signIn = await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } });
    expect(await signIn.json()).toMatchObject({ code: 'email_not_confirmed', message: 'E-mail не подтверждён. Перейдите по ссылке из письма, которое мы отправили при регистрации, или получите письмо ещё раз' });

    const res = await client.post('/api/auth/resend-confirmation', { type: 'email', props: { email } });
    expect(await res.json()).toEqual({
      error_status: 'success',
      message: `Если ${email} ждёт подтверждения, мы отправили на него новое письмо со ссылкой. Ссылки из прежних писем больше не действуют`,
    });
    const letters = await lettersTo(email);
    expect(letters).toHaveLength(2);
    const link = new URL(extractLink(letters[1]!.body)!);
    expect(link.pathname).toBe('/auth/confirm-email');
    const tokens = await t.db.selectFrom('auth_email_token').select(['used_at']).where('email', '=', email).where('purpose', '=', 'confirm').orderBy('created_at').execute();
    expect(tokens.map((row) => row.used_at === null)).toEqual([false, true]);
  });

  it('answers the same for an unknown and a confirmed address, and sends them nothing', async () => {
    const confirmed = newEmail();
    await createUser(t.db, { name: 'Иван', email: confirmed, password: 'secret1', emailVerified: true });
    for (const email of [confirmed, newEmail()]) {
      const res = await testClient(t.services).post('/api/auth/resend-confirmation', { type: 'email', props: { email } });
      expect(res.status).toBe(200);
      expect((await res.json()).message).toBe(`Если ${email} ждёт подтверждения, мы отправили на него новое письмо со ссылкой. Ссылки из прежних писем больше не действуют`);
      expect(await lettersTo(email)).toHaveLength(0);
    }
  });

  it('refuses a malformed address with the spec message', async () => {
    const res = await testClient(t.services).post('/api/auth/resend-confirmation', { type: 'email', props: { email: 'not-an-address' } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Поле "Email" содержит некорректный Email адрес');
  });

  it('40 parallel requests for one mailbox from many addresses send 3 letters, all answered alike', async () => {
    const email = newEmail();
    await createUser(t.db, { name: 'Анна', email, password: 'secret1', emailVerified: false });
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => postFrom(`198.18.7.${i}`, email)));
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(await lettersTo(email)).toHaveLength(3);
  });

  it('30 parallel requests from one address: 10 answered, 20 told when to try again', async () => {
    const responses = await Promise.all(Array.from({ length: 30 }, () => postFrom('198.18.8.1', newEmail())));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const refused = responses.find((r) => r.status === 429)!;
    const wait = Number(refused.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(0);
    const body = await refused.json();
    expect(body).toMatchObject({ code: 'too_many_requests', retryAfterSeconds: wait });
    expect(body.message).toMatch(/^Слишком много запросов с вашего адреса\. Попробуйте через \d+ мин\.$/);
  });
});
