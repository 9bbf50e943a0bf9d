import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testClient } from './test-client.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase({ BODY_LIMIT_BYTES: '4096' }); });
afterAll(async () => { await t?.destroy(); });

const countSessions = async () => Number((await t.db.selectFrom('auth_session').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const countFeedback = async () => Number((await t.db.selectFrom('content_feedback').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('GET /api/current-area/area-tree', () => {
  it('answers the area tree, Russia then Kazakhstan', async () => {
    const res = await testClient(t.services).get('/api/current-area/area-tree');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json() as { areaTree: { id: number; label: string; children: { id: number; label: string }[] }[] };
    expect(body.areaTree.map((n) => n.id)).toEqual([3220, 3221]);
    expect(body.areaTree[1]!.children).toHaveLength(20);
    expect(body.areaTree[0]!.children[0]).toMatchObject({ id: expect.any(Number), label: expect.any(String) });
  });

  it('comes as Brotli or gzip, made once, to a client that accepts them', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const { createApp } = await import('./app.ts');
    const app = createApp({ services: t.services });
    const plain = await (await app.request('/api/current-area/area-tree')).text();
    for (const [accept, encoding, decode] of [['gzip, deflate, br, zstd', 'br', brotliDecompressSync], ['gzip', 'gzip', gunzipSync]] as const) {
      const bodies = [];
      for (let i = 0; i < 2; i++) {
        const res = await app.request('/api/current-area/area-tree', { headers: { 'accept-encoding': accept } });
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('vary')).toContain('Accept-Encoding');
        bodies.push(Buffer.from(await res.arrayBuffer()));
      }
      expect(bodies[0]!.equals(bodies[1]!)).toBe(true);
      expect(decode(bodies[0]!).toString('utf8')).toBe(plain);
      expect(bodies[0]!.length).toBeLessThan(Buffer.byteLength(plain) / 3);
    }
  });
});

describe('GET /api/current-area', () => {
  it('gives a new visitor Smolensk, unconfirmed, with the area tree', async () => {
    const body = await (await testClient(t.services).get('/api/current-area')).json();
    expect(body.error_status).toBe('success');
    expect(body.currentArea).toMatchObject({ label: 'Смоленская область', confirmed: false });
    expect(body.currentBranch).toMatchObject({ city: 'Смоленск', countryId: 1 });
    expect(body.areaTree).toHaveLength(2);
  });

  it('honours region_id in the query (spec §7)', async () => {
    const body = await (await testClient(t.services).get('/api/current-area?region_id=5002')).json();
    expect(body.currentArea.regionId).toBe(5002);
    expect(body.currentBranch.countryId).toBe(115);
  });
});

describe('POST /api/current-area/save and set-location', () => {
  it('saves a Kazakhstan region, remembers it in the session and reports the branch change', async () => {
    const client = testClient(t.services);
    const res = await client.post('/api/current-area/save', { areaId: 5001 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ error_status: 'success', branchChanged: true, country: { code: 'KZ', abbreviation: 'КЗ' } });
    expect(client.cookies.has('sid')).toBe(true);
    const again = await (await client.get('/api/current-area')).json();
    expect(again.currentArea).toMatchObject({ regionId: 5001, confirmed: true });
  });

  it('confirms the guessed region through set-location', async () => {
    const client = testClient(t.services);
    const guessed = (await (await client.get('/api/current-area')).json()).currentArea.regionId;
    const body = await (await client.post('/api/current-area/set-location', { areaId: guessed })).json();
    expect(body).toMatchObject({ error_status: 'success', branchChanged: false, currentArea: { regionId: guessed, confirmed: true } });
  });

  it('takes coordinates in set-location', async () => {
    const body = await (await testClient(t.services).post('/api/current-area/set-location', { coords: { lat: 43.24, long: 76.91 } })).json();
    expect(body.currentArea.label).toBe('Алматы');
  });

  it('refuses an unknown region with 422 and creates no session', async () => {
    const client = testClient(t.services);
    const before = await countSessions();
    const res = await client.post('/api/current-area/save', { areaId: 999_999 });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error_status: 'error', message: 'Регион не найден. Выберите регион из списка' });
    expect(await countSessions()).toBe(before);
    expect(client.cookies.has('sid')).toBe(false);
  });

  it('refuses a malformed body with 400 and a non-JSON body with 415', async () => {
    const client = testClient(t.services);
    const broken = await client.post('/api/current-area/save', undefined, { body: '{"areaId":', contentType: 'application/json' });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe('Некорректный запрос: ожидались данные в формате JSON');
    const wrongType = await client.post('/api/current-area/save', undefined, { body: 'areaId', contentType: 'text/plain' });
    expect(wrongType.status).toBe(415);
    const notANumber = await client.post('/api/current-area/save', { areaId: 'abc' });
    expect(notANumber.status).toBe(400);
    expect((await notANumber.json()).message).toBe('Регион не найден. Выберите регион из списка');
  });

  it('refuses a request without the CSRF token, or with a forged one, and changes nothing', async () => {
    const client = testClient(t.services);
    const before = await countSessions();
    for (const csrf of [false, 'forged.token'] as const) {
      const res = await client.post('/api/current-area/save', { areaId: 5001 }, { csrf });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error_status: 'error', message: 'Сессия устарела. Обновите страницу и повторите действие' });
    }
    expect(await countSessions()).toBe(before);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await testClient(t.services).post('/api/current-area/save', { areaId: 5001, padding: 'x'.repeat(8000) });
    expect(res.status).toBe(413);
  });
});

describe('GET /api/page-alias/path', () => {
  it('resolves a category path to its controller and reference id', async () => {
    const body = await (await testClient(t.services).get('/api/page-alias/path?path=/catalog/traktory')).json();
    expect(body).toEqual({ error_status: 'success', controller: 'category', referenceId: expect.any(Number) });
  });

  it('answers other for an unknown path, ignoring a trailing slash and query', async () => {
    const client = testClient(t.services);
    expect(await (await client.get('/api/page-alias/path?path=/servis')).json()).toMatchObject({ controller: 'other', referenceId: null });
    expect(await (await client.get('/api/page-alias/path?path=%2Fcatalog%2Ftraktory%2F%3Fx%3D1')).json()).toMatchObject({ controller: 'category' });
  });

  it('refuses a missing or relative path with 400', async () => {
    const client = testClient(t.services);
    expect((await client.get('/api/page-alias/path')).status).toBe(400);
    expect((await client.get('/api/page-alias/path?path=catalog')).status).toBe(400);
  });
});

describe('POST /api/feedback (write us)', () => {
  const valid = { name: 'Иван Петров', phone: '+7 (912) 345-67-89', email: '', message: 'Нужен фильтр для МТЗ-82', acceptGDPR: true };

  it('stores the message with the visitor branch and thanks', async () => {
    const before = await countFeedback();
    const res = await testClient(t.services).post('/api/feedback', valid);
    expect(await res.json()).toEqual({ error_status: 'success', message: 'Спасибо! Мы получили ваше сообщение и свяжемся с вами в рабочее время филиала.' });
    expect(await countFeedback()).toBe(before + 1);
    const row = await t.db.selectFrom('content_feedback').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Иван Петров', phone: '79123456789', email: null, branch_id: expect.any(Number) });
  });

  it.each([
    [{ name: ' ' }, 'Поле "Ваше Имя" не заполнено'],
    [{ phone: '12345' }, 'Поле "Номер телефона" содержит некорректный телефон'],
    [{ email: 'ivan@mail' }, 'Поле "E-mail" содержит некорректный E-mail адрес'],
    [{ message: '' }, 'Напишите, пожалуйста, ваш вопрос'],
    [{ acceptGDPR: false }, 'Пожалуйста, подтвердите согласие'],
  ])('refuses %o with the spec message and stores nothing', async (change, message) => {
    const before = await countFeedback();
    const res = await testClient(t.services).post('/api/feedback', { ...valid, ...change });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
    expect(await countFeedback()).toBe(before);
  });
});

describe('platform', () => {
  it('answers /healthz, robots.txt and sitemap.xml', async () => {
    const client = testClient(t.services);
    expect(await (await client.get('/healthz')).json()).toEqual({ status: 'ok' });
    expect(await (await client.get('/robots.txt')).text()).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    const index = await client.get('/sitemap.xml');
    expect(index.headers.get('content-type')).toContain('application/xml');
    expect(await index.text()).toContain('<sitemap><loc>http://localhost:3000/sitemaps/pages.xml</loc></sitemap>');
    const pages = await (await client.get('/sitemaps/pages.xml')).text();
    expect(pages).toContain('<loc>http://localhost:3000/contacts</loc>');
    expect(pages).toContain('<loc>http://localhost:3000/catalog/traktory</loc>');
  });

  it('answers 404 for a sitemap file that does not exist', async () => {
    const client = testClient(t.services);
    for (const name of ['parts-0.xml', 'parts-99999.xml', 'parts-1.xml.gz', '..%2Fpackage.json', 'parts-01.xml']) {
      expect((await client.get(`/sitemaps/${name}`)).status, name).toBe(404);
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await testClient(t.services).get('/api/nope');
    expect(res.status).toBe(404);
    expect((await res.json()).error_status).toBe('error');
  });

  it('sets security headers and a readable XSRF cookie', async () => {
    // A first visit, with no cookies yet.
    const res = await testClient(t.services).app.request('/api/csrf-token');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const xsrf = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(xsrf).toBeDefined();
    expect(xsrf).not.toContain('HttpOnly');
  });
});

describe('POST /api/feedback rate limit', () => {
  it('refuses the sixth message in ten minutes with 429 and stores nothing more', async () => {
    await t.db.deleteFrom('rate_limit').execute();
    const client = testClient(t.services);
    const message = { name: 'Пётр', phone: '+7 912 000-00-00', message: 'Вопрос', acceptGDPR: true };
    for (let i = 0; i < 5; i += 1) expect((await client.post('/api/feedback', message)).status).toBe(200);
    const before = await countFeedback();
    const refused = await client.post('/api/feedback', message);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json()).message).toBe('Вы отправили слишком много сообщений. Попробуйте ещё раз позже или позвоните нам');
    expect(await countFeedback()).toBe(before);
  });
});
