import { Link } from '#app/components/ui/Link.tsx';
import { formatArticleDate } from '#app/modules/blog/blog.rules.ts';
import type { ArticleCard as Card } from '#app/modules/blog/blog.schema.ts';
import styles from './ArticleCard.module.css';

/** A card is a column of a grid: a phone's width, or a third or a quarter of the page. */
const SIZES = '(max-width: 767px) 100vw, 380px';

/** An article's cover: both formats' srcsets for an upload, the picture itself for the site's own; sized, so nothing shifts. */
export function ArticlePicture({ image, sizes, className, eager = false }: { image: NonNullable<Card['image']>; sizes: string; className?: string; eager?: boolean }) {
  return (
    <picture className={className}>
      {image.avifSrcSet ? <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} /> : null}
      {image.webpSrcSet ? <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} /> : null}
      <img
        src={image.src} width={image.width} height={image.height} alt={image.alt}
        loading={eager ? 'eager' : 'lazy'} decoding="async" {...(eager ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}

export function ArticleCard({ article, headingLevel = 3, picture = true }: { article: Card; headingLevel?: 2 | 3; picture?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card} data-testid="article-card">
      {!picture ? null : article.image
        ? <ArticlePicture image={{ ...article.image, alt: '' }} sizes={SIZES} className={styles.cardPicture} />
        : <div className={styles.cardPlaceholder} aria-hidden="true">{article.blogType.name}</div>}
      <div className={styles.cardBody}>
        <p className={styles.cardMeta}>
          <span className={styles.type}>{article.blogType.name}</span>
          <time dateTime={article.publishedAt}>{formatArticleDate(article.publishedAt)}</time>
          {article.regions.map((r) => <span key={r.id} className={styles.region}>{r.label}</span>)}
        </p>
        <Heading className={styles.cardTitle}><Link to={article.link}>{article.title}</Link></Heading>
        <p className={styles.cardLead}>{article.lead}</p>
      </div>
    </article>
  );
}
