import { Link } from '#app/components/ui/Link.tsx';
import { pageWindow } from './listing-ui.rules.ts';
import styles from './PageLinks.module.css';

/**
 * Pages of a list as real links (`?page=N`, so they work without scripts and can be shared): the
 * catalogue's filtered lists (through `Pagination`), the parts lists and the blog. A file of its own,
 * so a list without filters does not load the catalogue's filter navigation.
 */
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
