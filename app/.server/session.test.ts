import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#app/modules/auth/users.server.ts';
import { advanceClock, resetClock } from './clock.ts';
import { createTestDatabase, type TestDatabase } from './db/test-database.ts';
import { createSession, findSession, GUEST_SESSION_DAYS, registerSessionFact, rotateSession } from './session.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); }, 120_000);
afterAll(async () => { await t?.destroy(); });
afterEach(() => resetClock());

/** A handle on the test database that tells statements compiled from statements sent. */
function watched() {
  const seen = { compiled: 0, sent: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => { seen.compiled++; return args.node; },
    transformResult: async (args) => { seen.sent++; return args.result; },
  };
  return { db: t.db.withPlugin(plugin), seen };
}

describe('finding a session', () => {
  it('builds its statement once per handle and sends it with each token and the time of the request', async () => {
    const { db, seen } = watched();
    const guest = await createSession(t.db);
    const userId = await createUser(t.db, { name: 'Сессия Проверкина', email: 'session-find@agro.example' });
    const member = await rotateSession(t.db, null, userId, 'remember');
    expect(await findSession(db, guest.token, { withFacts: true })).toEqual(guest.session);
    expect((await findSession(db, member.token, { withFacts: true }))?.userId).toBe(userId);
    expect(await findSession(db, 'no-such-token', { withFacts: true })).toBeNull();
    expect(seen).toEqual({ compiled: 1, sent: 3 });
    // Its time is the request's, not the moment it was built: an expired session is no session.
    advanceClock((GUEST_SESSION_DAYS + 1) * 86_400_000);
    expect(await findSession(db, guest.token, { withFacts: true })).toBeNull();
    expect(await findSession(db, guest.token)).toBeNull();
  });

  it('reads a fact registered after its statement was built', async () => {
    const userId = await createUser(t.db, { name: 'Факт Поздний', email: 'session-fact@agro.example' });
    const { token } = await rotateSession(t.db, null, userId, 'browser');
    const before = await findSession(t.db, token, { withFacts: true });
    expect(before?.facts).not.toHaveProperty('lateFact');
    registerSessionFact('lateFact', (id) => sql`${id} + 1`);
    const after = await findSession(t.db, token, { withFacts: true });
    expect(after?.facts?.lateFact).toBe(userId + 1);
    // A request that writes reads no facts.
    expect((await findSession(t.db, token))?.facts).toBeUndefined();
  });
});
