import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '#app/.server/clock.ts';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { findSession, revokeSession, rotateSession } from '#app/.server/session.ts';
import { testContext } from '#app/.server/test-context.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { CART_COUNT_MAX, CART_ITEMS_LIMIT } from './cart.constants.ts';
import * as cart from './cart.server.ts';

let t: TestDatabase;
let parts: number[] = [];
beforeAll(async () => {
  t = await createTestDatabase({ DATABASE_POOL_SIZE: '12' });
  // Demo parts: enough for the limit and past it.
  parts = (await t.db.selectFrom('parts_part').select('id').orderBy('id').limit(CART_ITEMS_LIMIT + 30).execute()).map((p) => p.id);
});
afterAll(async () => { resetClock(); await t?.destroy(); });

let userN = 0;
const newUser = () => createUser(t.db, { name: 'Пётр', email: `cart${++userN}@agro.test`, password: 'secret1' });

async function signedIn(userId: number) {
  const ctx = testContext(t.services);
  await ctx.signIn(userId, 'browser');
  return ctx;
}

const lines = (ids: number[], count = 1) => ids.map((partId) => ({ partId, count }));

describe('adding to the cart', () => {
  it('creates a guest\'s session on the first add, adds counts to a part already there, counts distinct parts', async () => {
    const ctx = testContext(t.services);
    expect(await cart.cartCount(ctx)).toBe(0);
    const first = await cart.addToCart(ctx, [{ partId: parts[0]!, count: 2 }, { partId: parts[1]!, count: 1 }]);
    expect(first).toEqual({ ok: true, message: 'Добавлено в корзину', cartCount: 2, products: [{ part_id: parts[0], count: 2 }, { part_id: parts[1], count: 1 }] });
    expect(ctx.session?.userId).toBeNull();
    const again = await cart.addToCart(ctx, [{ partId: parts[0]!, count: 3 }]);
    expect(again).toMatchObject({ ok: true, cartCount: 2, products: [{ part_id: parts[0], count: 5 }] });
    expect(await cart.cartCount(ctx)).toBe(2);
    // Another visitor's cart is his own.
    expect(await cart.cartCount(testContext(t.services))).toBe(0);
  });

  it(`caps a line at ${CART_COUNT_MAX}`, async () => {
    const ctx = await signedIn(await newUser());
    await cart.addToCart(ctx, [{ partId: parts[0]!, count: 9000 }]);
    expect(await cart.addToCart(ctx, [{ partId: parts[0]!, count: 9000 }])).toMatchObject({ ok: true, products: [{ part_id: parts[0], count: CART_COUNT_MAX }] });
  });

  it('refuses unknown parts and writes nothing of the call', async () => {
    const ctx = await signedIn(await newUser());
    const refused = await cart.addToCart(ctx, [{ partId: parts[0]!, count: 1 }, { partId: 2_000_000_001, count: 1 }, { partId: 2_000_000_000, count: 1 }]);
    expect(refused).toEqual({ ok: false, code: 'unknown-parts', message: 'Запчасти с id 2000000000, 2000000001 не найдены в каталоге' });
    expect(await cart.cartCount(ctx)).toBe(0);
    expect(await cart.addToCart(ctx, [{ partId: 2_000_000_000, count: 1 }])).toMatchObject({ message: 'Запчасть с id 2000000000 не найдена в каталоге' });
  });

  it(`keeps at most ${CART_ITEMS_LIMIT} parts; a call that would pass it adds nothing, more of a part already there is fine`, async () => {
    const ctx = await signedIn(await newUser());
    for (let i = 0; i < CART_ITEMS_LIMIT; i += 50) expect((await cart.addToCart(ctx, lines(parts.slice(i, i + 50)))).ok).toBe(true);
    expect(await cart.cartCount(ctx)).toBe(CART_ITEMS_LIMIT);
    const refused = await cart.addToCart(ctx, lines([parts[0]!, parts[CART_ITEMS_LIMIT]!]));
    expect(refused).toEqual({
      ok: false, code: 'limit',
      message: 'В корзине уже 200 позиций — это наибольшее число. Оформите заказ или уберите ненужные, чтобы добавить новые',
    });
    expect(await t.db.selectFrom('cart_item').select('count').where('user_id', '=', ctx.session!.userId).where('part_id', '=', parts[0]!).executeTakeFirst()).toEqual({ count: 1 });
    expect(await cart.addToCart(ctx, lines([parts[0]!, parts[1]!], 4))).toMatchObject({ ok: true, cartCount: CART_ITEMS_LIMIT });
  });

  it('never passes the limit, nor loses a count, under parallel adds of one visitor', async () => {
    const ctx = await signedIn(await newUser());
    // 230 parts in 46 parallel calls of 5, and 20 parallel adds of one part.
    const calls = [];
    for (let i = 0; i < parts.length; i += 5) calls.push(cart.addToCart(ctx, lines(parts.slice(i, i + 5))));
    const same = Array.from({ length: 20 }, () => cart.addToCart(ctx, [{ partId: parts[0]!, count: 1 }]));
    const results = await Promise.all([...calls, ...same]);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === 'limit')).toBe(true);
    const rows = await t.db.selectFrom('cart_item').select(['part_id', 'count']).where('user_id', '=', ctx.session!.userId).execute();
    expect(rows.length).toBeLessThanOrEqual(CART_ITEMS_LIMIT);
    expect(rows.length).toBeGreaterThanOrEqual(CART_ITEMS_LIMIT - 4);
    const first = rows.find((r) => r.part_id === parts[0]);
    // Every successful add of the first part counted, none twice.
    const addsOfFirst = results.filter((r) => r.ok && r.products.some((p) => p.part_id === parts[0])).length;
    expect(first?.count).toBe(addsOfFirst);
  });

  it('reads the counter in one statement, none without a session', async () => {
    const { services, counter } = countingServices(t.services);
    const userId = await newUser();
    const session = (await rotateSession(services.db, null, userId, 'browser')).session;
    const ctx = testContext(services, { session });
    await cart.addToCart(ctx, lines(parts.slice(0, 3)));
    counter.count = 0;
    expect(await cart.cartCount(ctx)).toBe(3);
    expect(counter.count).toBe(1);
    counter.count = 0;
    expect(await cart.cartCount(testContext(services))).toBe(0);
    expect(counter.count).toBe(0);
  });

  it('reads a signed-in visitor\'s counter with his session on a page view: no statement of its own', async () => {
    const userId = await newUser();
    const { token, session } = await rotateSession(t.db, null, userId, 'browser');
    await cart.addToCart(testContext(t.services, { session }), lines(parts.slice(0, 2)));
    const page = await findSession(t.db, token, { withFacts: true });
    const { services, counter } = countingServices(t.services);
    expect(await cart.cartCount(testContext(services, { session: page }))).toBe(2);
    expect(counter.count).toBe(0);
  });
});

describe('sign-in joins the guest\'s cart to the account', () => {
  it('keeps the larger count of a part in both, adds the rest, clears the guest\'s lines', async () => {
    const userId = await newUser();
    const account = await signedIn(userId);
    await cart.addToCart(account, [{ partId: parts[0]!, count: 5 }, { partId: parts[1]!, count: 1 }]);
    const visitor = testContext(t.services);
    advanceClock(1000);
    await cart.addToCart(visitor, [{ partId: parts[0]!, count: 2 }, { partId: parts[1]!, count: 3 }, { partId: parts[2]!, count: 7 }]);
    const guestSession = visitor.session!.id;

    await rotateSession(t.db, visitor.session, userId, 'browser', undefined, [cart.joinGuestCart]);

    const rows = await t.db.selectFrom('cart_item').select(['part_id', 'count']).where('user_id', '=', userId).orderBy('part_id').execute();
    expect(rows).toEqual([{ part_id: parts[0], count: 5 }, { part_id: parts[1], count: 3 }, { part_id: parts[2], count: 7 }]);
    expect(await t.db.selectFrom('cart_item').select('id').where('session_id', '=', guestSession).execute()).toEqual([]);
  });

  it(`fills the account's cart up to ${CART_ITEMS_LIMIT}, the guest's newest first`, async () => {
    const userId = await newUser();
    const account = await signedIn(userId);
    for (let i = 0; i < CART_ITEMS_LIMIT - 2; i += 50) await cart.addToCart(account, lines(parts.slice(i, Math.min(i + 50, CART_ITEMS_LIMIT - 2))));
    const visitor = testContext(t.services);
    for (const id of parts.slice(CART_ITEMS_LIMIT, CART_ITEMS_LIMIT + 4)) { advanceClock(1000); await cart.addToCart(visitor, lines([id])); }
    await rotateSession(t.db, visitor.session, userId, 'browser', undefined, [cart.joinGuestCart]);
    const ids = (await t.db.selectFrom('cart_item').select('part_id').where('user_id', '=', userId).execute()).map((r) => r.part_id);
    expect(ids).toHaveLength(CART_ITEMS_LIMIT);
    expect(ids).toContain(parts[CART_ITEMS_LIMIT + 3]);
    expect(ids).toContain(parts[CART_ITEMS_LIMIT + 2]);
    expect(ids).not.toContain(parts[CART_ITEMS_LIMIT + 1]);
  });
});

describe('housekeeping', () => {
  it('drops the cart of guests whose session is gone, and nothing else', async () => {
    const gone = testContext(t.services);
    const kept = testContext(t.services);
    const user = await signedIn(await newUser());
    for (const ctx of [gone, kept, user]) await cart.addToCart(ctx, lines([parts[5]!]));
    await revokeSession(t.db, gone.session!.id);
    await cart.deleteOrphanGuestCarts(t.db);
    expect(await t.db.selectFrom('cart_item').select('id').where('session_id', '=', gone.session!.id).execute()).toEqual([]);
    expect(await cart.cartCount(kept)).toBe(1);
    expect(await cart.cartCount(user)).toBe(1);
  });
});
