import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testContext } from '#app/.server/test-context.ts';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createSession, findSession, rotateSession } from '#app/.server/session.ts';
import { testClient } from '../../../server/test-client.ts';
import { signInByEmailInput } from './auth.schema.ts';
import { CONSENT_TEXT_VERSION, authorize, createEmployee, createUser, setRole, viewerOf, consentsGiven } from './users.server.ts';
import { GUEST, canSearchSpareParts, canSeeSupplierPortal } from './viewer.schema.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });
beforeEach(async () => { await t.db.deleteFrom('rate_limit').execute(); });

let serial = 0;
const unique = () => { serial += 1; return serial; };

async function newUser(overrides: Partial<Parameters<typeof createUser>[1]> = {}) {
  const n = unique();
  const email = `farmer${n}@agro.ru`;
  const phone = `7912000${String(n).padStart(4, '0')}`;
  const id = await createUser(t.db, { name: 'Иван', email, phone, password: 'secret1', emailVerified: true, phoneVerified: true, ip: '203.0.113.5', ...overrides });
  return { id, email, phone };
}

describe('createUser', () => {
  it('records exactly the consents it is told were given, with time, address and text version', async () => {
    const { id } = await newUser({ consents: ['personal_data', 'ads'] });
    const consents = await t.db.selectFrom('auth_consent').select(['kind', 'text_version', 'ip', 'accepted_at']).where('user_id', '=', id).orderBy('kind').execute();
    expect(consents.map((c) => c.kind)).toEqual(['ads', 'personal_data']);
    for (const c of consents) expect(c).toMatchObject({ text_version: CONSENT_TEXT_VERSION, ip: '203.0.113.5', accepted_at: expect.any(Date) });
    const onlyGdpr = await newUser({ consents: consentsGiven({ acceptGDPR: true, acceptAds: false }) });
    expect(await t.db.selectFrom('auth_consent').select('kind').where('user_id', '=', onlyGdpr.id).execute()).toEqual([{ kind: 'personal_data' }]);
  });

  it('invents no consent: an account created without any (an employee by command) has none', async () => {
    const { id } = await newUser({ consents: [] });
    const { id: unspecified } = await newUser();
    expect(await t.db.selectFrom('auth_consent').select('id').where('user_id', 'in', [id, unspecified]).execute()).toEqual([]);
  });

  it('refuses a second account for the same e-mail in any letter case', async () => {
    const { email } = await newUser();
    await expect(createUser(t.db, { name: 'Пётр', email: email.toUpperCase(), password: 'secret1' })).rejects.toThrow();
  });
});

describe('authorize', () => {
  it('signs in by e-mail or phone, rotating the session and keeping the region', async () => {
    const { id, email, phone } = await newUser();
    const guest = (await createSession(t.db)).session;
    await t.db.updateTable('auth_session').set({ area_id: 5001, area_confirmed: true }).where('id', '=', guest.id).execute();
    const ctx = testContext(t.services, { session: { ...guest, areaId: 5001, areaConfirmed: true } });
    expect(await authorize(ctx, { email: email.toUpperCase(), password: 'secret1', persistence: 'remember' })).toEqual({ ok: true, userId: id });
    expect(ctx.session).toMatchObject({ userId: id, areaId: 5001, areaConfirmed: true });
    expect(ctx.session!.id).not.toBe(guest.id);
    expect(await t.db.selectFrom('auth_session').select('id').where('id', '=', guest.id).executeTakeFirst()).toBeUndefined();

    const byPhone = testContext(t.services);
    expect(await authorize(byPhone, { phone, password: 'secret1', persistence: 'browser' })).toEqual({ ok: true, userId: id });
  });

  it('answers email_not_exists, phone_not_exists and password_error (spec §8)', async () => {
    const { email } = await newUser();
    expect(await authorize(testContext(t.services), { email: 'nobody@agro.ru', password: 'secret1', persistence: 'browser' })).toEqual({ ok: false, code: 'email_not_exists' });
    expect(await authorize(testContext(t.services), { phone: '79990000000', password: 'secret1', persistence: 'browser' })).toEqual({ ok: false, code: 'phone_not_exists' });
    expect(await authorize(testContext(t.services), { email, password: 'wrong-1', persistence: 'browser' })).toEqual({ ok: false, code: 'password_error' });
  });

  it('refuses an unconfirmed e-mail', async () => {
    const { email } = await newUser({ emailVerified: false });
    expect(await authorize(testContext(t.services), { email, password: 'secret1', persistence: 'browser' })).toEqual({ ok: false, code: 'email_not_confirmed' });
  });

  it('slows down after five failures from one address, even with the right password; another address is not locked', async () => {
    const { id, email } = await newUser();
    const now = new Date('2026-11-21T10:00:00Z');
    const from = (ip: string) => testContext(t.services, { ip });
    for (let i = 0; i < 5; i += 1) {
      expect(await authorize(from('198.51.100.9'), { email, password: 'nope-12', persistence: 'browser' }, now)).toEqual({ ok: false, code: 'password_error' });
    }
    // A token bucket: the next try from there comes back after 15 min / 5 = 3 minutes, not at a window's end.
    expect(await authorize(from('198.51.100.9'), { email, password: 'secret1', persistence: 'browser' }, now)).toEqual({ ok: false, code: 'too_many_attempts', retryAfterSeconds: 180 });
    expect(await authorize(from('203.0.113.50'), { email, password: 'secret1', persistence: 'browser' }, now)).toEqual({ ok: true, userId: id });
    expect(await authorize(from('198.51.100.9'), { email, password: 'secret1', persistence: 'browser' }, new Date('2026-11-21T10:03:00Z'))).toEqual({ ok: true, userId: id });
  });

  it('a successful sign-in gives its try back', async () => {
    const { email } = await newUser();
    const now = new Date('2026-11-21T11:00:00Z');
    for (let i = 0; i < 8; i += 1) {
      expect(await authorize(testContext(t.services, { ip: '198.51.100.20' }), { email, password: 'secret1', persistence: 'browser' }, now)).toMatchObject({ ok: true });
    }
  });
});

describe('sessions', () => {
  it('sign-out revokes the session', async () => {
    const { email } = await newUser();
    const ctx = testContext(t.services);
    await authorize(ctx, { email, password: 'secret1', persistence: 'shared' });
    const { id } = ctx.session!;
    await ctx.signOut();
    expect(ctx.session).toBeNull();
    expect(await t.db.selectFrom('auth_session').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('remember-me sessions last 30 days', async () => {
    const { email } = await newUser();
    const ctx = testContext(t.services);
    await authorize(ctx, { email, password: 'secret1', persistence: 'remember' });
    const row = await t.db.selectFrom('auth_session').select(['expires_at', 'remember']).where('id', '=', ctx.session!.id).executeTakeFirstOrThrow();
    expect(row.remember).toBe(true);
    const days = (new Date(row.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(await findSession(t.db, 'not-a-token')).toBeNull();
  });
});

describe('roles and the viewer (spec §3, §6)', () => {
  it('is a guest without a session and carries the flags of a signed-in user', async () => {
    expect(await viewerOf(testContext(t.services))).toEqual(GUEST);
    const { id, email } = await newUser();
    expect(await setRole(t.db, id, 'employee')).toBe(true);
    expect(await setRole(t.db, id, 'supplier')).toBe(true);
    const ctx = testContext(t.services);
    await authorize(ctx, { email, password: 'secret1', persistence: 'browser' });
    const viewer = await viewerOf(ctx);
    expect(viewer).toMatchObject({ isGuest: false, isLbrUser: true, isSupplier: true, hasPPAccess: false, isPsEditor: false, id, userName: 'Иван' });
    expect(canSeeSupplierPortal(viewer)).toBe(true);
    expect(canSearchSpareParts(viewer)).toBe(true);
    expect(canSeeSupplierPortal({ ...viewer, isSupplier: false })).toBe(false);
    expect(canSearchSpareParts({ ...viewer, isLbrUser: false })).toBe(false);
  });

  it('is read with the session on a page view: the same viewer without a statement of its own, and a guest session reads none', async () => {
    const { id } = await newUser({ name: 'Пётр Сидоров' });
    expect(await setRole(t.db, id, 'employee')).toBe(true);
    const { token, session } = await rotateSession(t.db, null, id, 'browser');
    const queried = await viewerOf(testContext(t.services, { session }));
    const withFacts = await findSession(t.db, token, { withFacts: true });
    expect(withFacts?.facts?.viewer).toBeDefined();
    const { services, counter } = countingServices(t.services);
    expect(await viewerOf(testContext(services, { session: withFacts }))).toEqual(queried);
    expect(counter.count).toBe(0);
    expect(queried).toMatchObject({ isGuest: false, isLbrUser: true, userName: 'Пётр Сидоров', id });
    // A request that writes reads no facts: the viewer comes from the database, after the write.
    expect((await findSession(t.db, token))?.facts).toBeUndefined();
    const guest = await createSession(t.db);
    expect((await findSession(t.db, guest.token, { withFacts: true }))?.facts).toBeUndefined();
  });
});

describe('createEmployee (npm run user -- create-employee)', () => {
  it('refuses every e-mail the sign-in form refuses, in its words; the employee it makes signs in', async () => {
    const n = unique();
    const candidates = [
      `ivan${n}@agro`, `ivan${n}@agro.r`, `ivan${n}@agro.ruuuu`, `iv an${n}@agro.ru`, `ivan${n}@@agro.ru`, `ivan${n}@agro.ru\u0000`,
      `${'x'.repeat(250)}${n}@agro.ru`, `@agro.ru`, '',
      `Ivan${n}@Agro.RU`, ` petr${n}@агро.рф `,
    ];
    for (const email of candidates) {
      const signIn = signInByEmailInput.safeParse({ email, password: 'secret1' });
      const created = await createEmployee(t.db, { name: 'Иван Петров', email, password: 'secret1' });
      expect(created.ok, JSON.stringify(email)).toBe(signIn.success);
      if (!created.ok) {
        expect(created.message, JSON.stringify(email)).toBe(signIn.error!.issues[0]!.message);
        expect(created.message).toMatch(/^Поле "Email" содержит (некорректный|недопустимые)/);
        continue;
      }
      const client = testClient(t.services);
      const res = await client.post('/api/auth/authorize', { type: 'email', props: { email: email.trim(), password: 'secret1' } });
      expect(await res.json(), JSON.stringify(email)).toEqual({ error_status: 'success' });
      const row = await t.db.selectFrom('auth_user').select(['is_employee', 'email_verified_at']).where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ is_employee: true, email_verified_at: expect.any(Date) });
    }
  });

  it('refuses a short password, a bad phone and an address already taken', async () => {
    const n = unique();
    const email = `staff${n}@agro.ru`;
    expect(await createEmployee(t.db, { name: 'Иван', email, password: '12345' })).toEqual({ ok: false, message: 'Слишком короткий пароль. Длина пароля должна быть не менее 6 символов' });
    expect(await createEmployee(t.db, { name: 'Иван', email, password: 'secret1', phone: '123' })).toEqual({ ok: false, message: 'Поле "Номер телефона" содержит некорректный телефон' });
    expect(await createEmployee(t.db, { name: 'Иван', email, password: 'secret1' })).toMatchObject({ ok: true });
    expect(await createEmployee(t.db, { name: 'Иван', email: email.toUpperCase(), password: 'secret1' })).toEqual({ ok: false, message: `Адрес ${email.toUpperCase()} уже занят` });
  });
});
