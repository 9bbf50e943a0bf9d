import { useLocation, useNavigate, useNavigation } from 'react-router';
import { filterSearch, parseFilterQuery, type Transition } from '../filters.rules.ts';
import type { CatalogFilterState } from '../listing.schema.ts';

/**
 * The URL is the filter's only state (spec §4): a change is a client navigation to the encoded
 * query, so the server renders the list and the counts, links can be shared and Back restores the
 * earlier list, without a full reload. `/model-lines/view?id=…` keeps its `id`.
 */
export function useFilterNavigation(applied?: CatalogFilterState) {
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();

  const hrefFor = (state: CatalogFilterState): string => {
    const id = new URLSearchParams(location.search).get('id');
    const query = filterSearch(state);
    if (id === null) return `${location.pathname}${query}`;
    const keep = `id=${encodeURIComponent(id)}`;
    return `${location.pathname}?${keep}${query ? `&${query.slice(1)}` : ''}`;
  };

  const apply = (transition: Transition) => {
    if (!transition.changed) return;
    void navigate(hrefFor(transition.state), { preventScrollReset: true });
  };

  /** A new list of this page is on its way (not a navigation elsewhere). */
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname;

  /**
   * The state the page is going to: while the next list loads, the URL being loaded (so a ticked box
   * shows ticked at once, and a second click builds on the first); otherwise the state as applied.
   */
  const pending = loading ? parseFilterQuery(new URLSearchParams(navigation.location.search)) : null;
  const current = pending ?? applied;

  return { hrefFor, apply, loading, current };
}
