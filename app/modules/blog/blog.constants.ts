/** Articles on one page of /blog (and the default of get-news-by-filter). */
export const BLOG_PAGE_SIZE = 12;

/** Bounds of what the news calls and the editor accept. */
export const BLOG_LIMITS = {
  /** Ids in one list (blogTypes, tags, excludeIds, tagsIds, related ids). */
  ids: 100,
  /** Articles one call returns at most. */
  limit: 50,
  title: 160,
  lead: 600,
  metaDescription: 200,
  bodyHtml: 100_000,
} as const;

/** Articles the RSS feed carries: the newest. */
export const RSS_ITEMS = 50;

/** The news blocks of the home, model, category and part pages. */
export const NEWS_BLOCK_SIZE = 4;

/** The shop's time zone: the editor's dates are Moscow time. */
export const BLOG_TIME_ZONE = 'Europe/Moscow';

/** The query keys a list page depends on (its page cache's key; kept out of the schema so the page's script carries no zod). */
export const BLOG_LIST_QUERY_KEYS = ['tag', 'region', 'page'] as const;
