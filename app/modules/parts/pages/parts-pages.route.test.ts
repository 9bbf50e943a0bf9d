import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createApp } from '../../../../server/app.ts';
import { fakeServerBuild } from '../../../../server/test-build.ts';
import * as fallback from '../../../routes/fallback.tsx';
import * as fp from '../../../routes/fp.$.tsx';
import * as partsCatalog from '../../../routes/parts-catalog.tsx';
import * as zapchasti from '../../../routes/zapchasti.tsx';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); }, 120_000);
afterAll(async () => { await t?.destroy(); });

const app = () => createApp({
  services: t.services,
  build: fakeServerBuild({
    'routes/zapchasti': { path: 'zapchasti', module: zapchasti },
    'routes/fp.$': { path: 'fp/*', module: fp },
    'routes/parts-catalog': { path: 'parts-catalog', module: partsCatalog },
    'routes/fallback': { path: '*', module: fallback },
  }),
});
const status = async (path: string) => (await app().request(path)).status;
const many = (key: string, n: number) => Array.from({ length: n }, (_, i) => `${key}=${i + 1}`).join('&');

describe('/fp/{categorySlugs*}', () => {
  it('lists all parts, a category and a two-level path', async () => {
    for (const path of ['/fp', '/fp/', '/fp/dvigatel', '/fp/dvigatel/porshnevaya-gruppa']) expect(await status(path), path).toBe(200);
    const payload = await (await app().request('/fp/dvigatel/porshnevaya-gruppa.data?sortOrder=code')).text();
    expect(payload).toContain('Поршневая группа');
  });

  it.each([
    '/fp/net-takoy', '/fp/dvigatel/net-takoy', '/fp/porshnevaya-gruppa', '/fp/dvigatel/porshnevaya-gruppa/eshche',
    '/fp/DVIGATEL', '/fp/%00', `/fp/${'a/'.repeat(20)}`, `/fp/${'x'.repeat(300)}`,
  ])('is a 404 for the unknown path %s', async (path) => {
    expect(await status(path)).toBe(404);
  });

  it('drops bad filter values instead of failing: page=abc, huge arrays, 20-digit ids, NUL bytes', async () => {
    for (const query of [
      'page=abc', 'page=-1', 'page=99999999999999999999', 'sortOrder=drop%20table', `${many('manufacturers[]', 5000)}`,
      'manufacturers[]=99999999999999999999', 'manufacturers[]=%00', 'inStock=%00', 'isWithPrice=1&sortOrder=price-desc',
      'machine=abc', 'machine=1', 'machine=-5', 'machine=99999999999999999999', 'machine=%00', `${many('machine', 500)}`, 'machine=1&inStock=1&sortOrder=price-asc',
    ]) {
      expect(await status(`/fp/dvigatel?${query}`), query).toBe(200);
    }
  });
});

describe('/zapchasti', () => {
  it('shows the landing and searches by number and by name', async () => {
    expect(await status('/zapchasti')).toBe(200);
    const byNumber = await (await app().request(`/zapchasti.data?q=${encodeURIComponent('АВ-123.45')}`)).text();
    expect(byNumber).toContain('AB12345');
    const byName = await (await app().request(`/zapchasti.data?q=${encodeURIComponent('фильтра')}`)).text();
    expect(byName).toContain('Фильтр');
  });

  it('answers 400 with the reason for a query nobody types', async () => {
    expect(await status(`/zapchasti?q=${'1'.repeat(101)}`)).toBe(400);
    expect(await status('/zapchasti?q=%00')).toBe(400);
    expect(await status('/zapchasti?q=   ')).toBe(200);
    expect(await status(`/zapchasti?${many('q', 500)}`)).toBe(200);
  });
});

describe('/parts-catalog', () => {
  it.each(['?manufacturer=net', '?line=x', '?manufacturer=%00', `?manufacturer=${'a'.repeat(200)}`, '?manufacturer=KIROVETS'])('is a 404 for %s', async (query) => {
    expect(await status(`/parts-catalog${query}`)).toBe(404);
  });
  it('shows the first step', async () => {
    expect(await status('/parts-catalog')).toBe(200);
  });
});

describe('a part page (/parts/{slug}-{id})', () => {
  it('shows the part, and sends an old or missing slug to the canonical address', async () => {
    const part = await t.db.selectFrom('parts_part').select(['id']).where('code', '=', 'RE504836').executeTakeFirstOrThrow();
    expect(await status(`/parts/re504836-${part.id}`)).toBe(200);
    for (const path of [`/parts/${part.id}`, `/parts/staryy-nomer-${part.id}`]) {
      const res = await app().request(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location')).toBe(`/parts/re504836-${part.id}`);
    }
  });

  it.each(['/parts/x-2000000000', '/parts/x-99999999999999999999', '/parts/x-0', '/parts/x-abc', '/parts/%00-1', '/parts/'])('is a 404 for %s', async (path) => {
    expect(await status(path)).toBe(404);
  });
});
