import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createApp } from '../../server/app.ts';
import { fakeServerBuild } from '../../server/test-build.ts';
import { signedInClient, testClient } from '../../server/test-client.ts';
import * as list from './transportation-orders.tsx';
import * as one from './transportation-orders.$id.tsx';

/*
 * The exchange's pages through the whole HTTP app (ADR 097): a guest gets the list's page and is sent
 * to sign in from a load's; another
 * customer's guess of a load's number and any nonsense id are 404s; a bid's bad input is a 400, and
 * a carrier's bid on a load awarded to another a 404; nothing is cacheable.
 */

let t: TestDatabase;
let app: ReturnType<typeof createApp>;

const signedIn = (email: string, carrier = false) =>
  signedInClient(t.services, { email, name: carrier ? 'ТК Проверка' : 'Клиент', role: carrier ? 'carrier' : undefined, app });

beforeAll(async () => {
  t = await createTestDatabase();
  app = createApp({
    services: t.services,
    build: fakeServerBuild({
      list: { path: 'transportation-orders', module: list },
      one: { path: 'transportation-orders/:id', module: one },
    }),
  });
}, 120_000);
afterAll(async () => { await t?.destroy(); });

describe('/transportation-orders', () => {
  it('asks a guest to sign in, hides loads from strangers, and refuses bad bids with a 400', async () => {
    const guest = testClient(t.services, { app });
    const page = await guest.get('/transportation-orders');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect((await guest.get('/transportation-orders/1')).status).toBe(302);

    const demo = await t.db.selectFrom('transport_load').select(['id', 'status']).orderBy('id').execute();
    const open = demo.find((d) => d.status === 'open')!.id;
    const awarded = demo.find((d) => d.status === 'awarded')!.id;
    const customer = await signedIn('route-customer@transport.test');
    for (const path of [`/transportation-orders/${open}`, `/transportation-orders/${awarded}`, '/transportation-orders/999999', '/transportation-orders/abc', '/transportation-orders/0']) {
      expect((await customer.client.get(path)).status, path).toBe(404);
    }
    expect((await customer.client.form(`/transportation-orders/${open}`, { intent: 'award', bidId: '1' })).status).toBe(404);

    const carrier = await signedIn('route-carrier@transport.test', true);
    expect((await carrier.client.get('/transportation-orders?from=%D0%92%D0%BE%D1%80%D0%BE%D0%BD%D0%B5%D0%B6&page=x')).status).toBe(200);
    const shown = await carrier.client.get(`/transportation-orders/${open}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    const bad = await carrier.client.form(`/transportation-orders/${open}`, { intent: 'bid', price: 'дорого', pickupOn: '2030-13-01' });
    expect(bad.status).toBe(400);
    expect((await carrier.client.form(`/transportation-orders/${open}`, { intent: 'bid', price: '50000', pickupOn: '2030-05-01' })).status).toBe(302);
    // Awarded to someone else, never bid on: not his to see.
    expect((await carrier.client.get(`/transportation-orders/${awarded}`)).status).toBe(404);
    expect((await carrier.client.form(`/transportation-orders/${awarded}`, { intent: 'bid', price: '1000', pickupOn: '2030-05-01' })).status).toBe(404);
    expect((await carrier.client.form(`/transportation-orders/${open}`, { intent: 'teleport' })).status).toBe(400);
  });
});
