import type { ReactNode } from 'react';
import type { ModelCardView } from '../../catalog.schema.ts';
import { clearAll, isFiltered } from '../filters.rules.ts';
import type { CategoryPageData } from '../listing.server.ts';
import { FilterSidebar } from './FilterSidebar.tsx';
import { MobileFilterPanel } from './MobileFilterPanel.tsx';
import { modelActions } from './ModelActions.tsx';
import { ModelList } from './ModelList.tsx';
import { Pagination } from './Pagination.tsx';
import { SortBar } from './SortBar.tsx';
import { useFilterNavigation } from './use-filter-navigation.ts';
import { useMoreModels } from './use-more-models.ts';
import styles from './Listing.module.css';

/** What the category and model line loaders give every list: the state as applied, the sidebar, the page. */
export type ListingData = Pick<CategoryPageData, 'state' | 'filters' | 'listing' | 'sortOrders' | 'signedIn'>;

export interface ListingSectionProps {
  title: string;
  data: ListingData;
  actions?: (model: ModelCardView) => ReactNode;
}

/**
 * Models with their filters: the sidebar on the left (a panel on phones), the sort bar, the cards,
 * the pages. While the next list loads, the current one is dimmed and marked busy.
 */
export function ListingSection({ title, data, actions = modelActions }: ListingSectionProps) {
  const { state, filters, listing, sortOrders } = data;
  const guest = !data.signedIn;
  const { apply, loading } = useFilterNavigation();
  const more = useMoreModels(listing, state);
  const filtered = isFiltered(state);
  return (
    <section className={styles.listing} aria-labelledby="listing-title">
      <h2 id="listing-title" className={styles.listingTitle}>{title}</h2>
      <div className={styles.layout}>
        <aside className={styles.sidebar}>
          <FilterSidebar filters={filters} state={state} guest={guest} idPrefix="filters" />
        </aside>
        <div className={styles.main}>
          <SortBar state={state} total={listing.total} sortOrders={sortOrders}>
            <MobileFilterPanel filters={filters} state={state} total={listing.total} guest={guest} />
          </SortBar>
          <ModelList
            items={more.items}
            layout={state.displayType}
            guest={guest}
            loading={loading}
            actions={actions}
            empty={(
              <div className={styles.empty}>
                <p className={styles.emptyTitle}>Нет моделей, подходящих под фильтры</p>
                {filtered ? (
                  <>
                    <p>Попробуйте убрать часть условий или расширить диапазоны.</p>
                    <button type="button" className="btn btn-brand" onClick={() => apply(clearAll(state))}>Сбросить фильтры</button>
                  </>
                ) : <p>Модели этого раздела скоро появятся в каталоге. Менеджер филиала подберёт технику под ваши задачи.</p>}
              </div>
            )}
          />
          {more.hasMore ? (
            <div className={styles.moreBox}>
              <button
                type="button"
                className={`btn btn-secondary ${styles.moreButton}`}
                aria-busy={more.loading || undefined}
                onClick={() => { if (!more.loading) more.showMore(); }}
              >
                {more.loading ? 'Загрузка…' : 'Показать ещё'}
              </button>
              {more.failed ? <p className={styles.moreError} role="alert">Не удалось загрузить модели. Попробуйте ещё раз.</p> : null}
            </div>
          ) : null}
          <Pagination state={state} page={more.last} pageCount={listing.pageCount} />
        </div>
      </div>
    </section>
  );
}
