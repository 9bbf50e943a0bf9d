import type { PictureView } from '#app/lib/picture.ts';
import { textField } from '#app/lib/text.ts';
import { z } from '#app/lib/zod.ts';
import { BLOG_LIMITS, BLOG_PAGE_SIZE } from './blog.constants.ts';

/*
 * Agro news and the blog (ADR 089): what the pages, the §7 news calls and the editor exchange, and
 * the Russian messages of their refusals.
 */

export interface BlogTypeView { id: number; slug: string; name: string; link: string }
export interface BlogTagView { id: number; slug: string; name: string }

/** An article as a list, a block or a news call shows it. */
export interface ArticleCard {
  id: number;
  title: string;
  slug: string;
  /** Its page: /blog/{type}/{slug}. */
  link: string;
  lead: string;
  blogType: BlogTypeView;
  tags: BlogTagView[];
  /** ISO time of publication. */
  publishedAt: string;
  /** The regions it concerns (empty: every region). */
  regions: Array<{ id: number; label: string }>;
  image: (PictureView & { alt: string }) | null;
}

export interface RelatedLink { id: number; name: string; link: string }

/** An article's page: the card and what only the page shows. */
export interface ArticleView extends ArticleCard {
  metaDescription: string;
  bodyHtml: string;
  updatedAt: string;
  authorName: string;
  models: RelatedLink[];
  parts: RelatedLink[];
  categories: RelatedLink[];
}

export const BLOG_MESSAGES = {
  badId: 'Некорректный идентификатор',
  badIds: 'Некорректный список идентификаторов',
  tooManyIds: `Слишком много идентификаторов: не более ${BLOG_LIMITS.ids}`,
  badLimit: `Количество — целое число от 1 до ${BLOG_LIMITS.limit}`,
  badPage: 'Номер страницы — целое число от 1',
  badFlag: 'Ожидалось значение true или false',
  modelId: 'Укажите модель (modelId)',
  partId: 'Укажите запчасть (partId)',
  categoryId: 'Укажите категорию (categoryId)',
  tagsIds: 'Укажите метки (tagsIds)',
  badSlug: 'Некорректный адрес раздела или метки',
  notFound: 'Статья не найдена',
} as const;

/** A positive 32-bit id (a query's text or a JSON number). */
const id = (message: string = BLOG_MESSAGES.badId) => z.coerce.number({ error: message }).int(message).min(1, message).max(2 ** 31 - 1, message);

/**
 * A list of ids as any client sends it: a JSON array, `a[]=1&a[]=2` (several values), or '1,2'.
 * Duplicates are dropped; an empty list is no filter.
 */
export const idList = z.preprocess((raw) => {
  if (raw === undefined || raw === null || raw === '') return [];
  const items = Array.isArray(raw) ? raw : [raw];
  return items.flatMap((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter((s) => s !== '') : [v]));
}, z.array(id(BLOG_MESSAGES.badIds), { error: BLOG_MESSAGES.badIds }).max(BLOG_LIMITS.ids, BLOG_MESSAGES.tooManyIds))
  .transform((ids) => [...new Set(ids)]);

const limit = (fallback: number) => z.coerce.number({ error: BLOG_MESSAGES.badLimit }).int(BLOG_MESSAGES.badLimit).min(1, BLOG_MESSAGES.badLimit)
  .max(BLOG_LIMITS.limit, BLOG_MESSAGES.badLimit).default(fallback);

const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean({ error: BLOG_MESSAGES.badFlag }));

/** POST /api/ps/get-news {blogTypes, tags, excludeIds} (spec §7), with an optional limit. */
export const newsQuery = z.object({
  blogTypes: idList,
  tags: idList,
  excludeIds: idList,
  limit: limit(6),
});

/** /api/ps/get-model-news {modelId, limit}; get-part-news {partId, limit}; get-category-news {categoryId, limit}. */
export const modelNewsQuery = z.object({ modelId: id(BLOG_MESSAGES.modelId), limit: limit(3) });
export const partNewsQuery = z.object({ partId: id(BLOG_MESSAGES.partId), limit: limit(3) });
export const categoryNewsQuery = z.object({ categoryId: id(BLOG_MESSAGES.categoryId), limit: limit(3) });

/** GET /api/ps/get-region-news {limit, includeRegionNews, excludeIds}: the visitor's region's news first. */
export const regionNewsQuery = z.object({
  limit: limit(3),
  includeRegionNews: flag.default(true),
  excludeIds: idList,
});

/** /api/ps/get-tags-by-id {tagsIds}. */
export const tagsByIdQuery = z.object({
  tagsIds: idList.refine((ids) => ids.length > 0, BLOG_MESSAGES.tagsIds),
});

/** /api/ps/get-news-by-filter: one page of the list with the page's filters. */
export const newsFilterQuery = z.object({
  blogTypes: idList,
  tags: idList,
  regions: idList,
  modelId: id().optional(),
  partId: id().optional(),
  categoryId: id().optional(),
  excludeIds: idList,
  page: z.coerce.number({ error: BLOG_MESSAGES.badPage }).int(BLOG_MESSAGES.badPage).min(1, BLOG_MESSAGES.badPage).max(10_000, BLOG_MESSAGES.badPage).default(1),
  limit: limit(BLOG_PAGE_SIZE),
});
export type NewsFilter = z.infer<typeof newsFilterQuery>;

/** One page of a list, with how many there are. */
export interface NewsPage { news: ArticleCard[]; total: number; page: number; pages: number }

/**
 * The list page's query: ?tag=slug&region=id&page=n. A value that is not one of these forms names no
 * page of the blog (404), so junk values neither repeat the list under other addresses nor fill the
 * page cache with copies of it.
 */
export const blogListQuery = z.object({
  tag: z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/).optional(),
  region: z.string().regex(/^[1-9][0-9]{0,9}$/).transform(Number).pipe(z.number().max(2 ** 31 - 1)).optional(),
  page: z.string().regex(/^[1-9][0-9]{0,4}$/).transform(Number).pipe(z.number().max(10_000)).default(1),
});

/* The editor's form. */

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_STATUS_LABELS: Record<ArticleStatus | 'scheduled', string> = { draft: 'Черновик', published: 'Опубликована', scheduled: 'Запланирована' };

export const ARTICLE_MESSAGES = {
  versionUnfit: 'Эту версию нельзя восстановить: её поля не подходят к нынешней форме статьи.',
  restored: (n: number) => `Восстановлена версия ${n}: её текст стал текстом статьи.`,
  title: 'Укажите заголовок',
  titleTooLong: `Заголовок — не длиннее ${BLOG_LIMITS.title} символов`,
  slug: 'Адрес — латинские буквы, цифры и дефисы, например «uborka-2026»',
  slugTaken: 'Такой адрес уже занят другой статьёй',
  lead: 'Укажите анонс',
  leadTooLong: `Анонс — не длиннее ${BLOG_LIMITS.lead} символов`,
  metaTooLong: `Описание для поисковых систем — не длиннее ${BLOG_LIMITS.metaDescription} символов`,
  bodyTooLong: 'Текст статьи слишком длинный: не более 100 000 символов',
  type: 'Выберите раздел',
  publishedAt: 'Укажите дату и время публикации',
  ids: 'Перечислите номера через запятую',
  unknownIds: (what: string, ids: readonly number[]) => `Нет таких ${what}: ${ids.join(', ')}`,
  tags: 'Метки — через запятую, каждая не длиннее 60 символов',
  coverAltTooLong: 'Подпись к обложке — не длиннее 200 символов',
  coverMissing: 'Обложка не найдена: загрузите её снова',
  markupRemoved: 'Часть разметки удалена: в статье допускаются заголовки, абзацы, списки, таблицы, ссылки, выделение и картинки сайта.',
  saved: 'Сохранено.',
  published: 'Опубликовано: статья видна посетителям.',
  scheduled: 'Статья запланирована: посетители увидят её в указанное время.',
  unpublished: 'Статья снята с публикации и стала черновиком.',
  notFound: 'Статья не найдена',
} as const;

const idsText = z.string().trim().max(2_000, ARTICLE_MESSAGES.ids).regex(/^(?:\d{1,10}(?:\s*[,;\s]\s*\d{1,10})*)?$/, ARTICLE_MESSAGES.ids)
  .transform((v) => [...new Set(v.split(/[\s,;]+/).filter(Boolean).map(Number))])
  .refine((ids) => ids.every((n) => n >= 1 && n <= 2 ** 31 - 1) && ids.length <= BLOG_LIMITS.ids, ARTICLE_MESSAGES.ids);

/** What the editor's form sends: ids as text lists, tags as names, the time as the editor's local time in Moscow. */
export const articleInput = z.object({
  typeId: z.coerce.number({ error: ARTICLE_MESSAGES.type }).int(ARTICLE_MESSAGES.type).min(1, ARTICLE_MESSAGES.type),
  title: textField('Заголовок', { error: ARTICLE_MESSAGES.title }).trim().min(1, ARTICLE_MESSAGES.title).max(BLOG_LIMITS.title, ARTICLE_MESSAGES.titleTooLong),
  /** Empty: made from the title. */
  slug: z.string().trim().toLowerCase().regex(/^(?:[a-z0-9][a-z0-9-]{0,119})?$/, ARTICLE_MESSAGES.slug).default(''),
  lead: textField('Анонс', { error: ARTICLE_MESSAGES.lead, multiline: true }).trim().min(1, ARTICLE_MESSAGES.lead).max(BLOG_LIMITS.lead, ARTICLE_MESSAGES.leadTooLong),
  metaDescription: textField('Описание для поисковых систем').trim().max(BLOG_LIMITS.metaDescription, ARTICLE_MESSAGES.metaTooLong).default(''),
  bodyHtml: textField('Текст статьи', { multiline: true }).max(BLOG_LIMITS.bodyHtml, ARTICLE_MESSAGES.bodyTooLong).default(''),
  tags: textField('Метки').max(1_000, ARTICLE_MESSAGES.tags)
    .transform((v) => [...new Set(v.split(',').map((t) => t.trim().replace(/\s+/g, ' ')).filter(Boolean))])
    .refine((tags) => tags.length <= 20 && tags.every((t) => t.length <= 60), ARTICLE_MESSAGES.tags).default([]),
  modelIds: idsText.default([]),
  partIds: idsText.default([]),
  categoryIds: idsText.default([]),
  regionIds: idsText.default([]),
  /** 'YYYY-MM-DDTHH:MM' in Moscow time, as `<input type="datetime-local">` sends it; empty: now, when published. */
  publishedAt: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, ARTICLE_MESSAGES.publishedAt)]).default(''),
  coverImageId: z.string().regex(/^(?:[0-9a-f]{32})?$/, ARTICLE_MESSAGES.coverMissing).default(''),
  coverAlt: textField('Подпись к обложке').trim().max(200, ARTICLE_MESSAGES.coverAltTooLong).default(''),
  /** 'Убрать обложку': the article is shown without one. */
  removeCover: z.preprocess((v) => v === 'on' || v === true || v === 'true', z.boolean()).default(false),
});
export type ArticleInput = z.infer<typeof articleInput>;

/** The editor's buttons. */
export const articleIntent = z.enum(['save', 'publish', 'unpublish']).catch('save');
