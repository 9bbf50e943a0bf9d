import type { ModelLinePageData } from '../listing.server.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ListingSection } from './ListingSection.tsx';
import { ModelSlider } from './ModelSlider.tsx';
import { modelCountLabel } from './listing-ui.rules.ts';
import styles from './ModelLinePage.module.css';

/** A model line (spec §2 `/model-lines/view` and its alias): header, the slider of its models, the filtered list. */
export function ModelLinePage({ data }: { data: ModelLinePageData }) {
  const { modelLine, models } = data;
  const maker = modelLine.manufacturer;
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs trail={data.trail} current={modelLine.name} />
      <header className={styles.header}>
        {maker.logo ? <img src={maker.logo} alt={maker.name} width={120} height={40} className={styles.logo} /> : null}
        <div className={styles.headText}>
          <h1 className={styles.title}>{modelLine.name}</h1>
          <p className={styles.meta}>{`${maker.name}${maker.country ? `, ${maker.country}` : ''} · ${modelCountLabel(models.length)}`}</p>
        </div>
      </header>
      {modelLine.description ? <p className={styles.description}>{modelLine.description}</p> : null}
      <ModelSlider title={`Модели ${modelLine.name}`} models={models} selectedId={data.selectedModelId} guest={!data.signedIn} />
      <ListingSection title="Подбор по характеристикам" data={data} />
    </div>
  );
}
