import { z } from '#app/lib/zod.ts';
import { textField } from '#app/lib/text.ts';
import { QUERY_MAX_LENGTH } from './search.rules.ts';
import { DIALOG_LIMIT, PAGE_LIMIT, type SearchKind } from './search.constants.ts';

export type { SearchKind };

export const SEARCH_MESSAGES = {
  tooLong: `Запрос слишком длинный: не больше ${QUERY_MAX_LENGTH} символов`,
  limit: 'Параметр limit — целое число от 1 до 20',
} as const;

/** GET /api/search?q=&limit= */
export const searchQueryInput = z.object({
  q: z.union([z.string(), z.array(z.string())]).optional()
    // A repeated ?q= is the caller's slip, not an attack: the first one is the query.
    .transform((q) => (Array.isArray(q) ? q[0] : q) ?? '')
    .pipe(textField('Запрос').trim().max(QUERY_MAX_LENGTH, SEARCH_MESSAGES.tooLong)),
  limit: z.string().optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return DIALOG_LIMIT;
      const n = /^\d{1,2}$/.test(v) ? Number(v) : NaN;
      if (n >= 1 && n <= PAGE_LIMIT) return n;
      ctx.addIssue({ code: 'custom', message: SEARCH_MESSAGES.limit });
      return z.NEVER;
    }),
});

export interface SearchImage { src: string; width: number; height: number }

export interface SearchHit {
  kind: SearchKind;
  /** Unique within the kind (a React key; the option's element id). */
  id: string;
  title: string;
  /** Where it sits: the parent category, the maker and category of a line, the line of a model. */
  subtitle: string | null;
  link: string;
  image: SearchImage | null;
  /** [from, to) ranges of `title` that match the query, to be shown marked. */
  marks: Array<[number, number]>;
}

export interface SearchGroup {
  kind: SearchKind;
  title: string;
  /** All hits of the kind, of which `hits` are the first. */
  total: number;
  hits: SearchHit[];
}

export interface SearchResult {
  query: string;
  groups: SearchGroup[];
  /** When nothing is found: where to go on from (the main categories). */
  suggestions: Array<{ title: string; link: string }>;
  /** When nothing is found: the query spelt with the nearest known words, if that finds something ('Возможно, вы искали «…»'). */
  didYouMean: string | null;
}

export const EMPTY_RESULT = (query: string): SearchResult => ({ query, groups: [], suggestions: [], didYouMean: null });
