import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import type { ModelCardView } from '../../catalog.schema.ts';
import { setPage } from '../filters.rules.ts';
import type { CatalogFilterState, ListingPage } from '../listing.schema.ts';
import { useFilterNavigation } from './use-filter-navigation.ts';

/** What the list pages' loaders give (the fallback's category and model line views, /model-lines/view). */
type PageData = { page?: { listing?: ListingPage } } | undefined;

/**
 * 'Показать ещё': the next page's models appended below the ones shown, read through the page's own
 * loader (the same list, order and prices as following the page link). The address stays the first
 * page's; a new filter, order or page replaces the list and forgets the appended ones.
 */
export function useMoreModels(listing: ListingPage, state: CatalogFilterState) {
  const fetcher = useFetcher<PageData>();
  const { hrefFor } = useFilterNavigation();
  const [more, setMore] = useState<{ of: ListingPage; items: ModelCardView[]; last: number }>({ of: listing, items: [], last: listing.page });
  const current = more.of === listing ? more : { of: listing, items: [], last: listing.page };
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data === undefined) return;
    const next = fetcher.data?.page?.listing;
    if (!next) { setFailed(true); return; }
    setMore((m) => {
      const base = m.of === listing ? m : { of: listing, items: [], last: listing.page };
      if (next.page !== base.last + 1) return base;
      const seen = new Set([...listing.items, ...base.items].map((x) => x.id));
      return { of: listing, items: [...base.items, ...next.items.filter((x) => !seen.has(x.id))], last: next.page };
    });
  }, [fetcher.state, fetcher.data, listing]);

  return {
    items: current.items.length ? [...listing.items, ...current.items] : listing.items,
    /** The last page shown (the pagination marks it). */
    last: current.last,
    hasMore: current.last < listing.pageCount,
    loading: fetcher.state !== 'idle',
    failed,
    showMore: () => {
      setFailed(false);
      void fetcher.load(hrefFor(setPage(state, current.last + 1).state));
    },
  };
}
