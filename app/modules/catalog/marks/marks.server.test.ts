import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '#app/.server/clock.ts';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { findSession, revokeSession, rotateSession } from '#app/.server/session.ts';
import { testContext } from '#app/.server/test-context.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { COMPARE_LIMIT_PER_TYPE, HISTORY_LIMIT } from './marks.constants.ts';
import { FIXTURE, insertMarksFixture } from './marks.fixture.server.ts';
import * as marks from './marks.server.ts';
import { dataChanged } from '#app/.server/db/changes.ts';
import { partLink } from '#app/modules/parts/pages/part-link.rules.ts';
import { bookmarkedParts } from '#app/modules/parts/part-summary.server.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertMarksFixture(t.db);
});
afterAll(async () => { resetClock(); await t?.destroy(); });

const A = FIXTURE.modelsA.map((m) => m.id);
const B = FIXTURE.modelsB.map((m) => m.id);
let userN = 0;
const newUser = () => createUser(t.db, { name: 'Пётр', email: `marks${++userN}@agro.test`, password: 'secret1' });

async function signedIn(userId: number) {
  const ctx = testContext(t.services);
  await ctx.signIn(userId, 'browser');
  return ctx;
}

async function guest() {
  const ctx = testContext(t.services);
  await ctx.ensureSession();
  return ctx;
}

describe('a signed-in visitor\'s marks', () => {
  it('come in one statement, each list in its order', async () => {
    const { services, counter } = countingServices(t.services);
    const ctx = testContext(services);
    await ctx.signIn(await newUser(), 'browser');
    await marks.addToCompare(ctx, B[0]!);
    advanceClock(1_000);
    await marks.addToCompare(ctx, A[0]!);
    await marks.addBookmark(ctx, A[1]!);
    advanceClock(1_000);
    await marks.addBookmark(ctx, B[1]!);
    counter.count = 0;
    // The comparison in the order added, the favourites newest first.
    expect(await marks.marksState(ctx)).toEqual({ compare: [B[0], A[0]], bookmarks: [B[1], A[1]], partBookmarks: [] });
    expect(counter.count).toBe(1);
  });

  it('are read with his session on a page view: the same lists, no statement of their own', async () => {
    const userId = await newUser();
    const { token, session } = await rotateSession(t.db, null, userId, 'browser');
    const writer = testContext(t.services, { session });
    await marks.addToCompare(writer, A[0]!);
    advanceClock(1_000);
    await marks.addToCompare(writer, B[0]!);
    await marks.addBookmark(writer, B[1]!);
    const page = await findSession(t.db, token, { withFacts: true });
    const { services, counter } = countingServices(t.services);
    expect(await marks.marksState(testContext(services, { session: page }))).toEqual({ compare: [A[0], B[0]], bookmarks: [B[1]], partBookmarks: [] });
    expect(counter.count).toBe(0);
  });
});

describe('comparison', () => {
  it('adds and removes, idempotently, for a guest by session', async () => {
    const ctx = testContext(t.services);
    expect(await marks.marksState(ctx)).toEqual({ compare: [], bookmarks: [], partBookmarks: [] });
    expect(await marks.addToCompare(ctx, A[0]!)).toEqual({ ok: true, message: 'Товар добавлен в сравнение' });
    expect(ctx.session).not.toBeNull(); // the first add made the guest's session
    expect(await marks.addToCompare(ctx, A[0]!)).toMatchObject({ ok: true });
    await marks.addToCompare(ctx, B[0]!);
    expect((await marks.marksState(ctx)).compare).toEqual([A[0], B[0]]);
    expect(await marks.markCounters(ctx)).toEqual({ compare: 2, bookmarks: 0 });
    await marks.removeFromCompare(ctx, A[0]!);
    await marks.removeFromCompare(ctx, A[0]!);
    expect((await marks.marksState(ctx)).compare).toEqual([B[0]]);
    // Another guest sees nothing of it.
    expect((await marks.marksState(await guest())).compare).toEqual([]);
  });

  it('refuses an unknown model', async () => {
    expect(await marks.addToCompare(await guest(), 999_999_999)).toEqual({ ok: false, code: 'unknown-model', message: 'Такой модели нет в каталоге' });
  });

  it(`keeps at most ${COMPARE_LIMIT_PER_TYPE} models per technique type, with a message naming the type`, async () => {
    const ctx = await signedIn(await newUser());
    for (const id of A.slice(0, COMPARE_LIMIT_PER_TYPE)) expect((await marks.addToCompare(ctx, id)).ok).toBe(true);
    const refused = await marks.addToCompare(ctx, A[COMPARE_LIMIT_PER_TYPE]!);
    expect(refused).toEqual({
      ok: false, code: 'limit',
      message: 'В сравнении уже 10 моделей типа «Тестовые тракторы» — это наибольшее число. Уберите одну из них, чтобы добавить новую',
    });
    // Another type has its own room; a model already there is still fine.
    expect((await marks.addToCompare(ctx, B[0]!)).ok).toBe(true);
    expect((await marks.addToCompare(ctx, A[0]!)).ok).toBe(true);
    expect((await marks.marksState(ctx)).compare).toHaveLength(COMPARE_LIMIT_PER_TYPE + 1);
  });

  it('never passes the limit with parallel adds of one visitor', async () => {
    const ctx = await guest();
    const all = [...A, ...A, ...B]; // 33 requests, some for the same model
    const results = await Promise.all(all.map((id) => marks.addToCompare(ctx, id)));
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === 'limit')).toBe(true);
    const state = await marks.marksState(ctx);
    expect(state.compare.filter((id) => A.includes(id))).toHaveLength(COMPARE_LIMIT_PER_TYPE);
    expect(state.compare.filter((id) => B.includes(id)).sort()).toEqual(B);
  });
});

describe('the comparison table', () => {
  it('groups by technique type, keeps the address order, lists every specification most important first', async () => {
    const page = await marks.comparePage(testContext(t.services), `MKB1,${FIXTURE.modelsA[0]!.code},mka2,MKA2,NOPE1`);
    expect(page.codes).toEqual(['MKB1', 'MKA1', 'MKA2']);
    expect(page.groups.map((g) => [g.typeName, g.models.map((m) => m.productCode)])).toEqual([
      ['Тестовые сеялки', ['MKB1']],
      ['Тестовые тракторы', ['MKA1', 'MKA2']],
    ]);
    const tractors = page.groups[1]!;
    expect(tractors.rows.map((r) => [r.name, r.values])).toEqual([
      ['Мощность', ['100\u00a0л.с.', '110\u00a0л.с.']],
      ['Ширина захвата', ['2,5\u00a0м', '3\u00a0м']],
      ['Кабина', ['Двухместная', 'Двухместная']],
    ]);
    expect(page.notices).toEqual(['Товар с кодом NOPE1 не найден — он не показан']);
    // A guest never receives prices; stock shows.
    expect(page.withPrices).toBe(false);
    expect(tractors.models[0]).toMatchObject({ offer: null, inStock: true, link: expect.stringMatching(/^\/catalog\/.+\/mk-line-a\/mka1$/) });
  });

  it('shows prices to the signed-in and survives malformed, unknown and too many codes', async () => {
    const ctx = await signedIn(await newUser());
    const page = await marks.comparePage(ctx, 'MKA1');
    expect(page.withPrices).toBe(true);
    expect(page.groups[0]!.models[0]!.offer).toMatchObject({ price: 1_000_000 + A[0]!, currency: 'RUB', quantity: 2 });
    const odd = await marks.comparePage(ctx, `<script>,${Array.from({ length: 80 }, (_, i) => `X${i}`).join(',')}`);
    expect(odd.groups).toEqual([]);
    expect(odd.notices[0]).toMatch(/^Товары с кодами <script>, X0, X1/);
    expect(odd.notices[1]).toBe('В адресе сравнения больше 50 товаров: покажем первые 50');
  });
});

describe('favourites', () => {
  it('are for signed-in users only', async () => {
    const ctx = await guest();
    expect(await marks.addBookmark(ctx, A[0]!)).toEqual({ ok: false, code: 'sign-in', message: 'Войдите, чтобы добавлять товары в избранное' });
  });

  it('add, list as cards with prices newest first, and remove', async () => {
    const ctx = await signedIn(await newUser());
    expect(await marks.addBookmark(ctx, A[0]!)).toEqual({ ok: true, message: 'Товар добавлен в избранное' });
    advanceClock(1000);
    await marks.addBookmark(ctx, B[1]!);
    await marks.addBookmark(ctx, B[1]!);
    expect(await marks.addBookmark(ctx, 999_999_999)).toMatchObject({ ok: false, code: 'unknown-model' });
    const cards = await marks.bookmarkCards(ctx);
    expect(cards.map((c) => c.productCode)).toEqual(['MKB2', 'MKA1']);
    expect(cards[0]!.offer?.price).toBe(1_000_000 + B[1]!);
    expect(cards[0]!.keySpecs).toEqual([
      { name: 'Мощность', value: '110\u00a0л.с.' }, { name: 'Ширина захвата', value: '3\u00a0м' }, { name: 'Кабина', value: 'Двухместная' },
    ]);
    expect(await marks.markCounters(ctx)).toEqual({ compare: 0, bookmarks: 2 });
    await marks.removeBookmark(ctx, A[0]!);
    expect((await marks.marksState(ctx)).bookmarks).toEqual([B[1]]);
  });
});

describe('favourite parts (issue 9 point 10)', () => {
  const partIds = async (n: number) => (await t.db.selectFrom('parts_part').select('id').orderBy('id').limit(n).execute()).map((p) => p.id);

  it('need sign-in, refuse an unknown part, add idempotently, remove, and count with the models', async () => {
    const [p1, p2] = await partIds(2);
    expect(await marks.addPartBookmark(await guest(), p1!)).toEqual({ ok: false, code: 'sign-in', message: 'Войдите, чтобы добавлять товары в избранное' });
    const ctx = await signedIn(await newUser());
    expect(await marks.addPartBookmark(ctx, 2_000_000_000)).toEqual({ ok: false, code: 'unknown-part', message: 'Такой запчасти нет в каталоге' });
    expect(await marks.addPartBookmark(ctx, p1!)).toEqual({ ok: true, message: 'Товар добавлен в избранное' });
    advanceClock(1000);
    await marks.addPartBookmark(ctx, p2!);
    await marks.addPartBookmark(ctx, p2!);
    await marks.addBookmark(ctx, A[0]!);
    expect(await marks.marksState(ctx)).toEqual({ compare: [], bookmarks: [A[0]], partBookmarks: [p2, p1] });
    expect(await marks.markCounters(ctx)).toEqual({ compare: 0, bookmarks: 3 });
    expect(await marks.removePartBookmark(ctx, p2!)).toEqual({ ok: true, message: 'Товар убран из избранного' });
    expect((await marks.marksState(ctx)).partBookmarks).toEqual([p1]);
  });

  it('list as rows with code, maker, price and stock at the visitor\'s branch, in two statements whatever their number', async () => {
    const { services, counter } = countingServices(t.services);
    const userId = await newUser();
    const session = (await rotateSession(services.db, null, userId, 'browser')).session;
    const ctx = testContext(services, { session });
    const ids = await partIds(31);
    await marks.addPartBookmark(ctx, ids[30]!);
    await bookmarkedParts(ctx); // warms the region directory of this handle
    const counts: number[] = [];
    for (const some of [ids.slice(0, 1), ids.slice(1, 30)]) {
      for (const id of some) { advanceClock(10); await marks.addPartBookmark(ctx, id); }
      counter.count = 0;
      const rows = await bookmarkedParts(ctx);
      counts.push(counter.count);
      expect(rows[0]!.id).toBe(some.at(-1));
    }
    expect(counts).toEqual([2, 2]);
    const rows = await bookmarkedParts(ctx);
    expect(rows).toHaveLength(31);
    const part = await t.db.selectFrom('parts_part as p').innerJoin('parts_manufacturer as m', 'm.id', 'p.manufacturer_id')
      .select(['p.code', 'p.name', 'm.name as maker', 'p.one_c_code']).where('p.id', '=', ids[0]!).executeTakeFirstOrThrow();
    const row = rows.find((r) => r.id === ids[0])!;
    expect(row).toMatchObject({ code: part.code, name: part.name, manufacturer: part.maker, oneCCode: part.one_c_code, link: partLink({ id: ids[0]!, code: part.code }) });
    // The demo sells every part at the country's hub branch (Смоленск, the guessed branch): a price for the signed-in.
    expect(rows.some((r) => r.here?.price != null)).toBe(true);
  });

  it('share the favourites\' limit with the models under parallel adds', async () => {
    const ctx = await signedIn(await newUser());
    const models = await t.db.selectFrom('catalog_model').select('id').orderBy('id').limit(480).execute();
    await t.db.insertInto('catalog_bookmark').values(models.map((m) => ({ user_id: ctx.session!.userId!, model_id: m.id }))).execute();
    const room = 500 - models.length;
    const ids = await partIds(room + 20);
    await t.db.insertInto('catalog_part_bookmark').values(ids.slice(0, room - 20).map((id) => ({ user_id: ctx.session!.userId!, part_id: id }))).execute();
    const results = await Promise.all(ids.slice(room - 20).map((id) => marks.addPartBookmark(ctx, id)));
    expect(results.filter((r) => r.ok)).toHaveLength(20);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === 'limit')).toBe(true);
    expect(await marks.markCounters(ctx)).toEqual({ compare: 0, bookmarks: 500 });
  });
});

describe('browsing history', () => {
  it('keeps the last 20 views, newest first, and leaves the current model out', async () => {
    const ctx = await guest();
    const views = [...A, ...B, ...A.slice(0, 4)]; // 22 views of 18 models, A1–A4 viewed again last
    for (const id of views) { advanceClock(1000); await marks.recordModelView(ctx, id); }
    const history = await marks.browsingHistory(ctx, null);
    expect(history.map((c) => c.id)).toEqual([A[3], A[2], A[1], A[0], ...B.toReversed(), ...A.slice(4).toReversed()]);
    const without = await marks.browsingHistory(ctx, A[3]!);
    expect(without.map((c) => c.id)).not.toContain(A[3]);
    expect(without).toHaveLength(17);
  });

  it(`trims to ${HISTORY_LIMIT} atomically under parallel views`, async () => {
    const ctx = await guest();
    const ids = [...A, ...B, ...A, ...B]; // 36 parallel views of 18 models
    await Promise.all(ids.map((id) => marks.recordModelView(ctx, id)));
    expect((await marks.browsingHistory(ctx, null)).length).toBe(18);
    const many = await t.db.selectFrom('catalog_model').select('id').orderBy('id').limit(40).execute();
    await Promise.all(many.map((m) => marks.recordModelView(ctx, m.id)));
    const rows = await t.db.selectFrom('catalog_view_history').select('model_id').where('session_id', '=', ctx.session!.id).execute();
    expect(rows.length).toBe(Math.min(HISTORY_LIMIT, new Set([...ids, ...many.map((m) => m.id)]).size));
  });

  it('records nothing for a visitor without a session unless asked to create one', async () => {
    const ctx = testContext(t.services);
    await marks.recordModelView(ctx, A[0]!);
    expect(ctx.session).toBeNull();
    await marks.recordModelView(ctx, A[0]!, { createSession: true });
    expect((await marks.browsingHistory(ctx, null)).map((c) => c.id)).toEqual([A[0]]);
  });
});

describe('sign-in joins the guest to the account', () => {
  it('moves comparison (duplicates dropped, limit kept) and history, and clears the guest rows', async () => {
    const userId = await newUser();
    const account = await signedIn(userId);
    for (const id of A.slice(0, 8)) await marks.addToCompare(account, id);
    advanceClock(1000);
    await marks.recordModelView(account, B[0]!);

    const visitor = await guest();
    for (const id of [A[0]!, ...A.slice(8, 13), B[2]!]) { advanceClock(1000); await marks.addToCompare(visitor, id); }
    advanceClock(1000);
    await marks.recordModelView(visitor, A[14]!);
    advanceClock(1000);
    await marks.recordModelView(visitor, B[0]!);
    const guestSession = visitor.session!.id;

    await rotateSession(t.db, visitor.session, userId, 'browser', undefined, [marks.joinGuestMarks]);

    const after = await marks.marksState(account);
    // 8 own tractors + the 2 newest of the guest's 5 new ones (A13, A12); the seeder joins; A1 once.
    expect(after.compare.filter((id) => A.includes(id)).sort()).toEqual([...A.slice(0, 8), A[11], A[12]].sort());
    expect(after.compare).toContain(B[2]);
    expect(new Set(after.compare).size).toBe(after.compare.length);
    expect((await marks.browsingHistory(account, null)).map((c) => c.id)).toEqual([B[0], A[14]]);
    for (const table of ['catalog_compare', 'catalog_view_history'] as const) {
      expect(await t.db.selectFrom(table).select('id').where('session_id', '=', guestSession).execute()).toEqual([]);
    }
  });
});

describe('a fixed number of queries whatever the number of models', () => {
  it('the comparison table, the favourites and the history', async () => {
    const { services, counter } = countingServices(t.services);
    const userId = await newUser();
    const session = (await rotateSession(services.db, null, userId, 'browser')).session;
    const ctx = testContext(services, { session });
    await marks.comparePage(ctx, 'MKA1'); // warms the region directory of this handle
    const counts: number[] = [];
    // Cards not yet in memory each time: one statement for them however many there are.
    for (const codes of [FIXTURE.modelsA.slice(0, 1), [...FIXTURE.modelsA, ...FIXTURE.modelsB]]) {
      dataChanged(services.db, 'catalog_model');
      counter.count = 0;
      await marks.comparePage(ctx, codes.map((m) => m.code).join(','));
      counts.push(counter.count);
    }
    expect(counts[0]).toBe(counts[1]);
    // The models by code, their specification values, the cards (their own parts, the branch's offers).
    expect(counts[0]).toBeLessThanOrEqual(4);

    const cardQueries: number[] = [];
    for (const ids of [A.slice(0, 1), [...A, ...B]]) {
      for (const id of ids) { await marks.addBookmark(ctx, id); await marks.recordModelView(ctx, id); }
      dataChanged(services.db, 'catalog_model');
      counter.count = 0;
      await marks.bookmarkCards(ctx);
      await marks.browsingHistory(ctx, null);
      cardQueries.push(counter.count);
    }
    expect(cardQueries[0]).toBe(cardQueries[1]);
    expect(cardQueries[0]).toBeLessThanOrEqual(5);
  });
});

describe('housekeeping', () => {
  it("drops the comparison and history of guests whose session is gone, and nothing else", async () => {
    const gone = await guest();
    const kept = await guest();
    const user = await signedIn(await newUser());
    for (const ctx of [gone, kept, user]) { await marks.addToCompare(ctx, B[0]!); await marks.recordModelView(ctx, B[0]!); }
    await revokeSession(t.db, gone.session!.id);
    await marks.deleteOrphanGuestMarks(t.db);
    for (const table of ['catalog_compare', 'catalog_view_history'] as const) {
      expect(await t.db.selectFrom(table).select('id').where('session_id', '=', gone.session!.id).execute()).toEqual([]);
    }
    expect((await marks.marksState(kept)).compare).toEqual([B[0]]);
    expect((await marks.marksState(user)).compare).toEqual([B[0]]);
  });
});
