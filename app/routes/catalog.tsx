import { Link } from '#app/components/ui/Link.tsx';
import { pageContext } from '#app/.server/context.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import { CategoryIcon } from '#app/components/ui/icons.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { modelCountsByCategory } from '#app/modules/catalog/catalog-stats.server.ts';
import { machineryMenu } from '#app/modules/catalog/catalog.server.ts';
import { modelCountLabel } from '#app/modules/catalog/listing/ui/listing-ui.rules.ts';
import type { Route } from './+types/catalog';
import styles from './catalog.module.css';

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext);
  const [menu, counts] = await Promise.all([machineryMenu(services), modelCountsByCategory(services)]);
  return { menu, counts };
}

export const meta = () => pageMeta('Каталог сельскохозяйственной техники', 'Тракторы, комбайны, посевная и почвообрабатывающая техника, опрыскиватели, погрузчики и прицепы: каталог техники с доставкой по России и Казахстану.');

export const handle = { crumbs: () => [], pageCache: { query: [] } } satisfies PageCacheHandle;

/**
 * The machinery catalogue: every category with its subcategories (the cached menu) and how many
 * models each holds, its subcategories' included (cached counts).
 */
export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { menu, counts } = loaderData;
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
            <p className={styles.total}>{counts[c.id] ? modelCountLabel(counts[c.id]!) : 'Скоро в продаже'}</p>
            <ul className={styles.subs}>
              {c.cats.map((s) => (
                <li key={s.id}>
                  <Link to={s.link}>{s.name}</Link>
                  {counts[s.id] ? (
                    <span className={styles.count}><span aria-hidden="true">{counts[s.id]}</span><span className="visually-hidden">, {modelCountLabel(counts[s.id]!)}</span></span>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
