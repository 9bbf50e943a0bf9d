/**
 * A route opts into the page cache in its `handle`: `{ pageCache: { query: ['page', …] } }` names
 * the query keys its page depends on (a list's name may be followed by `[]` or `[n]`). Its loaders
 * then read `pageContext` only: no visitor (reading `requestContext` throws, for every visitor), and
 * its documents are kept per address, region, whether prices show and the visitor's roles
 * (server/pages.ts). Routes without it render per request and are never kept.
 */
export interface PageCacheHandle {
  pageCache?: { query: readonly string[] };
  /** The route's other handles (crumbs, pathData). */
  [other: string]: unknown;
}
