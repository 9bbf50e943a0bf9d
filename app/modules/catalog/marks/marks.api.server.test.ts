import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { testClient } from '../../../../server/test-client.ts';
import { FIXTURE, insertMarksFixture } from './marks.fixture.server.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertMarksFixture(t.db);
});
afterAll(async () => { await t?.destroy(); });

const [a1, a2] = FIXTURE.modelsA.map((m) => m.id);
let n = 0;

async function signedInClient() {
  const email = `marks-api${++n}@agro.test`;
  await createUser(t.db, { name: 'Ольга', email, password: 'secret1', emailVerified: true });
  const client = testClient(t.services);
  expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  return { client, email };
}

describe('comparison endpoints', () => {
  it('add and remove for a guest, answering the marks; GET /api/catalog/marks is personal', async () => {
    const client = testClient(t.services);
    const empty = await client.get('/api/catalog/marks');
    expect(empty.headers.get('cache-control')).toBe('private, no-store');
    expect(await empty.json()).toEqual({ error_status: 'success', compare: [], bookmarks: [], partBookmarks: [] });
    const added = await client.post('/api/catalog/compare/add', { modelId: a1 });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ error_status: 'success', message: 'Товар добавлен в сравнение', marks: { compare: [a1], bookmarks: [], partBookmarks: [] } });
    expect(client.cookies.has('sid')).toBe(true);
    await client.form('/api/catalog/compare/add', { modelId: String(a2) });
    const removed = await (await client.post('/api/catalog/compare/remove', { modelId: a1 })).json();
    expect(removed.marks.compare).toEqual([a2]);
  });

  it('refuses bad input with a clear 4xx, never a 500', async () => {
    const client = testClient(t.services);
    const cases: [unknown, number][] = [
      [{}, 400], [{ modelId: 'abc' }, 400], [{ modelId: -1 }, 400], [{ modelId: 1.5 }, 400], [{ modelId: 1e20 }, 400],
      [{ modelId: [1, 2] }, 400], [{ modelId: Array.from({ length: 10_000 }, (_, i) => i) }, 400],
      [{ modelId: 999_999_999 }, 404], [null, 400],
    ];
    for (const [body, status] of cases) {
      const res = await client.post('/api/catalog/compare/add', body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(status);
      const json = await res.json();
      expect(json.error_status).toBe('error');
      expect(json.message).toMatch(/[А-Яа-я]/);
    }
    const malformed = await client.post('/api/catalog/compare/add', undefined, { body: '{"modelId":', contentType: 'application/json' });
    expect(malformed.status).toBe(400);
    expect((await client.post('/api/catalog/compare/add', { modelId: a1 }, { csrf: false })).status).toBe(403);
  });

  it('answers the limit with 409 and the Russian message', async () => {
    const client = testClient(t.services);
    for (const m of FIXTURE.modelsA.slice(0, 10)) await client.post('/api/catalog/compare/add', { modelId: m.id });
    const res = await client.post('/api/catalog/compare/add', { modelId: FIXTURE.modelsA[10]!.id });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toContain('В сравнении уже 10 моделей типа «Тестовые тракторы»');
  });

  it('a shared comparison joins the visitor\'s own: the new models in the address\'s order, as far as the limit allows (ADR 072)', async () => {
    const client = testClient(t.services);
    await client.post('/api/catalog/compare/add', { modelId: a2 });
    const b = FIXTURE.modelsB.map((m) => m.id);
    const res = await client.post('/api/catalog/compare/add-shared', { modelIds: [b[1], a2, b[0], 999_999_999] });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect((await res.json()).marks.compare).toEqual([a2, b[1], b[0]]);
    // Past a type's limit: those that fit join, the others are left out, no error.
    const full = testClient(t.services);
    const a = FIXTURE.modelsA.map((m) => m.id);
    for (const id of a.slice(0, 9)) await full.post('/api/catalog/compare/add', { modelId: id });
    const capped = await (await full.post('/api/catalog/compare/add-shared', { modelIds: [a[9], a[10], b[0]] })).json();
    expect(capped.marks.compare).toEqual([...a.slice(0, 10), b[0]]);
    // Bad input: a Russian 400; no CSRF token: 403.
    for (const body of [{}, { modelIds: [] }, { modelIds: 'x' }, { modelIds: [0] }, { modelIds: Array.from({ length: 51 }, (_, i) => i + 1) }]) {
      const bad = await client.post('/api/catalog/compare/add-shared', body);
      expect(bad.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect((await bad.json()).message).toMatch(/[А-Яа-я]/);
    }
    expect((await client.post('/api/catalog/compare/add-shared', { modelIds: [a1] }, { csrf: false })).status).toBe(403);
  });

  it('moves a guest comparison and history to the account at sign-in', async () => {
    const email = `marks-join${++n}@agro.test`;
    await createUser(t.db, { name: 'Иван', email, password: 'secret1', emailVerified: true });
    const client = testClient(t.services);
    await client.post('/api/catalog/compare/add', { modelId: a1 });
    await client.post('/api/catalog/browsing-history/view', { modelId: a2 });
    expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
    expect((await (await client.get('/api/catalog/marks')).json()).compare).toEqual([a1]);
    const history = await (await client.get('/api/catalog/get-browsing-history')).json();
    expect(history.items.map((c: { id: number }) => c.id)).toEqual([a2]);
  });
});

describe('favourites endpoints', () => {
  it('need sign-in: a guest gets 401 with the message', async () => {
    const res = await testClient(t.services).post('/api/catalog/bookmarks/add', { modelId: a1 });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error_status: 'error', code: 'sign-in', message: 'Войдите, чтобы добавлять товары в избранное' });
  });

  it('add and remove for a signed-in user', async () => {
    const { client } = await signedInClient();
    const added = await (await client.post('/api/catalog/bookmarks/add', { modelId: a1 })).json();
    expect(added).toMatchObject({ error_status: 'success', message: 'Товар добавлен в избранное', marks: { bookmarks: [a1] } });
    expect((await client.post('/api/catalog/bookmarks/add', { modelId: 999_999_999 })).status).toBe(404);
    const removed = await (await client.post('/api/catalog/bookmarks/remove', { modelId: a1 })).json();
    expect(removed.marks.bookmarks).toEqual([]);
  });
});

describe('favourite parts through the same endpoints', () => {
  it('take { partId }; the model contract stays', async () => {
    const { client } = await signedInClient();
    const [p1] = (await t.db.selectFrom('parts_part').select('id').orderBy('id').limit(1).execute()).map((p) => p.id);
    const added = await (await client.post('/api/catalog/bookmarks/add', { partId: p1 })).json();
    expect(added).toEqual({ error_status: 'success', message: 'Товар добавлен в избранное', marks: { compare: [], bookmarks: [], partBookmarks: [p1] } });
    await client.form('/api/catalog/bookmarks/add', { modelId: String(a1) });
    expect(await (await client.get('/api/catalog/marks')).json()).toEqual({ error_status: 'success', compare: [], bookmarks: [a1], partBookmarks: [p1] });
    expect((await client.post('/api/catalog/bookmarks/add', { partId: 2_000_000_000 })).status).toBe(404);
    const removed = await (await client.post('/api/catalog/bookmarks/remove', { partId: p1 })).json();
    expect(removed.marks).toEqual({ compare: [], bookmarks: [a1], partBookmarks: [] });
  });

  it('refuse bad input with a clear 400', async () => {
    const { client } = await signedInClient();
    const cases: [unknown, RegExp][] = [
      [{}, /modelId \(техника\) или partId \(запчасть\)/],
      [{ modelId: a1, partId: 1 }, /modelId \(техника\) или partId \(запчасть\)/],
      [{ partId: 'abc' }, /partId — целое положительное число/],
      [{ partId: -1 }, /partId/],
      [{ partId: 1e20 }, /partId/],
      [{ partId: '1\u0000' }, /partId/],
      [{ partId: Array.from({ length: 10_000 }, (_, i) => i) }, /partId/],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/catalog/bookmarks/add', body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
    // The comparison stays for models only.
    expect((await client.post('/api/catalog/compare/add', { partId: 1 })).status).toBe(400);
  });
});

describe('browsing history endpoints', () => {
  it('the view records and answers the history without the viewed model; the spec path at the root answers the same', async () => {
    const client = testClient(t.services);
    const first = await (await client.post('/api/catalog/browsing-history/view', { modelId: a1 })).json();
    expect(first).toEqual({ error_status: 'success', items: [] });
    const second = await (await client.post('/api/catalog/browsing-history/view', { modelId: a2 })).json();
    expect(second.items.map((c: { productCode: string }) => c.productCode)).toEqual(['MKA1']);
    expect(second.items[0].offer).toBeNull(); // guests never receive prices
    const root = await client.get(`/get-browsing-history?modelId=${a1}`);
    expect(root.headers.get('cache-control')).toBe('private, no-store');
    expect((await root.json()).items.map((c: { id: number }) => c.id)).toEqual([a2]);
    expect((await (await client.get('/api/catalog/get-browsing-history')).json()).items).toHaveLength(2);
  });

  it('a visitor without a session gets an empty list; bad modelId is a 400', async () => {
    const client = testClient(t.services);
    expect(await (await client.get('/api/catalog/get-browsing-history?modelId=1')).json()).toEqual({ error_status: 'success', items: [] });
    expect((await client.get('/api/catalog/get-browsing-history?modelId=x')).status).toBe(400);
    expect((await client.get('/get-browsing-history?modelId=-5')).status).toBe(400);
    expect((await client.post('/api/catalog/browsing-history/view', { modelId: 999_999_999 })).status).toBe(200);
  });
});
