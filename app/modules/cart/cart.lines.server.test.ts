import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { rotateSession } from '#app/.server/session.ts';
import { signedInContext, testContext } from '#app/.server/test-context.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import * as cart from './cart.server.ts';

/* Issue 10: the cart's lines at a branch, counts, removal, limit and recommendations. */

let t: TestDatabase;
let parts: number[] = [];
let branches: Array<{ id: number }> = [];
beforeAll(async () => {
  t = await createTestDatabase({ DATABASE_POOL_SIZE: '12' });
  // Parts sold at some branch with a price: the demo hub branches sell every part.
  parts = (await t.db.selectFrom('parts_part').select('id').orderBy('id').limit(120).execute()).map((p) => p.id);
  branches = await t.db.selectFrom('region_branch').select('id').orderBy('id').execute();
});
afterAll(async () => { await t?.destroy(); });

let userN = 0;
const newUser = () => createUser(t.db, { name: 'Анна', email: `cart-lines${++userN}@agro.test`, password: 'secret1' });
const lines = (ids: number[], count = 1) => ids.map((partId) => ({ partId, count }));

async function withLines(ids: number[]) {
  const ctx = await signedInContext(t.services, await newUser());
  await cart.addToCart(ctx, lines(ids));
  const view = await cart.cartView(ctx);
  if (!view.ok) throw new Error(view.message);
  return { ctx, view };
}

describe('the cart at a branch', () => {
  it('answers lines with code, 1C code, weight, price and stock at the branch, in the order added', async () => {
    const { view } = await withLines(parts.slice(0, 3));
    expect(view.items.map((l) => l.part_id)).toEqual(parts.slice(0, 3));
    expect(view.pricesShown).toBe(true);
    expect(view.cartCount).toBe(3);
    expect(view.limit).toEqual({ total: 0, used: 0, days: 0, currency: view.currency });
    expect(view.currencySign).toBe(view.currency === 'KZT' ? '₸' : 'руб.');
    const first = view.items[0]!;
    const row = await t.db.selectFrom('parts_part').select(['code', 'one_c_code', 'weight_grams']).where('id', '=', first.part_id).executeTakeFirstOrThrow();
    expect(first).toMatchObject({ count: 1, code: row.code, code1c: row.one_c_code, weight: row.weight_grams === null ? null : row.weight_grams / 1000 });
    expect(first.link).toMatch(/^\/parts\/[a-z0-9-]+-\d+$/);
    expect(first.price === null || (Number.isInteger(first.price) && first.price > 0)).toBe(true);
  });

  it('prices a line at the branch asked for; an unknown branch is refused', async () => {
    const { ctx } = await withLines(parts.slice(0, 5));
    const rows = await t.db.selectFrom('parts_part_branch').select(['part_id', 'branch_id', 'price']).where('part_id', '=', parts[0]!).execute();
    for (const r of rows) {
      const view = await cart.cartView(ctx, r.branch_id);
      expect(view.ok && view.currentBranchId).toBe(r.branch_id);
      if (view.ok) expect(view.items[0]!.price).toBe(r.price === null || Number(r.price) === 0 ? null : Number(r.price));
    }
    expect(await cart.cartView(ctx, 2_000_000_000)).toEqual({ ok: false, code: 'unknown-branch', message: 'Такого филиала нет. Выберите филиал из списка' });
  });

  it('shows a guest his lines without prices; a visitor without a session has an empty cart and no statement', async () => {
    const guest = testContext(t.services);
    await cart.addToCart(guest, lines(parts.slice(0, 2)));
    const view = await cart.cartView(guest);
    expect(view.ok && view.items.length).toBe(2);
    expect(view.ok && view.pricesShown).toBe(false);
    expect(view.ok && view.items.every((l) => l.price === null && l.oldPrice === null)).toBe(true);
    const { services, counter } = countingServices(t.services);
    await cart.cartBranches(testContext(services));
    counter.count = 0;
    const fresh = await cart.cartView(testContext(services));
    expect(fresh.ok && fresh.items).toEqual([]);
    expect(counter.count).toBe(0);
  });

  it('reads 100 lines in three statements', async () => {
    const userId = await newUser();
    const { session } = await rotateSession(t.db, null, userId, 'browser');
    await cart.addToCart(testContext(t.services, { session }), lines(parts.slice(0, 50)));
    await cart.addToCart(testContext(t.services, { session }), lines(parts.slice(50, 100)));
    const { services, counter } = countingServices(t.services);
    const ctx = testContext(services, { session });
    await cart.cartView(ctx, branches[0]!.id);
    counter.count = 0;
    const view = await cart.cartView(ctx);
    expect(view.ok && view.items.length).toBe(100);
    expect(counter.count).toBe(3);
  });

  it('answers the customer\'s limit', async () => {
    const { ctx } = await withLines(parts.slice(0, 1));
    await cart.setCustomerLimit(t.db, ctx.session!.userId!, { total: 500_000_00, used: 120_000_00, days: 30, currency: 'RUB' });
    const view = await cart.cartView(ctx);
    expect(view.ok && view.limit).toEqual({ total: 500_000_00, used: 120_000_00, days: 30, currency: 'RUB' });
  });
});

describe('change-count and remove', () => {
  it('changes a line of his own only; someone else\'s and unknown lines change nothing', async () => {
    const a = await withLines(parts.slice(0, 2));
    const b = await withLines(parts.slice(0, 1));
    const line = a.view.items[0]!;
    expect(await cart.changeCount(a.ctx, { id: line.id, count: 7 })).toEqual({ ok: true, message: 'Количество изменено', line: { id: line.id, part_id: line.part_id, count: 7 }, cartCount: 2 });
    expect(await cart.changeCount(b.ctx, { id: line.id, count: 1 })).toEqual({ ok: false, code: 'unknown-lines', message: `Строки ${line.id} нет в вашей корзине` });
    expect(await cart.changeCount(testContext(t.services), { id: line.id, count: 1 })).toMatchObject({ ok: false, code: 'unknown-lines' });
    expect(await cart.changeCount(a.ctx, { id: 2_000_000_000, count: 1 })).toMatchObject({ ok: false });
    const after = await cart.cartView(a.ctx);
    expect(after.ok && after.items[0]!.count).toBe(7);
  });

  it('removes one or several, all or none', async () => {
    const a = await withLines(parts.slice(0, 4));
    const b = await withLines(parts.slice(0, 1));
    const ids = a.view.items.map((l) => l.id);
    const foreign = b.view.items[0]!.id;
    expect(await cart.removeLines(a.ctx, [ids[0]!, foreign, 2_000_000_000])).toEqual({
      ok: false, code: 'unknown-lines', message: `Строк ${foreign}, 2000000000 нет в вашей корзине`,
    });
    expect((await cart.cartView(a.ctx)).ok && (await cart.cartView(b.ctx))).toMatchObject({ cartCount: 1 });
    expect(await cart.removeLines(a.ctx, [ids[0]!])).toEqual({ ok: true, message: 'Товар удалён из корзины', removed: 1, cartCount: 3 });
    expect(await cart.removeLines(a.ctx, ids.slice(1))).toEqual({ ok: true, message: 'Удалено из корзины: 3', removed: 3, cartCount: 0 });
    expect(await cart.removeLines(a.ctx, [ids[0]!])).toMatchObject({ ok: false, code: 'unknown-lines' });
  });

  it('in parallel: one removal of a line wins, the others are told it is gone; parallel counts end as one of them', async () => {
    const { ctx, view } = await withLines(parts.slice(0, 3));
    const [l1, l2] = view.items;
    const removals = await Promise.all(Array.from({ length: 10 }, () => cart.removeLines(ctx, [l1!.id])));
    expect(removals.filter((r) => r.ok)).toHaveLength(1);
    expect(removals.filter((r) => !r.ok).every((r) => !r.ok && r.code === 'unknown-lines')).toBe(true);

    const counts = Array.from({ length: 20 }, (_, i) => i + 2);
    const changes = await Promise.all(counts.map((count) => cart.changeCount(ctx, { id: l2!.id, count })));
    expect(changes.every((r) => r.ok)).toBe(true);
    const row = await t.db.selectFrom('cart_item').select('count').where('id', '=', l2!.id).executeTakeFirstOrThrow();
    expect(counts).toContain(row.count);

    // A change racing the removal of its line: either it lands before (and is removed) or is told the line is gone.
    const [changed, removed] = await Promise.all([cart.changeCount(ctx, { id: l2!.id, count: 3 }), cart.removeLines(ctx, [l2!.id])]);
    expect(removed.ok).toBe(true);
    expect(changed.ok || (!changed.ok && changed.code === 'unknown-lines')).toBe(true);
    expect(await t.db.selectFrom('cart_item').select('id').where('id', '=', l2!.id).execute()).toEqual([]);
    const left = await cart.cartView(ctx);
    expect(left.ok && left.cartCount).toBe(1);
  });

  it('parallel removals of overlapping selections remove each line once and count right', async () => {
    const { ctx, view } = await withLines(parts.slice(10, 30));
    const ids = view.items.map((l) => l.id);
    const results = await Promise.all([
      cart.removeLines(ctx, ids.slice(0, 10)), cart.removeLines(ctx, ids.slice(5, 15)), cart.removeLines(ctx, ids.slice(15, 20)),
    ]);
    const removed = results.flatMap((r) => (r.ok ? [r.removed] : []));
    const rows = await t.db.selectFrom('cart_item').select('id').where('id', 'in', ids).execute();
    expect(rows.length).toBe(20 - removed.reduce((a, b) => a + b, 0));
    // The first two overlap: whichever runs first removes its lines, the other finds some gone and
    // removes none (all or none). The third overlaps neither and always succeeds.
    expect(Number(results[0]!.ok) + Number(results[1]!.ok)).toBe(1);
    expect(results[2]!.ok).toBe(true);
  });
});

describe('branches and recommendations', () => {
  it('lists branches, the visitor\'s default and the nearest to a point', async () => {
    const list = await cart.cartBranches(testContext(t.services));
    expect(list.length).toBeGreaterThan(0);
    const b = list[0]!;
    const near = await cart.nearestBranch(testContext(t.services), b.coords);
    expect(near).toEqual({ ok: true, branch: b });
    const fallback = await cart.defaultBranch(testContext(t.services));
    expect(fallback === null || list.some((x) => x.id === fallback.id)).toBe(true);
  });

  it('recommends analogs and parts of the same drawings, none in the cart, in stock first', async () => {
    const pair = await t.db.selectFrom('parts_analog').select(['part_id', 'analog_id']).orderBy('part_id').limit(1).executeTakeFirstOrThrow();
    const { ctx } = await withLines([pair.part_id]);
    const rec = await cart.cartRecItems(ctx);
    expect(rec.ok).toBe(true);
    if (!rec.ok) return;
    expect(rec.items.length).toBeGreaterThan(0);
    expect(rec.items.length).toBeLessThanOrEqual(12);
    expect(rec.items.some((i) => i.part_id === pair.part_id)).toBe(false);
    const inStock = rec.items.map((i) => i.inStock > 0);
    expect(inStock).toEqual([...inStock].sort((x, y) => Number(y) - Number(x)));
    expect(rec.items.some((i) => i.part_id === pair.analog_id) || rec.items.every((i) => i.inStock > 0)).toBe(true);
    expect(await cart.cartRecItems(testContext(t.services))).toEqual({ ok: true, items: [] });
  });
});
