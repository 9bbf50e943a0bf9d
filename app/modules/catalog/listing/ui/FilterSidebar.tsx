import { clearAll, isFiltered, toggle, toggleFlag, toggleSpecValue, setRange, type IdListKey } from '../filters.rules.ts';
import type { CatalogFilterState, FilterOption, PageSidebarFilters, SidebarFilters } from '../listing.schema.ts';
import { FilterFlag, FilterList, type FilterListEntry } from './FilterList.tsx';
import { FILTER_LIST_LIMIT, MODEL_FILTER_LIST_LIMIT } from './listing-ui.rules.ts';
import { RangeFilter } from './RangeFilter.tsx';
import { useFilterNavigation } from './use-filter-navigation.ts';
import { useWholeLists } from './use-whole-lists.ts';
import styles from './Filters.module.css';

/** The id lists of the sidebar, in the order they show, with their titles. */
const ID_LISTS: { key: IdListKey; source: keyof Pick<SidebarFilters, 'stocks' | 'techniqueTypes' | 'categories' | 'techniqueManufacturers' | 'techniqueModelLines'>; title: string }[] = [
  { key: 'stock', source: 'stocks', title: 'Акции' },
  { key: 'techniqueTypes', source: 'techniqueTypes', title: 'Тип техники' },
  { key: 'categories', source: 'categories', title: 'Категория' },
  { key: 'techniqueManufacturers', source: 'techniqueManufacturers', title: 'Производитель' },
  { key: 'techniqueModelLines', source: 'techniqueModelLines', title: 'Модельный ряд' },
];

const entriesOf = (options: FilterOption[], chosen: readonly number[]): FilterListEntry[] =>
  options.map((o) => ({ value: String(o.id), label: o.name, count: o.count, checked: chosen.includes(o.id) }));

export interface FilterSidebarProps {
  /** As the page sent it: lists cut to their first entries (the rest come on 'Показать все'). */
  filters: PageSidebarFilters;
  state: CatalogFilterState;
  /** Guests see no prices, so 'Только с ценой' is not offered to them. */
  guest: boolean;
  /** The mobile panel has its own title and buttons. */
  heading?: boolean;
  /** The start of the lists' ids, unique on the page: the sidebar and the mobile panel may both be there. */
  idPrefix: string;
}

/**
 * The sidebar filters (spec §3, §4). Every change navigates to the encoded query (the URL is the
 * state); the form's names are the spec's query keys, so without scripts 'Применить' sends the
 * same query for the list filters. The whole lists come on 'Показать все' (`useWholeLists`).
 */
export function FilterSidebar({ filters: page, state: applied, guest, heading = true, idPrefix }: FilterSidebarProps) {
  const nav = useFilterNavigation(applied);
  const whole = useWholeLists(page, applied);
  const { filters } = whole;
  const apply = nav.apply;
  // Ticks follow the state being loaded, and the next change builds on it.
  const state = nav.current ?? applied;
  const more = (list: string) => ({ hiddenCount: whole.hidden(list), onShowAll: whole.showAll, loadingAll: whole.loading, loadError: whole.error });
  const filtered = isFiltered(state);
  return (
    <form method="get" className={styles.sidebar} aria-label="Фильтры" onSubmit={(e) => e.preventDefault()}>
      {heading ? (
        <div className={styles.head}>
          <h2 className={styles.title}>Фильтры</h2>
          {filtered ? <button type="button" className={styles.reset} onClick={() => apply(clearAll(state))}>Сбросить</button> : null}
        </div>
      ) : null}

      <fieldset className={styles.group} data-changed={state.inStock || state.isWithPrice || undefined}>
        <legend className="visually-hidden">Наличие</legend>
        <ul className={styles.options}>
          <li><FilterFlag label="В наличии" name="inStock" count={filters.inStock.count} checked={state.inStock} onToggle={() => apply(toggleFlag(state, 'inStock'))} /></li>
          {guest ? null : (
            <li><FilterFlag label="Только с ценой" name="isWithPrice" count={filters.isWithPrice.count} checked={state.isWithPrice} onToggle={() => apply(toggleFlag(state, 'isWithPrice'))} /></li>
          )}
        </ul>
      </fieldset>

      {ID_LISTS.map(({ key, source, title }) => filters[source].length > 1 || state[key].length > 0 ? (
        <FilterList
          key={key}
          id={`${idPrefix}-${key}`}
          title={title}
          name={`${key}[]`}
          entries={entriesOf(filters[source], state[key])}
          limit={FILTER_LIST_LIMIT}
          single={key === 'techniqueModelLines'}
          onToggle={(e) => apply(toggle(state, key, Number(e.value)))}
          {...more(source)}
        />
      ) : null)}

      {filters.models.length > 1 || state.models.length > 0 ? (
        <FilterList
          id={`${idPrefix}-models`}
          title="Модель"
          name="models[]"
          entries={filters.models.map((m) => ({ value: String(m.id), label: m.name, count: m.count, checked: state.models.includes(m.id), image: m.imgForFilter }))}
          limit={MODEL_FILTER_LIST_LIMIT}
          onToggle={(e) => apply(toggle(state, 'models', Number(e.value)))}
          {...more('models')}
        />
      ) : null}

      {/* The server orders specifications by priority. */}
      {filters.specifications.map((spec) => spec.kind === 'number' ? (
        spec.min === null && spec.from === null && spec.to === null ? null : (
          <RangeFilter
            key={spec.id}
            title={spec.name}
            unit={spec.unit}
            min={spec.min}
            max={spec.max}
            from={rangeOf(state, spec.id)?.from ?? null}
            to={rangeOf(state, spec.id)?.to ?? null}
            onApply={(from, to) => apply(setRange(state, spec.id, from, to))}
          />
        )
      ) : spec.values.length > 0 ? (
        <FilterList
          key={spec.id}
          id={`${idPrefix}-spec-${spec.id}`}
          title={spec.unit ? `${spec.name}, ${spec.unit}` : spec.name}
          name="specifications[]"
          entries={spec.values.map((v) => ({ value: `${spec.id}-${v.value}`, label: v.value, count: v.count, checked: chosenValues(state, spec.id).includes(v.value) }))}
          limit={FILTER_LIST_LIMIT}
          onToggle={(e) => apply(toggleSpecValue(state, spec.id, e.value.slice(String(spec.id).length + 1)))}
          {...more(`spec:${spec.id}`)}
        />
      ) : null)}

      {state.sortOrder !== 'popular' ? <input type="hidden" name="sortOrder" value={state.sortOrder} /> : null}
      {state.displayType !== 'grid' ? <input type="hidden" name="displayType" value={state.displayType} /> : null}
      <noscript>
        <button type="submit" className="btn btn-brand">Применить</button>
      </noscript>
    </form>
  );
}

const rangeOf = (state: CatalogFilterState, specId: number) => state.ranges.find((r) => r.specId === specId);
const chosenValues = (state: CatalogFilterState, specId: number) => state.specValues.find((s) => s.specId === specId)?.values ?? [];

