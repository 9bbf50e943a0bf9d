import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import type { Database } from '#app/.server/db/schema.ts';

/*
 * The blog's statements (ADR 089). Every list reads only visible articles (published, their time
 * come) by the partial indexes of migration 0040: the feed's order, a type's order, the general
 * articles' order, and a GIN index per list of ids (tags, models, parts, categories, regions).
 */

/** An int[] parameter, written as PostgreSQL's array text so both drivers send it the same way. */
export function intArray(ids: readonly number[]) {
  return sql<number[]>`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;
}

/** The columns a card shows. */
export const CARD_COLUMNS = [
  'id', 'type_id', 'slug', 'title', 'lead', 'tag_ids', 'region_ids', 'published_at',
  'cover_image_id', 'cover_src', 'cover_width', 'cover_height', 'cover_alt',
] as const;

type Eb = ExpressionBuilder<Database, 'blog_article'>;

export interface ArticleFilter {
  at: Date;
  typeIds?: readonly number[];
  tagIds?: readonly number[];
  regionIds?: readonly number[];
  modelId?: number;
  partId?: number;
  categoryId?: number;
  excludeIds?: readonly number[];
  /** true: only the articles for every region; false: only those of `regionIds`. */
  general?: boolean;
}

/** The conditions of a filter: visible, and every filter given. */
export function visibleWhere(eb: Eb, f: ArticleFilter): Expression<SqlBool> {
  const and: Expression<SqlBool>[] = [
    eb('status', '=', 'published'),
    eb('published_at', '<=', f.at),
  ];
  if (f.typeIds?.length) and.push(eb('type_id', 'in', [...f.typeIds]));
  if (f.tagIds?.length) and.push(sql<SqlBool>`tag_ids && ${intArray(f.tagIds)}`);
  if (f.regionIds?.length) and.push(sql<SqlBool>`region_ids && ${intArray(f.regionIds)}`);
  if (f.general) and.push(sql<SqlBool>`region_ids = '{}'::int[]`);
  if (f.modelId !== undefined) and.push(sql<SqlBool>`model_ids @> ${intArray([f.modelId])}`);
  if (f.partId !== undefined) and.push(sql<SqlBool>`part_ids @> ${intArray([f.partId])}`);
  if (f.categoryId !== undefined) and.push(sql<SqlBool>`category_ids @> ${intArray([f.categoryId])}`);
  if (f.excludeIds?.length) and.push(sql<SqlBool>`id <> all(${intArray(f.excludeIds)})`);
  return eb.and(and);
}

export function selectCards(db: DB, f: ArticleFilter, limit: number, offset = 0) {
  return db.selectFrom('blog_article').select(CARD_COLUMNS)
    .where((eb) => visibleWhere(eb, f))
    .orderBy('published_at', 'desc').orderBy('id', 'desc')
    .limit(limit).offset(offset)
    .execute();
}

export async function countVisible(db: DB, f: ArticleFilter): Promise<number> {
  const row = await db.selectFrom('blog_article').select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => visibleWhere(eb, f)).executeTakeFirstOrThrow();
  return Number(row.n);
}

export type CardRow = Awaited<ReturnType<typeof selectCards>>[number];

/** A visible article by its slug, whole. */
export function selectVisibleArticle(db: DB, slug: string, at: Date) {
  return db.selectFrom('blog_article').selectAll()
    .where('slug', '=', slug).where('status', '=', 'published').where('published_at', '<=', at)
    .executeTakeFirst();
}

export type ArticleRow = NonNullable<Awaited<ReturnType<typeof selectVisibleArticle>>>;

/** The feed: the newest visible articles with their text. */
export function selectFeed(db: DB, at: Date, limit: number) {
  return db.selectFrom('blog_article').selectAll()
    .where((eb) => visibleWhere(eb, { at }))
    .orderBy('published_at', 'desc').orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many visible articles each type, tag and region has (the list's filters offer only those with any). */
export async function selectFacetCounts(db: DB, at: Date): Promise<{ types: Map<number, number>; tags: Map<number, number>; regions: Map<number, number> }> {
  const visible = sql`status = 'published' and published_at <= ${at}`;
  const [types, tags, regions] = await Promise.all([
    sql<{ id: number; n: string }>`select type_id as id, count(*) as n from blog_article where ${visible} group by type_id`.execute(db),
    sql<{ id: number; n: string }>`select t as id, count(*) as n from blog_article, unnest(tag_ids) as t where ${visible} group by t`.execute(db),
    sql<{ id: number; n: string }>`select r as id, count(*) as n from blog_article, unnest(region_ids) as r where ${visible} group by r`.execute(db),
  ]);
  const map = (rows: Array<{ id: number; n: string }>) => new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  return { types: map(types.rows), tags: map(tags.rows), regions: map(regions.rows) };
}
