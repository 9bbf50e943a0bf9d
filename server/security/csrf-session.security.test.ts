import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { CSRF_FAILED } from '../middleware/csrf.ts';
import { testClient } from '../test-client.ts';

/*
 * Issue 28 §4.5: the CSRF token is bound to the visitor's session. A token the site minted for one
 * session (anybody can get one) is refused in another, even when it is planted as that browser's
 * XSRF cookie too (a sibling subdomain can set cookies for the shop's domain, ADR 005); a session
 * that changes (made at a guest's first write, rotated at sign-in, ended at sign-out) gets a new
 * token in the response's XSRF cookie.
 */

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });

type Client = ReturnType<typeof testClient>;
const SAVE_AREA = '/api/current-area/save';

let serial = 0;
async function signedIn(): Promise<Client> {
  const email = `csrf${++serial}@agro.test`;
  await createUser(t.db, { name: 'Иван Петров', email, password: 'secret1', emailVerified: true });
  const client = testClient(t.services);
  expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  return client;
}

/** A guest with a session of his own (made by his first write). */
async function guestWithSession(): Promise<Client> {
  const client = testClient(t.services);
  expect((await client.post(SAVE_AREA, { areaId: 5001 })).status).toBe(200);
  expect(client.cookies.has('sid')).toBe(true);
  return client;
}

const tokenOf = (client: Client) => decodeURIComponent(client.cookies.get('XSRF-TOKEN')!);
const areaOf = async (client: Client) => (await (await client.get('/api/current-area')).json() as { currentArea: { regionId: number } }).currentArea.regionId;

/** `victim` posts with `token` as his XSRF cookie and header: what a planted token would do. */
async function postWithPlanted(victim: Client, token: string) {
  victim.cookies.set('XSRF-TOKEN', encodeURIComponent(token));
  return victim.post(SAVE_AREA, { areaId: 5002 }, { csrf: token });
}

describe('the CSRF token belongs to one session', () => {
  it('refuses a signed-in visitor\'s token in another signed-in session, cookie planted or not', async () => {
    const [victim, attacker] = [await signedIn(), await signedIn()];
    const stolen = tokenOf(attacker);
    const refused = await victim.post(SAVE_AREA, { areaId: 5002 }, { csrf: stolen });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error_status: 'error', message: CSRF_FAILED });
    const planted = await postWithPlanted(victim, stolen);
    expect(planted.status).toBe(403);
    // The attacker's own session still takes it.
    expect((await attacker.post(SAVE_AREA, { areaId: 5002 })).status).toBe(200);
  });

  it('refuses one guest session\'s token in another guest session, and a token made before a guest had a session', async () => {
    const [victim, attacker] = [await guestWithSession(), await guestWithSession()];
    expect((await postWithPlanted(victim, tokenOf(attacker))).status).toBe(403);
    const sessionless = testClient(t.services);
    await sessionless.get('/api/csrf-token');
    expect((await postWithPlanted(victim, tokenOf(sessionless))).status).toBe(403);
  });

  it('a guest\'s first write gives him a token for his new session; the old one is refused from then on', async () => {
    const guest = testClient(t.services);
    await guest.get('/api/csrf-token');
    const before = tokenOf(guest);
    expect((await guest.post(SAVE_AREA, { areaId: 5001 })).status).toBe(200);
    const after = tokenOf(guest);
    expect(after).not.toBe(before);
    expect((await guest.post(SAVE_AREA, { areaId: 5002 }, { csrf: before })).status).toBe(403);
    expect((await guest.post(SAVE_AREA, { areaId: 5002 })).status).toBe(200);
  });

  it('sign-in hands a new token with the new session; the guest\'s token is refused after it, and the new one after sign-out', async () => {
    const email = `csrf${++serial}@agro.test`;
    await createUser(t.db, { name: 'Иван Петров', email, password: 'secret1', emailVerified: true });
    const browser = await guestWithSession();
    const guestToken = tokenOf(browser);
    expect((await browser.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
    const userToken = tokenOf(browser);
    expect(userToken).not.toBe(guestToken);
    expect((await browser.post(SAVE_AREA, { areaId: 5002 }, { csrf: guestToken })).status).toBe(403);
    expect((await browser.post(SAVE_AREA, { areaId: 5002 })).status).toBe(200);
    expect(await areaOf(browser)).toBe(5002);
    expect((await browser.post('/api/auth/logout', {})).status).toBe(200);
    expect((await browser.post(SAVE_AREA, { areaId: 5001 }, { csrf: userToken })).status).toBe(403);
  });
});
