import { Link } from 'react-router';
import { useRootData } from '#app/components/layout/root-data.ts';
import { CategoryIcon } from '#app/components/ui/icons.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import styles from './catalog.module.css';

export const meta = () => pageMeta('Каталог сельскохозяйственной техники', 'Тракторы, комбайны, посевная и почвообрабатывающая техника, опрыскиватели, погрузчики и прицепы: каталог техники с доставкой по России и Казахстану.');

export const handle = { crumbs: () => [] };

/** The machinery catalogue: every category with its subcategories (the menu's data, no extra query). */
export default function Catalog() {
  const { menu } = useRootData();
  return (
    <div className={`container ${styles.page}`}>
      <h1>Каталог техники</h1>
      <div className={styles.grid}>
        {menu.map((c) => (
          <section key={c.id} className={styles.card} aria-labelledby={`cat-${c.id}`}>
            <h2 id={`cat-${c.id}`} className={styles.title}>
              <span className={styles.icon}><CategoryIcon icon={c.icon} /></span>
              <Link to={c.link}>{c.name}</Link>
            </h2>
            <ul className={styles.subs}>
              {c.cats.map((s) => <li key={s.id}><Link to={s.link}>{s.name}</Link></li>)}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
