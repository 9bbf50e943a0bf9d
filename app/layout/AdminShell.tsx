import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Link, LinkNavigation } from '#app/components/ui/Link.tsx';
import { BACKOFFICE, type StaffArea } from './staff-areas.ts';
import styles from './AdminShell.module.css';

/**
 * The back-office's shell (ADR 073): a bar with the way back to the shop and who is working, and
 * the sections he may open — a side column on a desktop, a row that scrolls sideways on a phone.
 * No catalogue menu, region or cart: none of the shop's shell loads here.
 */
export function AdminShell({ name, branch, sections, children, area = BACKOFFICE }: {
  name: string;
  /** The staff member's branch (null: every branch); undefined where branches do not apply (a supplier). */
  branch?: string | null;
  sections: { to: string; label: string }[]; children: ReactNode; area?: StaffArea;
}) {
  // The area's links navigate in the page (as the shop's do), not by loading the document again.
  return (
    <LinkNavigation>
      <div className={styles.shell}>
        <a className="skip-link" href="#main">Перейти к содержимому</a>
        <header className={styles.bar}>
          <Link to={area.home} className={styles.brand}>{area.title}</Link>
          <span className={styles.who} data-testid="admin-user">
            {name}
            {branch === undefined ? null : <span className={styles.muted}>{branch ? ` · ${branch}` : ' · все филиалы'}</span>}
          </span>
          <Link to="/" className={styles.toShop}>На сайт</Link>
        </header>
        <div className={styles.body}>
          <nav className={styles.nav} aria-label={area.navLabel}>
            <ul>
              {sections.map((s) => (
                <li key={s.to}>
                  <NavLink to={s.to} end={s.to === area.home} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                    {s.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <main id="main" className={styles.main}>{children}</main>
        </div>
      </div>
    </LinkNavigation>
  );
}

/** The shell without the visitor's data: for a refused or failed back-office page. */
export function AdminShellBare({ children, area = BACKOFFICE }: { children: ReactNode; area?: StaffArea }) {
  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <a href={area.home} className={styles.brand}>{area.title}</a>
        <a href="/" className={styles.toShop}>На сайт</a>
      </header>
      <main id="main" className={`${styles.main} ${styles.alone}`}>{children}</main>
    </div>
  );
}
