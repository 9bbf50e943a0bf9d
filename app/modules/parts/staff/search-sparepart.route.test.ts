import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser, setRole } from '#app/modules/auth/users.server.ts';
import { createApp } from '../../../../server/app.ts';
import { fakeServerBuild } from '../../../../server/test-build.ts';
import { testClient } from '../../../../server/test-client.ts';
import * as route from '../../../routes/search.sparepart.tsx';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const app = () => createApp({ services: t.services, build: fakeServerBuild({ 'routes/search.sparepart': { path: 'search/sparepart', module: route } }) });

let n = 0;
/** The session cookie of a signed-in user (an employee when asked). */
async function signedInCookie(employee: boolean): Promise<string> {
  const email = `sparepart${++n}@agro.test`;
  const id = await createUser(t.db, { name: 'Иван', email, password: 'secret1', emailVerified: true });
  if (employee) await setRole(t.db, id, 'employee');
  const client = testClient(t.services);
  expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  return `sid=${client.cookies.get('sid')}`;
}

describe('/search/sparepart/ (spec §2, §6)', () => {
  it('is a 403 for guests and for users who are not employees, with or without the trailing slash', async () => {
    for (const path of ['/search/sparepart', '/search/sparepart/', '/search/sparepart?q=RE504836']) {
      expect((await app().request(path)).status, path).toBe(403);
    }
    const cookie = await signedInCookie(false);
    const res = await app().request('/search/sparepart/?q=RE504836', { headers: { cookie } });
    expect(res.status).toBe(403);
    // The data request of a client navigation says the same.
    expect((await app().request('/search/sparepart.data?q=RE504836', { headers: { cookie } })).status).toBe(403);
  });

  it('finds parts for an employee, privately; a refused query is a 400 with the reason', async () => {
    const cookie = await signedInCookie(true);
    const res = await app().request('/search/sparepart/?q=%D0%BA%D1%83-59754', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const payload = await (await app().request('/search/sparepart.data?q=RE59754', { headers: { cookie } })).text();
    expect(payload).toContain('RE504836');
    expect(payload).toContain('LF3349');
    for (const q of ['RE%00504', 'x'.repeat(101), '---']) {
      const bad = await app().request(`/search/sparepart/?q=${encodeURIComponent(q).replace('%2500', '%00')}`, { headers: { cookie } });
      expect(bad.status, q).toBe(400);
    }
    const refused = await (await app().request(`/search/sparepart.data?q=${'x'.repeat(101)}`, { headers: { cookie } })).text();
    expect(refused).toContain('Запрос слишком длинный: не больше 100 символов');
  });
});
