import { Link } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { CategoryIcon } from '#app/components/ui/icons.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { machineryMenu } from '#app/modules/catalog/catalog.server.ts';
import type { Route } from './+types/catalog';
import styles from './catalog.module.css';

export async function loader({ context }: Route.LoaderArgs) {
  return { menu: await machineryMenu(context.get(requestContext).services) };
}

export const meta = () => pageMeta('Каталог сельскохозяйственной техники', 'Тракторы, комбайны, посевная и почвообрабатывающая техника, опрыскиватели, погрузчики и прицепы: каталог техники с доставкой по России и Казахстану.');

export const handle = { crumbs: () => [] };

/** The machinery catalogue: every category with its subcategories (the cached menu, no extra query). */
export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { menu } = loaderData;
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
