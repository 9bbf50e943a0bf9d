import { Link } from '#app/components/ui/Link.tsx';
import type { PromotionView } from '#app/modules/content/content.schema.ts';
import styles from './PromotionCard.module.css';

/** The card is a column of a grid: a phone's width, or a third of the page. */
const SIZES = '(max-width: 767px) 100vw, 400px';

const DATE = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function PromotionCard({ promotion }: { promotion: PromotionView }) {
  return (
    <article className={styles.card}>
      {promotion.picture ? (
        <picture className={styles.picture}>
          <source type="image/avif" srcSet={promotion.picture.avifSrcSet} sizes={SIZES} />
          <source type="image/webp" srcSet={promotion.picture.webpSrcSet} sizes={SIZES} />
          <img src={promotion.picture.src} width={promotion.picture.width} height={promotion.picture.height} alt="" loading="lazy" decoding="async" />
        </picture>
      ) : null}
      <span className={styles.badge}>{promotion.badge}</span>
      <h3 className={styles.title}><Link to={promotion.link}>{promotion.title}</Link></h3>
      <p className={styles.text}>{promotion.text}</p>
      <p className={styles.until}>До {DATE.format(new Date(`${promotion.endsOn}T00:00:00Z`))}</p>
    </article>
  );
}
