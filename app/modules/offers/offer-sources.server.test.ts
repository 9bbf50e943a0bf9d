import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { customerCartLines } from '#app/modules/cart/cart.server.ts';
import { createOffer, editorOffer, partProducts } from './offer-editor.server.ts';

/*
 * Where a back-office offer starts (issue 30 §3; ADR 088): a customer's cart becomes a spare-parts
 * draft with the branch's prices, counts and weights; the cart itself is left as it was.
 */

let t: TestDatabase;
let branchId: number;
let customer: number;
let parts: Array<{ id: number; code: string; name: string; weight_grams: number | null; price: number | null; old_price: number | null }>;

beforeAll(async () => {
  t = await createTestDatabase({ PUBLIC_ORIGIN: 'https://shop.example' });
  branchId = (await t.db.selectFrom('region_branch').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  parts = await t.db.selectFrom('parts_part as p').innerJoin('parts_part_branch as b', 'b.part_id', 'p.id')
    .select(['p.id', 'p.code', 'p.name', 'p.weight_grams', 'b.price', 'b.old_price']).where('b.branch_id', '=', branchId).where('b.price', 'is not', null)
    .orderBy('p.id').limit(2).execute();
  customer = (await t.db.insertInto('auth_user').values({ name: 'Пётр Иванов', email: 'cart-offer@farm.example', password_hash: null, email_verified_at: null, phone: '79111234567', phone_verified_at: null, staff_branch_id: null, area_id: null })
    .returning('id').executeTakeFirstOrThrow()).id;
  await t.db.insertInto('cart_item').values([{ user_id: customer, session_id: null, part_id: parts[0]!.id, count: 3 }, { user_id: customer, session_id: null, part_id: parts[1]!.id, count: 1 }]).execute();
}, 120_000);
afterAll(async () => { await t?.destroy(); });

describe("an offer from a customer's cart", () => {
  it("starts a spare-parts draft with the cart's parts at the branch's prices, counts and weights; the cart stays", async () => {
    const lines = await customerCartLines(t.db, customer, branchId);
    expect(lines.map((l) => [l.part_id, l.count, l.price])).toEqual([[parts[0]!.id, 3, Number(parts[0]!.price)], [parts[1]!.id, 1, Number(parts[1]!.price)]]);
    const products = partProducts(lines.map((l) => ({ code: l.code, name: l.name, count: l.count, price: l.price, oldPrice: l.old_price, weightGrams: l.weight_grams })));
    const staff = { userId: customer, name: 'Андрей Соколов', branchId };
    const created = await createOffer(t.services, staff, { variant: 'spare-parts', clientName: 'Пётр Иванов', phone: '79111234567' }, null, products);
    const offer = (await editorOffer(t.services, branchId, created.ok ? created.hash : ''))!;
    expect(offer.content.variant).toBe('spare-parts');
    expect(offer.content.products.map((p) => ({ id: p.id, kind: p.kind, code: p.code, count: p.prices.count, price: p.prices.price, weight: p.dimensions?.weight ?? null }))).toEqual(parts.map((p, i) => ({
      id: `z${i + 1}`, kind: 'part', code: p.code, count: i === 0 ? 3 : 1, price: Number(p.price), weight: p.weight_grams ? p.weight_grams / 1000 : null,
    })));
    const first = offer.content.products[0]!;
    const base = Math.max(Number(parts[0]!.price), Number(parts[0]!.old_price ?? 0));
    expect(first.prices).toMatchObject({ default_price: base, sale: base - Number(parts[0]!.price) });
    expect(offer.total).toBe(offer.content.products.reduce((sum, p) => sum + p.prices.price * p.prices.count, 0));
    expect(await t.db.selectFrom('cart_item').select('id').where('user_id', '=', customer).execute()).toHaveLength(2);
  });

  it('a part without a price comes in at 0 for the manager to price; an empty cart gives nothing', () => {
    expect(partProducts([{ code: 'X-1', name: 'Втулка', count: 2, price: null, oldPrice: null, weightGrams: null }])[0]).toMatchObject({
      id: 'z1', kind: 'part', prices: { price: 0, default_price: 0, count: 2, discount: 0 },
    });
    expect(partProducts([])).toEqual([]);
  });
});
