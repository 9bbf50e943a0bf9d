import { Link } from '#app/components/ui/Link.tsx';
import type { PromotionView } from '#app/modules/content/content.schema.ts';
import styles from './PromotionCard.module.css';

const DATE = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function PromotionCard({ promotion }: { promotion: PromotionView }) {
  return (
    <article className={styles.card}>
      <span className={styles.badge}>{promotion.badge}</span>
      <h3 className={styles.title}><Link to={promotion.link}>{promotion.title}</Link></h3>
      <p className={styles.text}>{promotion.text}</p>
      <p className={styles.until}>До {DATE.format(new Date(`${promotion.endsOn}T00:00:00Z`))}</p>
    </article>
  );
}
