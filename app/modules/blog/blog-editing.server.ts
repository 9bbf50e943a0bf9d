import type { Readable } from 'node:stream';
import { changedFields, recordAudit, type AuditEntry } from '#app/.server/audit.ts';
import { now } from '#app/.server/clock.ts';
import { listVersions, readVersion, recordVersion, type VersionSummary } from '#app/.server/content-versions.ts';
import type { AppServices } from '#app/.server/context.ts';
import { changedFieldsOf, type FieldChange } from '#app/lib/word-diff.ts';
import { dataChanged } from '#app/.server/db/changes.ts';
import { imageStorage } from '#app/.server/files/image-variants.ts';
import { readStoredImage, storeImage } from '#app/.server/files/images.ts';
import { modelCards } from '#app/modules/catalog/cards.server.ts';
import { machineryMenu } from '#app/modules/catalog/catalog.server.ts';
import type { MachineryCategory } from '#app/modules/catalog/catalog.schema.ts';
import { partSummariesAt } from '#app/modules/parts/part-summary.server.ts';
import { unknownPartIds } from '#app/modules/parts/parts.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import { cleanArticleHtml } from './article-html.server.ts';
import { intArray } from './blog.queries.server.ts';
import { articleLink, dateToMoscowLocal, moscowLocalToDate, relatedChipLabel, slugFromTitle } from './blog.rules.ts';
import { ARTICLE_MESSAGES, articleInput, type ArticleInput, type ArticleStatus } from './blog.schema.ts';
import { blogDirectory } from './blog.server.ts';

/*
 * The editors' side of the blog (ADR 089): the list of articles, one article's form, its cover, and
 * saving, publishing and taking it off the site, each with its audit record in the same transaction.
 * An article is its own draft: a draft is invisible to visitors, publishing makes it visible from its
 * date (a later date schedules it), 'Снять с публикации' makes it a draft again.
 */

export type Editor = AuditEntry['actor'];
export type ArticleId = number | 'new';

export const ARTICLES_PAGE_SIZE = 50;

export function parseArticleId(raw: string | undefined): ArticleId | null {
  if (raw === 'new') return 'new';
  return raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

/** Where an article is: a draft, published and visible, or published with a date to come. */
export type ArticleState = ArticleStatus | 'scheduled';
const stateOf = (status: ArticleStatus, publishedAt: Date | null, at: Date): ArticleState =>
  status === 'draft' ? 'draft' : publishedAt && publishedAt > at ? 'scheduled' : 'published';

export interface ArticleListRow {
  id: number; title: string; typeName: string; state: ArticleState; publishedAt: string | null; updatedAt: string; link: string | null;
}

/** Every article, the latest changed first. */
export async function listArticlesForEditing(services: AppServices, page: number): Promise<{ rows: ArticleListRow[]; hasNext: boolean }> {
  const [dir, rows] = await Promise.all([
    blogDirectory(services),
    services.db.selectFrom('blog_article').select(['id', 'title', 'type_id', 'slug', 'status', 'published_at', 'updated_at'])
      .orderBy('updated_at', 'desc').orderBy('id', 'desc')
      .limit(ARTICLES_PAGE_SIZE + 1).offset((page - 1) * ARTICLES_PAGE_SIZE).execute(),
  ]);
  const at = now();
  return {
    rows: rows.slice(0, ARTICLES_PAGE_SIZE).map((r) => {
      const type = dir.typeById.get(r.type_id);
      const state = stateOf(r.status, r.published_at, at);
      return {
        id: r.id, title: r.title, typeName: type?.name ?? '', state, publishedAt: r.published_at?.toISOString() ?? null,
        updatedAt: r.updated_at.toISOString(), link: state === 'published' && type ? articleLink(type.slug, r.slug) : null,
      };
    }),
    hasNext: rows.length > ARTICLES_PAGE_SIZE,
  };
}

/** The form's values as text, as the form sends them back. */
export interface ArticleFormValues {
  typeId: string; title: string; slug: string; lead: string; metaDescription: string; bodyHtml: string; tags: string;
  modelIds: string; partIds: string; categoryIds: string[]; regionIds: string[]; publishedAt: string; coverImageId: string; coverAlt: string;
}

export interface ArticleForEditing {
  id: ArticleId;
  values: ArticleFormValues;
  state: ArticleState | null;
  /** Its page when visitors see it. */
  link: string | null;
  cover: { src: string; width: number; height: number } | null;
  /** The names of the models and parts the ids name (the editor checks what he typed). */
  modelNames: string[];
  /** The chosen models' names by id (the picker's chips). */
  modelNameById: Record<string, string>;
  /** The chosen parts' names and numbers by id (the picker's chips, as a part added by search reads). */
  partNameById: Record<string, string>;
}

const EMPTY_VALUES: ArticleFormValues = {
  typeId: '1', title: '', slug: '', lead: '', metaDescription: '', bodyHtml: '', tags: '', modelIds: '', partIds: '',
  categoryIds: [], regionIds: [], publishedAt: '', coverImageId: '', coverAlt: '',
};

export async function articleForEditing(services: AppServices, id: ArticleId): Promise<ArticleForEditing | null> {
  if (id === 'new') return { id, values: EMPTY_VALUES, state: null, link: null, cover: null, modelNames: [], modelNameById: {}, partNameById: {} };
  const [dir, row] = await Promise.all([
    blogDirectory(services),
    services.db.selectFrom('blog_article').selectAll().where('id', '=', id).executeTakeFirst(),
  ]);
  if (!row) return null;
  const state = stateOf(row.status, row.published_at, now());
  const type = dir.typeById.get(row.type_id);
  const partIds = row.part_ids.map(Number);
  const [models, parts] = await Promise.all([
    modelCards(services.db, row.model_ids.map(Number), null, false),
    partIds.length ? partSummariesAt(services.db, partIds, null, false) : Promise.resolve(new Map()),
  ]);
  const cover = row.cover_width && row.cover_height
    ? { src: row.cover_image_id ? `/media/images/${row.cover_image_id}/${Math.min(row.cover_width, 640)}.webp` : row.cover_src ?? '', width: row.cover_width, height: row.cover_height }
    : null;
  return {
    id,
    values: {
      typeId: String(row.type_id), title: row.title, slug: row.slug, lead: row.lead, metaDescription: row.meta_description, bodyHtml: row.body_html,
      tags: row.tag_ids.flatMap((t) => dir.tagById.get(Number(t))?.name ?? []).join(', '),
      modelIds: row.model_ids.join(', '), partIds: row.part_ids.join(', '),
      categoryIds: row.category_ids.map(String), regionIds: row.region_ids.map(String),
      publishedAt: row.published_at ? dateToMoscowLocal(row.published_at) : '',
      coverImageId: row.cover_image_id ?? '', coverAlt: row.cover_alt,
    },
    state, link: state === 'published' && type ? articleLink(type.slug, row.slug) : null, cover,
    modelNames: models.map((m) => m.card.name), modelNameById: Object.fromEntries(models.map((m) => [String(m.card.id), m.card.name])),
    partNameById: Object.fromEntries([...parts.values()].map((p) => [String(p.id), relatedChipLabel(p.name, p.code)])),
  };
}

/** The choices of the form: sections, machinery categories (indented by level) and regions by country. */
export async function articleFormChoices(services: AppServices) {
  const [dir, menu, regions] = await Promise.all([blogDirectory(services), machineryMenu(services), regionDirectory(services)]);
  const categories: Array<{ id: number; label: string }> = [];
  const walk = (nodes: readonly MachineryCategory[], depth: number) => {
    for (const n of nodes) {
      categories.push({ id: n.id, label: `${'— '.repeat(depth)}${n.name}` });
      walk(n.cats, depth + 1);
    }
  };
  walk(menu, 0);
  return {
    types: dir.types.map((t) => ({ id: t.id, name: t.name })),
    categories,
    regions: regions.areaTree.map((country) => ({ country: country.label, areas: country.children.map((a) => ({ id: a.id, label: a.label })) })),
  };
}

export type UploadOutcome = { ok: true; imageId: string } | { ok: false; message: string };

/** Checks and stores an uploaded cover (ADR 077): AVIF and WebP variants are made from it. */
export async function storeArticleCover(services: AppServices, upload: Readable): Promise<UploadOutcome> {
  const stored = await storeImage(imageStorage(services.config), upload);
  return stored.ok ? { ok: true, imageId: stored.image.id } : { ok: false, message: stored.message };
}

export type SaveIntent = 'save' | 'publish' | 'unpublish';
export type SaveOutcome =
  | { ok: true; id: number; state: ArticleState; markupRemoved: boolean }
  | { ok: false; code: 'not_found' }
  | { ok: false; code: 'invalid'; errors: Record<string, string> };

/** What the audit log keeps of an article (its text by length, ADR 081). */
interface AuditedArticle {
  typeId: number; title: string; slug: string; lead: string; metaDescription: string; bodyLength: number; tags: string; modelIds: string;
  partIds: string; categoryIds: string; regionIds: string; status: ArticleStatus; publishedAt: string | null; coverImageId: string | null; coverAlt: string;
}

/** The ids an article names that do not exist: models, parts, categories and regions. */
async function unknownIds(services: AppServices, input: ArticleInput): Promise<Record<string, string>> {
  const [models, parts, menu, regions] = await Promise.all([
    modelCards(services.db, input.modelIds, null, false),
    unknownPartIds(services.db, input.partIds),
    machineryMenu(services),
    regionDirectory(services),
  ]);
  const known = new Set(models.map((m) => m.card.id));
  const categories = new Set<number>();
  const walk = (nodes: readonly MachineryCategory[]) => { for (const n of nodes) { categories.add(n.id); walk(n.cats); } };
  walk(menu);
  const errors: Record<string, string> = {};
  const missingModels = input.modelIds.filter((id) => !known.has(id));
  if (missingModels.length) errors.modelIds = ARTICLE_MESSAGES.unknownIds('моделей', missingModels);
  if (parts.length) errors.partIds = ARTICLE_MESSAGES.unknownIds('запчастей', parts);
  const missingCategories = input.categoryIds.filter((id) => !categories.has(id));
  if (missingCategories.length) errors.categoryIds = ARTICLE_MESSAGES.unknownIds('разделов', missingCategories);
  const missingRegions = input.regionIds.filter((id) => !regions.areas.has(id));
  if (missingRegions.length) errors.regionIds = ARTICLE_MESSAGES.unknownIds('регионов', missingRegions);
  return errors;
}

/**
 * Saves the editor's article (a new one gets its id), publishing or unpublishing it when asked, with
 * its audit record, in one transaction. Its text is cleaned first; tags named for the first time are
 * created; a slug another article has is refused; ids that name nothing are refused.
 */
export async function saveArticle(
  services: AppServices, editor: Editor, id: ArticleId, input: ArticleInput, intent: SaveIntent, ip: string | null, restoredFrom: number | null = null,
): Promise<SaveOutcome> {
  const dir = await blogDirectory(services);
  const errors: Record<string, string> = {};
  if (!dir.typeById.has(input.typeId)) errors.typeId = ARTICLE_MESSAGES.type;
  Object.assign(errors, await unknownIds(services, input));
  const cover = input.coverImageId ? await readStoredImage(imageStorage(services.config), input.coverImageId) : null;
  if (input.coverImageId && !cover) errors.image = ARTICLE_MESSAGES.coverMissing;
  const slug = input.slug || slugFromTitle(input.title);
  if (!slug) errors.slug = ARTICLE_MESSAGES.slug;
  if (Object.keys(errors).length) return { ok: false, code: 'invalid', errors };

  const body = cleanArticleHtml(input.bodyHtml);
  const at = now();
  const outcome = await services.db.transaction().execute(async (trx): Promise<SaveOutcome> => {
    const before = id === 'new' ? null : await trx.selectFrom('blog_article').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (id !== 'new' && !before) return { ok: false, code: 'not_found' };
    const taken = await trx.selectFrom('blog_article').select('id').where('slug', '=', slug).executeTakeFirst();
    if (taken && taken.id !== id) return { ok: false, code: 'invalid', errors: { slug: ARTICLE_MESSAGES.slugTaken } };

    // Tags by name: the existing ones by their name (any case), new ones created with a slug of their own.
    const tagIds: number[] = [];
    for (const name of input.tags) {
      const existing = [...dir.tagById.values()].find((t) => t.name.toLowerCase() === name.toLowerCase());
      if (existing) { tagIds.push(existing.id); continue; }
      const base = slugFromTitle(name) || 'tema';
      const row = await trx.insertInto('blog_tag').values({ slug: base, name })
        .onConflict((oc) => oc.column('slug').doUpdateSet((eb) => ({ slug: eb.ref('blog_tag.slug') })))
        .returning('id').executeTakeFirstOrThrow();
      tagIds.push(row.id);
    }

    const status: ArticleStatus = intent === 'publish' ? 'published' : intent === 'unpublish' ? 'draft' : before?.status ?? 'draft';
    const chosen = input.publishedAt ? moscowLocalToDate(input.publishedAt) : null;
    const publishedAt = chosen ?? before?.published_at ?? (status === 'published' ? at : null);
    const values = {
      type_id: input.typeId, slug, title: input.title, lead: input.lead, meta_description: input.metaDescription, body_html: body.html,
      // The site's own picture (the demo's) stays until the editor uploads one or removes it.
      cover_image_id: cover?.id ?? null, cover_src: cover || input.removeCover ? null : before?.cover_src ?? null,
      cover_width: cover?.width ?? (before?.cover_src && !input.removeCover ? before.cover_width : null),
      cover_height: cover?.height ?? (before?.cover_src && !input.removeCover ? before.cover_height : null),
      cover_alt: input.coverAlt,
      tag_ids: intArray(tagIds), model_ids: intArray(input.modelIds), part_ids: intArray(input.partIds),
      category_ids: intArray(input.categoryIds), region_ids: intArray(input.regionIds),
      status, published_at: publishedAt, author_name: before?.author_name || editor.name, updated_at: at,
    };
    const after: AuditedArticle = {
      typeId: input.typeId, title: input.title, slug, lead: input.lead, metaDescription: input.metaDescription, bodyLength: body.html.length,
      tags: tagIds.join(','), modelIds: input.modelIds.join(','), partIds: input.partIds.join(','), categoryIds: input.categoryIds.join(','),
      regionIds: input.regionIds.join(','), status, publishedAt: publishedAt?.toISOString() ?? null, coverImageId: cover?.id ?? null, coverAlt: input.coverAlt,
    };
    let savedId: number;
    if (!before) {
      savedId = (await trx.insertInto('blog_article').values(values).returning('id').executeTakeFirstOrThrow()).id;
      await recordAudit(trx, { actor: editor, action: status === 'published' ? 'article.publish' : 'article.create', entity: 'article', entityId: savedId, after, ip });
    } else {
      savedId = before.id;
      await trx.updateTable('blog_article').set(values).where('id', '=', before.id).execute();
      const was: AuditedArticle = {
        typeId: before.type_id, title: before.title, slug: before.slug, lead: before.lead, metaDescription: before.meta_description, bodyLength: before.body_html.length,
        tags: before.tag_ids.join(','), modelIds: before.model_ids.join(','), partIds: before.part_ids.join(','), categoryIds: before.category_ids.join(','),
        regionIds: before.region_ids.join(','), status: before.status, publishedAt: before.published_at?.toISOString() ?? null,
        coverImageId: before.cover_image_id, coverAlt: before.cover_alt,
      };
      const action = restoredFrom ? 'article.restore' : before.status !== status ? (status === 'published' ? 'article.publish' : 'article.unpublish') : 'article.update';
      await recordAudit(trx, { actor: editor, action, entity: 'article', entityId: savedId, ...changedFields(was, after), ...(restoredFrom ? { after: { ...after, restoredFrom } } : {}), ip });
    }
    // Its version (ADR 100): the fields as the form would send them back, so that restoring is saving them again.
    const version: ArticleVersionData = {
      typeId: String(input.typeId), title: input.title, slug, lead: input.lead, metaDescription: input.metaDescription, bodyHtml: body.html,
      tags: input.tags.join(', '), modelIds: input.modelIds.join(', '), partIds: input.partIds.join(', '),
      categoryIds: input.categoryIds.join(', '), regionIds: input.regionIds.join(', '),
      publishedAt: publishedAt ? dateToMoscowLocal(publishedAt) : '', coverImageId: cover?.id ?? '', coverAlt: input.coverAlt,
    };
    await recordVersion(trx, 'article', savedId, { ...version }, { author: editor, published: status === 'published', restoredFrom });
    return { ok: true, id: savedId, state: stateOf(status, publishedAt, at), markupRemoved: body.removed };
  });
  // This process's next page shows the change at once; the others hear the tables' triggers (ADR 070).
  if (outcome.ok) {
    dataChanged(services.db, 'blog_article');
    if (input.tags.length) dataChanged(services.db, 'blog_tag');
  }
  return outcome;
}

/** What a version of an article keeps: its form's fields as text. */
type ArticleVersionData = Omit<ArticleFormValues, 'categoryIds' | 'regionIds'> & { categoryIds: string; regionIds: string };

/** The version fields an editor compares, in the form's order, with their labels. */
export const ARTICLE_VERSION_LABELS: Record<keyof ArticleVersionData, string> = {
  typeId: 'Раздел', title: 'Заголовок', slug: 'Адрес', lead: 'Анонс', metaDescription: 'Описание для поисковых систем', bodyHtml: 'Текст статьи',
  tags: 'Метки', modelIds: 'Модели техники', partIds: 'Запчасти', categoryIds: 'Разделы каталога', regionIds: 'Регионы',
  publishedAt: 'Дата публикации', coverImageId: 'Обложка', coverAlt: 'Подпись к обложке',
};

/** An article's versions, the latest first. */
export async function articleVersions(services: AppServices, id: number): Promise<VersionSummary[]> {
  return listVersions(services.db, 'article', id);
}

export interface VersionComparison { from: VersionSummary; to: VersionSummary; changes: FieldChange[] }

/** Two versions of one article field by field; a number the article does not have answers null. */
export async function compareArticleVersions(services: AppServices, id: number, from: number, to: number): Promise<VersionComparison | null> {
  const [a, b] = await Promise.all([readVersion(services.db, 'article', id, from), readVersion(services.db, 'article', id, to)]);
  if (!a || !b) return null;
  const { data: before, ...fromSummary } = a;
  const { data: after, ...toSummary } = b;
  return { from: fromSummary, to: toSummary, changes: changedFieldsOf(before, after, ARTICLE_VERSION_LABELS, ['bodyHtml']) };
}

export type RestoreOutcome = SaveOutcome | { ok: false; code: 'unfit'; message: string };

/**
 * Makes a version the article's text again: its fields are saved as the editor's form would save
 * them (checked, audited as `article.restore`, recorded as a new version); the article stays
 * published or a draft as it is. A version that no longer fits the form is refused.
 */
export async function restoreArticleVersion(services: AppServices, editor: Editor, id: number, version: number, ip: string | null): Promise<RestoreOutcome> {
  const found = await readVersion(services.db, 'article', id, version);
  if (!found) return { ok: false, code: 'not_found' };
  const parsed = articleInput.safeParse(found.data);
  if (!parsed.success) return { ok: false, code: 'unfit', message: ARTICLE_MESSAGES.versionUnfit };
  return saveArticle(services, editor, id, parsed.data, 'save', ip, version);
}
