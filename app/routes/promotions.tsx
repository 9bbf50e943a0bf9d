import { pageContext } from '#app/.server/context.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import { NOT_FOUND_META, pageMeta } from '#app/lib/meta.ts';
import { currentPromotions, getShopPage } from '#app/modules/content/content.server.ts';
import { ArticlePage } from '#app/modules/content/ui/ArticlePage.tsx';
import { PromotionCard } from '#app/modules/content/ui/PromotionCard.tsx';
import type { Route } from './+types/promotions';
import styles from './promotions.module.css';

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext);
  const [page, promotions] = await Promise.all([getShopPage(services, 'akcii'), currentPromotions(services)]);
  return { page, promotions };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData ? pageMeta(loaderData.page.title, loaderData.page.metaDescription) : NOT_FOUND_META;

export const handle = { pageCache: { query: [] } } satisfies PageCacheHandle;

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { page, promotions } = loaderData;
  return (
    <ArticlePage page={page}>
      <section aria-label="Действующие акции" className={styles.section}>
        {promotions.length ? (
          <ul className={styles.list}>{promotions.map((p) => <li key={p.id}><PromotionCard promotion={p} /></li>)}</ul>
        ) : <p className={styles.empty}>Сейчас действующих акций нет. Загляните позже или позвоните в ваш филиал — подскажем лучшие условия.</p>}
      </section>
    </ArticlePage>
  );
}
