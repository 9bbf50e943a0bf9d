import { Link } from '#app/components/ui/Link.tsx';
import type { Crumb } from '#app/components/page/crumbs.ts';
import styles from './Listing.module.css';

/** The trail above a catalogue page: 'Главная', the trail, the page itself (not a link). */
export function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  return (
    <nav aria-label="Хлебные крошки" className={styles.crumbs}>
      <ol>
        <li><Link to="/">Главная</Link></li>
        {trail.map((c) => <li key={c.to}><Link to={c.to}>{c.label}</Link></li>)}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
