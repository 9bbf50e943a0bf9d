import { Link } from '#app/components/ui/Link.tsx';
import { PartsHistory } from '../../history/ui/PartsHistory.tsx';
import type { PartSearchResult } from '../../parts.schema.ts';
import type { CategoryLinkView, MachineMakerView, PartListItem } from '../pages.schema.ts';
import { partLink } from '../part-link.rules.ts';
import { PartSearchBar } from './PartSearchBar.tsx';
import { PartsTable } from './PartsTable.tsx';
import styles from './parts-pages.module.css';

export interface PartsLandingProps {
  categories: Array<CategoryLinkView & { children: CategoryLinkView[] }>;
  total: number;
  makers: MachineMakerView[];
  search: { query: string; numbers: PartSearchResult | null; names: PartListItem[]; error: string | null } | null;
}

const RELATION_TITLES = { exact: 'Точное совпадение', replacement: 'Замена', analog: 'Аналог', replaced: 'Заменённый номер', near: 'Похожий номер' } as const;

/** /zapchasti: the top bar, the search results, the part categories, the machine makers and lines, 'Вы смотрели' (parts, parts catalogues, machines). */
export function PartsLanding({ categories, total, makers, search }: PartsLandingProps) {
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>Запчасти для сельхозтехники</h1>
      <p className={styles.lead}>{total.toLocaleString('ru-RU')} запчастей: поиск по номеру и названию, каталоги по моделям техники со сборочными чертежами.</p>
      <PartSearchBar query={search?.query ?? ''} />
      {search ? <SearchResults search={search} /> : null}

      <section className={styles.section} aria-labelledby="parts-categories">
        <h2 id="parts-categories" className={styles.sectionTitle}>Категории запчастей</h2>
        <ul className={styles.grid}>
          {categories.map((c) => (
            <li key={c.id} className={styles.card}>
              <h3 className={styles.cardTitle}><Link to={c.link}>{c.name}</Link><span className={styles.count}>{c.count.toLocaleString('ru-RU')}</span></h3>
              <ul className={styles.subs}>
                {c.children.map((s) => (
                  <li key={s.id}><Link to={s.link}>{s.name}</Link><span className={styles.count}>{s.count.toLocaleString('ru-RU')}</span></li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className={styles.linksAfter}><Link to="/fp">Все запчасти</Link> · <Link to="/parts-catalog">Каталоги запчастей по моделям техники</Link></p>
      </section>

      <section className={styles.section} aria-labelledby="parts-makers">
        <h2 id="parts-makers" className={styles.sectionTitle}>Запчасти по производителям техники</h2>
        {makers.length ? (
          <ul className={styles.grid}>
            {makers.map((m) => (
              <li key={m.id} className={styles.card}>
                <h3 className={styles.cardTitle}><Link to={`/parts-catalog?manufacturer=${encodeURIComponent(m.slug)}`}>{m.name}</Link></h3>
                <ul className={styles.subs} data-testid="maker-lines">
                  {m.lines.map((l) => <li key={l.id}><Link to={l.link}>{l.name}</Link></li>)}
                </ul>
              </li>
            ))}
          </ul>
        ) : <p className={styles.empty}>Каталоги по моделям техники скоро появятся.</p>}
      </section>
      <PartsHistory />
    </div>
  );
}

function SearchResults({ search }: { search: NonNullable<PartsLandingProps['search']> }) {
  const hits = search.numbers?.hits ?? [];
  const nothing = !search.error && hits.length === 0 && search.names.length === 0;
  return (
    <section className={styles.section} aria-labelledby="parts-results" data-testid="parts-search-results">
      <h2 id="parts-results" className={styles.sectionTitle}>Результаты поиска «{search.query}»</h2>
      {search.error ? <p className={`${styles.status} ${styles.error}`} role="alert">{search.error}</p> : null}
      {nothing ? <p className={styles.empty}>Ничего не нашлось. Проверьте номер или поищите по названию детали.</p> : null}
      {hits.length ? (
        <>
          <h3 className={styles.sectionTitle}>По номеру</h3>
          <PartsTable
            caption="Найдено по номеру"
            items={hits.map((h) => ({
              id: h.id, code: h.code, name: h.name, link: partLink(h), manufacturer: h.manufacturer,
              here: h.here, elsewhere: h.elsewhere.reduce((n, e) => n + e.quantity, 0), supplierOffer: h.supplierOffer,
            }))}
            extra={{ title: 'Совпадение', cell: (item) => <span className={styles.relation}>{RELATION_TITLES[hits.find((h) => h.id === item.id)!.relation]}</span> }}
          />
        </>
      ) : null}
      {search.names.length ? (
        <>
          <h3 className={styles.sectionTitle}>По названию</h3>
          <PartsTable caption="Найдено по названию" items={search.names} />
        </>
      ) : null}
    </section>
  );
}
