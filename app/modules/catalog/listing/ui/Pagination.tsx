import { setPage } from '../filters.rules.ts';
import type { CatalogFilterState } from '../listing.schema.ts';
import { PageLinks } from './PageLinks.tsx';
import { useFilterNavigation } from './use-filter-navigation.ts';

/** Pages of the list as real links (`page=N`), so they work without scripts and can be shared. */
export function Pagination({ state, page, pageCount }: { state: CatalogFilterState; page: number; pageCount: number }) {
  const { hrefFor } = useFilterNavigation();
  return <PageLinks page={page} pageCount={pageCount} href={(p) => hrefFor(setPage(state, p).state)} />;
}
