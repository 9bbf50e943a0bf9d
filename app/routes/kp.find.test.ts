import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import type { CatalogueCandidate } from '#app/modules/offers/ui/OfferEditor.tsx';
import { createApp } from '../../server/app.ts';
import { fakeServerBuild } from '../../server/test-build.ts';
import { signedInClient } from '../../server/test-client.ts';
import * as find from './kp.find.ts';

/*
 * The editor's catalogue search answers in the offer's currency (ADR 106): a branch's rouble price
 * and a model's rouble options converted with today's rates (92,50 ₽ for a dollar in the demo), a
 * currency without a rate answers the price as on request and the options at 0 for the manager to
 * price; a customer cannot search at all.
 */

let t: TestDatabase;
let app: ReturnType<typeof createApp>;
let branchId: number;
let manager: Awaited<ReturnType<typeof signedInClient>>['client'];

beforeAll(async () => {
  t = await createTestDatabase();
  app = createApp({ services: t.services, build: fakeServerBuild({ find: { path: 'kp/find', module: find } }) });
  // A Russian branch where the К-742 Стандарт has a price.
  const row = await t.db.selectFrom('catalog_model_branch as b').innerJoin('catalog_model as m', 'm.id', 'b.model_id')
    .select('b.branch_id').where('m.name', '=', 'К-742 Стандарт').where('b.currency', '=', 'RUB').where('b.price', 'is not', null)
    .orderBy('b.branch_id').limit(1).executeTakeFirstOrThrow();
  branchId = row.branch_id;
  ({ client: manager } = await signedInClient(t.services, { email: 'find-manager@example.ru', role: 'employee', app }));
  await t.db.updateTable('auth_user').set({ staff_branch_id: branchId }).where('email', '=', 'find-manager@example.ru').execute();
}, 120_000);
afterAll(async () => { await t?.destroy(); });

async function kirovets(currency: string): Promise<CatalogueCandidate> {
  const res = await manager.get(`/kp/find?branch=${branchId}&kind=machine&currency=${currency}&q=${encodeURIComponent('К-742 Стандарт')}`);
  expect(res.status).toBe(200);
  const { candidates } = await res.json() as { candidates: CatalogueCandidate[] };
  const found = candidates.find((c) => c.name === 'К-742 Стандарт');
  expect(found).toBeDefined();
  return found!;
}

describe('/kp/find', () => {
  it('converts the branch price and the model options into the offer currency with today\'s rates', async () => {
    const rub = await kirovets('RUB');
    expect(rub.price).toBeGreaterThan(0);
    expect(rub.options!.length).toBeGreaterThan(0);
    const usd = await kirovets('USD');
    // 92,50 ₽ for a dollar: kopecks × 10 000 / 925 000, half up.
    const toUsd = (kopecks: number) => Math.round((kopecks * 10_000) / 925_000);
    expect(usd.price).toBe(toUsd(rub.price!));
    expect(usd.options!.map((o) => o.price)).toEqual(rub.options!.map((o) => toUsd(o.price)));
    expect(usd.options!.map((o) => o.name)).toEqual(rub.options!.map((o) => o.name));
  });

  it('answers a price on request and options at 0 without a rate, and roubles for an unknown currency', async () => {
    await t.db.deleteFrom('financing_exchange_rate').where('currency', '=', 'CNY').execute();
    const cny = await kirovets('CNY');
    expect(cny.price).toBeNull();
    expect(cny.options!.every((o) => o.price === 0)).toBe(true);
    const unknown = await kirovets('XXX');
    const rub = await kirovets('RUB');
    expect(unknown.price).toBe(rub.price);
  });

  it('is for staff only', async () => {
    const { client } = await signedInClient(t.services, { email: 'find-customer@example.ru', app });
    const res = await client.get(`/kp/find?branch=${branchId}&kind=machine&currency=USD&q=K-742`);
    expect([403, 404]).toContain(res.status);
  });
});
