import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import styles from './AdminShell.module.css';

/**
 * The back-office's shell (ADR 073): a bar with the way back to the shop and who is working, and
 * the sections he may open — a side column on a desktop, a row that scrolls sideways on a phone.
 * No catalogue menu, region or cart: none of the shop's shell loads here.
 */
export function AdminShell({ name, branch, sections, children }: {
  name: string; branch: string | null; sections: { to: string; label: string }[]; children: ReactNode;
}) {
  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">Перейти к содержимому</a>
      <header className={styles.bar}>
        <Link to="/admin" className={styles.brand}>Бэк-офис</Link>
        <span className={styles.who} data-testid="admin-user">
          {name}
          <span className={styles.muted}>{branch ? ` · ${branch}` : ' · все филиалы'}</span>
        </span>
        <Link to="/" className={styles.toShop}>На сайт</Link>
      </header>
      <div className={styles.body}>
        <nav className={styles.nav} aria-label="Разделы бэк-офиса">
          <ul>
            {sections.map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} end={s.to === '/admin'} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className={styles.main}>{children}</main>
      </div>
    </div>
  );
}

/** The shell without the visitor's data: for a refused or failed back-office page. */
export function AdminShellBare({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <a href="/admin" className={styles.brand}>Бэк-офис</a>
        <a href="/" className={styles.toShop}>На сайт</a>
      </header>
      <main id="main" className={`${styles.main} ${styles.alone}`}>{children}</main>
    </div>
  );
}
