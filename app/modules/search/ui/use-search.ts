import { useAsYouType, type AsYouTypeState } from '#app/components/ui/use-as-you-type.ts';
import type { SearchResult } from '../search.schema.ts';

const MIN_LENGTH = 2;

export type SearchState = AsYouTypeState<SearchResult>;

/** The site search as you type (`GET /api/search`), from two letters on. */
export function useSearch(query: string, limit: number): SearchState {
  const q = query.trim();
  return useAsYouType<SearchResult>(q.length >= MIN_LENGTH ? `/api/search?q=${encodeURIComponent(q)}&limit=${limit}` : null);
}

export const hasEnoughLetters = (query: string) => query.trim().length >= MIN_LENGTH;
