import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { createApp } from '../../../server/app.ts';
import { fakeServerBuild } from '../../../server/test-build.ts';
import { testClient } from '../../../server/test-client.ts';
import * as cartRoute from '../../routes/cart.tsx';

/* Spec §2 `/cart`: rendered with the lines, personal, in a fixed number of statements. */

let t: TestDatabase;
let parts: number[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
  parts = (await t.db.selectFrom('parts_part').select('id').orderBy('id').limit(100).execute()).map((p) => p.id);
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const build = () => fakeServerBuild({ 'routes/cart': { path: 'cart', module: cartRoute } });

let n = 0;
async function visitorWith(count: number, { signedIn = true } = {}) {
  const client = testClient(t.services);
  if (signedIn) {
    const email = `cart-route${++n}@agro.test`;
    await createUser(t.db, { name: 'Иван', email, password: 'secret1', emailVerified: true });
    expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  }
  for (let i = 0; i < count; i += 50) {
    await client.post('/api/cart/add', { products: parts.slice(i, Math.min(i + 50, count)).map((id) => ({ part_id: id, count: 1 })) });
  }
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

describe('/cart', () => {
  it('renders a guest\'s and a signed-in visitor\'s lines, never from a shared cache', async () => {
    const app = createApp({ services: t.services, build: build() });
    const empty = await app.request('/cart');
    expect(empty.status).toBe(200);
    expect(empty.headers.get('cache-control')).toBe('private, no-store');
    const guest = await app.request('/cart.data', { headers: { cookie: await visitorWith(2, { signedIn: false }) } });
    const guestData = await guest.text();
    expect(guest.status).toBe(200);
    expect(guestData).toContain('pricesShown');
    const code = (await t.db.selectFrom('parts_part').select('code').where('id', '=', parts[0]!).executeTakeFirstOrThrow()).code;
    expect(guestData).toContain(code);
  });

  it('reads a cart of 1 line and of 100 lines in the same number of statements', async () => {
    const { services, counter } = countingServices(t.services);
    const app = createApp({ services, build: build() });
    const statements = async (cookie: string) => {
      await app.request('/cart.data', { headers: { cookie } });
      counter.count = 0;
      const res = await app.request('/cart.data', { headers: { cookie } });
      expect(res.status).toBe(200);
      return counter.count;
    };
    const one = await statements(await visitorWith(1));
    const hundred = await statements(await visitorWith(100));
    expect(hundred).toBe(one);
    // The session, and the cart's three (lines, limit, parts); the branches are memoised reference data.
    expect(hundred).toBe(4);
  });
});
