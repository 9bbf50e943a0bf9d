import { Link } from '#app/components/ui/Link.tsx';
import { SharedMarkup } from '#app/components/ui/SharedMarkup.tsx';
import type { Crumb } from '#app/components/layout/MobileBackLink.tsx';
import styles from './Listing.module.css';

/**
 * The trail above a catalogue page: 'Главная', the trail, the page itself (not a link). The same
 * for every visitor of the page: shared markup (ADR 051).
 */
export function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  return <SharedMarkup as="nav" aria-label="Хлебные крошки" className={styles.crumbs} component={CrumbList} props={{ trail, current }} />;
}

export function CrumbList({ trail, current }: { trail: Crumb[]; current: string }) {
  return (
    <ol>
      <li><Link to="/">Главная</Link></li>
      {trail.map((c) => <li key={c.to}><Link to={c.to}>{c.label}</Link></li>)}
      <li aria-current="page">{current}</li>
    </ol>
  );
}
