import { Link } from '#app/components/ui/Link.tsx';
import { setPage } from '../filters.rules.ts';
import type { CatalogFilterState } from '../listing.schema.ts';
import { pageWindow } from './listing-ui.rules.ts';
import { useFilterNavigation } from './use-filter-navigation.ts';
import styles from './Listing.module.css';

/** Pages of the list as real links (`page=N`), so they work without scripts and can be shared. */
export function Pagination({ state, page, pageCount }: { state: CatalogFilterState; page: number; pageCount: number }) {
  const { hrefFor } = useFilterNavigation();
  return <PageLinks page={page} pageCount={pageCount} href={(p) => hrefFor(setPage(state, p).state)} />;
}

/** The same page links for any list that writes its page into its own URL (the parts lists). */
export function PageLinks({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  const pages = pageWindow(page, pageCount);
  if (!pages.length) return null;
  return (
    <nav className={styles.pagination} aria-label="Страницы">
      {page > 1 ? <Link to={href(page - 1)} className={styles.pageStep} rel="prev">← Назад</Link> : null}
      <ul className={styles.pages}>
        {pages.map((p, i) => p === null ? (
          <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">…</li>
        ) : (
          <li key={p}>
            {p === page
              ? <span className={styles.pageCurrent} aria-current="page"><span className="visually-hidden">Страница </span>{p}</span>
              : <Link to={href(p)} className={styles.page} aria-label={`Страница ${p}`}>{p}</Link>}
          </li>
        ))}
      </ul>
      {page < pageCount ? <Link to={href(page + 1)} className={styles.pageStep} rel="next">Вперёд →</Link> : null}
    </nav>
  );
}
