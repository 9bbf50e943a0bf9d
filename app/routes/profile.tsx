import { NavLink, Outlet, redirect } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { isSignedIn, signInRedirect } from '#app/modules/auth/profile.server.ts';
import type { Route } from './+types/profile';
import styles from './profile.module.css';

/** 'Личный кабинет' is for signed-in users: a guest goes to the login modal and comes back here. */
export async function loader({ context, url }: Route.LoaderArgs) {
  // `url` is the page's address; request.url ends in .data on client navigations.
  if (!isSignedIn(context.get(requestContext))) {
    throw redirect(signInRedirect(url.pathname + url.search));
  }
  return null;
}

/** Personal pages: never stored by shared caches, never indexed. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const meta: Route.MetaFunction = () => [...pageMeta('Личный кабинет', 'Личный кабинет покупателя Агротехники.'), { name: 'robots', content: 'noindex, nofollow' }];

const NAV = [
  { to: '/profile', label: 'Мои данные', end: true },
  { to: '/profile/bookmarks', label: 'Избранное', end: false },
  { to: '/profile/machines', label: 'Моя техника', end: false },
  { to: '/profile/orders', label: 'Мои заказы', end: false },
];

/** The layout of /profile: a side navigation and the child page. */
export default function ProfileLayout() {
  return (
    <div className={`container ${styles.layout}`}>
      <nav className={styles.nav} aria-label="Разделы личного кабинета">
        <p className={styles.navTitle}>Личный кабинет</p>
        <ul>
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
