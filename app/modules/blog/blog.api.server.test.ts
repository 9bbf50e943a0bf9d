import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createApp } from '../../../server/app.ts';
import { fakeServerBuild } from '../../../server/test-build.ts';
import { testClient } from '../../../server/test-client.ts';
import * as blogRoute from '../../routes/blog.tsx';
import { intArray } from './blog.queries.server.ts';
import { BLOG_MESSAGES } from './blog.schema.ts';

/*
 * The news calls of spec §7 (ADR 089) over HTTP on both engines: their payloads by GET and POST,
 * only visible articles, and 400 with a Russian message for bad input.
 */

let t: TestDatabase;
let tags: Map<string, number>;
let torum: number;

type Card = { id: number; slug: string; link: string; title: string; blogType: { slug: string }; tags: Array<{ id: number; slug: string }>; regions: Array<{ id: number }>; publishedAt: string };

beforeAll(async () => {
  t = await createTestDatabase({ PUBLIC_ORIGIN: 'https://shop.example' });
  tags = new Map((await t.db.selectFrom('blog_tag').select(['id', 'slug']).execute()).map((r) => [r.slug, r.id]));
  torum = (await t.db.selectFrom('catalog_model').select('id').where('name', '=', 'Torum 750').executeTakeFirstOrThrow()).id;
  // A draft about the same model: never answered.
  await t.db.insertInto('blog_article').values({ type_id: 4, slug: 'api-draft', title: 'Черновик', lead: 'x', status: 'draft', model_ids: intArray([torum]) }).execute();
}, 120_000);
afterAll(async () => { await t?.destroy(); });

async function json(res: Response) {
  return res.json() as Promise<Record<string, unknown>>;
}

describe('/api/ps/get-news {blogTypes, tags, excludeIds}', () => {
  it('POST: the newest of the types with any of the tags, less the excluded', async () => {
    const client = testClient(t.services);
    const uborka = tags.get('uborka')!;
    const all = await json(await client.post('/api/ps/get-news', { blogTypes: [2, 4], tags: [uborka], excludeIds: [] }));
    expect(all.error_status).toBe('success');
    const news = all.news as Card[];
    expect(news.map((n) => n.slug)).toEqual(['uborochnaya-2026-kak-podgotovit-kombajn', 'zagotovka-senazha-sroki']);
    expect(news[0]).toMatchObject({ link: '/blog/sovety/uborochnaya-2026-kak-podgotovit-kombajn', blogType: { slug: 'sovety' } });
    const less = await json(await client.post('/api/ps/get-news', { blogTypes: [2, 4], tags: [uborka], excludeIds: [news[0]!.id] }));
    expect((less.news as Card[]).map((n) => n.slug)).toEqual(['zagotovka-senazha-sroki']);
  });

  it('GET takes lists as key[] or comma-separated', async () => {
    const client = testClient(t.services);
    const a = await json(await client.get(`/api/ps/get-news?blogTypes[]=1&blogTypes[]=3&limit=50`));
    const b = await json(await client.get(`/api/ps/get-news?blogTypes=1,3&limit=50`));
    expect((a.news as Card[]).length).toBeGreaterThan(0);
    expect(a.news).toEqual(b.news);
    for (const n of a.news as Card[]) expect(['novosti', 'obzory']).toContain(n.blogType.slug);
  });

  it.each([
    [{ blogTypes: ['один'] }, BLOG_MESSAGES.badIds],
    [{ tags: [0] }, BLOG_MESSAGES.badIds],
    [{ excludeIds: Array.from({ length: 101 }, (_, i) => i + 1) }, BLOG_MESSAGES.tooManyIds],
    [{ limit: 500 }, BLOG_MESSAGES.badLimit],
    [{ blogTypes: { a: 1 } }, BLOG_MESSAGES.badIds],
  ])('refuses %j with 400 in Russian', async (body, message) => {
    const res = await testClient(t.services).post('/api/ps/get-news', body);
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ error_status: 'error', message });
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await testClient(t.services).post('/api/ps/get-news', undefined, { body: '{"tags":', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect((await json(res)).error_status).toBe('error');
  });
});

describe('the news of a model, a part and a category', () => {
  it('/api/ps/get-model-news {modelId, limit}', async () => {
    const client = testClient(t.services);
    const res = await json(await client.post('/api/ps/get-model-news', { modelId: torum, limit: 5 }));
    expect((res.news as Card[]).map((n) => n.slug)).toEqual(['uborochnaya-2026-kak-podgotovit-kombajn']);
    expect(await json(await client.post('/api/ps/get-model-news', { modelId: 999_999 }))).toEqual({ error_status: 'success', news: [] });
    const bad = await client.post('/api/ps/get-model-news', { limit: 2 });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe(BLOG_MESSAGES.modelId);
  });

  it('/api/ps/get-part-news {partId, limit}', async () => {
    const client = testClient(t.services);
    const res = await json(await client.get('/api/ps/get-part-news?partId=900010&limit=1'));
    expect((res.news as Card[]).map((n) => n.slug)).toEqual(['uborochnaya-2026-kak-podgotovit-kombajn']);
    const bad = await client.get('/api/ps/get-part-news?partId=-4');
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe(BLOG_MESSAGES.partId);
  });

  it('/api/ps/get-category-news {categoryId, limit}', async () => {
    const client = testClient(t.services);
    const res = await json(await client.post('/api/ps/get-category-news', { categoryId: 4, limit: 10 }));
    expect((res.news as Card[]).map((n) => n.slug).sort()).toEqual(['kuban-nachala-sev-podsolnechnika', 'posevnaya-v-kazahstane']);
    const bad = await client.post('/api/ps/get-category-news', { categoryId: 'трактор' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe(BLOG_MESSAGES.categoryId);
  });
});

describe('/api/ps/get-region-news {limit, includeRegionNews, excludeIds}', () => {
  it('the visitor\'s region\'s news first, then those for every region', async () => {
    const client = testClient(t.services);
    expect((await client.post('/api/current-area/set-location', { areaId: 4023 })).status).toBe(200);
    const res = await json(await client.get('/api/ps/get-region-news?limit=3'));
    expect(res.regionId).toBe(4023);
    const news = res.news as Card[];
    expect(news).toHaveLength(3);
    expect(news[0]!.slug).toBe('kuban-nachala-sev-podsolnechnika');
    expect(news.slice(1).every((n) => n.regions.length === 0)).toBe(true);
    const without = await json(await client.get('/api/ps/get-region-news?limit=3&includeRegionNews=false'));
    expect((without.news as Card[]).map((n) => n.slug)).not.toContain('kuban-nachala-sev-podsolnechnika');
    const excluded = await json(await client.get(`/api/ps/get-region-news?limit=3&excludeIds=${news[0]!.id}`));
    expect((excluded.news as Card[]).map((n) => n.id)).not.toContain(news[0]!.id);
    const bad = await client.get('/api/ps/get-region-news?includeRegionNews=может');
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe(BLOG_MESSAGES.badFlag);
  });
});

describe('tags, the list and the filter', () => {
  it('/api/ps/get-tags-by-id {tagsIds}', async () => {
    const client = testClient(t.services);
    const res = await json(await client.post('/api/ps/get-tags-by-id', { tagsIds: [tags.get('kombajny'), tags.get('servis')] }));
    expect(res).toEqual({ error_status: 'success', tags: [
      { id: tags.get('kombajny'), slug: 'kombajny', name: 'Комбайны' },
      { id: tags.get('servis'), slug: 'servis', name: 'Сервис и ТО' },
    ] });
    const bad = await client.post('/api/ps/get-tags-by-id', {});
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe(BLOG_MESSAGES.tagsIds);
  });

  it('/api/ps/get-blog-list: the sections with their counts and the tags in use', async () => {
    const res = await json(await testClient(t.services).get('/api/ps/get-blog-list'));
    expect(res.blogTypes).toEqual([
      { id: 1, slug: 'novosti', name: 'Новости компании', link: '/blog/novosti', count: 3 },
      { id: 2, slug: 'agronovosti', name: 'Агроновости', link: '/blog/agronovosti', count: 4 },
      { id: 3, slug: 'obzory', name: 'Обзоры техники', link: '/blog/obzory', count: 1 },
      { id: 4, slug: 'sovety', name: 'Советы специалистов', link: '/blog/sovety', count: 2 },
    ]);
    expect((res.tags as Array<{ slug: string; count: number }>).find((x) => x.slug === 'servis')).toMatchObject({ count: 4 });
  });

  it('/api/ps/get-news-by-filter: a page with its total', async () => {
    const client = testClient(t.services);
    const res = await json(await client.post('/api/ps/get-news-by-filter', { blogTypes: [2], page: 2, limit: 3 }));
    expect(res).toMatchObject({ error_status: 'success', total: 4, page: 2, pages: 2 });
    expect((res.news as Card[])).toHaveLength(1);
    const bad = await client.post('/api/ps/get-news-by-filter', { page: 0 });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe(BLOG_MESSAGES.badPage);
  });
});

describe('/blog and its sections: a query value that names no page is a 404', () => {
  const app = () => createApp({ services: t.services, build: fakeServerBuild({ 'routes/blog': { path: 'blog/:type?', module: blogRoute } }) });

  it('answers the list, a tag, a region and a page, and 404 for malformed or unknown values', async () => {
    const a = app();
    for (const path of ['/blog', '/blog/agronovosti', '/blog?tag=servis', '/blog?page=1']) expect((await a.request(path)).status, path).toBe(200);
    for (const path of ['/blog?tag=%00', '/blog?tag=%D1%82%D0%B5%D0%B3', '/blog?tag=net-takoj', '/blog?page=-1', '/blog?page=0', '/blog?page=abc',
      '/blog?page=1e3', '/blog?page=99', '/blog?region=0', '/blog?region=abc', '/blog?region=99999999999', '/blog/net-takogo']) {
      expect((await a.request(path)).status, path).toBe(404);
    }
  });
});
