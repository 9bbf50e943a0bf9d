import type { Crumb } from '#app/components/page/crumbs.ts';

/**
 * What every catalogue page served by the fallback (category, model line, model) returns beside its
 * own data: the head (title, description, canonical address, structured data) and the trail.
 */
export interface CatalogPageHead {
  title: string;
  description: string;
  /** Absolute path of the page's canonical address (its alias), without filters. */
  canonical: string;
  /** schema.org data, serialised into a JSON-LD script (the model page's `Product`). */
  jsonLd?: Record<string, unknown>;
  /** Filtered or paginated variants are not indexed separately. */
  noindex?: boolean;
}

export interface CatalogPageBase {
  head: CatalogPageHead;
  /** The trail above the page, without 'Главная' and without the page itself. */
  trail: Crumb[];
}
