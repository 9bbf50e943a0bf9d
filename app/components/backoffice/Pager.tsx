import { Link } from '#app/components/ui/Link.tsx';
import styles from './kit.module.css';

/**
 * Previous and next pages of a back-office list, keeping its filters (the query string is the
 * list's state, so a page can be linked and reloaded). Lists that grow without end are paged
 * without a total: `hasNext` comes from reading one row more than a page.
 */
export function Pager({ path, query, page, hasNext, label }: { path: string; query: URLSearchParams; page: number; hasNext: boolean; label: string }) {
  if (page === 1 && !hasNext) return null;
  const to = (n: number) => {
    const q = new URLSearchParams(query);
    if (n > 1) q.set('page', String(n));
    else q.delete('page');
    const s = q.toString();
    return s ? `${path}?${s}` : path;
  };
  return (
    <nav className={styles.pager} aria-label={label}>
      {page > 1 ? <Link to={to(page - 1)} rel="prev">← Назад</Link> : <span />}
      <span>Страница {page}</span>
      {hasNext ? <Link to={to(page + 1)} rel="next">Дальше →</Link> : <span />}
    </nav>
  );
}
