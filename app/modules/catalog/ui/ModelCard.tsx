import type { ReactNode } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { CardImage } from '#app/components/ui/CardImage.tsx';
import type { ModelCardView } from '../catalog.schema.ts';
import { PriceBlock } from './PriceBlock.tsx';
import styles from './ModelCard.module.css';

export interface ModelCardProps {
  model: ModelCardView;
  /** 'grid' (tiles) or 'list' (rows with more specifications). */
  layout?: 'grid' | 'list';
  /** Guests get the sign-in prompt instead of a price. Default: from the root data. */
  guest?: boolean;
  /** Compare and favourite buttons (the marks area renders them). */
  actions?: ReactNode;
  /** Cards of the first visible row load their image at once; the rest lazily. */
  eager?: boolean;
  /** The card title's level within the page (h3 under a section's h2 by default). */
  headingLevel?: 2 | 3 | 4;
}

/**
 * One card for every list of models: category and model line listings, similar models,
 * comparison, bookmarks and the browsing history. Its image keeps its box (width and height), so
 * nothing shifts while it loads.
 */
export function ModelCard({ model, layout = 'grid', guest, actions, eager = false, headingLevel = 3 }: ModelCardProps) {
  const specs = layout === 'list' ? model.keySpecs : model.keySpecs.slice(0, 3);
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`${styles.card} ${layout === 'list' ? styles.list : styles.grid}`} data-testid="model-card" data-model-id={model.id}>
      <div className={styles.media}>
        {model.image ? (
          <CardImage src={model.image.src} width={model.image.width} height={model.image.height} eager={eager} className={styles.image} />
        ) : <span className={styles.noImage}>Фото скоро появится</span>}
      </div>
      <div className={styles.body}>
        <p className={styles.line}>{`${model.manufacturer.name} · ${model.modelLine.name}`}</p>
        <Heading className={styles.name}><Link to={model.link}>{model.name}</Link></Heading>
        {specs.length ? (
          <dl className={styles.specs}>
            {specs.map((s) => (
              <div key={s.name} className={styles.spec}><dt>{s.name}</dt><dd>{s.value}</dd></div>
            ))}
          </dl>
        ) : null}
      </div>
      <div className={styles.aside}>
        <PriceBlock offer={model.offer} inStock={model.inStock} guest={guest} />
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </article>
  );
}
