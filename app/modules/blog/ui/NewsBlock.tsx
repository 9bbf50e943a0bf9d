import { useId } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import type { ArticleCard as Card } from '#app/modules/blog/blog.schema.ts';
import { ArticleCard } from './ArticleCard.tsx';
import styles from './ArticleCard.module.css';

/**
 * A few articles under another page (the home page's region news, a model's, a category's, a
 * part's): nothing at all when there are none.
 */
export function NewsBlock({ title, news, moreLink = '/blog', moreLabel = 'Все новости', className = 'container', testId = 'news-block', pictures = true }: {
  title: string; news: readonly Card[]; moreLink?: string; moreLabel?: string; className?: string; testId?: string;
  /** Cards without their covers: text only, where the page's budget has no room for more pictures. */
  pictures?: boolean;
}) {
  const id = useId();
  if (!news.length) return null;
  return (
    <section className={`${className} ${styles.block}`} aria-labelledby={id} data-testid={testId}>
      <div className={styles.blockHead}>
        <h2 id={id} className={styles.blockTitle}>{title}</h2>
        <Link to={moreLink}>{moreLabel}</Link>
      </div>
      <ul className={styles.grid}>
        {news.map((a) => <li key={a.id}><ArticleCard article={a} picture={pictures} /></li>)}
      </ul>
    </section>
  );
}
