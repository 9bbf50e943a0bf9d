import { Link } from '#app/components/ui/Link.tsx';
import { pageContext } from '#app/.server/context.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import { useRootData, useShopMenu } from '#app/components/page/root-data.ts';
import { CategoryIcon } from '#app/components/ui/icons.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { getShopPage, currentPromotions } from '#app/modules/content/content.server.ts';
import { PromotionCard } from '#app/modules/content/ui/PromotionCard.tsx';
import { BranchCard } from '#app/modules/regions/ui/BranchCard.tsx';
import { NEWS_BLOCK_SIZE } from '#app/modules/blog/blog.constants.ts';
import { regionNews } from '#app/modules/blog/blog.server.ts';
import { NewsBlock } from '#app/modules/blog/ui/NewsBlock.tsx';
import type { Route } from './+types/home';
import styles from './home.module.css';
import { plural } from '#app/lib/plural.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(pageContext);
  const { services } = ctx;
  // The visitor's region is the page's audience (its cache key): its news first (ADR 089).
  const [page, promotions, news] = await Promise.all([
    getShopPage(services, 'home'), currentPromotions(services),
    regionNews(ctx, { limit: NEWS_BLOCK_SIZE, includeRegionNews: true, excludeIds: [] }),
  ]);
  return { page, promotions: promotions.slice(0, 4), news: news.news };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData ? pageMeta(loaderData.page.title, loaderData.page.metaDescription) : [];

export const handle = { pageCache: { query: [] } } satisfies PageCacheHandle;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, promotions, news } = loaderData;
  const { location } = useRootData();
  const menu = useShopMenu();
  return (
    <>
      <section className={styles.hero}>
        <div className={`container ${styles.heroInner}`}>
          <h1 className={styles.heroTitle}>{page.title}</h1>
          <p className={styles.heroLead}>{page.lead}</p>
          <div className={styles.heroActions}>
            <Link to="/catalog" className="btn btn-primary">Каталог техники</Link>
            <Link to="/zapchasti" className={`btn ${styles.heroSecondary}`}>Подобрать запчасти</Link>
          </div>
        </div>
      </section>

      <section className="container" aria-labelledby="home-catalog">
        <h2 id="home-catalog" className={styles.sectionTitle}>Каталог техники</h2>
        <ul className={styles.categories}>
          {menu.map((c) => (
            <li key={c.id}>
              <Link to={c.link} className={styles.category}>
                <span className={styles.categoryIcon}><CategoryIcon icon={c.icon} size={28} /></span>
                <span className={styles.categoryName}>{c.name}</span>
                <span className={styles.categoryCount}>{c.count ? `${c.count} ${plural(c.count, 'раздел', 'раздела', 'разделов')}` : ''}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {promotions.length ? (
        <section className="container" aria-labelledby="home-promotions">
          <div className={styles.sectionHead}>
            <h2 id="home-promotions" className={styles.sectionTitle}>Акции</h2>
            <Link to="/akcii">Все акции</Link>
          </div>
          <ul className={styles.promotions}>
            {promotions.map((p) => <li key={p.id}><PromotionCard promotion={p} /></li>)}
          </ul>
        </section>
      ) : null}

      <NewsBlock title="Новости вашего региона" news={news} moreLink="/blog" moreLabel="Все агроновости" testId="home-news" pictures={false} />

      <section className={`container ${styles.bottom}`} aria-labelledby="home-branch">
        <div>
          <h2 id="home-branch" className={styles.sectionTitle}>Ваш филиал</h2>
          <BranchCard branch={location.currentBranch} country={location.country} />
          <p><Link to="/contacts">Все филиалы на карте</Link></p>
        </div>
        {page.bodyHtml ? (
          <div className={`prose ${styles.why}`}>
            <h2 className={styles.sectionTitle}>Почему выбирают нас</h2>
            <div dangerouslySetInnerHTML={{ __html: page.bodyHtml }} />
          </div>
        ) : null}
      </section>
    </>
  );
}


