/* The search's named numbers and words, for the server and for the browser (no zod, no rules). */

/**
 * The kinds of hits, in the order the dialog and the results page show them: the machines first
 * (a visitor typing 'трактор' wants tractors, not only the section they are in), then where they
 * are, who makes them, their parts and the site's pages.
 */
export const SEARCH_KINDS = ['model', 'modelLine', 'category', 'manufacturer', 'parts', 'page'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_TITLES: Readonly<Record<SearchKind, string>> = {
  category: 'Категории',
  manufacturer: 'Производители',
  modelLine: 'Модельные ряды',
  model: 'Модели',
  parts: 'Запчасти',
  page: 'Страницы',
};

/** Hits per kind: a glance in the header's dialog, a page on /search. */
export const DIALOG_LIMIT = 5;
export const PAGE_LIMIT = 20;

/** Longer queries answer 400: nobody types more into a search field. */
export const QUERY_MAX_LENGTH = 100;
