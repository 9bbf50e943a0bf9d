import { CardImage } from '#app/components/ui/CardImage.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { formatMoney } from '#app/lib/money.ts';
import type { ModelLineCardView } from '../listing.schema.ts';
import { modelCountLabel } from './listing-ui.rules.ts';
import styles from './ModelLineCard.module.css';

/**
 * A model line on a category page: manufacturer logo, name, image, how many models it has and,
 * for signed-in visitors, the lowest price at their branch. Also rendered to static HTML by the
 * model lines endpoint (`template`), so it uses no hooks.
 */
export function ModelLineCard({ line, eager = false }: { line: ModelLineCardView; eager?: boolean }) {
  return (
    <article className={styles.card} data-testid="model-line-card">
      <div className={styles.top}>
        {line.manufacturer.logo
          ? <img src={line.manufacturer.logo} alt={line.manufacturer.name} width={96} height={32} className={styles.logo} loading="lazy" decoding="async" />
          : <span className={styles.maker}>{line.manufacturer.name}</span>}
      </div>
      <div className={styles.media}>
        {line.image
          ? <CardImage src={line.image.src} width={line.image.width} height={line.image.height} eager={eager} className={styles.image} />
          : null}
      </div>
      <h3 className={styles.name}><Link to={line.link}>{line.name}</Link></h3>
      <p className={styles.meta}>
        <span>{modelCountLabel(line.modelCount)}</span>
        {line.priceFrom ? <span className={styles.from}>от {formatMoney(line.priceFrom.price, line.priceFrom.currency)}</span> : null}
      </p>
    </article>
  );
}
