import { Link } from 'react-router';
import { pageMeta } from '#app/lib/meta.ts';
import styles from './profile.module.css';

// The layout (profile.tsx) sends guests to the login modal with redirect back here.

export const meta = () => [...pageMeta('Избранное', 'Товары, которые вы отметили в каталоге Агротехники.'), { name: 'robots', content: 'noindex, nofollow' }];

export const handle = { crumbs: () => [{ label: 'Личный кабинет', to: '/profile' }] };

/** 'Избранное': the list itself comes with the catalogue's bookmarks; until then, an honest empty state. */
export default function ProfileBookmarks() {
  return (
    <section aria-labelledby="bookmarks-title">
      <h1 id="bookmarks-title" className={styles.title}>Избранное</h1>
      <div className={styles.empty}>
        <p>В избранном пока ничего нет</p>
        <p className={styles.muted}>Отмечайте технику в каталоге, чтобы вернуться к ней позже.</p>
        <Link to="/catalog" className="btn btn-brand">Перейти в каталог</Link>
      </div>
    </section>
  );
}
