import { Link } from '#app/components/ui/Link.tsx';
import { pageWindow } from '#app/modules/catalog/listing/ui/listing-ui.rules.ts';
import styles from './Blog.module.css';

/**
 * The list's pages as real links (`?page=N`), the catalogue's window of pages around the current one;
 * its own markup, so the blog's chunk does not carry the catalogue's filter navigation.
 */
export function BlogPager({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  const pages = pageWindow(page, pageCount);
  if (!pages.length) return null;
  return (
    <nav className={styles.pagination} aria-label="Страницы">
      {page > 1 ? <Link to={href(page - 1)} className={styles.pageStep} rel="prev">← Назад</Link> : null}
      <ul className={styles.pageList}>
        {pages.map((p, i) => p === null ? (
          <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">…</li>
        ) : (
          <li key={p}>
            {p === page
              ? <span className={styles.pageCurrent} aria-current="page"><span className="visually-hidden">Страница </span>{p}</span>
              : <Link to={href(p)} className={styles.pageLink} aria-label={`Страница ${p}`}>{p}</Link>}
          </li>
        ))}
      </ul>
      {page < pageCount ? <Link to={href(page + 1)} className={styles.pageStep} rel="next">Вперёд →</Link> : null}
    </nav>
  );
}
