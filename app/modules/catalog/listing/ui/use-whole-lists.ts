import { useEffect, useState } from 'react';
import { api } from '#app/lib/api.ts';
import { filterSearch } from '../filters.rules.ts';
import type { CatalogFilterState, PageSidebarFilters, SidebarFilters } from '../listing.schema.ts';

/**
 * The sidebar's whole lists, asked for when the visitor opens a cut one ('Показать все'): the page
 * sends each list cut to its first entries (PageSidebarFilters), and POST
 * /filter/get-sidebar-filters gives them all with the counts of the same state. Once asked, they are
 * asked again for each new state, so an opened list stays whole while the visitor filters.
 */
export function useWholeLists(page: PageSidebarFilters, state: CatalogFilterState) {
  // The filter part of the state: the sort, the page and the display change no count.
  const query = filterSearch({ ...state, page: 1, sortOrder: 'popular', displayType: 'grid' });
  const [whole, setWhole] = useState<{ query: string; filters: SidebarFilters } | null>(null);
  const [wanted, setWanted] = useState(false);
  const [failed, setFailed] = useState<{ query: string; message: string } | null>(null);
  const loaded = whole?.query === query ? whole.filters : null;
  const cut = Object.keys(page.hidden).length > 0;
  const error = failed?.query === query ? failed.message : null;
  const categoryId = 'categoryId' in page.target ? page.target.categoryId : undefined;
  const modelLineId = 'modelLineId' in page.target ? page.target.modelLineId : undefined;

  useEffect(() => {
    if (!wanted || !cut || loaded || error) return;
    let live = true;
    void api<SidebarFilters>('POST', '/filter/get-sidebar-filters', { categoryId, modelLineId, query }).then((result) => {
      if (!live) return;
      if (result.error_status === 'success') setWhole({ query, filters: result });
      else setFailed({ query, message: result.message });
    });
    return () => { live = false; };
  }, [wanted, cut, loaded, error, query, categoryId, modelLineId]);

  return {
    filters: loaded ?? page,
    /** How many entries the list leaves out until the whole lists arrive. */
    hidden: (list: string): number => (loaded ? 0 : page.hidden[list] ?? 0),
    showAll: () => {
      setFailed(null);
      setWanted(true);
    },
    loading: wanted && cut && !loaded && !error,
    error,
  };
}
