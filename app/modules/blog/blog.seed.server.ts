import { sql, type Transaction } from 'kysely';
import { now } from '#app/.server/clock.ts';
import type { Database } from '#app/.server/db/schema.ts';
import { cleanArticleHtml } from './article-html.server.ts';
import { ARTICLES, TAGS } from './data/articles.ts';

const DAY_MS = 86_400_000;

/**
 * Demo content of the blog (ADR 089): its tags and articles of every section across regions, each
 * once by its slug, so an article an editor changed or removed is not brought back over his change.
 * Runs after the catalogue and the parts: the articles name their models, parts and categories by id.
 */
export async function seedBlogDemo(trx: Transaction<Database>): Promise<void> {
  await trx.insertInto('blog_tag').values(TAGS.map((t) => ({ slug: t.slug, name: t.name }))).onConflict((oc) => oc.column('slug').doNothing()).execute();
  const existing = new Set((await trx.selectFrom('blog_article').select('slug').where('slug', 'in', ARTICLES.map((a) => a.slug)).execute()).map((r) => r.slug));
  const missing = ARTICLES.filter((a) => !existing.has(a.slug));
  if (!missing.length) return;
  const [types, tags, models, parts, categories] = await Promise.all([
    trx.selectFrom('blog_type').select(['id', 'slug']).execute(),
    trx.selectFrom('blog_tag').select(['id', 'slug']).execute(),
    trx.selectFrom('catalog_model').select(['id', 'name']).where('name', 'in', [...new Set(missing.flatMap((a) => a.models ?? [])), '']).execute(),
    trx.selectFrom('parts_part').select('id').where('id', 'in', [...new Set(missing.flatMap((a) => a.parts ?? [])), 0]).execute(),
    trx.selectFrom('catalog_category').select('id').where('id', 'in', [...new Set(missing.flatMap((a) => a.categories ?? [])), 0]).execute(),
  ]);
  const typeId = new Map(types.map((t) => [t.slug, t.id]));
  const tagId = new Map(tags.map((t) => [t.slug, t.id]));
  const modelId = new Map(models.map((m) => [m.name, m.id]));
  const partIds = new Set(parts.map((p) => p.id));
  const categoryIds = new Set(categories.map((c) => c.id));
  const areaIds = new Set((await trx.selectFrom('region_area').select('id').execute()).map((a) => a.id));
  // 09:00 Moscow time of today, less the article's age: the demo's news stay recent whenever it starts.
  const today = Date.parse(`${now().toISOString().slice(0, 10)}T06:00:00Z`);
  const pgArray = (ids: number[]) => sql<number[]>`${`{${ids.join(',')}}`}::int[]`;
  for (const a of missing) {
    const published = new Date(Math.min(today - a.daysAgo * DAY_MS, now().getTime() - 60_000));
    await trx.insertInto('blog_article').values({
      type_id: typeId.get(a.type)!,
      slug: a.slug, title: a.title, lead: a.lead, meta_description: a.metaDescription,
      body_html: cleanArticleHtml(a.bodyHtml).html,
      cover_src: a.cover?.src ?? null, cover_width: a.cover?.width ?? null, cover_height: a.cover?.height ?? null, cover_alt: a.cover?.alt ?? '',
      tag_ids: pgArray(a.tags.flatMap((t) => tagId.get(t) ?? [])),
      model_ids: pgArray((a.models ?? []).flatMap((n) => modelId.get(n) ?? [])),
      part_ids: pgArray((a.parts ?? []).filter((id) => partIds.has(id))),
      category_ids: pgArray((a.categories ?? []).filter((id) => categoryIds.has(id))),
      region_ids: pgArray((a.regions ?? []).filter((id) => areaIds.has(id))),
      status: 'published', published_at: published, author_name: a.author ?? '',
      created_at: published, updated_at: published,
    }).execute();
  }
}
