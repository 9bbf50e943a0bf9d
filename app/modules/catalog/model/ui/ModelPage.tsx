import type { ReactNode } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { Breadcrumbs } from '../../listing/ui/Breadcrumbs.tsx';
import { BookmarkButton } from '../../marks/ui/BookmarkButton.tsx';
import { BrowsingHistory } from '../../marks/ui/BrowsingHistory.tsx';
import { CompareButton } from '../../marks/ui/CompareButton.tsx';
import { PriceBlock } from '../../ui/PriceBlock.tsx';
import type { ModelPageData } from '../model.server.ts';
import { BranchStock } from './BranchStock.tsx';
import { Gallery } from './Gallery.tsx';
import { SimilarModels } from './SimilarModels.tsx';
import { KeyFacts, SpecTable } from './SpecTable.tsx';
import styles from './ModelPage.module.css';

/**
 * A model (spec §2 fallback, `model` controller): photos, key facts, price and stock at the
 * visitor's branch, compare and favourite, the specification table, stock at every branch, the
 * description, similar models and the browsing history.
 */
/** Fixed anchors: the page's section links can be shared ('…#harakteristiki'). */
const ids = { specs: 'harakteristiki', stock: 'nalichie', about: 'opisanie' } as const;

export interface ModelPageProps {
  data: ModelPageData;
  /**
   * The 'Запросить коммерческое предложение' control, given by the page that composes the catalogue
   * with the requests (the catalogue does not know them); without it the button leads to the contacts.
   */
  offerRequest?: (className: string) => ReactNode;
}

export function ModelPage({ data, offerRequest }: ModelPageProps) {
  const { model, offers } = data;
  const own = offers.stock;
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs trail={data.trail} current={model.name} />
      <header className={styles.header}>
        <h1 className={styles.title}>{model.name}</h1>
        <p className={styles.subtitle}>
          <span>{model.manufacturer.name}</span>
          <span aria-hidden="true"> · </span>
          <Link to={model.modelLine.link}>{`Линейка ${model.modelLine.name}`}</Link>
          <span aria-hidden="true"> · </span>
          <span>Код товара: <span data-testid="product-code">{model.productCode}</span></span>
        </p>
      </header>

      <div className={styles.top}>
        <Gallery images={model.images} name={model.name} />
        <div className={styles.buy}>
          <KeyFacts facts={data.keyFacts} />
          <div className={styles.offer} data-testid="model-offer">
            <p className={styles.branch}>{offers.branch.id === null ? 'Цена и наличие уточняйте у дилера' : `Филиал «${offers.branch.name}»`}</p>
            <PriceBlock offer={offers.offer} inStock={(own?.quantity ?? 0) > 0} guest={!offers.signedIn} size="page" />
            <div className={styles.actions}>
              <CompareButton modelId={model.id} productCode={model.productCode} />
              <BookmarkButton modelId={model.id} />
            </div>
            {offerRequest?.(`btn btn-primary ${styles.cta}`) ?? <Link to="/contacts" className={`btn btn-primary ${styles.cta}`}>Запросить коммерческое предложение</Link>}
            <p className={styles.note}>Лизинг, кредит и доставка — менеджер филиала подготовит предложение под ваше хозяйство.</p>
          </div>
        </div>
      </div>

      <nav className={styles.jump} aria-label="Разделы страницы">
        <a href={`#${ids.specs}`}>Характеристики</a>
        <a href={`#${ids.stock}`}>Наличие в филиалах</a>
        {model.description ? <a href={`#${ids.about}`}>Описание</a> : null}
      </nav>

      <div className={styles.columns}>
        <section className={styles.section} aria-labelledby={ids.specs}>
          <h2 id={ids.specs} className={styles.sectionTitle}>Характеристики</h2>
          <SpecTable specs={model.specs} />
        </section>
        <section className={styles.section} aria-labelledby={ids.stock}>
          <h2 id={ids.stock} className={styles.sectionTitle}>Наличие в филиалах</h2>
          <BranchStock rows={offers.branches} signedIn={offers.signedIn} />
        </section>
      </div>

      {model.description ? (
        <section className={styles.section} aria-labelledby={ids.about}>
          <h2 id={ids.about} className={styles.sectionTitle}>Описание</h2>
          <p className={styles.description}>{model.description}</p>
          <p className={styles.muted}>{`Производитель: ${model.manufacturer.name}, ${model.manufacturer.country}. Тип техники: ${model.techniqueType.name}.`}</p>
        </section>
      ) : null}

      <SimilarModels modelId={model.id} similar={data.similar} guest={!offers.signedIn} />
      <BrowsingHistory excludeModelId={model.id} />
    </div>
  );
}
