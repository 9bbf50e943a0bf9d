import { useMatches } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { IconChevronLeft } from '#app/components/ui/icons.tsx';
import type { Crumb, CrumbHandle } from '#app/components/page/crumbs.ts';
import styles from './MobileBackLink.module.css';

/** Spec §2: on mobile, a back link to the parent page; the trail's root is 'Главная' (/). */
export function MobileBackLink() {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  if (!last || last.pathname === '/') return null;
  const handle = last.handle as CrumbHandle | undefined;
  const trail: Crumb[] = [{ label: 'Главная', to: '/' }, ...(handle?.crumbs?.(last.loaderData) ?? [])];
  const parent = trail[trail.length - 1]!;
  return (
    <nav className={styles.back} aria-label="Назад">
      <Link to={parent.to}><IconChevronLeft size={18} /> {parent.label}</Link>
    </nav>
  );
}
