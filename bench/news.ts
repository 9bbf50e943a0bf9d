/**
 * The news calls' budget (issue 31, ADR 089): `/api/ps/get-news`, `get-region-news` and
 * `get-model-news` (with `get-part-news`, `get-category-news` and `get-news-by-filter` beside them)
 * p95 ≤ 20 ms over 10,000 articles on PostgreSQL. Seeds the articles (every type, tags, models,
 * parts, categories; a third of them about one region or another, the visitor's among them; one in
 * twenty a draft, one in fifty scheduled) into a PostgreSQL database of its own with one statement,
 * analyses, then times each call through the whole HTTP app in this process (zod, the query, JSON),
 * after a warm-up, and prints p50, p95 and the worst. Exits 1 when a p95 is over budget.
 *
 *   npm run build && DATABASE_URL=… npm run bench:news -- [--articles=10000] [--runs=300]
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDemoBench, percentiles } from './demo-services.ts';

const BUDGET_P95_MS = 20;
const { values } = parseArgs({ options: { articles: { type: 'string', default: '10000' }, runs: { type: 'string', default: '300' } } });
const ARTICLES = Number(values.articles);
const RUNS = Number(values.runs);

const { entry, db, services, close } = await openDemoBench('bench:news', 'bench_news');
try {
  const app = entry.createApp({ services, build: entry.serverBuild });
  const get = async (path: string) => {
    const res = await app.request(path);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
    return JSON.parse(body) as { news?: unknown[]; regionId?: number };
  };
  // The visitor's region as the call sees it (no session: the default one), so that some articles concern it.
  const { regionId } = await get('/api/ps/get-region-news?limit=3');
  const ids = async (table: 'catalog_model' | 'parts_part' | 'catalog_category' | 'blog_tag' | 'region_area', limit: number) =>
    (await db.selectFrom(table).select('id').orderBy('id').limit(limit).execute()).map((r) => Number(r.id));
  const [models, parts, categories, tags, areas] = await Promise.all([ids('catalog_model', 200), ids('parts_part', 500), ids('catalog_category', 60), ids('blog_tag', 40), ids('region_area', 80)]);
  const regions = [...new Set([regionId!, ...areas])];
  // One of the list's ids by the row's number (the lists are ids read above: numbers only).
  const pick = (list: number[], k: string) => sql.raw(`(array[${list.join(',')}]::int[])[1 + (${k}) % ${list.length}]`);
  const seededAt = performance.now();
  await sql`
    insert into blog_article (type_id, slug, title, lead, body_html, tag_ids, model_ids, part_ids, category_ids, region_ids, status, published_at, author_name)
    select 1 + g % 4, 'bench-' || g, 'Статья для замера № ' || g, 'Анонс статьи ' || g, '<p>Текст статьи ' || g || '</p>',
      array[${pick(tags, 'g')}, ${pick(tags, 'g / 40 + 1')}],
      case when g % 3 = 0 then array[${pick(models, 'g / 3')}] else '{}'::int[] end,
      case when g % 5 = 0 then array[${pick(parts, 'g / 5')}] else '{}'::int[] end,
      case when g % 4 = 0 then array[${pick(categories, 'g / 4')}] else '{}'::int[] end,
      case when g % 3 = 1 then array[${pick(regions, 'g / 3')}] else '{}'::int[] end,
      -- Drafts and scheduled articles fall among every tag, model, part, category and region picked above.
      case when g % 20 = 7 then 'draft' else 'published' end,
      case when g % 50 = 13 then now() + interval '30 days' else now() - (g || ' minutes')::interval end,
      'Редакция'
    from generate_series(1, ${ARTICLES}) g`.execute(db);
  await sql`analyze blog_article, blog_tag`.execute(db);
  const seedMs = performance.now() - seededAt;

  const cases: Array<[string, string]> = [
    ['get-news: two types, one tag', `/api/ps/get-news?blogTypes[]=2&blogTypes[]=4&tags[]=${tags[0]}&limit=6`],
    ['get-news: every type, 20 excluded', `/api/ps/get-news?limit=6&excludeIds=${Array.from({ length: 20 }, (_, i) => i + 1).join(',')}`],
    ['get-region-news: the region first', '/api/ps/get-region-news?limit=4&includeRegionNews=true'],
    ['get-region-news: general only', '/api/ps/get-region-news?limit=4&includeRegionNews=false'],
    ['get-model-news', `/api/ps/get-model-news?modelId=${models[0]}&limit=3`],
    ['get-part-news', `/api/ps/get-part-news?partId=${parts[0]}&limit=3`],
    ['get-category-news', `/api/ps/get-category-news?categoryId=${categories[0]}&limit=3`],
    ['get-news-by-filter: page 40', '/api/ps/get-news-by-filter?page=40'],
  ];
  const results = [];
  for (const [name, path] of cases) {
    let found = 0;
    for (let i = 0; i < 10; i++) found = (await get(path)).news?.length ?? 0;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await get(path);
      times.push(performance.now() - t0);
    }
    results.push({ case: name, news: found, ...percentiles(times) });
  }
  const worst = Math.max(...results.map((r) => r.p95));
  console.log(JSON.stringify({ bench: 'news', articles: ARTICLES, runs: RUNS, seedMs: Math.round(seedMs), results, budgetP95Ms: BUDGET_P95_MS, result: worst <= BUDGET_P95_MS ? 'в бюджете' : 'ВНЕ БЮДЖЕТА' }, null, 2));
  process.exitCode = worst <= BUDGET_P95_MS ? 0 : 1;
} finally {
  await close();
}
