import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock } from '#app/.server/clock.ts';
import { audienceOf } from '#app/.server/context.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { intArray } from './blog.queries.server.ts';
import { articlePage, blogFeed, blogList, blogListPage, latestNews, newsAbout, newsPage, regionNews, tagsById } from './blog.server.ts';

/*
 * The blog's service (ADR 089) on both engines: visible articles only (published, their time come),
 * the filters of the lists and of the §7 news calls, the visitor's region's news first, the feed.
 */

let t: TestDatabase;
const SMOLENSK = 4067;
const KRASNODAR = 4023;
let tags: Map<string, number>;
let model: { id: number; name: string };

async function article(values: { slug: string; typeId?: number; status?: 'draft' | 'published'; publishedAt?: Date | null; tags?: number[]; regions?: number[]; models?: number[]; parts?: number[]; categories?: number[] }) {
  const row = await t.db.insertInto('blog_article').values({
    type_id: values.typeId ?? 1, slug: values.slug, title: `Статья ${values.slug}`, lead: 'Анонс', body_html: '<p>Текст</p>',
    status: values.status ?? 'published', published_at: values.publishedAt === undefined ? new Date(now().getTime() - 1000) : values.publishedAt,
    tag_ids: intArray(values.tags ?? []), region_ids: intArray(values.regions ?? []), model_ids: intArray(values.models ?? []),
    part_ids: intArray(values.parts ?? []), category_ids: intArray(values.categories ?? []),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestDatabase({ PUBLIC_ORIGIN: 'https://shop.example' });
  tags = new Map((await t.db.selectFrom('blog_tag').select(['id', 'slug']).execute()).map((r) => [r.slug, r.id]));
  model = await t.db.selectFrom('catalog_model').select(['id', 'name']).where('name', '=', 'Torum 750').executeTakeFirstOrThrow();
}, 120_000);
afterAll(async () => { resetClock(); await t?.destroy(); });

describe('the demo blog', () => {
  it('has articles of every section, tags and regions', async () => {
    const list = await blogList(t.services);
    expect(list.blogTypes.map((b) => [b.slug, b.name])).toEqual([
      ['novosti', 'Новости компании'], ['agronovosti', 'Агроновости'], ['obzory', 'Обзоры техники'], ['sovety', 'Советы специалистов'],
    ]);
    for (const type of list.blogTypes) expect(type.count).toBeGreaterThan(0);
    expect(list.tags.map((x) => x.slug)).toContain('uborka');
    const page = await blogListPage(t.services, null, { page: 1 });
    expect(page!.regions.map((r) => r.id)).toEqual(expect.arrayContaining([SMOLENSK, KRASNODAR]));
  });
});

describe('visibility', () => {
  it('shows neither drafts nor scheduled articles, anywhere, until their time comes', async () => {
    const draft = await article({ slug: 'test-draft', status: 'draft', publishedAt: null, models: [model.id] });
    const scheduled = await article({ slug: 'test-scheduled', publishedAt: new Date(now().getTime() + 3_600_000), models: [model.id], regions: [SMOLENSK] });
    const ids = async () => [
      ...(await latestNews(t.services, { blogTypes: [], tags: [], excludeIds: [], limit: 50 })).map((a) => a.id),
      ...(await newsAbout(t.services, { modelId: model.id }, 50)).map((a) => a.id),
      ...(await regionNews({ services: t.services, audience: audienceOf(null, SMOLENSK) }, { limit: 50, includeRegionNews: true, excludeIds: [] })).news.map((a) => a.id),
    ];
    expect(await ids()).not.toContain(draft);
    expect(await ids()).not.toContain(scheduled);
    expect(await articlePage(t.services, 'novosti', 'test-scheduled')).toBeNull();
    expect(await blogFeed(t.services)).not.toContain('test-scheduled');
    advanceClock(2 * 3_600_000);
    expect(await ids()).toContain(scheduled);
    expect(await ids()).not.toContain(draft);
    expect(await articlePage(t.services, 'novosti', 'test-scheduled')).toMatchObject({ id: scheduled, title: 'Статья test-scheduled' });
    expect(await blogFeed(t.services)).toContain('/blog/novosti/test-scheduled');
  });
});

describe('filters', () => {
  it('get-news: by types and any of the tags, newest first, without the excluded', async () => {
    const uborka = tags.get('uborka')!;
    const servis = tags.get('servis')!;
    const a = await article({ slug: 'test-filter-a', typeId: 4, tags: [uborka] });
    const b = await article({ slug: 'test-filter-b', typeId: 4, tags: [servis] });
    await article({ slug: 'test-filter-c', typeId: 3, tags: [uborka] });
    const news = await latestNews(t.services, { blogTypes: [4], tags: [uborka, servis], excludeIds: [a], limit: 50 });
    expect(news.map((n) => n.id)).toContain(b);
    expect(news.map((n) => n.id)).not.toContain(a);
    for (const n of news) {
      expect(n.blogType.slug).toBe('sovety');
      expect(n.tags.some((x) => x.id === uborka || x.id === servis)).toBe(true);
    }
    const times = news.map((n) => n.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages a list and counts it', async () => {
    const first = await newsPage(t.services, { blogTypes: [], tags: [], regions: [], excludeIds: [], page: 1, limit: 3 });
    const second = await newsPage(t.services, { blogTypes: [], tags: [], regions: [], excludeIds: [], page: 2, limit: 3 });
    expect(first.news).toHaveLength(3);
    expect(first.total).toBeGreaterThanOrEqual(10);
    expect(first.pages).toBe(Math.ceil(first.total / 3));
    expect(second.news.map((n) => n.id)).not.toContain(first.news[0]!.id);
  });

  it('finds a model\'s, a part\'s and a category\'s news', async () => {
    const id = await article({ slug: 'test-about', models: [model.id], parts: [900_010], categories: [2] });
    expect((await newsAbout(t.services, { modelId: model.id }, 10)).map((n) => n.id)).toContain(id);
    expect((await newsAbout(t.services, { partId: 900_010 }, 10)).map((n) => n.id)).toContain(id);
    expect((await newsAbout(t.services, { categoryId: 2 }, 10)).map((n) => n.id)).toContain(id);
    expect((await newsAbout(t.services, { categoryId: 12 }, 10)).map((n) => n.id)).not.toContain(id);
  });

  it('a list page refuses an unknown section, tag or region (404), and filters by tag and region', async () => {
    expect(await blogListPage(t.services, 'nope', { page: 1 })).toBeNull();
    expect(await blogListPage(t.services, null, { tag: 'nope', page: 1 })).toBeNull();
    expect(await blogListPage(t.services, null, { region: 1, page: 1 })).toBeNull();
    const byTag = await blogListPage(t.services, null, { tag: 'posevnaya', page: 1 });
    expect(byTag!.tag!.name).toBe('Посевная');
    for (const n of byTag!.page.news) expect(n.tags.map((x) => x.slug)).toContain('posevnaya');
    const byRegion = await blogListPage(t.services, 'agronovosti', { region: KRASNODAR, page: 1 });
    expect(byRegion!.page.news.map((n) => n.slug)).toEqual(['kuban-nachala-sev-podsolnechnika']);
  });

  it('tags by id in the order asked, unknown left out', async () => {
    const ids = [tags.get('servis')!, 999_999, tags.get('uborka')!];
    expect((await tagsById(t.services, ids)).map((x) => x.slug)).toEqual(['servis', 'uborka']);
  });
});

describe('the region\'s news', () => {
  it('puts the visitor\'s region first, then the news for every region; never another region\'s', async () => {
    const own = await article({ slug: 'test-region-own', regions: [SMOLENSK], publishedAt: new Date(now().getTime() - 86_400_000 * 300) });
    const other = await article({ slug: 'test-region-other', regions: [KRASNODAR] });
    const { regionId, news } = await regionNews({ services: t.services, audience: audienceOf(null, SMOLENSK) }, { limit: 50, includeRegionNews: true, excludeIds: [] });
    expect(regionId).toBe(SMOLENSK);
    const ids = news.map((n) => n.id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(other);
    const firstGeneral = news.findIndex((n) => n.regions.length === 0);
    expect(news.slice(0, firstGeneral).every((n) => n.regions.some((r) => r.id === SMOLENSK))).toBe(true);
    expect(news.slice(firstGeneral).every((n) => n.regions.length === 0)).toBe(true);
    const general = await regionNews({ services: t.services, audience: audienceOf(null, SMOLENSK) }, { limit: 50, includeRegionNews: false, excludeIds: [] });
    expect(general.news.every((n) => n.regions.length === 0)).toBe(true);
  });

  it('reads a block of cards in a fixed number of statements, whatever it holds', async () => {
    await regionNews({ services: t.services, audience: audienceOf(null, SMOLENSK) }, { limit: 3, includeRegionNews: true, excludeIds: [] });
    for (const n of [1, 2, 3]) await article({ slug: `test-block-${n}`, categories: [5], tags: [tags.get('servis')!], regions: [SMOLENSK] });
    const { services, counter } = countingServices(t.services);
    await newsAbout(services, { categoryId: 5 }, 1);
    const count = async (limit: number) => {
      counter.count = 0;
      const news = await newsAbout(services, { categoryId: 5 }, limit);
      return { statements: counter.count, cards: news.length };
    };
    const one = await count(1);
    const many = await count(20);
    expect(many.cards).toBeGreaterThan(one.cards);
    // One statement for the cards: types, tags and regions are kept in memory.
    expect(many.statements).toBe(1);
    expect(one.statements).toBe(1);
  });
});

describe('an article\'s page', () => {
  it('carries its related models, parts and categories as links, and its regions', async () => {
    const page = await articlePage(t.services, 'sovety', 'uborochnaya-2026-kak-podgotovit-kombajn');
    expect(page!.models.map((m) => m.name)).toEqual(['Torum 750', 'Acros 585', 'Vector 410']);
    expect(page!.parts.map((p) => p.link)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/parts\//)]));
    expect(page!.categories).toEqual([expect.objectContaining({ name: 'Зерноуборочные комбайны', link: '/catalog/zernouborochnye-kombajny' })]);
    expect(page!.image).toMatchObject({ src: '/images/models/TO750.svg', width: 640, height: 480 });
    expect(await articlePage(t.services, 'novosti', 'uborochnaya-2026-kak-podgotovit-kombajn')).toBeNull();
  });
});
