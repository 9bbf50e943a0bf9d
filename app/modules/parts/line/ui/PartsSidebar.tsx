import { useEffect, useState } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { api } from '#app/lib/api.ts';
import { FilterFlag, FilterList, type FilterListEntry } from '#app/modules/catalog/listing/ui/FilterList.tsx';
import styles from '#app/modules/catalog/listing/ui/Filters.module.css';
import type { FilterOption } from '#app/modules/catalog/listing/listing.schema.ts';
import { clearPartsFilters, isPartsFiltered, parsePartsQuery, partsSearch, togglePartsFlag, togglePartsId } from '../line.rules.ts';
import type { PageSidebar, PartsIdKey, PartsLineState, PartsSidebar as Sidebar } from '../line.schema.ts';

const LISTS: { key: PartsIdKey; source: 'stocks' | 'categories' | 'manufacturers' | 'drawings' | 'models'; title: string; limit: number }[] = [
  { key: 'stock', source: 'stocks', title: 'Акции', limit: 5 },
  { key: 'categories', source: 'categories', title: 'Категория запчастей', limit: 5 },
  { key: 'manufacturers', source: 'manufacturers', title: 'Производитель запчастей', limit: 5 },
  { key: 'drawings', source: 'drawings', title: 'Чертежи', limit: 5 },
  { key: 'models', source: 'models', title: 'Модель', limit: 3 },
];

const entriesOf = (options: FilterOption[]): FilterListEntry[] => options.map((o) => ({ value: String(o.id), label: o.name, count: o.count, checked: o.checked }));

/**
 * The parts sidebar (spec §3 lists of the parts catalogue, §9: 5 entries, models 3). Each change
 * navigates to the encoded query of the line's parts page; 'Показать все' asks
 * `POST /filter/get-sidebar-filters` (`section: 'parts'`) for the whole lists of the same state.
 */
export function PartsSidebar({ sidebar, state: applied, lineId, link, guest }: { sidebar: PageSidebar; state: PartsLineState; lineId: number; link: string; guest: boolean }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  // Ticks follow the state being loaded, and the next change builds on it.
  const pending = navigation.location?.pathname === link ? parsePartsQuery(new URLSearchParams(navigation.location.search)) : null;
  const state = pending ?? applied;
  const query = partsSearch({ ...applied, page: 1, sortOrder: 'popular', drawing: null });
  const [whole, setWhole] = useState<{ query: string; lists: Sidebar } | null>(null);
  const [wanted, setWanted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cut = Object.keys(sidebar.hidden).length > 0;
  const lists: Sidebar = whole?.query === query ? whole.lists : sidebar;

  useEffect(() => {
    if (!wanted || !cut || whole?.query === query) return;
    let live = true;
    void api<Sidebar>('POST', '/filter/get-sidebar-filters', { section: 'parts', modelLineId: lineId, query }).then((result) => {
      if (!live) return;
      if (result.error_status === 'success') setWhole({ query, lists: result });
      else setError(result.message);
    });
    return () => { live = false; };
  }, [wanted, cut, whole, query, lineId]);

  const apply = (next: PartsLineState) => { void navigate(`${link}${partsSearch(next)}`, { preventScrollReset: true }); };
  const busy = navigation.state === 'loading';
  return (
    <form method="get" action={link} className={styles.sidebar} aria-label="Фильтры" aria-busy={busy || undefined} onSubmit={(e) => e.preventDefault()}>
      <div className={styles.head}>
        <h2 className={styles.title}>Фильтры</h2>
        {isPartsFiltered(state) ? <button type="button" className={styles.reset} onClick={() => apply(clearPartsFilters(state))}>Сбросить</button> : null}
      </div>
      <fieldset className={styles.group} data-changed={state.inStock || state.isWithPrice || undefined}>
        <legend className="visually-hidden">Наличие</legend>
        <ul className={styles.options}>
          <li><FilterFlag label="В наличии" name="inStock" count={lists.inStock.count} checked={state.inStock} onToggle={() => apply(togglePartsFlag(state, 'inStock'))} /></li>
          {guest ? null : <li><FilterFlag label="Только с ценой" name="isWithPrice" count={lists.isWithPrice.count} checked={state.isWithPrice} onToggle={() => apply(togglePartsFlag(state, 'isWithPrice'))} /></li>}
        </ul>
      </fieldset>
      {LISTS.map(({ key, source, title, limit }) => lists[source].length > 1 || state[key].length > 0 || (key === 'stock' && lists.stocks.some((o) => o.count > 0)) ? (
        <FilterList
          key={key}
          title={title}
          name={`${key}[]`}
          entries={entriesOf(lists[source]).map((e) => ({ ...e, checked: state[key].includes(Number(e.value)) }))}
          limit={limit}
          onToggle={(e) => apply(togglePartsId(state, key, Number(e.value)))}
          hiddenCount={whole?.query === query ? 0 : sidebar.hidden[source] ?? 0}
          onShowAll={() => { setError(null); setWanted(true); }}
          loadingAll={wanted && cut && whole?.query !== query && !error}
          loadError={error}
        />
      ) : null)}
      {state.serial ? <input type="hidden" name="serial" value={state.serial} /> : null}
      <noscript><button type="submit" className="btn btn-brand">Применить</button></noscript>
    </form>
  );
}

